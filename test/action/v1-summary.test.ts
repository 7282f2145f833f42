// V1 Get Summary and Load against the sandbox: the request (path, query, body), the output, the
// "Include Corporate Mesh and Gazette Data" switch, and Simplify giving the same record as V2.
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/service/record';
import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, rawGet, runNode } from './context';

const sandbox = useSandbox();

const summaryOf = (rut: string, extra: Record<string, unknown> = {}) => ({
	apiVersion: 'v1',
	resource: 'v1Rut',
	operation: 'getSummary',
	rut,
	...extra,
});

test('Get Summary: GET /api/v1/helper/{rut}/summary without a query, output is the service data', async () => {
	const rut = KNOWN_RUTS.indebted;
	const { items } = await runNode({ ...credentialsOf(sandbox), params: summaryOf('76.222.222-1') });
	expect(sandbox.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['GET', `/api/v1/helper/${rut}/summary`, {}, undefined],
	]);
	const direct = await rawGet(sandbox, `/api/v1/helper/${rut}/summary`);
	expect(items.map((i) => i.json)).toEqual([direct.body.data]);
});

test('"Include Corporate Mesh and Gazette Data" sends complete=true and returns the longer summary', async () => {
	const rut = KNOWN_RUTS.clean;
	const { items } = await runNode({ ...credentialsOf(sandbox), params: summaryOf(rut, { complete: true }) });
	expect(sandbox.requests.map((r) => [r.path, r.query])).toEqual([[`/api/v1/helper/${rut}/summary`, { complete: 'true' }]]);
	const complete = await rawGet(sandbox, `/api/v1/helper/${rut}/summary?complete=true`);
	const plain = await rawGet(sandbox, `/api/v1/helper/${rut}/summary`);
	expect(items[0].json).toEqual(complete.body.data);
	expect(Object.keys(items[0].json).length).toBeGreaterThan(Object.keys(plain.body.data).length);
});

test('Convert Dates to ISO 8601 leaves V1 timestamps (already ISO) as they are', async () => {
	const rut = KNOWN_RUTS.clean;
	const { items } = await runNode({ ...credentialsOf(sandbox), params: summaryOf(rut, { isoDates: true }) });
	const direct = await rawGet(sandbox, `/api/v1/helper/${rut}/summary`);
	expect(items[0].json.cobranzaLaboralLastUpdate).toBe(direct.body.data.cobranzaLaboralLastUpdate);
	// MM/YYYY periods (the bank-debt date) become YYYY-MM.
	const [month, year] = String(direct.body.data.deudaBancariaSummary.date).split('/');
	expect((items[0].json.deudaBancariaSummary as { date: string }).date).toBe(`${year}-${month}`);
});

async function simplified(version: 'v1' | 'v2', rut: string) {
	const { items } = await runNode({
		...credentialsOf(sandbox),
		params: { apiVersion: version, resource: version === 'v1' ? 'v1Rut' : 'rut', operation: 'getSummary', rut, simplify: true },
	});
	expect(items).toHaveLength(1);
	return items[0].json;
}

test('Simplify gives exactly the fields of the V2 Simplify, in the documented order', async () => {
	const v1 = await simplified('v1', KNOWN_RUTS.indebted);
	const v2 = await simplified('v2', KNOWN_RUTS.indebted);
	expect(Object.keys(v1)).toEqual(Object.keys(v2));
	expect(Object.keys(v1)).toEqual(SIMPLIFIED_FIELDS);
});

// Fields V1 cannot carry like V2: V1 does not report failed helpers nor whether Bureau data is in
// (so it names no field as left out), and writes fechaCarga in its own format.
const V2_ONLY: string[] = ['failedHelpers', 'leftOutFields', 'loadedOn'];

