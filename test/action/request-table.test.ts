// What every operation sends, written out from the interface spec (§4.1, §4.2) and its addendum
// (A1, A2, A5, A7), not from the node: method, version root and path, query, and when it may pay.
// Each operation runs against the sandbox at its defaults and the requests the sandbox received
// must be the table's, so a change to how operations are built cannot change what they send.
import { formatRut, KNOWN_RUTS, type RecordedRequest } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, type Params } from './context';

const RUT = KNOWN_RUTS.indebted;
const sb = useSandbox({ complianceDelayMs: 20 }, [RUT]);

/**
 * always: the operation is itself a paid call; ifNotLoaded: a free read that pays for a load only
 * when Load RUT If Not Loaded is on and the RUT is not loaded; never: a free read of the account.
 */
type Pays = 'always' | 'ifNotLoaded' | 'never';

interface Row {
	version: 'v2' | 'v1';
	resource: string;
	operation: string;
	method: 'GET' | 'POST';
	/** Version root and path; {rut} is the item's RUT. */
	path: string;
	query: Record<string, string>;
	pays: Pays;
	/** A paged read: the first request asks for page 1, the ones after it for the pages that follow. */
	paged?: true;
}

const row = (version: Row['version'], resource: string, operation: string, method: Row['method'], path: string, pays: Pays, query: Row['query'] = {}): Row => ({
	version,
	resource,
	operation,
	method,
	path,
	query,
	pays,
	...('page' in query ? { paged: true as const } : {}),
});

const V2 = '/api/clients/v2';
const V1 = '/api/v1';

const TABLE: Row[] = [
	row('v2', 'rut', 'getSummary', 'GET', `${V2}/helper/resumen`, 'ifNotLoaded', { rut: '{rut}' }),
	row('v2', 'rut', 'load', 'POST', `${V2}/helper/cargarRut`, 'always'),
	row('v2', 'commercialBulletin', 'getDicomCases', 'GET', `${V2}/helper/boletin/{rut}/boletinDicom`, 'ifNotLoaded'),
	row('v2', 'commercialBulletin', 'getDicomQueries', 'GET', `${V2}/helper/boletin/{rut}/consultasDicom`, 'ifNotLoaded', { page: '1' }),
	row('v2', 'judicial', 'getCivilCases', 'GET', `${V2}/helper/judicial/{rut}/civil`, 'ifNotLoaded'),
	row('v2', 'judicial', 'getCollectionCases', 'GET', `${V2}/helper/judicial/{rut}/cobranza`, 'ifNotLoaded'),
	row('v2', 'judicial', 'getLaborCases', 'GET', `${V2}/helper/judicial/{rut}/laboral`, 'ifNotLoaded'),
	row('v2', 'laborCollection', 'getPensionArrears', 'GET', `${V2}/helper/cobranzaLaboral/{rut}/moraPrevisional`, 'ifNotLoaded'),
	row('v2', 'laborCollection', 'getPensionInfractions', 'GET', `${V2}/helper/cobranzaLaboral/{rut}/infraccionesPrevisionales`, 'ifNotLoaded', { page: '1' }),
	row('v2', 'laborCollection', 'getLaborFines', 'GET', `${V2}/helper/cobranzaLaboral/{rut}/multaLaboral`, 'ifNotLoaded'),
	row('v2', 'creditScore', 'get', 'GET', `${V2}/creditScore/{rut}`, 'ifNotLoaded'),
	row('v2', 'legal', 'getCorporateMesh', 'GET', `${V2}/helper/legal/{rut}/mallaSocietaria`, 'ifNotLoaded'),
	row('v2', 'compliance', 'getByRut', 'GET', `${V2}/helper/compliance/{rut}`, 'ifNotLoaded'),
	row('v2', 'compliance', 'loadProfile', 'POST', `${V2}/webhook/compliance/cargarPerfil`, 'always'),
	row('v2', 'account', 'getUsage', 'GET', `${V2}/usage`, 'never'),
	row('v2', 'account', 'listProfiles', 'GET', `${V2}/profiles`, 'never'),
	row('v1', 'v1Rut', 'downloadSummary', 'GET', `${V1}/integration/{rut}/downloadSummary`, 'ifNotLoaded', { format: 'pdf' }),
	row('v1', 'v1Rut', 'getIdentification', 'GET', `${V1}/integration/helper/identification/{rut}`, 'ifNotLoaded'),
	row('v1', 'v1Rut', 'getSummary', 'GET', `${V1}/helper/{rut}/summary`, 'ifNotLoaded'),
	row('v1', 'v1Rut', 'load', 'POST', `${V1}/helper/loadRut`, 'always'),
	row('v1', 'v1Judicial', 'getAllCases', 'GET', `${V1}/integration/helper/judicial/{rut}`, 'ifNotLoaded'),
	row('v1', 'v1Judicial', 'getCivilCases', 'GET', `${V1}/helper/{rut}/getCivilCases`, 'ifNotLoaded'),
	row('v1', 'v1Judicial', 'getCollectionCases', 'GET', `${V1}/helper/{rut}/getCobranzaCases`, 'ifNotLoaded'),
	row('v1', 'v1Judicial', 'getLaborCases', 'GET', `${V1}/helper/{rut}/getLaboralCases`, 'ifNotLoaded'),
	row('v1', 'v1LaborCollection', 'getPensionArrears', 'GET', `${V1}/helper/{rut}/getMoraPrevisionalCases`, 'ifNotLoaded'),
	row('v1', 'v1LaborCollection', 'getLaborFines', 'GET', `${V1}/helper/{rut}/getMultaLaboralCases`, 'ifNotLoaded'),
	// The reference sample's root is the node's default for the credit score (spec §4.2).
	row('v1', 'v1CreditScore', 'get', 'GET', '/api/external/v1/notification/creditScoring/{rut}/getByRut', 'ifNotLoaded'),
	row('v1', 'v1Legal', 'getOfficialGazette', 'GET', `${V1}/helper/{rut}/getOfficialDiary`, 'ifNotLoaded'),
	row('v1', 'v1Legal', 'getCorporateMesh', 'GET', `${V1}/helper/{rut}/mallaSocietaria`, 'ifNotLoaded'),
	row('v1', 'v1Compliance', 'loadProfile', 'POST', `${V1}/webhook/loadProfile`, 'always'),
];

