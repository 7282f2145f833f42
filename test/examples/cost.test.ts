// The examples' cost guard, what can be checked without n8n: the supplier-screening example caps its paid
// loads, has a trigger that runs it as a dry run, and totals the estimate and the spend. The
// real-n8n run of both (estimate equals what the real run pays) is scripts/lib/cost.js in `npm run e2e`.
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

interface WfNode {
	name: string;
	type: string;
	parameters: IDataObject;
}

const file = path.resolve(__dirname, '..', '..', 'examples', 'supplier-screening.json');
const wf = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: WfNode[]; connections: Record<string, { main: Array<Array<{ node: string }>> }> };
const risk = wf.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfo')!;
const triggers = wf.nodes.filter((n) => n.type === 'n8n-nodes-base.manualTrigger');

test('Risk Summary caps its paid loads', () => {
	expect((risk.parameters.requestOptions as IDataObject).maxPaidLoads).toEqual(expect.any(Number));
	expect((risk.parameters.requestOptions as IDataObject).maxPaidLoads).toBeGreaterThan(0);
});

test('a second trigger runs the same chain as a dry run; Start, the first, runs it for real', () => {
	expect(triggers.map((t) => t.name)).toEqual(['Start', 'Estimate Cost First']);
	const estimate = triggers[1].name;
	// Headless runs (n8n execute) start from the first trigger in the file.
	expect(wf.nodes.findIndex((n) => n.name === 'Start')).toBeLessThan(wf.nodes.findIndex((n) => n.name === estimate));
	expect(risk.parameters.dryRun).toBe(`={{ $('${estimate}').isExecuted }}`);
	for (const t of triggers) expect(wf.connections[t.name].main[0].map((c) => c.node)).toEqual(['Supplier RUTs']);
});

test('Paid Calls gives every item both counted fields, null where nothing was paid, and Cost of This Run counts them', () => {
	const after = wf.connections[risk.name].main[0].map((c) => wf.nodes.find((n) => n.name === c.node)!);
	const paidCalls = after.find((n) => n.name === 'Paid Calls')!;
	const assigned = (paidCalls.parameters.assignments as { assignments: IDataObject[] }).assignments.map((a) => [a.name, a.value, a.type]);
	// n8n's Summarize (1.1) adds "The field '…' does not exist in any items" to a run where no item has
	// a field it counts: every real run lacks wouldPayFor, and a run that paid nothing lacks paid. A
	// null is there, and Count leaves it out.
	expect(assigned).toEqual([
		['paid', '={{ $json.paid ?? null }}', 'string'],
		['wouldPayFor', '={{ $json.wouldPayFor ?? null }}', 'string'],
	]);
	expect(paidCalls.parameters.includeOtherFields).toBeUndefined();
	const cost = wf.nodes.find((n) => n.name === wf.connections[paidCalls.name].main[0][0].node)!;
	expect([cost.name, cost.type]).toEqual(['Cost of This Run', 'n8n-nodes-base.summarize']);
	expect((cost.parameters.fieldsToSummarize as { values: IDataObject[] }).values).toEqual([
		{ aggregation: 'count', field: 'wouldPayFor' },
		{ aggregation: 'count', field: 'paid' },
	]);
	// Reasons to Review stays the first node after Risk Summary (routing.test.ts reads it there).
	expect(after[0].name).toBe('Reasons to Review');
});
