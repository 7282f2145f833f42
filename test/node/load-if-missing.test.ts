// Load RUT If Not Loaded pays only for what the service said is missing: a load follows only the
// service's "RUT not loaded" answer (any other failure of the read is reported as it is, with no
// load), and each item's load is sent with that item's own Monitor the RUT / Include Bureau Data
// choices. Requests are counted at the sandbox.
import { formatRut } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError, type Params } from './context';

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
	// The latency (applied after the sandbox has decided its answer) lets both first reads arrive
	// before either load, so both items see "not loaded".
	sb.configure({ latencyMs: 100 });
	try {
		const rut = unloaded();
		const { items } = await runNode({
			...credentialsOf(sb),
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
		sb.configure({ latencyMs: 0 });
	}
});
