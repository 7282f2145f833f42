// Maximum Paid Loads per Run. Every paid call of a run counts (RUT Load, Load
// RUT If Not Loaded's loads, Compliance Load Profile), identical loads once; past the cap an item
// that needs another paid call is an error item naming it, nothing is sent for it, and free reads
// go on. Paid calls are counted by the sandbox, through n8n's engine.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';

import { MANUAL_TRIGGER, runWorkflow } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';
import { CAP_MESSAGE, freshRuts, itemOfError, postsAt, spend } from '../helpers/spend';
import { startRelay } from '../helpers/throughput';

const sb = useSandbox({}, []);

const rutLoad = { apiVersion: 'v2', resource: 'rut', operation: 'load' };
const capErrors = (items: INodeExecutionData[]) => items.filter((i) => typeof i.json.error === 'string' && /Maximum Paid Loads per Run/.test(i.json.error as string));

test('50 loads in parallel with a cap of 7: the sandbox counts exactly 7 paid calls, the other 43 are error items naming themselves', async () => {
	// Every load sent is in flight at once: the relay answers none of them before all 7 are in,
	// so the cap is kept by what was sent, not by what was answered.
	const relay = await startRelay(sb.url, { waves: [7] });
	const ruts = freshRuts(50);
	const { items, paid: spent } = await spend({
		sandbox: sb,
		baseUrl: relay.url,
		parameters: rutLoad,
		items: ruts.map((rut) => ({ rut })),
		options: { requestsInParallel: 50, maxPaidLoads: 7 },
		continueOnFail: true,
	}).finally(() => relay.close());
	expect(spent.total).toBe(7);
	expect(postsAt(sb)).toHaveLength(7);
	expect(items).toHaveLength(50);
	items.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
	const paid = items.filter((i) => i.json.paid === 'RUT load');
	expect(paid).toHaveLength(7);
	const refused = capErrors(items);
	expect(refused).toHaveLength(43);
	for (const item of refused) {
		const index = (item.pairedItem as { item: number }).item;
		expect(item.json.error).toBe(CAP_MESSAGE(7));
		expect(item.json.details).toMatchObject({ itemIndex: index });
	}
	// Nothing was sent for the refused items.
	const loaded = new Set(postsAt(sb).map((r) => (r.body as IDataObject).rut));
	for (const item of refused) expect(loaded.has(ruts[(item.pairedItem as { item: number }).item])).toBe(false);
});

test('Load RUT If Not Loaded at the cap: every loaded RUT is still read, only the loads past the cap are refused', async () => {
	const loaded = freshRuts(6);
	const missing = freshRuts(9);
	for (const rut of loaded) sb.loadRut(rut);
	// Loaded and missing interleaved, so the refusals come in between free reads.
	const ruts = missing.flatMap((rut, i) => [rut, ...(loaded[i] ? [loaded[i]] : [])]);
	const { items, paid } = await spend({
		sandbox: sb,
		parameters: { apiVersion: 'v2', resource: 'creditScore', operation: 'get', loadIfMissing: true },
		items: ruts.map((rut) => ({ rut })),
		options: { requestsInParallel: 5, maxPaidLoads: 4 },
		continueOnFail: true,
	});
	expect(paid.total).toBe(4);
	expect(items).toHaveLength(ruts.length);
	items.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		if (loaded.includes(ruts[i])) expect(item.json).toMatchObject({ rut: ruts[i], loadedNow: false });
	});
	expect(items.filter((i) => i.json.loadedNow === true && i.json.paid === 'RUT load')).toHaveLength(4);
	expect(capErrors(items)).toHaveLength(missing.length - 4);
	// The refused items were read (free, answered "not loaded"), never loaded.
	expect(sb.requests.filter((r) => r.method === 'GET' && r.status === 404)).toHaveLength(missing.length);
});