test.each(Object.entries(KNOWN_RUTS))('Simplify on the %s RUT: same values as V2 wherever V1 carries the data', async (_kind, rut) => {
	const v1 = await simplified('v1', rut);
	const v2 = await simplified('v2', rut);
	for (const field of SIMPLIFIED_FIELDS.map(String)) {
		if (V2_ONLY.includes(field)) continue;
		expect([field, v1[field]]).toEqual([field, v2[field]]);
	}
	expect([v1.failedHelpers, v1.leftOutFields]).toEqual([[], []]);
});

test('Simplify reads the V1 summary fields the service sent', async () => {
	for (const rut of [KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt, KNOWN_RUTS.critical]) {
		const raw = (await rawGet(sandbox, `/api/v1/helper/${rut}/summary`)).body.data;
		const s = await simplified('v1', rut);
		const count = (table: string) => raw.compliance.summary.find((row: { table: string }) => row.table === table).countResults;
		expect(s).toMatchObject({
			rut,
			name: raw.sii.razonSocial,
			classificationLabel: raw.creditScoring.classificationLabel,
			classificationPercentage: raw.creditScoring.classificationPercentage,
			bulletinCasesSourceA: raw.boletinComercialSummary.casesSourceA,
			bulletinAmountSourceB: raw.boletinComercialSummary.amountSourceB,
			activeCivilCases: raw.judicialSummary.civilActiveCases,
			activeJudicialCases:
				raw.judicialSummary.civilActiveCases + raw.judicialSummary.cobranzaActiveCases + raw.judicialSummary.laboralActiveCases,
			overdueBankDebt: raw.deudaBancariaSummary.deudaDirectaVencida + raw.deudaBancariaSummary.deudaDirectaMorosa,
			writtenOffBankDebt: raw.deudaBancariaSummary.deudaDirectaCastigada,
			complianceRisk: raw.compliance.risk,
			compliancePepChile: count('PEP Chile'),
			compliancePublicOfficials: count('Funcionarios Públicos'),
			complianceCriminal: count('Penal'),
			complianceNews: count('Noticias'),
			loadedOn: raw.fechaCarga,
		});
	}
	// The traits the sandbox promises for these RUTs show through.
	expect((await simplified('v1', KNOWN_RUTS.bankrupt)).bankruptcy).toBe(true);
	expect((await simplified('v1', KNOWN_RUTS.clean)).bankruptcy).toBe(false);
	expect((await simplified('v1', KNOWN_RUTS.critical)).complianceRisk).toBe('critical');
	expect(Number((await simplified('v1', KNOWN_RUTS.indebted)).activeCivilCases)).toBeGreaterThan(0);
});

test('Load: POST /api/v1/helper/loadRut with {rut, isMonitoring, includeBureau}; the same RUT twice is loaded once', async () => {
	const rut = '13.131.313-6';
	const params = { apiVersion: 'v1', resource: 'v1Rut', operation: 'load', rut, isMonitoring: true, includeBureau: true };
	const before = sandbox.usage().paidLoads;
	const { items } = await runNode({ ...credentialsOf(sandbox), params: [params, { ...params, rut: '131313136' }] });
	// A monitoring load reads the plan first (free) to tell whether its place is beyond the plan's.
	expect(sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['GET', '/api/clients/v2/usage', undefined],
		['POST', '/api/v1/helper/loadRut', { rut: '13131313-6', isMonitoring: true, includeBureau: true }],
	]);
	expect(sandbox.requests[1].headers['content-type']).toContain('application/json');
	expect(sandbox.usage().paidLoads).toBe(before + 1);
	expect(items).toHaveLength(2);
	expect(items.map((i) => i.json.rut)).toEqual(['13131313-6', '13131313-6']);
	expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);

	// The RUT is now readable, with the Bureau's third source present.
	sandbox.resetLog();
	const summary = await simplified('v1', '13131313-6');
	expect(sandbox.requests.map((r) => r.status)).toEqual([200]);
	expect(summary.bulletinCasesSourceC).not.toBeNull();
});
