// Load RUT If Not Loaded pays only for what the service said is missing: a load follows only the
// service's "RUT not loaded" answer (any other failure of the read is reported as it is, with no
// load), and each item's load is sent with that item's own Monitor the RUT / Include Bureau Data
// choices; over many items, exactly the RUTs the account lacks are paid for, once each. Requests
// are counted at the sandbox.
import { formatRut, type Sandbox, startSandbox } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError, type Params } from './context';
import { distinctRuts, writeRut } from '../../bench/ruts';
import { runRiskInfo, startRelay } from '../helpers/throughput';

const sb = useSandbox({}, []);

/** A valid RUT nobody loaded in this sandbox yet: each call gives another. */
let nextBody = 31_000_001;
const unloaded = () => formatRut(nextBody++);
const summary = (rut: string, more: Params = {}): Params => ({ resource: 'rut', operation: 'getSummary', rut, loadIfMissing: true, ...more });
const loads = () => sb.requests.filter((r) => r.method === 'POST');

test('a read refused with 403 sends no load and reports the 403', async () => {
	const rut = unloaded();
	sb.failNext(403);
	const error = await runNodeError({ ...credentialsOf(sb), params: summary(rut) });
	expect(error.message).toMatch(/lacks permission/);
	expect((error as Error & { httpCode?: string }).httpCode).toBe('403');
	expect(sb.requests.map((r) => [r.method, r.status])).toEqual([['GET', 403]]);
	expect(sb.usage().paidLoads).toBe(0);
});

test('the same check under Continue On Fail: the item is an error item, nothing is loaded', async () => {
	const rut = unloaded();
	sb.failNext(403);
	const { items } = await runNode({ ...credentialsOf(sb), params: summary(rut), continueOnFail: true });
	expect(items).toHaveLength(1);
	expect(items[0].json.details).toMatchObject({ itemIndex: 0, httpCode: '403' });
	expect(loads()).toEqual([]);
});

test('the "not loaded" answer does load, once, and the read is repeated', async () => {
	const rut = unloaded();
	const { items } = await runNode({ ...credentialsOf(sb), params: summary(rut) });
	expect(items[0].json.loadedNow).toBe(true);
	expect(sb.requests.map((r) => [r.method, r.status])).toEqual([
		['GET', 404],
		['POST', 200],
		['GET', 200],
	]);
});

test('two items with the same missing RUT but different load choices each get their own load', async () => {
	// The relay holds the first two answers until both reads are in, so both items see "not
	// loaded" before either load can be sent.
	const relay = await startRelay(sb.url, { waves: [2] });
	try {
		const rut = unloaded();
		const { items } = await runNode({
			...credentialsOf(sb),
			baseUrl: relay.url,
			params: [
				summary(rut, { loadIsMonitoring: true, loadIncludeBureau: false }),
				summary(rut, { loadIsMonitoring: false, loadIncludeBureau: true }),
			],
		});
		expect(items.map((i) => i.json.loadedNow)).toEqual([true, true]);
		expect(loads().map((r) => r.body)).toEqual(
			expect.arrayContaining([
				{ rut, isMonitoring: true, includeBureau: false },
				{ rut, isMonitoring: false, includeBureau: true },
			]),
		);
		expect(loads()).toHaveLength(2);
	} finally {
		await relay.close();
	}
});

describe("many items through n8n's engine: exactly the RUTs the account lacks, once each", () => {
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
		// Simplify on for half the items makes two distinct requests per RUT. The relay holds the
		// answers of the first ten reads until all ten are in, so every first read arrives before any load.
		const relay = await startRelay(sandbox.url, { waves: [2 * missing.length] });
		const out = await runRiskInfo({
			sandbox,
			baseUrl: relay.url,
			parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', simplify: '={{ $json.simplify }}', loadIfMissing: true },
			items: missing.flatMap((rut) => [
				{ rut, simplify: false },
				{ rut, simplify: true },
			]),
			parallel: 10,
		}).finally(() => relay.close());

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
});
