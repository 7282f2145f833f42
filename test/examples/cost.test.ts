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

test('Cost of This Run, after Risk Summary, totals once per run the estimate (wouldPayFor) and the spend (paid), with no Summarize to warn about a field a normal run does not have', () => {
	const after = wf.connections[risk.name].main[0].map((c) => wf.nodes.find((n) => n.name === c.node)!);
	const cost = after.find((n) => n.name === 'Cost of This Run')!;
	expect([cost.type, (cost as WfNode & { executeOnce?: boolean }).executeOnce]).toEqual(['n8n-nodes-base.set', true]);
	const fields = Object.fromEntries(
		(cost.parameters.assignments as { assignments: IDataObject[] }).assignments.map((a) => [a.name, a.value]),
	);
	expect(fields).toEqual({
		run: `={{ $('${risk.name}').first().json.dryRun ? 'estimate: nothing was paid' : 'real run' }}`,
		paidCalls: `={{ $('${risk.name}').all().filter(item => item.json.paid).length }}`,
		estimatedPaidCalls: `={{ $('${risk.name}').all().filter(item => item.json.wouldPayFor).length }}`,
	});
	// Summarize (n8n 1.1 on) adds "The field '…' does not exist in any items" to a run whose items
	// lack a field it counts: every real run lacks wouldPayFor, and a run that paid nothing, paid.
	expect(wf.nodes.filter((n) => n.type === 'n8n-nodes-base.summarize')).toEqual([]);
	// Reasons to Review stays the first node after Risk Summary (routing.test.ts reads it there).
	expect(after[0].name).toBe('Reasons to Review');
});