test('without Continue On Fail the node stops with the message, and the sandbox still counts no more than the cap', async () => {
	const { error, paid } = await spend({
		sandbox: sb,
		parameters: rutLoad,
		items: freshRuts(5).map((rut) => ({ rut })),
		options: { requestsInParallel: 1, maxPaidLoads: 2 },
	});
	expect([error?.message, itemOfError(error)]).toEqual([CAP_MESSAGE(2), 2]);
	expect(paid.total).toBe(2);
});

test('identical loads count once: the same RUT written twice and asked by two operations is one paid call', async () => {
	// The relay answers none of the four reads before all four are in: both reads of a RUT hear
	// "not loaded" and need its load.
	const relay = await startRelay(sb.url, { waves: [4] });
	const [a, b] = freshRuts(2);
	const { items, paid } = await spend({
		sandbox: sb,
		baseUrl: relay.url,
		// Simplify on for half the items makes two distinct reads per RUT that need the same load.
		parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', simplify: '={{ $json.simplify }}', loadIfMissing: true },
		items: [
			{ rut: a, simplify: false },
			{ rut: a, simplify: true },
			{ rut: a.replace('-', ''), simplify: true },
			{ rut: b, simplify: false },
			{ rut: b, simplify: true },
		],
		options: { requestsInParallel: 5, maxPaidLoads: 2 },
		continueOnFail: true,
	}).finally(() => relay.close());
	expect(paid.total).toBe(2);
	expect(items.every((i) => i.json.error === undefined && i.json.loadedNow === true)).toBe(true);
	// One item per paid call carries the mark, so a Summarize count of `paid` is the run's cost.
	expect(items.filter((i) => i.json.paid === 'RUT load').map((i) => i.json.rut)).toEqual(expect.arrayContaining([a, b]));
	expect(items.filter((i) => i.json.paid !== undefined)).toHaveLength(2);
});

test('compliance profile loads count against the cap like RUT loads', async () => {
	const names = ['Alfa Uno Limitada', 'Beta Dos Limitada', 'Gama Tres Limitada', 'Delta Cuatro Limitada'];
	const { items, paid } = await spend({
		sandbox: sb,
		parameters: { apiVersion: 'v2', resource: 'compliance', operation: 'loadProfile', fullName: '={{ $json.name }}' },
		items: names.map((name) => ({ name })),
		options: { requestsInParallel: 4, maxPaidLoads: 3 },
		continueOnFail: true,
	});
	expect(paid.complianceProfiles).toBe(3);
	expect(items.filter((i) => i.json.paid === 'compliance profile load' && typeof i.json.webhookId === 'number')).toHaveLength(3);
	expect(capErrors(items)).toHaveLength(1);
});

describe('a paid call that certainly did not run gives its place back; one that may have run keeps it', () => {
	// One at a time, one attempt each: the first load is answered with the forced status.
	const run = async (status: 429 | 403 | 500) => {
		sb.failNext(status);
		return await spend({
			sandbox: sb,
			parameters: rutLoad,
			items: freshRuts(2).map((rut) => ({ rut })),
			options: { requestsInParallel: 1, maxPaidLoads: 1, maxAttempts: 1 },
			continueOnFail: true,
		});
	};

	test.each([429, 403] as const)('refused with %i: the next item may still load', async (status) => {
		const { items, paid } = await run(status);
		expect(items[0].json.details).toMatchObject({ httpCode: String(status) });
		expect(items[1].json).toMatchObject({ paid: 'RUT load' });
		expect(paid.total).toBe(1);
	});

	test('failed with 500 (it may have been charged): the next item is refused by the cap', async () => {
		const { items } = await run(500);
		expect(items[0].json.details).toMatchObject({ httpCode: '500' });
		expect([items[1].json.error, items[1].pairedItem]).toEqual([CAP_MESSAGE(1), { item: 1 }]);
		expect(postsAt(sb)).toHaveLength(1);
	});
});

