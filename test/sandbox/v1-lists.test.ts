/**
 * The V1 list reads as the service's documentation shows them (addendum A6) and all judicial cases
 * in one read (A7), in the sandbox: the addendum's field names, each root's date form, and the same
 * facts as the summaries (counts, amounts, states) and as each other. Expected values come from the
 * sandbox's other answers (spec §2.3, §2.4), never from its list code.
 */
import { formatRut, KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, EXT, V1 } from './helpers';

const SEEDED = Array.from({ length: 25 }, (_, n) => formatRut(79_000_000 + 7_919 * n));
const RUTS = [...Object.values(KNOWN_RUTS), ...SEEDED];
const LISTS = ['getCivilCases', 'getCobranzaCases', 'getLaboralCases', 'getMoraPrevisionalCases', 'getMultaLaboralCases', 'getOfficialDiary'];

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: RUTS });
});
afterAll(() => sb.close());

async function data(url: string) {
	const answer = await call(sb, 'GET', url);
	expect([url, answer.status]).toEqual([url, 200]);
	return answer.json.data;
}

type Row = Record<string, any>;
const read = (rut: string, list: string, root = V1): Promise<Row[]> => data(`${root}/helper/${rut}/${list}`);
const count = (rows: Row[], field: string, value: unknown) => rows.filter((r) => r[field] === value).length;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** DD-MM-YYYY HH:MM:SS as the instant it names (UTC, as the sandbox writes every date). */
function stampMs(stamp: string): number {
	const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(stamp);
	if (!m) throw new Error(`not a DD-MM-YYYY HH:MM:SS stamp: ${stamp}`);
	return Date.UTC(+m[3], +m[2] - 1, +m[1], +m[4], +m[5], +m[6]);
}

test('the lists hold what the V1 summary counts: cases by state, fines paid and their amounts, arrears per employee, gazette entries', async () => {
	let seen = { cases: 0, fines: 0, arrears: 0, gazette: 0 };
	for (const rut of RUTS) {
		const summary = await data(`${V1}/helper/${rut}/summary`);
		const j = summary.judicialSummary;
		const civil = await read(rut, 'getCivilCases');
		const cobranza = await read(rut, 'getCobranzaCases');
		const laboral = await read(rut, 'getLaboralCases');
		expect([rut, civil.length, count(civil, 'estado', 'Activo'), count(civil, 'estado', 'Concluido')]).toEqual([rut, j.civilFiledCases, j.civilActiveCases, j.civilConcludedCases]);
		expect([rut, cobranza.length, count(cobranza, 'estado', 'Activo')]).toEqual([rut, j.cobranzaFiledCases, j.cobranzaActiveCases]);
		expect([rut, laboral.length, count(laboral, 'estado', 'Activo')]).toEqual([rut, j.laboralFiledCases, j.laboralActiveCases]);
		const fines = await read(rut, 'getMultaLaboralCases');
		const arrears = await read(rut, 'getMoraPrevisionalCases');
		if (summary.multaLaboralSummary) {
			const m = summary.multaLaboralSummary;
			const paid = fines.filter((f) => f.estado === 'Pagada');
			expect([rut, fines.length, sum(fines.map((f) => f.montoClp)), paid.length, sum(paid.map((f) => f.montoClp))]).toEqual([rut, m.totalFines, m.totalFinesAmount, m.paidFines, m.finesPaidAmount]);
			expect([rut, arrears.length, new Set(arrears.map((a) => `${a.periodo} ${a.afp}`)).size]).toEqual([rut, summary.moraPrevisionalSummary.employees, summary.moraPrevisionalSummary.totalCases]);
		}
		// The gazette entries of §2.4, with the record keeping A6 adds.
		const gazette = await read(rut, 'getOfficialDiary');
		const download = (await call(sb, 'GET', `${V1}/integration/${rut}/downloadSummary?format=json`)).json;
		const diario = Object.entries(download.diarioOficial)
			.filter(([key]) => key !== 'lastUpdate')
			.map(([, entry]) => entry);
		expect(gazette.map(({ fecha, razonSocial, linkPdf, seccion, socios }) => ({ fecha, razonSocial, linkPdf, seccion, socios }))).toEqual(diario);
		for (const row of [...gazette, ...arrears]) expect(row.scrappedRutId).toBe(summary.compliance.scrappedRutId);
		seen = { cases: seen.cases + civil.length + cobranza.length + laboral.length, fines: seen.fines + fines.length, arrears: seen.arrears + arrears.length, gazette: seen.gazette + gazette.length };
	}
	// Enough of each to mean something.
	expect(Object.values(seen).every((n) => n >= 5)).toBe(true);
});

