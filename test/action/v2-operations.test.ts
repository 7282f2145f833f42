// Every V2 operation against the sandbox: what reached the server (method, path, query, body,
// credential headers) and what the node put out. Expected paths are written here from spec
// §4.1, not taken from the node's tables.
import { KNOWN_NAMES, KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, rawGet, runNode, type Params } from './context';

const ROOT = '/api/clients/v2';
const sb = useSandbox({ complianceDelayMs: 20 });

const run = (params: Params | Params[], extra: { continueOnFail?: boolean } = {}) =>
	runNode({ ...credentialsOf(sb), params, ...extra });

/** What the server says for a path, read without the node; the log is cleared afterwards. */
async function serviceData(path: string) {
	const { status, body } = await rawGet(sb, `${ROOT}${path}`);
	expect(status).toBe(200);
	sb.resetLog();
	return body.data;
}

const rut = KNOWN_RUTS.indebted; // 76222222-1, has cases
const dotted = '76.222.222-1';

describe.each([
	['judicial', 'getCivilCases', `/helper/judicial/${rut}/civil`],
	['judicial', 'getLaborCases', `/helper/judicial/${rut}/laboral`],
	['judicial', 'getCollectionCases', `/helper/judicial/${rut}/cobranza`],
	['laborCollection', 'getPensionArrears', `/helper/cobranzaLaboral/${rut}/moraPrevisional`],
	['laborCollection', 'getLaborFines', `/helper/cobranzaLaboral/${rut}/multaLaboral`],
	['creditScore', 'get', `/creditScore/${rut}`],
	['legal', 'getCorporateMesh', `/helper/legal/${rut}/mallaSocietaria`],
	['compliance', 'getByRut', `/helper/compliance/${rut}`],
])('%s → %s', (resource, operation, path) => {
	test(`GET ${path} with the RUT normalised; the output is the service's data`, async () => {
		const expected = await serviceData(path);
		const { items } = await run({ resource, operation, rut: dotted });

		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([['GET', `${ROOT}${path}`, {}, undefined]]);
		expect(sb.requests[0].headers.authorization).toBe(`Bearer ${sb.token}`);
		expect(sb.requests[0].headers['x-client-identifier']).toBe(sb.clientId);
		expect(items).toEqual([{ json: expected, pairedItem: { item: 0 } }]);
	});
});

describe('rut → getSummary', () => {
	test('GET /helper/resumen with the RUT in the query, not the path', async () => {
		const expected = await serviceData(`/helper/resumen?rut=${rut}`);
		const { items } = await run({ resource: 'rut', operation: 'getSummary', rut: '762222221' });

		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', `${ROOT}/helper/resumen`, { rut }, undefined],
		]);
		expect(items).toEqual([{ json: expected, pairedItem: { item: 0 } }]);
		expect(expected.rut).toBe(rut);
	});
});

describe('rut → load', () => {
	test('POST /helper/cargarRut with rut, isMonitoring and includeBureau; a paid load', async () => {
		const fresh = '11111111-1';
		const before = sb.usage().paidLoads;
		const { items } = await run({ resource: 'rut', operation: 'load', rut: '11.111.111-1', isMonitoring: true, includeBureau: true });

		// A monitoring load reads the plan first (free) to tell whether its place is beyond the plan's.
		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', `${ROOT}/usage`, {}, undefined],
			['POST', `${ROOT}/helper/cargarRut`, {}, { rut: fresh, isMonitoring: true, includeBureau: true }],
		]);
		expect(sb.requests[1].headers['content-type']).toMatch(/^application\/json/);
		expect(sb.usage().paidLoads).toBe(before + 1);
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.rut).toBe(fresh);
		// Loaded: the RUT can now be read for free.
		expect((await rawGet(sb, `${ROOT}/helper/resumen?rut=${fresh}`)).status).toBe(200);
	});

	test('the switches default to false', async () => {
		await run({ resource: 'rut', operation: 'load', rut: '22222222-2' });
		expect(sb.requests[0].body).toEqual({ rut: '22222222-2', isMonitoring: false, includeBureau: false });
	});
});

describe('compliance → loadProfile', () => {
	test('POST /webhook/compliance/cargarPerfil with the §4.2 body; webhookId comes first and matches the later event', async () => {
		const { items } = await run({
			resource: 'compliance',
			operation: 'loadProfile',
			fullName: `  ${KNOWN_NAMES.critical}  `,
			personType: 'juridical',
			searchErrors: 1,
			isMonitoring: false,
		});

		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				`${ROOT}/webhook/compliance/cargarPerfil`,
				{},
				{ fullName: KNOWN_NAMES.critical, isMonitoring: false, isJuridicalPerson: true, searchErrors: 1 },
			],
		]);
		expect(items).toHaveLength(1);
		const json = items[0].json;
		expect(Object.keys(json)[0]).toBe('webhookId');
		expect(typeof json.webhookId).toBe('number');
		expect(typeof json.message).toBe('string');
		expect(json).toMatchObject({ fullName: KNOWN_NAMES.critical, isJuridicalPerson: true, searchErrors: 1 });

		const delivery = await sb.waitForDelivery(json.webhookId as number, 5000);
		expect((delivery.event as { webhookId: number }).webhookId).toBe(json.webhookId);
	});

	test('a natural person is sent with isJuridicalPerson false', async () => {
		const { items } = await run({ resource: 'compliance', operation: 'loadProfile', fullName: 'Ana Soto', personType: 'natural', searchErrors: 0 });
		expect(sb.requests.map((r) => r.body)).toEqual([
			{ fullName: 'Ana Soto', isMonitoring: false, isJuridicalPerson: false, searchErrors: 0 },
		]);
		// Let the screening finish here: otherwise its status can change from PROCESSING to SUCCESS
		// between the two reads of the List Profiles test below.
		await sb.waitForDelivery(items[0].json.webhookId as number, 5000);
	});
});

describe.each([
	['getUsage', '/usage'],
	['listProfiles', '/profiles'],
])('account → %s', (operation, path) => {
	test(`GET ${path}; the output is the service's data`, async () => {
		const { items } = await run({ resource: 'account', operation });
		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([['GET', `${ROOT}${path}`, {}, undefined]]);
		// Usage changes with every read, so compare it with a read made after the node's.
		const expected = await serviceData(path);
		if (operation === 'getUsage') {
			expect(Object.keys(items[0].json).sort()).toEqual(Object.keys(expected).sort());
		} else {
			expect(items[0].json).toEqual(expected);
		}
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});