test('an empty cap is no cap, 0 allows no paid call', async () => {
	const unlimited = await spend({ sandbox: sb, parameters: rutLoad, items: freshRuts(3).map((rut) => ({ rut })), options: { maxPaidLoads: '' } });
	expect(unlimited.items.filter((i) => i.json.paid === 'RUT load')).toHaveLength(3);
	sb.resetLog();
	const none = await spend({ sandbox: sb, parameters: rutLoad, items: freshRuts(1).map((rut) => ({ rut })), options: { maxPaidLoads: 0 } });
	expect([none.error?.message, itemOfError(none.error)]).toEqual([CAP_MESSAGE(0), 0]);
	expect(postsAt(sb)).toEqual([]);
});

test('added in the editor, where n8n fills in its default, the cap lets one load through and refuses the next', async () => {
	const requestOptions = new RiskInfo().description.properties.find((p) => p.name === 'requestOptions')!;
	const cap = (requestOptions.options as INodeProperties[]).find((o) => o.name === 'maxPaidLoads')!;
	const { items } = await spend({ sandbox: sb, parameters: rutLoad, items: freshRuts(2).map((rut) => ({ rut })), options: { maxPaidLoads: cap.default }, continueOnFail: true });
	expect(items[0].json.paid).toBe('RUT load');
	expect([items[1].json.error, items[1].pairedItem]).toEqual([CAP_MESSAGE(1), { item: 1 }]);
	expect(postsAt(sb)).toHaveLength(1);
});

/**
 * Stand-in for n8n's Loop Over Items (Split in Batches v3): the same node-context bookkeeping,
 * "done" on output 0, the next batch on output 1.
 */
class LoopStandIn implements INodeType {
	description = {
		displayName: 'Loop',
		name: 'loop',
		group: ['organization'],
		version: 1,
		description: 'Batches',
		defaults: { name: 'Loop' },
		inputs: ['main'],
		outputs: ['main', 'main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const state = this.getContext('node') as { left?: INodeExecutionData[]; done: INodeExecutionData[] };
		if (state.left === undefined) {
			state.left = this.getInputData();
			state.done = [];
		} else state.done.push(...this.getInputData());
		const batch = state.left.splice(0, 2);
		return batch.length ? [[], batch] : [state.done, []];
	}
}

test('the cap holds for the whole execution when a loop feeds the node in batches', async () => {
	const ruts = freshRuts(6);
	const before = sb.usage().paidLoads;
	const result = await runWorkflow({
		nodes: [
			{ id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: '2', name: 'Loop', type: 'test.loop', typeVersion: 1, position: [200, 0], parameters: {} },
			{
				id: '3',
				name: 'Risk',
				type: 'n8n-nodes-riskinfo.riskInfo',
				typeVersion: 1,
				position: [400, 0],
				parameters: { ...rutLoad, rut: '={{ $json.rut }}', requestOptions: { maxPaidLoads: 3 } },
				credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } },
				continueOnFail: true,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Loop', type: 'main', index: 0 }]] },
			Loop: { main: [[], [{ node: 'Risk', type: 'main', index: 0 }]] },
			Risk: { main: [[{ node: 'Loop', type: 'main', index: 0 }]] },
		},
		credentials: { riskInfoApi: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId } },
		triggerItems: ruts.map((rut) => ({ json: { rut } })),
		nodeTypes: { 'test.loop': new LoopStandIn() },
	});
	expect(result.error).toBeUndefined();
	// Three batches of two ran through Risk: 3 loads paid, then the cap.
	expect(result.run.data.resultData.runData.Risk).toHaveLength(3);
	const done = result.items.Loop;
	expect(done).toHaveLength(6);
	expect(done.filter((i) => i.json.paid === 'RUT load')).toHaveLength(3);
	expect(done.filter((i) => /Maximum Paid Loads per Run/.test(String(i.json.error)))).toHaveLength(3);
	expect(sb.usage().paidLoads - before).toBe(3);
});
