// The trigger's panel for someone who installed the package from Community Nodes: the setup notice
// fits in three lines plus a link, the panel gives a test-delivery command built on the Test URL
// the panel itself shows and a placeholder secret (no npm start, no file of a clone), that command
// really delivers, every choice is described in one line, and each caveat is a notice shown only
// while its option is chosen (n8n's own displayParameter decides what the editor shows).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { NodeHelpers, type INodeParameters, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { TEST_DELIVERY_COMMAND, triggerPanel } from '../../nodes/RiskInfoTrigger/properties';
import { TriggerHarness } from './harness';

const { properties } = new RiskInfoTrigger().description;
const text = (html: string) => html.replace(/<[^>]+>/g, '');
/** A line of the node panel's notice, in characters of its font at n8n's default panel width. */
const LINE = 75;

/** The notices n8n's editor shows for a trigger (version 1.1) with these parameters, filled in as n8n fills them. */
function noticesShown(set: Record<string, unknown>): string[] {
	const node = { id: '1', name: 'T', type: 't', typeVersion: 1.1, position: [0, 0] as [number, number], parameters: {} };
	const values = NodeHelpers.getNodeParameters(properties, set as INodeParameters, true, false, node, null) as INodeParameters;
	return properties.filter((p) => p.type === 'notice' && NodeHelpers.displayParameter(values, p, node, null)).map((p) => p.name);
}

test('the setup notice fits in three lines plus a link, and the link goes to the trigger guide', () => {
	const notice = properties.find((p) => p.name === 'setupNotice')!;
	expect(text(notice.displayName).length).toBeLessThanOrEqual(3 * LINE);
	expect(notice.displayName.match(/<a /g)).toHaveLength(1);
	expect(notice.displayName).toMatch(/href="https:\/\/github\.com\/[^"]+\/docs\/trigger\.md#/);
});

test('nothing in the panel assumes a clone of the repository: no npm, no README, no sample file', () => {
	const texts = [...properties.map((p) => `${p.displayName} ${p.description ?? ''}`), JSON.stringify(triggerPanel)];
	expect(texts.filter((t) => /npm |README|\.json\b|sandbox/i.test(t))).toEqual([]);
});

test('the panel gives a test-delivery command with the Test URL it shows and a placeholder secret', () => {
	const help = triggerPanel.executionsHelp as { inactive: string; active: string };
	for (const shown of [help.inactive, help.active]) {
		expect(shown).toContain(`<code>${TEST_DELIVERY_COMMAND}</code>`);
		expect(shown).toMatch(/Test URL \(<b>Webhook URLs<\/b> at the top of the parameters\)/);
		expect(shown).toMatch(/Test URL in place of TEST_URL and the credential's token in place of YOUR_SECRET/);
	}
	expect(TEST_DELIVERY_COMMAND).toMatch(/^curl -X POST 'TEST_URL' -H 'Authorization: Bearer YOUR_SECRET' /);
});

describe('the command, pasted as the panel says, delivers a result the workflow receives', () => {
	let h: TriggerHarness;
	beforeAll(async () => {
		h = await TriggerHarness.start({ mode: 'manual', typeVersion: 1.1, credentials: { method: 'bearer', token: 'a-long-random-secret' } });
	});
	afterAll(async () => await h.close());

	test.each([
		['the defaults', {}],
		['Completed Screenings Only, Critical Only', { events: 'success', minimumRisk: 'critical' }],
	])('with %s', async (_, params) => {
		h.options.params = params;
		const pasted = TEST_DELIVERY_COMMAND.replace('TEST_URL', h.url).replace('YOUR_SECRET', 'a-long-random-secret');
		const before = h.runs.length;
		const { stdout } = await promisify(execFile)('bash', ['-c', `${pasted} -s -o /dev/null -w '%{http_code}'`], { timeout: 20_000 });
		expect(stdout).toBe('200');
		expect(h.runs.slice(before)).toEqual([[expect.objectContaining({ webhookId: 1, status: 'SUCCESS', fullName: 'Test Supplier SpA', risk: 'critical' })]]);
	});

	test('with the placeholder left in, the delivery is refused and starts nothing', async () => {
		const before = h.runs.length;
		const pasted = TEST_DELIVERY_COMMAND.replace('TEST_URL', h.url);
		const { stdout } = await promisify(execFile)('bash', ['-c', `${pasted} -s -o /dev/null -w '%{http_code}'`], { timeout: 20_000 });
		expect([stdout, h.runs.length]).toEqual(['401', before]);
	});
});

test('every choice of every option is described in one line', () => {
	const choices = properties.flatMap((p) => ((p.options ?? []) as INodePropertyOptions[]).map((o) => [`${p.name} → ${o.name}`, o.description ?? ''] as const));
	expect(choices.length).toBeGreaterThan(10);
	expect(choices.filter(([, d]) => d.length > 64 || /\w\. [A-Z]/.test(d))).toEqual([]);
	// An option's own description is one sentence too.
	const described = properties.filter((p) => p.type !== 'notice' && p.description).map((p) => [p.name, p.description!] as const);
	expect(described.filter(([, d]) => d.length > 100 || /\w\. [A-Z]/.test(d))).toEqual([]);
});

test.each<[string, Record<string, unknown>, string, Record<string, unknown>]>([
	['One Item per Finding: clean screenings start nothing', { output: 'findings' }, 'findingsNotice', { output: 'event' }],
	['Respond Immediately: a repeat before the end runs again', { respond: 'immediately' }, 'immediatelyNotice', { respond: 'whenFinished' }],
	['Respond When the Workflow Has Finished: the service waits', {}, 'whenFinishedNotice', { respond: 'immediately' }],
	['Ignore Repeated Deliveries: what is remembered and when', {}, 'repeatsNotice', { ignoreRepeatedDeliveries: false }],
])('%s: a notice while chosen, none otherwise', (_, chosen, notice, other) => {
	expect(noticesShown(chosen)).toContain(notice);
	expect(noticesShown(other)).not.toContain(notice);
});

test('the caveats that used to cut option descriptions short are said in their notices', () => {
	const notice = (name: string) => (properties.find((p) => p.name === name) as INodeProperties).displayName;
	expect(notice('findingsNotice')).toMatch(/a clean one \(no findings\) starts no execution, so use One Item per Event/);
	expect(notice('whenFinishedNotice')).toMatch(/The service waits for the answer until the workflow has run/);
});

test('the trigger guide, where the panel and the README send people to test, gives the same command', () => {
	const guide = readFileSync(path.join(__dirname, '../../docs/trigger.md'), 'utf8');
	expect(guide).toContain(TEST_DELIVERY_COMMAND);
});
