/** Command-line flags of `npm run sandbox`, turned into SandboxOptions (kept apart from cli.ts so tests can call it). */
import { parseArgs } from 'node:util';
import { CHANGE_KINDS, isChangeKind, type ChangeKind } from './changes';
import { ANSWER_DRIFTS, checkDrift } from './drift';
import { parseRut } from './rut';
import type { SandboxOptions } from './types';

const DEFAULT_PORT = 4010;

export const USAGE = [
	'Usage: npm run sandbox -- [options]',
	`  --port <n>              port (default: SANDBOX_PORT or ${DEFAULT_PORT}; 0 = any free port)`,
	'  --token <t>             access token to accept (default: the demo token)',
	'  --client-id <id>        client identifier to accept (default: the demo identifier)',
	'  --latency <ms>          delay every answer',
	'  --rate-limit <n>        requests per second before 429',
	'  --rate-limit-headers    with --rate-limit: every answer says what the second has left (RateLimit, X-RateLimit-*)',
	'  --webhook-url <url>     where compliance results are POSTed',
	'  --webhook-token <t>     bearer token for those POSTs',
	'  --webhook-user <u> --webhook-password <p>   basic authentication instead',
	'  --compliance-delay <ms> time before a compliance result is sent (default 2000)',
	'  --lookups <n>           paid RUT look-ups in the plan, as GET /usage reports it (default 1000)',
	'  --monitoring-places <n> monitoring places in the plan (default 50)',
	`  --change <rut>:<kind>[:<s>]  <s> seconds after start (default 60) change that loaded RUT's record;`,
	`                          <kind>: ${CHANGE_KINDS.join(', ')}; repeatable. Running: POST /_sandbox/ruts/<rut>/changes`,
	`  --answer-drift <kind>   the summaries drift from the spec (judicial or bulletin section, sandbox/README.md): ${ANSWER_DRIFTS.join(', ')}`,
	'  --answer-drift-rut <rut>  only that RUT\'s answers drift (repeatable; default every RUT). Running: POST /_sandbox/drift',
].join('\n');

/** A change of a loaded RUT's record the CLI makes a while after it starts. */
export interface ScheduledChange {
	rut: string;
	kind: ChangeKind;
	afterSeconds: number;
}

function scheduledChange(text: string): ScheduledChange {
	const [rutText, kind, seconds = '60'] = text.split(':');
	const rut = parseRut(rutText);
	if (!rut) throw new Error(`--change: "${rutText}" is not a RUT in the form 12345678-5`);
	if (!isChangeKind(kind)) throw new Error(`--change: the kind must be ${CHANGE_KINDS.join(', ')}, got "${kind ?? ''}"`);
	return { rut, kind, afterSeconds: number(seconds, '--change seconds') ?? 60 };
}

function number(value: string | undefined, name: string): number | undefined {
	if (value === undefined || value === '') return undefined;
	const n = Number(value);
	if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
	return n;
}

export function parseCli(argv: string[], env: Record<string, string | undefined>): { help: boolean; options: SandboxOptions; changes: ScheduledChange[] } {
	const { values } = parseArgs({
		args: argv,
		options: {
			port: { type: 'string' }, token: { type: 'string' }, 'client-id': { type: 'string' }, latency: { type: 'string' },
			'rate-limit': { type: 'string' }, 'rate-limit-headers': { type: 'boolean' }, 'webhook-url': { type: 'string' }, 'webhook-token': { type: 'string' },
			'webhook-user': { type: 'string' }, 'webhook-password': { type: 'string' }, 'compliance-delay': { type: 'string' },
			lookups: { type: 'string' }, 'monitoring-places': { type: 'string' },
			change: { type: 'string', multiple: true },
			'answer-drift': { type: 'string' }, 'answer-drift-rut': { type: 'string', multiple: true },
			help: { type: 'boolean', short: 'h' },
		},
	});
	const rateLimit = number(values['rate-limit'], '--rate-limit');
	const lookups = number(values.lookups, '--lookups');
	const monitoringPlaces = number(values['monitoring-places'], '--monitoring-places');
	const webhookUrl = values['webhook-url'];
	const auth: NonNullable<SandboxOptions['webhook']>['auth'] = values['webhook-token'] ? { type: 'bearer', token: values['webhook-token'] }
		: values['webhook-user'] ? { type: 'basic', username: values['webhook-user'], password: values['webhook-password'] ?? '' }
			: { type: 'none' };
	let drift: ReturnType<typeof checkDrift>;
	try {
		drift = checkDrift(values['answer-drift'], values['answer-drift-rut']);
	} catch (error) {
		throw new Error(`--answer-drift: ${(error as Error).message}`);
	}
	return {
		help: values.help ?? false,
		changes: (values.change ?? []).map(scheduledChange),
		options: {
			port: number(values.port, '--port') ?? number(env.SANDBOX_PORT, 'SANDBOX_PORT') ?? DEFAULT_PORT,
			token: values.token,
			clientId: values['client-id'],
			latencyMs: number(values.latency, '--latency'),
			rateLimit: rateLimit === undefined ? undefined : { perSecond: rateLimit, headers: values['rate-limit-headers'] ?? false },
			complianceDelayMs: number(values['compliance-delay'], '--compliance-delay') ?? 2000,
			webhook: webhookUrl ? { url: webhookUrl, auth } : undefined,
			plan: lookups === undefined && monitoringPlaces === undefined ? undefined : { lookups, monitoringPlaces },
			maxLogEntries: 10_000,
			...drift,
		},
	};
}
