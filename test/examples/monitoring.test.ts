// The example "supplier monitoring → alert" as shipped, run through n8n's engine and polled like an
// active workflow against the sandbox with its known RUTs monitored (as `npm start` sets it up):
// every item reaches a (disabled) Slack message: suppliers now critical the alert, other changes
// the review channel, fields read again the good news, RUTs and fields it cannot read the attention
// one; one difference of the whole account's answers is one message, however many suppliers; the
// sticky note says which credential to add. The digest example posts the poll's one item's text.
// The real-n8n run is `npm run e2e` (check w).
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IExecuteFunctions, INode, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { PolledWorkflow } from '../../harness/poll';
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { rutsFrom } from '../monitor/helpers';

const wf = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../examples/supplier-monitoring.json'), 'utf8')) as {
	name: string;
	nodes: INode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const byType = (type: string) => wf.nodes.find((n) => n.type === type)!;
const byName = (name: string) => wf.nodes.find((n) => n.name === name)!;
const monitor = byType('n8n-nodes-riskinfo.riskInfoMonitor');
const note = byType('n8n-nodes-base.stickyNote');
/** Where each IF's outputs lead (true first), by node name. */
const next = (name: string) => wf.connections[name].main.map((out) => out.map((c) => c.node));
const [changedIf] = next(monitor.name)[0];
const [[criticalIf], [goodNewsIf]] = next(changedIf);
const [[alert], [review]] = next(criticalIf);
const [[goodNews], [attention]] = next(goodNewsIf);
const slacks = [alert, review, goodNews, attention].map(byName);

/**
 * n8n's IF (v2) as far as the example uses it: its conditions are a filter parameter, which
 * n8n-core evaluates (executeFilter) when the node reads it with extractValue, as the IF does.
 */
class IfStandIn implements INodeType {
	description = {
		displayName: 'If',
		name: 'if',
		group: ['transform'],
		version: [2, 2.1, 2.2],
		defaults: { name: 'If' },
		inputs: ['main'],
		outputs: ['main', 'main'],
		properties: [
			{ displayName: 'Conditions', name: 'conditions', type: 'filter', default: {} },
			{ displayName: 'Convert Types Where Required', name: 'looseTypeValidation', type: 'boolean', default: false },
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [{ displayName: 'Ignore Case', name: 'ignoreCase', type: 'boolean', default: true }] },
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const [kept, discarded]: INodeExecutionData[][] = [[], []];
		this.getInputData().forEach((item, i) => (this.getNodeParameter('conditions', i, false, { extractValue: true }) ? kept : discarded).push(item));
		return [kept, discarded];
	}
}

/** A node the engine only needs to know (disabled, or a note): it never runs. */
const inert = (name: string): INodeType =>
	({
		description: { displayName: name, name, group: ['output'], version: [1, 2, 2.1, 2.2], defaults: { name }, inputs: ['main'], outputs: ['main'], properties: [] },
		execute: async () => [[]],
	}) as unknown as INodeType;

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
	for (const rut of Object.values(KNOWN_RUTS)) sb.loadRut(rut, { isMonitoring: true });
});
afterAll(async () => await sb.close());

const polledExample = (parameters: object = {}, sandbox = sb) => {
	// A copy: n8n's Workflow keeps only the parameters a node type declares, and the stand-ins declare few.
	const nodes = JSON.parse(JSON.stringify(wf.nodes)) as INode[];
	Object.assign(nodes.find((n) => n.name === monitor.name)!.parameters, parameters);
	return new PolledWorkflow({
		pollNode: monitor.name,
		nodes,
		connections: wf.connections as never,
		credentials: { riskInfoApi: { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId } },
		nodeTypes: { 'n8n-nodes-base.if': new IfStandIn(), 'n8n-nodes-base.slack': inert('slack'), 'n8n-nodes-base.stickyNote': inert('stickyNote') },
	});
};

test('every branch leads to a message: critical changes to the alert, the others to review, good news to its own, what cannot be read to attention', () => {
	expect(monitor.parameters).toMatchObject({ source: 'account', pollTimes: { item: [{ mode: 'everyMinute' }] } });
	expect(slacks.map((n) => n.type)).toEqual(Array(4).fill('n8n-nodes-base.slack'));
	// No output of any node is left unconnected, and the messages are the ends.
	for (const [name, { main }] of Object.entries(wf.connections)) expect([name, main.every((out) => out.length > 0)]).toEqual([name, true]);
	expect(Object.keys(wf.connections).sort()).toEqual([monitor.name, changedIf, criticalIf, goodNewsIf].sort());
	// Disabled until a Slack credential is chosen; the changes post their details (the evidence), the others their summary (what to do, or the good news).
	expect(slacks.map((n) => [n.name, n.disabled, n.parameters.text])).toEqual([
		[alert, true, '=:rotating_light: {{ $json.details }}'],
		[review, true, '={{ $json.details }}'],
		[goodNews, true, '=:white_check_mark: {{ $json.summary }}'],
		[attention, true, '=:warning: {{ $json.summary }}'],
	]);
});

