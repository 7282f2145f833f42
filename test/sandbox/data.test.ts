/** Deterministic data, known profiles, field names, date formats and the Bureau rule. */
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, mod11, V1, V2 } from './helpers';

const V2_DATE = /^\d{2}-\d{2}-\d{4}$/;
const V2_STAMP = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;
const PERIOD = /^\d{2}\/\d{4}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

async function summaries(sb: Sandbox, rut: string) {
	const v2 = await call(sb, 'GET', `${V2}/helper/resumen?rut=${rut}`);
	const v1 = await call(sb, 'GET', `${V1}/helper/${rut}/summary`);
	expect([v2.status, v1.status]).toEqual([200, 200]);
	return { v2: v2.json.data, v1: v1.json.data };
}

describe('known RUTs', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox();
		for (const rut of Object.values(KNOWN_RUTS)) sb.loadRut(rut, { includeBureau: true });
	});
	afterAll(() => sb.close());

	test('are valid RUTs in the spec form with a correct modulo-11 check character', () => {
		for (const rut of Object.values(KNOWN_RUTS)) {
			const m = /^(\d{1,8})-([\dK])$/.exec(rut);
			expect(m).not.toBeNull();
			expect(mod11(Number(m![1]))).toBe(m![2]);
		}
	});

	test('clean: no cases, no bulletin debt, free compliance, no failed helpers', async () => {
		const { v2 } = await summaries(sb, KNOWN_RUTS.clean);
		expect(v2.esPersonaJuridica).toBe(true);
		expect(v2.judicial.todosLosCasos).toBe(0);
		expect(v2.boletinComercial.MontoSourceA + v2.boletinComercial.MontoSourceB + v2.boletinComercial.MontoSourceC).toBe(0);
		expect(v2.deudaBancaria.deudaDirectaMorosa + v2.deudaBancaria.deudaDirectaVencida + v2.deudaBancaria.deudaDirectaCastigada).toBe(0);
		expect(v2.compliance.riesgo).toBe('free');
		expect(v2.ayudantesFallidos).toEqual([]);
		expect(v2.creditScoring.judicialBankruptcy).toBe(false);
	});

	test('indebted: active civil cases and commercial-bulletin debt, in both versions', async () => {
		const { v2, v1 } = await summaries(sb, KNOWN_RUTS.indebted);
		expect(v2.judicial.casosCivilesActivos).toBeGreaterThan(0);
		expect(v2.boletinComercial.casosSourceA).toBeGreaterThan(0);
		expect(v2.boletinComercial.MontoSourceA).toBeGreaterThan(0);
		expect(v2.boletinComercial.MontoSourceB).toBeGreaterThan(0);
		expect(v1.judicialSummary.civilActiveCases).toBe(v2.judicial.casosCivilesActivos);
		expect(v1.boletinComercialSummary.amountSourceA).toBe(v2.boletinComercial.MontoSourceA);
		const cases = await call(sb, 'GET', `${V2}/helper/judicial/${KNOWN_RUTS.indebted}/civil`);
		expect(cases.json.data.casos.filter((c: { estado: string }) => c.estado === 'Activo')).toHaveLength(v2.judicial.casosCivilesActivos);
	});

	test('bankrupt: bankruptcy cases, boletinConcursal, judicialBankruptcy', async () => {
		const { v2, v1 } = await summaries(sb, KNOWN_RUTS.bankrupt);
		expect(v2.judicial.casosQuiebra).toBeGreaterThan(0);
		expect(v2.judicial.boletinConcursal).toBe(true);
		expect(v2.creditScoring.judicialBankruptcy).toBe(true);
		expect(v1.boletinConcursalSummary).toBe(true);
		const score = await call(sb, 'GET', `${V1}/notification/creditScoring/${KNOWN_RUTS.bankrupt}/getByRut`);
		expect(score.json.data.quiebraJudicial).toBe(true);
	});

	test('naturalPerson: not a legal entity, natural person in compliance', async () => {
		const { v2, v1 } = await summaries(sb, KNOWN_RUTS.naturalPerson);
		expect(v2.esPersonaJuridica).toBe(false);
		expect(v2.compliance.tipoPersona).toBe('natural');
		expect(v1.compliance.personType).toBe('natural');
		expect(typeof v2.compliance.apellido).toBe('string');
	});

	test('critical: compliance riesgo critical in the summary, the compliance read and V1', async () => {
		const { v2, v1 } = await summaries(sb, KNOWN_RUTS.critical);
		expect(v2.compliance.riesgo).toBe('critical');
		expect(v1.compliance.risk).toBe('critical');
		const read = await call(sb, 'GET', `${V2}/helper/compliance/${KNOWN_RUTS.critical}`);
		expect(read.json.data.riesgo).toBe('critical');
	});

	test('failingHelpers: ayudantesFallidos lists them and their sections are null', async () => {
		const { v2, v1 } = await summaries(sb, KNOWN_RUTS.failingHelpers);
		expect(v2.ayudantesFallidos.length).toBeGreaterThan(0);
		expect(v2.cobranzaLaboral.moraPrevisional).toBeNull();
		expect(v2.bienes.vehiculos).toBeNull();
		expect(v1.moraPrevisionalSummary).toBeNull();
	});
});

