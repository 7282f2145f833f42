// Point 5: "Load RUT If Not Loaded" pays for exactly the RUTs the account lacks, once each, with
// the node's monitoring and bureau choices; paid loads are counted by the sandbox.
import { startSandbox, type Sandbox } from '../../sandbox';
import { distinctRuts, writeRut } from '../../bench/ruts';
import { runRiskInfo } from './helpers';

const ruts = distinctRuts(8, 74_000_000);
const loaded = ruts.slice(0, 3);
const missing = ruts.slice(3);
// Every RUT twice, the second time in another spelling.
const items = [...ruts.map((rut) => ({ rut })), ...ruts.map((rut) => ({ rut: writeRut(rut, 'dotted') }))];
const canonicalOf = (i: number) => ruts[i % ruts.length];

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await startSandbox({ preloadedRuts: loaded });
});
afterEach(() => sandbox.close());

function paidLoadsOf() {
	return sandbox.requests.filter((q) => q.method === 'POST').map((q) => q.body as { rut: string; isMonitoring: boolean; includeBureau: boolean });
}

test.each([
	['V2 Get Summary', { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' }, '/helper/resumen'],
	['V2 Credit Score', { apiVersion: 'v2', resource: 'creditScore', operation: 'get' }, '/creditScore/'],
])('%s loads exactly the missing RUTs, once each, and says which items loaded', async (_name, operation, readPath) => {
	const out = await runRiskInfo({
		sandbox,
		baseUrl: sandbox.url,
		parameters: { ...operation, loadIfMissing: true, loadIsMonitoring: true, loadIncludeBureau: false },
		items,
		parallel: 5,
	});

	expect(sandbox.usage().paidLoads).toBe(missing.length);
	const loads = paidLoadsOf();
	expect(loads.map((b) => b.rut).sort()).toEqual([...missing].sort());
	expect(loads.every((b) => b.isMonitoring === true && b.includeBureau === false)).toBe(true);
	// Free read first; a second read only after a load.
	const reads = sandbox.requests.filter((q) => q.path.includes(readPath));
	expect(reads).toHaveLength(loaded.length + 2 * missing.length);

	expect(out).toHaveLength(items.length);
	out.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		expect(item.json.error).toBeUndefined();
		expect(item.json.loadedNow).toBe(missing.includes(canonicalOf(i)));
	});
});

test('two operations needing the same missing RUT in one execution pay for one load', async () => {
	// Simplify on for half the items makes two distinct requests per RUT. The latency (applied
	// after the sandbox has decided its answer) lets both first reads arrive before any load.
	sandbox.configure({ latencyMs: 100 });
	const out = await runRiskInfo({
		sandbox,
		baseUrl: sandbox.url,
		parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', simplify: '={{ $json.simplify }}', loadIfMissing: true },
		items: missing.flatMap((rut) => [
			{ rut, simplify: false },
			{ rut, simplify: true },
		]),
		parallel: 10,
	});

	const notLoaded = sandbox.requests.filter((q) => q.method === 'GET' && q.status === 404);
	expect(notLoaded).toHaveLength(2 * missing.length);
	expect(sandbox.usage().paidLoads).toBe(missing.length);
	expect(out.every((item) => item.json.error === undefined)).toBe(true);
	expect(out.every((item) => item.json.loadedNow === true)).toBe(true);
});

test('without the option nothing is loaded: the missing RUTs fail as not loaded', async () => {
	const out = await runRiskInfo({
		sandbox,
		baseUrl: sandbox.url,
		parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' },
		items: ruts.map((rut) => ({ rut })),
		parallel: 5,
		continueOnFail: true,
	});

	expect(sandbox.usage().paidLoads).toBe(0);
	expect(paidLoadsOf()).toHaveLength(0);
	out.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		if (missing.includes(ruts[i])) expect(String(item.json.error)).toMatch(/not loaded/i);
		else expect(item.json.rut).toBe(ruts[i]);
	});
});
