// V1 plain reads against the sandbox: for every operation, the request that reached the service
// (method, path with the version root, query, body) and the output compared with what the
// service itself answers. Expected paths are written here from spec §4.2, not taken from the node.
import { KNOWN_RUTS, formatRut } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, rawGet, runNode, runNodeError } from './context';

/** Seeded RUTs besides the known ones, so every kind of list has one with several cases. */
const SEEDED = Array.from({ length: 30 }, (_, n) => formatRut(77_000_000 + 7919 * n));
const sandbox = useSandbox({}, [...Object.values(KNOWN_RUTS), ...SEEDED]);

const rut = KNOWN_RUTS.indebted;

/** resource, operation, the full path the spec gives, whether the answer is a list of cases. */
const READS: Array<[string, string, string, boolean]> = [
	['v1Judicial', 'getCivilCases', `/api/v1/helper/${rut}/getCivilCases`, true],
	['v1Judicial', 'getLaborCases', `/api/v1/helper/${rut}/getLaboralCases`, true],
	['v1Judicial', 'getCollectionCases', `/api/v1/helper/${rut}/getCobranzaCases`, true],
	['v1LaborCollection', 'getPensionArrears', `/api/v1/helper/${rut}/getMoraPrevisionalCases`, true],
	['v1LaborCollection', 'getLaborFines', `/api/v1/helper/${rut}/getMultaLaboralCases`, true],
	['v1Legal', 'getOfficialGazette', `/api/v1/helper/${rut}/getOfficialDiary`, true],
	['v1Legal', 'getCorporateMesh', `/api/v1/helper/${rut}/mallaSocietaria`, true],
	['v1CreditScore', 'get', `/api/external/v1/notification/creditScoring/${rut}/getByRut`, false],
	['v1Rut', 'getIdentification', `/api/v1/integration/helper/identification/${rut}`, false],
];

/** The list inside a service answer: the data itself, or its one array-valued field. */
function listIn(data: unknown): unknown[] {
	if (Array.isArray(data)) return data;
	const arrays = Object.values(data as object).filter(Array.isArray);
	if (arrays.length !== 1) throw new Error(`no single list in ${JSON.stringify(data).slice(0, 200)}`);
	return arrays[0];
}