describe('seeded generator', () => {
	const generic = [3_141_592, 27_182_818, 76_543_210, 99_000_001].map((b) => `${b}-${mod11(b)}`);

	test('the same RUT gives the same record in two independent sandboxes; different RUTs differ', async () => {
		const fixed = () => Date.UTC(2026, 0, 15, 10, 0, 0);
		// A second copy of the module, so its per-RUT cache is empty and the record is generated afresh.
		let fresh!: typeof import('../../sandbox');
		jest.isolateModules(() => {
			fresh = require('../../sandbox');
		});
		expect(fresh.startSandbox).not.toBe(startSandbox);
		const [a, b] = await Promise.all([startSandbox({ now: fixed, preloadedRuts: generic }), fresh.startSandbox({ now: fixed, preloadedRuts: generic })]);
		try {
			const first = await Promise.all(generic.map((r) => summaries(a, r)));
			const second = await Promise.all(generic.map((r) => summaries(b, r)));
			expect(second).toEqual(first);
			const bodies = first.map((s) => JSON.stringify({ ...s.v2, rut: '' }));
			expect(new Set(bodies).size).toBe(generic.length);
		} finally {
			await Promise.all([a.close(), b.close()]);
		}
	});

	test('fechaCarga is the load date on the sandbox clock, V2 DD-MM-YYYY and V1 ISO 8601', async () => {
		const sb = await startSandbox({ now: () => Date.UTC(2026, 2, 7, 23, 30, 0) });
		try {
			await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: generic[0] } });
			const { v2, v1 } = await summaries(sb, generic[0]);
			expect(v2.fechaCarga).toBe('07-03-2026');
			expect(v1.fechaCarga).toBe('2026-03-07T23:30:00.000Z');
		} finally {
			await sb.close();
		}
	});
});

describe('field names, formats and the Bureau rule', () => {
	let sb: Sandbox;
	const rut = KNOWN_RUTS.indebted;
	beforeAll(async () => {
		sb = await startSandbox();
	});
	afterAll(() => sb.close());

	test('odd names of the spec are kept: MontoSourceA, posturasActivasPresentadas, boletinConcursalSummary', async () => {
		sb.loadRut(rut, { includeBureau: true });
		const { v2, v1 } = await summaries(sb, rut);
		expect(Object.keys(v2.boletinComercial)).toEqual(expect.arrayContaining(['MontoSourceA', 'MontoSourceB', 'MontoSourceC']));
		expect(v2.boletinComercial).not.toHaveProperty('montoSourceA');
		expect(v2.judicial).toHaveProperty('posturasActivasPresentadas');
		expect(Object.keys(v2.judicial.posturasActivasPresentadas)).toHaveLength(39);
		expect(v1).toHaveProperty('boletinConcursalSummary');
	});

	test('V2 dates, stamps and periods; V1 ISO 8601 and YYYY-MM credit-score period', async () => {
		sb.loadRut(rut, { includeBureau: true });
		const { v2, v1 } = await summaries(sb, rut);
		expect(v2.identificacion.inicioActividades).toMatch(V2_DATE);
		expect(v2.identificacion.ultimaActualizacion).toMatch(V2_STAMP);
		expect(v2.judicial.ultimaActualizacionCiviles).toMatch(V2_STAMP);
		expect(v2.boletinComercial.variacion.periodoActual).toMatch(PERIOD);
		expect(v2.deudaBancaria.periodo).toMatch(PERIOD);
		expect(v1.boletinLaboralLastUpdate).toMatch(ISO);
		expect(v1.timestampsSubHelpers[0].lastUpdate).toMatch(ISO);
		expect(v1.compliance.createdAt).toMatch(ISO);
		const score = await call(sb, 'GET', `${V1}/notification/creditScoring/${rut}/getByRut`);
		expect(score.json.data.periodo).toMatch(/^\d{4}-\d{2}$/);
		const download = await call(sb, 'GET', `${V1}/integration/${rut}/downloadSummary?format=json`);
		expect(download.json).not.toHaveProperty('success');
		expect(download.json.judicialSummary.lastUpdate).toMatch(ISO);
	});

	test('incluyeBureau false hides SourceC; true shows it; SourceA and SourceB stay', async () => {
		await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut, includeBureau: true } });
		const withBureau = await summaries(sb, rut);
		expect(withBureau.v2.incluyeBureau).toBe(true);
		expect(typeof withBureau.v2.boletinComercial.MontoSourceC).toBe('number');
		expect(typeof withBureau.v1.boletinComercialSummary.amountSourceC).toBe('number');

		await call(sb, 'POST', `${V1}/helper/loadRut`, { body: { rut, includeBureau: false } });
		const without = await summaries(sb, rut);
		expect(without.v2.incluyeBureau).toBe(false);
		expect(without.v2.boletinComercial.MontoSourceC ?? null).toBeNull();
		expect(without.v2.boletinComercial.casosSourceC ?? null).toBeNull();
		expect(without.v1.boletinComercialSummary.amountSourceC ?? null).toBeNull();
		expect(without.v2.boletinComercial.MontoSourceA).toBe(withBureau.v2.boletinComercial.MontoSourceA);
		expect(without.v2.boletinComercial.MontoSourceB).toBe(withBureau.v2.boletinComercial.MontoSourceB);
	});
});