/** The paid load of each version, which Load RUT If Not Loaded sends. */
const LOADS = { v2: `${V2}/helper/cargarRut`, v1: `${V1}/helper/loadRut` };

type Sent = Pick<RecordedRequest, 'method' | 'path' | 'query'>;
const sent = (requests: RecordedRequest[]): Sent[] => requests.map(({ method, path, query }) => ({ method, path, query }));
const expected = (r: Row, rut: string): Sent => ({
	method: r.method,
	path: r.path.replace('{rut}', rut),
	query: Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, v.replace('{rut}', rut)])),
});

/** The table's request, then, for a paged read, the same request for each page after the first that the sandbox sent. */
const expectedAll = (r: Row, rut: string, requests: RecordedRequest[]): Sent[] => {
	const first = expected(r, rut);
	if (!r.paged) return [first];
	return requests.map((_request, i) => ({ ...first, query: { ...first.query, page: String(i + 1) } }));
};

const params = (r: Row, rut: string, extra: Params = {}): Params => ({
	apiVersion: r.version,
	resource: r.resource,
	operation: r.operation,
	rut,
	// One name per version: the service refuses a second screening of a name still active.
	fullName: `Comercial Prueba Tabla ${r.version} Limitada`,
	...extra,
});

/** A RUT of its own for each test that needs one the account has not loaded. */
let nextBody = 78_100_000;
const unloadedRut = () => formatRut(nextBody++);

test('the table lists every operation of the node once', async () => {
	const { RESOURCES } = await import('../../nodes/RiskInfo/actions/registry');
	const listed = Object.entries(RESOURCES).flatMap(([version, resources]) =>
		resources.flatMap((r) => r.operations.map((o) => `${version} ${r.value} ${o.value}`)),
	);
	// Check Answers sends many free reads, not one: test/action/check-answers.test.ts lists them.
	expect(TABLE.map((r) => `${r.version} ${r.resource} ${r.operation}`).sort()).toEqual(listed.filter((o) => o !== 'v2 account checkAnswers').sort());
});

test.each(TABLE.map((r) => [`${r.version} ${r.resource} ${r.operation}`, r] as const))(
	'%s at its defaults sends the one request of the table',
	async (_name, r) => {
		const { items } = await runNode({ ...credentialsOf(sb), params: params(r, RUT) });
		expect(sent(sb.requests)).toEqual(expectedAll(r, RUT, sb.requests));
		// A paid operation says on its item that it paid; a read does not.
		expect(items[0].json.paid !== undefined).toBe(r.pays === 'always');
	},
);

test.each(TABLE.filter((r) => r.pays !== 'always').map((r) => [`${r.version} ${r.resource} ${r.operation}`, r] as const))(
	'%s with Load RUT If Not Loaded on, for a RUT not loaded, pays only as the table says',
	async (_name, r) => {
		const rut = unloadedRut();
		await runNode({ ...credentialsOf(sb), params: params(r, rut, { loadIfMissing: true }) });
		const read = expected(r, rut);
		if (r.pays === 'never') {
			expect(sent(sb.requests)).toEqual([read]);
			return;
		}
		const [first, load, ...again] = sb.requests;
		expect(sent([first, load])).toEqual([read, { method: 'POST', path: LOADS[r.version], query: {} }]);
		expect(load.body).toMatchObject({ rut });
		expect(sent(again)).toEqual(expectedAll(r, rut, again));
	},
);
