// Simplify, Split Into Items, ISO dates and "Load RUT If Not Loaded" against the sandbox. The
// simplified values are compared with the sandbox's raw summary read directly, and with the
// traits the sandbox promises for its known RUTs (sandbox/known.ts).
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/service/record';
import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, rawGet, runNode, type Params } from './context';

const ROOT = '/api/clients/v2';
const sb = useSandbox();

const run = (params: Params | Params[]) => runNode({ ...credentialsOf(sb), params });

async function raw(path: string) {
	const { status, body } = await rawGet(sb, `${ROOT}${path}`);
	expect(status).toBe(200);
	sb.resetLog();
	return body.data;
}

async function simplified(rut: string) {
	const { items } = await run({ resource: 'rut', operation: 'getSummary', rut, simplify: true });
	expect(items).toHaveLength(1);
	return items[0].json;
}

describe('Simplify', () => {
	test.each(Object.entries(KNOWN_RUTS))('%s: one flat record whose values are the raw summary\'s', async (_, rut) => {
		const r = await raw(`/helper/resumen?rut=${rut}`);
		const s = await simplified(rut);

		expect(Object.keys(s)).toEqual(SIMPLIFIED_FIELDS);
		for (const value of Object.values(s)) {
			expect(value === null || typeof value !== 'object' || Array.isArray(value)).toBe(true);
		}
		expect(s.rut).toBe(r.rut);
		expect(s.name).toBe(r.identificacion.razonSocial);
		expect(s.isLegalEntity).toBe(r.esPersonaJuridica);
		expect(s.activityStatus).toBe(r.identificacion.situacionActual);
		expect(s.hasActivities).toBe({ SI: true, NO: false }[r.identificacion.presentaActividades as string]);
		expect(s.classificationLabel).toBe(r.creditScoring.etiquetaClasificacion);
		expect(s.classificationPercentage).toBe(r.creditScoring.porcentajeClasificacion);
		expect(s.bulletinCasesSourceA).toBe(r.boletinComercial.casosSourceA);
		expect(s.bulletinCasesSourceB).toBe(r.boletinComercial.casosSourceB);
		expect(s.bulletinAmountSourceA).toBe(r.boletinComercial.MontoSourceA);
		expect(s.bulletinAmountSourceB).toBe(r.boletinComercial.MontoSourceB);
		// Loaded without Bureau data: source C is hidden or null (spec §2.2 availability rule 1).
		expect(s.bulletinCasesSourceC).toBeNull();
		expect(s.bulletinAmountSourceC).toBeNull();
		expect(s.activeCivilCases).toBe(r.judicial.casosCivilesActivos);
		expect(s.activeCollectionCases).toBe(r.judicial.cobranzaActivos);
		expect(s.activeLaborCases).toBe(r.judicial.laboralActivos);
		expect(s.activeJudicialCases).toBe(r.judicial.casosCivilesActivos + r.judicial.cobranzaActivos + r.judicial.laboralActivos);
		expect(s.overdueBankDebt).toBe(r.deudaBancaria.deudaDirectaVencida + r.deudaBancaria.deudaDirectaMorosa);
		expect(s.writtenOffBankDebt).toBe(r.deudaBancaria.deudaDirectaCastigada);
		expect(s.complianceRisk).toBe(r.compliance.riesgo);
		const lists = r.compliance.resumen;
		const count = (key: string) => lists[key].totalResultados ?? lists[key].totalResults;
		expect([
			s.compliancePepChile,
			s.compliancePepRelatives,
			s.compliancePublicOfficials,
			s.complianceInternationalLists,
			s.complianceCriminal,
			s.complianceCorporateMesh,
			s.complianceNews,
		]).toEqual(
			['pepChile', 'pepChileFamiliares', 'funcionariosPublicos', 'listasInternacionales', 'penal', 'mallaSocietaria', 'noticias'].map(count),
		);
		expect(s.failedHelpers).toEqual(r.ayudantesFallidos ?? []);
		expect(s.loadedOn).toBe(r.fechaCarga);
		expect(s.bankruptcy).toBe(
			r.judicial.boletinConcursal === true || r.creditScoring.judicialBankruptcy === true || r.judicial.casosQuiebra > 0,
		);
	});

	test('clean: no active cases, no bulletin, no overdue debt, free compliance risk', async () => {
		const s = await simplified(KNOWN_RUTS.clean);
		expect(s).toMatchObject({
			isLegalEntity: true,
			activeJudicialCases: 0,
			bulletinCasesSourceA: 0,
			bulletinCasesSourceB: 0,
			bankruptcy: false,
			overdueBankDebt: 0,
			writtenOffBankDebt: 0,
			complianceRisk: 'free',
			failedHelpers: [],
		});
	});

	test('indebted: active civil cases and bulletin debt at sources A and B', async () => {
		const s = await simplified(KNOWN_RUTS.indebted);
		expect(s.activeCivilCases).toBeGreaterThan(0);
		expect(s.activeJudicialCases).toBeGreaterThanOrEqual(s.activeCivilCases as number);
		expect(s.bulletinCasesSourceA).toBeGreaterThan(0);
		expect(s.bulletinCasesSourceB).toBeGreaterThan(0);
		expect(s.bulletinAmountSourceA).toBeGreaterThan(0);
		expect(s.bulletinAmountSourceB).toBeGreaterThan(0);
		expect(s.bankruptcy).toBe(false);
	});

	test('critical: compliance risk critical', async () => {
		const s = await simplified(KNOWN_RUTS.critical);
		expect(s.complianceRisk).toBe('critical');
		expect(s.isLegalEntity).toBe(true);
	});

	test('bankrupt: the bankruptcy flag is set', async () => {
		expect((await simplified(KNOWN_RUTS.bankrupt)).bankruptcy).toBe(true);
	});

	test('natural person: not a legal entity', async () => {
		expect((await simplified(KNOWN_RUTS.naturalPerson)).isLegalEntity).toBe(false);
	});

	test('failing helpers are listed', async () => {
		const s = await simplified(KNOWN_RUTS.failingHelpers);
		expect(s.failedHelpers).toEqual(expect.arrayContaining(['laborCollection', 'assets']));
	});

	test('with Bureau data, source C has values', async () => {
		const rut = '44444444-4';
		sb.loadRut(rut, { includeBureau: true });
		const r = await raw(`/helper/resumen?rut=${rut}`);
		const s = await simplified(rut);
		expect(typeof r.boletinComercial.casosSourceC).toBe('number');
		expect(s.bulletinCasesSourceC).toBe(r.boletinComercial.casosSourceC);
		expect(s.bulletinAmountSourceC).toBe(r.boletinComercial.MontoSourceC);
	});
});

