// The summaries against the lists they summarise, over many generated RUTs: each kind of court case
// sits at its kind of court under its kind of number (as Chilean courts number them), the
// summaries' case counts are the lists' cases, and the commercial bulletin's SourceA counts and
// amounts are the Dicom read's unpaid cases. Expected values come from the lists the sandbox
// answers and from the spec's field names, never from the generator.
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, mod11, V1, V2 } from './helpers';

const GENERATED = [
	...Array.from({ length: 40 }, (_, i) => 76_100_000 + i * 7919),
	...Array.from({ length: 20 }, (_, i) => 9_100_000 + i * 104_729),
].map((n) => `${n}-${mod11(n)}`);
const RUTS = [...Object.values(KNOWN_RUTS), ...GENERATED];

/** Each kind of case: its court and the letter its number (ROL or RIT) starts with. */
const KINDS = {
	civil: { court: /^\d+ Juzgado Civil de /, number: /^C-\d+-\d{4}$/ },
	laboral: { court: /Juzgado de Letras del Trabajo/, number: /^[OTM]-\d+-\d{4}$/ },
	cobranza: { court: /^Juzgado de Cobranza Laboral y Previsional/, number: /^A-\d+-\d{4}$/ },
} as const;

type Case = { rol: string; tribunal: string; estado: string };

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: RUTS });
});
afterAll(() => sb.close());

const data = async (path: string) => {
	const answer = await call(sb, 'GET', path);
	expect([path, answer.status]).toEqual([path, 200]);
	return answer.json.data;
};
const count = (cases: Case[], estado: string) => cases.filter((c) => c.estado === estado).length;

test('every case sits at its kind of court under its kind of number, in the V2 lists and the V1 ones', async () => {
	const seen = { civil: 0, laboral: 0, cobranza: 0 };
	for (const rut of RUTS) {
		const all = await data(`${V1}/integration/helper/judicial/${rut}`);
		for (const kind of Object.keys(KINDS) as Array<keyof typeof KINDS>) {
			const cases: Case[] = (await data(`${V2}/helper/judicial/${rut}/${kind}`)).casos;
			seen[kind] += cases.length;
			for (const c of cases) {
				expect([rut, kind, c.tribunal]).toEqual([rut, kind, expect.stringMatching(KINDS[kind].court)]);
				expect([rut, kind, c.rol]).toEqual([rut, kind, expect.stringMatching(KINDS[kind].number)]);
			}
			// A7 holds the same cases, with a civil ROL or a labour-court RIT.
			const a7 = all[kind] as Array<{ rol?: string; rit?: string; tribunal: string }>;
			expect(a7.map((c) => [c.rol ?? c.rit, c.tribunal])).toEqual(cases.map((c) => [c.rol, c.tribunal]));
			expect(a7.every((c) => (kind === 'civil' ? c.rol !== undefined : c.rit !== undefined))).toBe(true);
		}
		const labor = (await data(`${V1}/helper/${rut}/getLaboralCases`)) as Array<{ rit: string; tribunal: string }>;
		expect(labor.map((c) => [c.rit, c.tribunal])).toEqual(all.laboral.map((c: { rit: string; tribunal: string }) => [c.rit, c.tribunal]));
	}
	// The sample is large enough to hold every kind.
	expect(Object.values(seen).every((n) => n > 0)).toBe(true);
});

test('the summaries\' case counts are the lists\' cases, kind by kind, in V2 and V1', async () => {
	for (const rut of RUTS) {
		const { judicial } = await data(`${V2}/helper/resumen?rut=${rut}`);
		const { judicialSummary: v1 } = await data(`${V1}/helper/${rut}/summary`);
		const lists: Record<string, Case[]> = {};
		for (const kind of Object.keys(KINDS)) lists[kind] = (await data(`${V2}/helper/judicial/${rut}/${kind}`)).casos;
		const listed = (kind: string) => [count(lists[kind], 'Activo'), lists[kind].length, count(lists[kind], 'Concluido')];
		expect([rut, judicial.casosCivilesActivos, judicial.casosCivilesPresentados, judicial.casosCivilesConcluidos]).toEqual([rut, ...listed('civil')]);
		expect([rut, judicial.cobranzaActivos, judicial.cobranzaPresentados, judicial.cobranzaConcluidos]).toEqual([rut, ...listed('cobranza')]);
		expect([rut, judicial.laboralActivos, judicial.laboralPresentados, judicial.laboralConcluidos]).toEqual([rut, ...listed('laboral')]);
		expect([rut, v1.civilActiveCases, v1.civilFiledCases, v1.civilConcludedCases]).toEqual([rut, ...listed('civil')]);
		expect([rut, v1.cobranzaActiveCases, v1.cobranzaFiledCases, v1.cobranzaConcludedCases]).toEqual([rut, ...listed('cobranza')]);
		expect([rut, v1.laboralActiveCases, v1.laboralFiledCases, v1.laboralConcludedCases]).toEqual([rut, ...listed('laboral')]);
	}
});

test('the bulletin\'s SourceA is the Dicom read\'s unpaid cases, in count and amount, in V2 and V1; a cleared case counts nowhere', async () => {
	let cleared = 0;
	for (const rut of RUTS) {
		const { boletinComercial: v2 } = await data(`${V2}/helper/resumen?rut=${rut}`);
		const { boletinComercialSummary: v1 } = await data(`${V1}/helper/${rut}/summary`);
		const dicom = await data(`${V2}/helper/boletin/${rut}/boletinDicom`);
		const unpaid = dicom.casos.filter((c: { deudaActiva: boolean }) => c.deudaActiva) as Array<{ montoImpago: number }>;
		const amount = unpaid.reduce((total, c) => total + c.montoImpago, 0);
		expect([rut, v2.casosSourceA, v2.MontoSourceA]).toEqual([rut, unpaid.length, amount]);
		expect([rut, v1.casesSourceA, v1.amountSourceA]).toEqual([rut, unpaid.length, amount]);
		cleared += dicom.casos.length - unpaid.length;
	}
	expect(cleared).toBeGreaterThan(0);
});

test('bulletinCase adds one unpaid case to both, and the story still adds up', async () => {
	const rut = GENERATED.find((r) => r.startsWith('76'))!;
	sb.changeRut(rut, 'bulletinCase');
	sb.changeRut(rut, 'bulletinCase');
	const { boletinComercial } = await data(`${V2}/helper/resumen?rut=${rut}`);
	const unpaid = (await data(`${V2}/helper/boletin/${rut}/boletinDicom`)).casos.filter((c: { deudaActiva: boolean }) => c.deudaActiva);
	expect([boletinComercial.casosSourceA, boletinComercial.MontoSourceA]).toEqual([unpaid.length, unpaid.reduce((t: number, c: { montoImpago: number }) => t + c.montoImpago, 0)]);
});