test('polled as published: each status reaches its message, critical changes the alert, others review, a read failing three polls attention', async () => {
	const polled = polledExample();
	sb.failNext(503, 3 * 4, { path: '/api/clients/v2/helper/resumen', query: { rut: KNOWN_RUTS.bankrupt } });
	expect((await polled.poll()).items).toBeNull();

	sb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
	sb.changeRut(KNOWN_RUTS.indebted, 'civilCase');
	// Already critical before; a new bulletin case of a critical supplier is an alert too.
	sb.changeRut(KNOWN_RUTS.critical, 'bulletinCase');
	const { items, run } = await polled.poll();
	expect(items?.map((i) => i.json.rut).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.critical].sort());
	const ruts = (name: string) => (run!.items[name] ?? []).map((i) => i.json.rut).sort();
	expect(ruts(alert)).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.critical].sort());
	expect(ruts(review)).toEqual([KNOWN_RUTS.indebted]);
	expect(run!.items[attention]).toBeUndefined();
	// What the alert posts: each item's details, its summary and a line of evidence.
	expect(run!.items[alert].every((i) => String(i.json.details).startsWith(`${String(i.json.summary)}\n`))).toBe(true);

	const third = await polled.poll();
	expect(third.items?.map((i) => [i.json.status, i.json.rut])).toEqual([['readFailed', KNOWN_RUTS.bankrupt]]);
	expect(third.run!.items[attention].map((i) => i.json.status)).toEqual(['readFailed']);
	expect(sb.usage().paidLoads).toBe(0);
}, 120_000);

test('a RUT not loaded (Watch → These RUTs) reaches attention too', async () => {
	const notLoaded = '11111111-1';
	const { items, run } = await polledExample({ source: 'list', ruts: `${KNOWN_RUTS.clean}\n${notLoaded}` }).poll();
	expect(items?.map((i) => i.json.status)).toEqual(['notLoaded']);
	expect(run!.items[attention].map((i) => [i.json.status, i.json.rut])).toEqual([['notLoaded', notLoaded]]);
});

test('fields it cannot watch reach attention with a message that says what to do; "readable again" reaches the good news, with no warning', async () => {
	const polled = polledExample({ source: 'list', ruts: KNOWN_RUTS.indebted });
	expect((await polled.poll()).items).toBeNull();
	sb.configure({ answerDrift: 'renamed', answerDriftRuts: [KNOWN_RUTS.indebted] });
	try {
		const { run } = await polled.poll();
		const [posted] = run!.items[attention];
		expect(posted.json.status).toBe('unreadable');
		// What Needs Attention posts is the summary: it ends with what to do.
		expect(String(posted.json.summary)).toMatch(/What to do: run Risk Info → Account → Check [Aa]nswers .* Answer Key Names/);
	} finally {
		sb.configure({ answerDrift: undefined, answerDriftRuts: undefined });
	}
	const back = await polled.poll();
	expect(back.run!.items[goodNews].map((i) => i.json.status)).toEqual(['readableAgain']);
	expect(back.run!.items[attention]).toBeUndefined();
});