test('/api/external/v1 answers the same records with DD-MM-YYYY HH:MM:SS dates, and the arrears without their record keeping', async () => {
	const KEPT = ['id', 'scrappedRutId', 'notified', 'activeDebt', 'deactiveDate', 'createdAt', 'updatedAt'];
	let dates = 0;
	for (const rut of RUTS.slice(0, 15)) {
		for (const list of LISTS) {
			const iso = await read(rut, list);
			const stamped = await read(rut, list, EXT);
			expect([rut, list, stamped.length]).toEqual([rut, list, iso.length]);
			stamped.forEach((record, i) => {
				const expected = list === 'getMoraPrevisionalCases' ? Object.fromEntries(Object.entries(iso[i]).filter(([k]) => !KEPT.includes(k))) : iso[i];
				expect(Object.keys(record)).toEqual(Object.keys(expected));
				for (const [key, value] of Object.entries(record)) {
					if (typeof value === 'string' && /^\d{2}-\d{2}-\d{4} /.test(value)) {
						expect([list, key, new Date(stampMs(value)).toISOString()]).toEqual([list, key, expected[key]]);
						dates++;
					} else {
						expect([list, key, value]).toEqual([list, key, expected[key]]);
					}
				}
			});
		}
	}
	expect(dates).toBeGreaterThan(20);
});

test('A7 gives the three lists of the separate reads: civil and collection the same records, labor the same cases', async () => {
	let cases = 0;
	for (const rut of RUTS) {
		const all = await data(`${V1}/integration/helper/judicial/${rut}`);
		expect(Object.keys(all).sort()).toEqual(['civil', 'cobranza', 'laboral', 'rut']);
		expect(all.rut).toBe(rut);
		expect(all.civil).toEqual(await read(rut, 'getCivilCases'));
		expect(all.cobranza).toEqual(await read(rut, 'getCobranzaCases'));
		const laboral = await read(rut, 'getLaboralCases');
		expect(all.laboral).toHaveLength(laboral.length);
		all.laboral.forEach((entry: Row, i: number) => {
			const { materia: _m, sujeto: _s, estadoActual: _e, litigantes, ...shared } = laboral[i];
			expect(entry).toMatchObject(shared);
			expect(entry.litigantes).toEqual(litigantes.map(({ abogadoDefensor: _a, ...l }: Row) => l));
		});
		cases += all.civil.length + all.cobranza.length + all.laboral.length;
	}
	expect(cases).toBeGreaterThan(10);
});

test('A7: a RUT that is not loaded answers V1\'s "not found"; the read is counted as a free read otherwise', async () => {
	const fresh = formatRut(70_123_457);
	const answer = await call(sb, 'GET', `${V1}/integration/helper/judicial/${fresh}`);
	expect([answer.status, answer.json]).toEqual([404, { success: false, message: 'Data no encontrada.' }]);
	const external = await call(sb, 'GET', `${EXT}/helper/${fresh}/getCivilCases`);
	expect([external.status, external.json]).toEqual([404, { success: false, message: 'Data no encontrada.' }]);
	const before = sb.usage();
	await data(`${V1}/integration/helper/judicial/${KNOWN_RUTS.indebted}`);
	expect(sb.usage()).toMatchObject({ paidLoads: before.paidLoads, freeReads: before.freeReads + 1 });
});