describe('Split Into Items', () => {
	test.each([
		['judicial', 'getCivilCases', `/helper/judicial/${KNOWN_RUTS.indebted}/civil`],
		['judicial', 'getCollectionCases', `/helper/judicial/${KNOWN_RUTS.indebted}/cobranza`],
		['judicial', 'getLaborCases', `/helper/judicial/${KNOWN_RUTS.indebted}/laboral`],
		['laborCollection', 'getPensionArrears', `/helper/cobranzaLaboral/${KNOWN_RUTS.indebted}/moraPrevisional`],
		['laborCollection', 'getLaborFines', `/helper/cobranzaLaboral/${KNOWN_RUTS.indebted}/multaLaboral`],
	])('%s → %s: one item per case, in the service\'s order', async (resource, operation, path) => {
		const r = await raw(path);
		const cases = Object.values(r).find(Array.isArray) as unknown[];
		const { items } = await run({ resource, operation, rut: KNOWN_RUTS.indebted, split: true });
		expect(items.map((i) => i.json)).toEqual(cases);
		expect(items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('the indebted RUT has civil cases to split (so the test above splits something)', async () => {
		const { items } = await run({ resource: 'judicial', operation: 'getCivilCases', rut: KNOWN_RUTS.indebted, split: true });
		expect(items.length).toBeGreaterThan(0);
	});

	test('off: one item holding the whole list', async () => {
		const { items } = await run({ resource: 'judicial', operation: 'getCivilCases', rut: KNOWN_RUTS.indebted });
		expect(items).toHaveLength(1);
		expect(Object.values(items[0].json).some(Array.isArray)).toBe(true);
	});
});

describe('Convert Dates to ISO 8601', () => {
	const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
	const STAMP = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}:\d{2}:\d{2})$/;
	const PERIOD = /^(\d{2})\/(\d{4})$/;

	/** Every [path, value] pair of a JSON value. */
	function leaves(value: unknown, path = ''): Array<[string, unknown]> {
		if (value !== null && typeof value === 'object') {
			return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}/${k}`));
		}
		return [[path, value]];
	}

	test('the summary: every service date, stamp and period is rewritten, nothing else changes', async () => {
		const r = await raw(`/helper/resumen?rut=${KNOWN_RUTS.indebted}`);
		const { items } = await run({ resource: 'rut', operation: 'getSummary', rut: KNOWN_RUTS.indebted, isoDates: true });
		const converted = new Map(leaves(items[0].json));
		let dates = 0;
		for (const [path, value] of leaves(r)) {
			let m: RegExpExecArray | null;
			let expected = value;
			if (typeof value === 'string' && (m = STAMP.exec(value))) expected = `${m[3]}-${m[2]}-${m[1]}T${m[4]}`;
			else if (typeof value === 'string' && (m = DATE.exec(value))) expected = `${m[3]}-${m[2]}-${m[1]}`;
			else if (typeof value === 'string' && (m = PERIOD.exec(value))) expected = `${m[2]}-${m[1]}`;
			if (expected !== value) dates++;
			expect([path, converted.get(path)]).toEqual([path, expected]);
		}
		expect(converted.size).toBe(leaves(r).length);
		expect(dates).toBeGreaterThan(3);
	});

	test('a split list with ISO dates', async () => {
		const { items } = await run({
			resource: 'laborCollection',
			operation: 'getLaborFines',
			rut: KNOWN_RUTS.indebted,
			split: true,
			isoDates: true,
		});
		const dates = items.map((i) => i.json.fecha).filter((d) => typeof d === 'string');
		expect(dates.length).toBeGreaterThan(0);
		for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	});

	test('Simplify with ISO dates rewrites loadedOn', async () => {
		const r = await raw(`/helper/resumen?rut=${KNOWN_RUTS.clean}`);
		const [, dd, mm, yyyy] = DATE.exec(r.fechaCarga)!;
		const { items } = await run({ resource: 'rut', operation: 'getSummary', rut: KNOWN_RUTS.clean, simplify: true, isoDates: true });
		expect(items[0].json.loadedOn).toBe(`${yyyy}-${mm}-${dd}`);
	});
});

describe('Load RUT If Not Loaded', () => {
	const loadIfMissing = (resource: string, operation: string, rut: string): Params => ({
		resource,
		operation,
		rut,
		loadIfMissing: true,
		loadIsMonitoring: true,
	});
	const seen = () => sb.requests.map((r) => `${r.method} ${r.path.replace(ROOT, '')} ${r.status}`);

	test('a RUT not loaded: read (404), one paid load, read again; loadedNow true', async () => {
		const rut = '55555555-5';
		const before = sb.usage().paidLoads;
		const { items } = await run(loadIfMissing('rut', 'getSummary', rut));
		// A monitoring load reads the plan first (free), to tell whether its place is beyond the plan's.
		expect(seen()).toEqual(['GET /helper/resumen 404', 'GET /usage 200', 'POST /helper/cargarRut 200', 'GET /helper/resumen 200']);
		expect(sb.requests[2].body).toEqual({ rut, isMonitoring: true, includeBureau: false });
		expect(sb.usage().paidLoads).toBe(before + 1);
		expect(items[0].json).toMatchObject({ rut, loadedNow: true });
	});

	test('a loaded RUT: one free read, no load; loadedNow false', async () => {
		const before = sb.usage().paidLoads;
		const { items } = await run(loadIfMissing('judicial', 'getCivilCases', KNOWN_RUTS.indebted));
		expect(seen()).toEqual([`GET /helper/judicial/${KNOWN_RUTS.indebted}/civil 200`]);
		expect(sb.usage().paidLoads).toBe(before);
		expect(items[0].json.loadedNow).toBe(false);
	});

	test('several reads of one missing RUT share one load', async () => {
		const rut = '66666666-6';
		const before = sb.usage().paidLoads;
		const { items } = await run([
			loadIfMissing('judicial', 'getCivilCases', rut),
			loadIfMissing('judicial', 'getLaborCases', rut),
			loadIfMissing('creditScore', 'get', rut),
		]);
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(sb.usage().paidLoads).toBe(before + 1);
		expect(items.every((i) => typeof i.json.loadedNow === 'boolean' && !('error' in i.json))).toBe(true);
	});

	test('off: a missing RUT is an error that says so, and nothing is loaded', async () => {
		const before = sb.usage().paidLoads;
		const { items } = await runNode({
			...credentialsOf(sb),
			continueOnFail: true,
			params: { resource: 'rut', operation: 'getSummary', rut: '77777777-7' },
		});
		expect(seen()).toEqual(['GET /helper/resumen 404']);
		expect(sb.usage().paidLoads).toBe(before);
		expect(items[0].json.error).toMatch(/not loaded/);
	});
});
