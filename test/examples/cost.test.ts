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

test('a Summarize after Risk Summary counts the estimate (wouldPayFor) and the spend (paid)', () => {
	const after = wf.connections[risk.name].main[0].map((c) => wf.nodes.find((n) => n.name === c.node)!);
	const summarize = after.find((n) => n.type === 'n8n-nodes-base.summarize')!;
	const values = (summarize.parameters.fieldsToSummarize as { values: IDataObject[] }).values;
	expect(values).toEqual(
		expect.arrayContaining([
			{ aggregation: 'count', field: 'wouldPayFor' },
			{ aggregation: 'count', field: 'paid' },
		]),
	);
	// Needs Review? stays the first node after Risk Summary (routing.test.ts reads it there).
	expect(after[0].type).toBe('n8n-nodes-base.if');
});