test('one drift of every answer, hundreds of suppliers read over several polls: one message to attention, then one of good news', async () => {
	const own = await startSandbox();
	try {
		const ruts = rutsFrom(77_000_000, 300);
		for (const rut of ruts) own.loadRut(rut, { isMonitoring: true });
		// 120 a poll: three polls read them all, in turn.
		const polled = polledExample({ rutsPerPoll: 120 }, own);
		const posted = async (polls: number) => {
			const messages: Record<string, string[]> = {};
			for (let i = 0; i < polls; i++) {
				const { run } = await polled.poll();
				for (const slack of slacks) messages[slack.name] = [...(messages[slack.name] ?? []), ...(run?.items[slack.name] ?? []).map((m) => String(m.json.summary))];
			}
			return messages;
		};
		expect(Object.values(await posted(3)).flat()).toEqual([]);

		own.configure({ answerDrift: 'providerNames' });
		const lost = await posted(6);
		expect([lost[attention].length, lost[goodNews].length, lost[alert].length, lost[review].length]).toEqual([1, 0, 0, 0]);
		expect(lost[attention][0]).toMatch(/^120 of the 120 suppliers read in this poll \(.* and 117 more\): the service's answer does not carry commercial bulletin cases, commercial bulletin unpaid amount .*What to do: run Risk Info → Account → Check [Aa]nswers \(free\) on one of these RUTs/);

		own.configure({ answerDrift: undefined });
		const back = await posted(6);
		expect([back[attention].length, back[goodNews].length, back[alert].length, back[review].length]).toEqual([0, 1, 0, 0]);
		expect(back[goodNews][0]).toMatch(/^Good news: the Monitor can read commercial bulletin cases, commercial bulletin unpaid amount again\. The service's answer carries them now for 120 suppliers/);
		// What it remembers of the difference is gone with it: one entry per RUT, as before.
		expect(polled.staticData().un).toBeUndefined();
		expect(own.usage().paidLoads).toBe(0);
	} finally {
		await own.close();
	}
}, 120_000);

test('the sticky note says which credential to add and how to make a change happen', () => {
	const content = String(note.parameters.content);
	expect(content).toMatch(/add a \*\*Slack\*\* credential/);
	expect(content).toMatch(/enable the node/);
	expect(content).toMatch(/\*Good News\?\* sends `readableAgain` .* to \*Back to Normal\*, and everything else to \*Needs Attention\*: .*`notLoaded`, `readFailed`.*`unreadable`, whose message says what to do/);
	expect(content).toMatch(/in the four Slack nodes/);
	// The indebted supplier: the clean one the supplier-screening example approves stays approved.
	expect(content).toContain(`/_sandbox/ruts/${KNOWN_RUTS.indebted}/changes`);
	expect(wf.name).toBe('Risk Info: supplier monitoring → alert');
});

/** The digest example as an active n8n polls it: its trigger, the Slack node it posts to, and the polled workflow. */
function polledDigest() {
	const digest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../examples/monitoring-digest.json'), 'utf8')) as typeof wf;
	const trigger = digest.nodes.find((n) => n.type === monitor.type)!;
	const post = digest.nodes.find((n) => n.name === digest.connections[trigger.name].main[0][0].node)!;
	const polled = new PolledWorkflow({
		pollNode: trigger.name,
		nodes: JSON.parse(JSON.stringify(digest.nodes)) as INode[],
		connections: digest.connections as never,
		credentials: { riskInfoApi: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId } },
		nodeTypes: { 'n8n-nodes-base.slack': inert('slack'), 'n8n-nodes-base.stickyNote': inert('stickyNote') },
	});
	return { trigger, post, polled };
}

test('the digest example: one item per poll with changes, its text posted as one message', async () => {
	const { trigger, post, polled } = polledDigest();
	expect(trigger.parameters).toMatchObject({ source: 'account', options: { output: 'digest' } });
	expect([post.type, post.disabled, post.parameters.text]).toEqual(['n8n-nodes-base.slack', true, '={{ $json.text }}']);
	expect((await polled.poll()).items).toBeNull();
	expect((await polled.poll()).items).toBeNull();
	sb.changeRut(KNOWN_RUTS.failingHelpers, 'civilCase');
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	const { run } = await polled.poll();
	const posted = run!.items[post.name].map((i) => i.json);
	expect(posted).toHaveLength(1);
	expect(posted[0].counts).toMatchObject({ changed: 2 });
	expect(posted[0].text).toMatch(/^Risk Info Monitor: 2 suppliers changed \(court cases 2\)\n\n/);
	expect(sb.usage().paidLoads).toBe(0);
});

test('the digest example builds from its test event: Fetch Test Event gives its Slack node a text to post', async () => {
	const { post, polled } = polledDigest();
	const [item] = (await polled.fetchTestEvent()).items[post.name];
	expect([item.json.status, item.json.sample]).toEqual(['sample', true]);
	// The Slack node's text, evaluated by n8n's expression engine on the item it receives.
	const text = polled.workflow.expression.getParameterValue(String(post.parameters.text), null, 0, 0, post.name, [item], 'manual', {});
	expect(text).toMatch(/^Risk Info Monitor \(a sample, nothing changed\): 1 supplier as read now\n\nSample, nothing changed: /);
	expect(sb.usage().paidLoads).toBe(0);
});

test('the digest example\'s note says whether `npm start` publishes it, and how to publish it', () => {
	const digest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../examples/monitoring-digest.json'), 'utf8')) as typeof wf;
	const content = String(digest.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')!.parameters.content);
	const { ACTIVE_ROLES } = require('../../scripts/lib/demo') as { ACTIVE_ROLES: string[] };
	const published = ACTIVE_ROLES.includes('monitoringDigest');
	expect(/\*\*Not published by `npm start`\*\*/.test(content)).toBe(!published);
	if (!published) expect(content).toMatch(/click \*\*Publish\*\* at the top of this workflow/);
	// The example it names as published instead is.
	expect(content).toContain(`*${wf.name}*`);
	expect(ACTIVE_ROLES).toContain('supplierMonitoring');
});