describe.each(READS)('V1 %s → %s', (resource, operation, path, isList) => {
	// The RUT is written with dots and no hyphen: the node must send the spec form.
	const params = { apiVersion: 'v1', resource, operation, rut: `${rut.slice(0, 2)}.${rut.slice(2, 5)}.${rut.slice(5)}` };

	test('sends one GET to the spec path and outputs the service data', async () => {
		const { items } = await runNode({ ...credentialsOf(sandbox), params });
		expect(sandbox.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([['GET', path, {}, undefined]]);
		expect(sandbox.requests[0].headers.accept).toBe('application/json');

		const direct = await rawGet(sandbox, path);
		expect(direct.status).toBe(200);
		const expected = Array.isArray(direct.body.data) ? { data: direct.body.data } : direct.body.data;
		expect(items.map((i) => i.json)).toEqual([expected]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	if (isList) {
		test('Split Into Items gives one item per case, each paired to the input item', async () => {
			// Any known RUT whose list has cases; which one is the sandbox's business.
			let list: unknown[] = [];
			let withCases = '';
			for (const candidate of [...Object.values(KNOWN_RUTS), ...SEEDED]) {
				list = listIn((await rawGet(sandbox, path.replace(rut, candidate))).body.data);
				withCases = candidate;
				if (list.length > 1) break;
			}
			expect(list.length).toBeGreaterThan(1);
			sandbox.resetLog();
			const { items } = await runNode({ ...credentialsOf(sandbox), params: { ...params, rut: withCases, split: true } });
			expect(sandbox.requests.map((r) => r.path)).toEqual([path.replace(rut, withCases)]);
			expect(items.map((i) => i.json)).toEqual(list);
			for (const item of items) expect(item.pairedItem).toEqual({ item: 0 });
		});
	}
});

test('credit score: the "Standard Path" option reads under /api/v1 instead of /api/external/v1', async () => {
	const params = { apiVersion: 'v1', resource: 'v1CreditScore', operation: 'get', rut, creditScoreRoot: 'v1' };
	const { items } = await runNode({ ...credentialsOf(sandbox), params });
	expect(sandbox.requests.map((r) => [r.method, r.path])).toEqual([['GET', `/api/v1/notification/creditScoring/${rut}/getByRut`]]);
	const direct = await rawGet(sandbox, `/api/external/v1/notification/creditScoring/${rut}/getByRut`);
	expect(items[0].json).toEqual(direct.body.data);
	// §2.6: the V1 record carries the period as YYYY-MM.
	expect(items[0].json.periodo).toMatch(/^\d{4}-\d{2}$/);
});

test('credit score: an unknown root from an expression is refused before any request', async () => {
	const params = { apiVersion: 'v1', resource: 'v1CreditScore', operation: 'get', rut, creditScoreRoot: '/api/v9' };
	const error = await runNodeError({ ...credentialsOf(sandbox), params });
	expect(error.message).toContain('Service Path');
	expect(sandbox.requests).toHaveLength(0);
});

test('a malformed RUT is refused before any request, naming the field and the value, for its item', async () => {
	const params = [
		{ apiVersion: 'v1', resource: 'v1Judicial', operation: 'getCivilCases', rut },
		{ apiVersion: 'v1', resource: 'v1Judicial', operation: 'getCivilCases', rut: '76222222-2' },
	];
	const error = await runNodeError({ ...credentialsOf(sandbox), params });
	expect((error as Error & { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
	expect(error.message).toContain('RUT');
	expect(error.message).toContain('76222222-2');
	expect(sandbox.requests).toHaveLength(0);
});

test('a RUT that is not loaded: a plain message, and "Load RUT If Not Loaded" loads it once (POST /helper/loadRut) and reads again', async () => {
	const fresh = '11111111-1';
	const params = { apiVersion: 'v1', resource: 'v1Legal', operation: 'getCorporateMesh', rut: fresh };
	const error = await runNodeError({ ...credentialsOf(sandbox), params });
	expect(error.message).toContain(`RUT ${fresh} is not loaded`);
	expect(sandbox.requests.map((r) => r.status)).toEqual([404]);

	sandbox.resetLog();
	const loading = { ...params, loadIfMissing: true, loadIsMonitoring: true };
	const { items } = await runNode({ ...credentialsOf(sandbox), params: [loading, loading] });
	// A monitoring load reads the plan first (V2's GET /usage, free), to tell whether its place is beyond the plan's.
	expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([
		['GET', `/api/v1/helper/${fresh}/mallaSocietaria`, 404],
		['GET', '/api/clients/v2/usage', 200],
		['POST', '/api/v1/helper/loadRut', 200],
		['GET', `/api/v1/helper/${fresh}/mallaSocietaria`, 200],
	]);
	expect(sandbox.requests[2].body).toEqual({ rut: fresh, isMonitoring: true, includeBureau: false });
	expect(items).toHaveLength(2);
	expect(items.map((i) => i.json.loadedNow)).toEqual([true, true]);
	expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
});

test('Continue On Fail: a bad RUT becomes an error item in its place while the others are read', async () => {
	const op = { apiVersion: 'v1', resource: 'v1Rut', operation: 'getIdentification' };
	const params = [
		{ ...op, rut: KNOWN_RUTS.clean },
		{ ...op, rut: 'not a rut' },
		{ ...op, rut: KNOWN_RUTS.bankrupt },
	];
	const { items } = await runNode({ ...credentialsOf(sandbox), params, continueOnFail: true });
	expect(sandbox.requests.map((r) => r.path)).toEqual([
		`/api/v1/integration/helper/identification/${KNOWN_RUTS.clean}`,
		`/api/v1/integration/helper/identification/${KNOWN_RUTS.bankrupt}`,
	]);
	expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	expect(items[0].json.rut).toBe(KNOWN_RUTS.clean);
	expect(String(items[1].json.error)).toContain('not a rut');
	expect(items[2].json.rut).toBe(KNOWN_RUTS.bankrupt);
});
