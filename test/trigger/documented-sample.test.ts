// docs/trigger.md, "Try it without the service" (where the trigger's panel and the README send
// people to test the trigger): the documented command is run as written (printf | gzip | curl,
// with only the URL and token filled in) against the trigger in test (manual) mode, so the sample
// is known to be a valid §6.2 event that the trigger accepts and emits, and the filter behaviour
// the page describes for it holds.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { FIRST_WEBHOOK_ID, SAMPLE_WEBHOOK_ID } from '../../sandbox';
import { successEvent } from '../../sandbox/schemas';
import { section } from '../helpers/docs';
import { BEARER_CREDENTIAL, WEBHOOK_TOKEN, type Rec } from './forms';
import { TriggerHarness } from './harness';

const URL_PLACEHOLDER = "'https://<your-n8n>/webhook-test/<id>/riskinfo-compliance'";
const TOKEN_PLACEHOLDER = '<your token>';

const subsection = section('docs/trigger.md', 'Try it without the service');
const commands = [...subsection.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);

let h: TriggerHarness;
beforeAll(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, mode: 'manual' });
});
afterAll(async () => h.close());
afterEach(() => expect(h.thrown).toEqual([]));

function command(): string {
	expect(commands).toHaveLength(1);
	return commands[0];
}

function samplePayload(): Rec {
	const quoted = /^printf '%s' '([^']*)' \| gzip \| curl /.exec(command());
	expect(quoted).not.toBeNull();
	return JSON.parse(quoted![1]) as Rec;
}

/**
 * Runs the documented command in bash, pointed at the harness (a trigger of the version a user adds
 * now unless told), and returns what curl printed: the body (JSON, or '' when empty) and the status.
 */
async function runDocumented(params: Rec, typeVersion = 1.1): Promise<{ answer: Rec | ''; status: number; runs: number }> {
	h.options.params = params;
	h.options.typeVersion = typeVersion;
	const before = h.runs.length;
	const script = command().replace(URL_PLACEHOLDER, `'${h.url}'`).replace(TOKEN_PLACEHOLDER, WEBHOOK_TOKEN);
	const { stdout } = await promisify(execFile)('bash', ['-c', `set -euo pipefail\n${script}`]);
	const printed = /^([\s\S]*)\nHTTP (\d{3})\n$/.exec(stdout);
	expect([stdout, printed]).toEqual([stdout, expect.anything()]);
	return { answer: printed![1] === '' ? '' : (JSON.parse(printed![1]) as Rec), status: Number(printed![2]), runs: h.runs.length - before };
}

it('the section has one command, and it names the Test URL, gzip and the trigger\'s headers', () => {
	expect(subsection.length).toBeGreaterThan(100);
	const cmd = command();
	expect(cmd).toContain(URL_PLACEHOLDER);
	expect(cmd).toContain(TOKEN_PLACEHOLDER);
	expect(cmd).toContain("-H 'Content-Type: application/json'");
	expect(cmd).toContain("-H 'Content-Encoding: gzip'");
	expect(cmd).toContain("-H 'Authorization: Bearer <your token>'");
	expect(cmd).toContain('--data-binary @-');
	expect(cmd).toContain("-w '\\nHTTP %{http_code}\\n'");
});

it('the sample is a complete SUCCESS event in the form of spec §6.2 (the sandbox\'s strict schema)', () => {
	const sample = samplePayload();
	expect(() => successEvent.parse(sample)).not.toThrow();
	expect(sample.estado).toBe('SUCCESS');
	expect(sample.riesgo).toBe('medium');
});

it('the sample uses a webhook id reserved for samples, which no load is given (test/sandbox/compliance.test.ts)', () => {
	expect(samplePayload().webhookId).toBe(SAMPLE_WEBHOOK_ID);
	expect(SAMPLE_WEBHOOK_ID).toBeLessThan(FIRST_WEBHOOK_ID);
});

it('sent as documented through gzip and curl, it is emitted and answered HTTP 200 with an empty body once it has run', async () => {
	const sample = samplePayload();
	const { answer, status, runs } = await runDocumented({});
	expect([status, answer]).toEqual([200, '']);
	expect(runs).toBe(1);
	const item = h.runs[h.runs.length - 1][0];
	expect(item).toMatchObject({ webhookId: sample.webhookId, status: 'SUCCESS', fullName: sample.nombreCompleto, risk: 'medium' });
	const pep = (item.lists as Record<string, { total: number; items: Rec[] }>).pepChile;
	expect(pep.total).toBe(1);
	expect(pep.items).toEqual([expect.objectContaining((sample.datosPepChile as Rec[])[0])]);
});

it('test runs ignore Ignore Repeated Deliveries: the same sample can be sent again', async () => {
	expect((await runDocumented({ ignoreRepeatedDeliveries: true })).runs).toBe(1);
	expect((await runDocumented({ ignoreRepeatedDeliveries: true })).runs).toBe(1);
});

it('a trigger set to Respond: Immediately answers {"received":true,"emitted":1}', async () => {
	for (const [params, version] of [[{ respond: 'immediately' }, 1.1]] as const) {
		const { answer, status, runs } = await runDocumented(params, version);
		expect([version, status, answer, runs]).toEqual([version, 200, { received: true, emitted: 1 }, 1]);
	}
});

it('One Item per Finding gives its one PEP finding', async () => {
	const { answer, runs } = await runDocumented({ output: 'findings', respond: 'immediately' });
	expect(answer).toEqual({ received: true, emitted: 1 });
	expect(runs).toBe(1);
	expect(h.runs[h.runs.length - 1][0]).toMatchObject({ category: 'pepChile', risk: 'medium' });
});

it.each([
	['Minimum Risk: Critical Only', { minimumRisk: 'critical' }],
	['Events: Failed Screenings Only', { events: 'failed' }],
])('filtered out by %s: answered 200 with emitted 0 and a reason, and nothing starts', async (_name, params) => {
	const { answer, runs } = await runDocumented(params);
	expect(answer).toEqual({ received: true, emitted: 0, reason: expect.any(String) });
	expect(runs).toBe(0);
});
