/** `npm run sandbox`: the sandbox on 127.0.0.1 until SIGINT/SIGTERM. Flags: see usage(). */
import { parseArgs } from 'node:util';
import { startSandbox } from './server';
import { KNOWN_NAMES, KNOWN_RUTS } from './known';
import type { SandboxOptions } from './types';

function usage(): string {
	return [
		'Usage: npm run sandbox -- [options]',
		'  --port <n>              port (default: SANDBOX_PORT or 4010; 0 = any free port)',
		'  --token <t>             access token to accept (default: the demo token)',
		'  --client-id <id>        client identifier to accept (default: the demo identifier)',
		'  --latency <ms>          delay every answer',
		'  --rate-limit <n>        requests per second before 429',
		'  --webhook-url <url>     where compliance results are POSTed',
		'  --webhook-token <t>     bearer token for those POSTs',
		'  --webhook-user <u> --webhook-password <p>   basic authentication instead',
		'  --compliance-delay <ms> time before a compliance result is sent (default 2000)',
	].join('\n');
}

function number(value: string | undefined, name: string): number | undefined {
	if (value === undefined) return undefined;
	const n = Number(value);
	if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
	return n;
}

async function main() {
	const { values } = parseArgs({
		options: {
			port: { type: 'string' }, token: { type: 'string' }, 'client-id': { type: 'string' }, latency: { type: 'string' },
			'rate-limit': { type: 'string' }, 'webhook-url': { type: 'string' }, 'webhook-token': { type: 'string' },
			'webhook-user': { type: 'string' }, 'webhook-password': { type: 'string' }, 'compliance-delay': { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	if (values.help) {
		console.log(usage());
		return;
	}
	const rateLimit = number(values['rate-limit'], '--rate-limit');
	const webhookUrl = values['webhook-url'];
	const options: SandboxOptions = {
		port: number(values.port ?? process.env.SANDBOX_PORT, '--port') ?? 4010,
		token: values.token,
		clientId: values['client-id'],
		latencyMs: number(values.latency, '--latency'),
		rateLimit: rateLimit ? { perSecond: rateLimit } : undefined,
		complianceDelayMs: number(values['compliance-delay'], '--compliance-delay') ?? 2000,
		webhook: webhookUrl
			? {
				url: webhookUrl,
				auth: values['webhook-token'] ? { type: 'bearer', token: values['webhook-token'] }
					: values['webhook-user'] ? { type: 'basic', username: values['webhook-user'], password: values['webhook-password'] ?? '' }
						: { type: 'none' },
			}
			: undefined,
	};
	const sandbox = await startSandbox(options);
	console.log(`Risk-information sandbox listening on ${sandbox.url}`);
	console.log(`  Base URL:          ${sandbox.url}   (V2: ${sandbox.url}/api/clients/v2, V1: ${sandbox.url}/api/v1)`);
	console.log(`  Access token:      ${sandbox.token}`);
	console.log(`  Client identifier: ${sandbox.clientId}`);
	console.log(`  Webhook:           ${webhookUrl ?? '(none: compliance results are only recorded)'}`);
	console.log(`  Known RUTs:        ${Object.entries(KNOWN_RUTS).map(([k, v]) => `${k} ${v}`).join(', ')}`);
	console.log(`  Known names:       ${Object.entries(KNOWN_NAMES).map(([k, v]) => `${k} "${v}"`).join(', ')}`);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`${signal} received, stopping the sandbox`);
		sandbox.close().then(() => process.exit(0), () => process.exit(1));
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
