// The example "supplier monitoring → alert" as shipped, run through n8n's engine and polled like an
// active workflow against the sandbox with its known RUTs monitored (as `npm start` sets it up):
// its IF lets through to the (disabled) Slack node exactly the suppliers now critical, and the
// sticky note says which credential to add. The real-n8n run is `npm run e2e` (check w).
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IExecuteFunctions, INode, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { PolledWorkflow } from '../../harness/poll';
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';

const wf = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../examples/supplier-monitoring.json'), 'utf8')) as {
	name: string;
	nodes: INode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const byType = (type: string) => wf.nodes.find((n) => n.type === type)!;
const monitor = byType('n8n-nodes-riskinfo.riskInfoMonitor');
const ifNode = byType('n8n-nodes-base.if');
const slack = byType('n8n-nodes-base.slack');
const note = byType('n8n-nodes-base.stickyNote');

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

test('the Monitor watches the account every minute; its changes reach the alert only when the supplier is now critical', async () => {
	expect(monitor.parameters).toMatchObject({ source: 'account', pollTimes: { item: [{ mode: 'everyMinute' }] } });
	expect(wf.connections[monitor.name].main[0][0].node).toBe(ifNode.name);
	expect(wf.connections[ifNode.name].main[0].map((c) => c.node)).toEqual([slack.name]);
	const polled = new PolledWorkflow({
		pollNode: monitor.name,
		// A copy: n8n's Workflow keeps only the parameters a node type declares, and the stand-ins declare few.
		nodes: JSON.parse(JSON.stringify(wf.nodes)) as INode[],
		connections: wf.connections as never,
		credentials: { riskInfoApi: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId } },
		nodeTypes: { 'n8n-nodes-base.if': new IfStandIn(), 'n8n-nodes-base.slack': inert('slack'), 'n8n-nodes-base.stickyNote': inert('stickyNote') },
	});
	expect((await polled.poll()).items).toBeNull();

	sb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
	sb.changeRut(KNOWN_RUTS.indebted, 'civilCase');
	// Already critical before; a new case does not make it "now critical" news of its own, but it is critical.
	sb.changeRut(KNOWN_RUTS.critical, 'bulletinCase');
	const { items, run } = await polled.poll();
	expect(items?.map((i) => i.json.rut).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.critical].sort());
	const [alerted, others] = run!.outputs[ifNode.name];
	expect(alerted.map((i) => i.json.rut).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.critical].sort());
	expect(others.map((i) => i.json.rut)).toEqual([KNOWN_RUTS.indebted]);
	// The disabled Slack node passes what it got through; its message is the item's summary line.
	expect(slack.disabled).toBe(true);
	expect(run!.items[slack.name].map((i) => i.json.summary)).toEqual(alerted.map((i) => i.json.summary));
	expect(slack.parameters.text).toBe('=:rotating_light: {{ $json.summary }}');
	expect(sb.usage().paidLoads).toBe(0);
});

test('the sticky note says which credential to add and how to make a change happen', () => {
	const content = String(note.parameters.content);
	expect(content).toMatch(/add a \*\*Slack\*\* credential/);
	expect(content).toMatch(/enable the node/);
	expect(content).toContain(`/_sandbox/ruts/${KNOWN_RUTS.clean}/changes`);
	expect(wf.name).toBe('Risk Info: supplier monitoring → alert');
});
