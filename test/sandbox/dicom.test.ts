/**
 * The commercial bulletin's Dicom reads (addendum A1, A2) in the sandbox (their paths are checked
 * in addendum.test.ts): the known RUTs' cases and query history, pages, the "not loaded" answer,
 * and faults and the rate limit like every other endpoint. Expected values come from the addendum
 * and from the sandbox's other answers, never from its Dicom code.
 */
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import * as A from '../../sandbox/schemas-addendum';
import * as S from '../../sandbox/schemas';
import { call, mod11, V2 } from './helpers';

const cases = (rut: string) => `${V2}/helper/boletin/${rut}/boletinDicom`;
const queries = (rut: string, page?: number | string) => `${V2}/helper/boletin/${rut}/consultasDicom${page === undefined ? '' : `?page=${page}`}`;
const NOT_LOADED = { success: false, code: 404, error: 'Recurso no encontrado' };

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: Object.values(KNOWN_RUTS) });
});
afterAll(() => sb.close());
beforeEach(() => {
	sb.resetLog();
	sb.configure({ rateLimit: undefined });
});

async function data(url: string) {
	const answer = await call(sb, 'GET', url);
	expect([url, answer.status]).toEqual([url, 200]);
	return answer.json.data;
}

/** Every page of a RUT's query history, read until the last page the service reports. */
async function allPages(rut: string) {
	const pages = [await data(queries(rut, 1))];
	while (pages.length < pages[0].totalPages) pages.push(await data(queries(rut, pages.length + 1)));
	return pages;
}

describe('A1 cases of the known RUTs', () => {
	test.each([
		['indebted', KNOWN_RUTS.indebted],
		['bankrupt', KNOWN_RUTS.bankrupt],
	])('%s has unpaid cases; they are the summary\'s SourceA, in count and amount; a case it paid is listed, cleared, and counted nowhere', async (_kind, rut) => {
		type Case = { deudaActiva: boolean; montoImpago: number; fechaDesactivacion: string | null };
		const dicom = await data(cases(rut));
		expect(A.dicomCases.safeParse(dicom).error?.issues ?? []).toEqual([]);
		expect(dicom.cantidad).toBe(dicom.casos.length);
		const unpaid = dicom.casos.filter((c: Case) => c.deudaActiva);
		expect(unpaid.length).toBeGreaterThan(0);
		expect(unpaid.every((c: Case) => c.fechaDesactivacion === null && c.montoImpago > 0)).toBe(true);
		expect(dicom.casos.filter((c: Case) => !c.deudaActiva).every((c: Case) => c.fechaDesactivacion !== null)).toBe(true);
		// The sandbox's own choice (README): Dicom is its SourceA, so the summary tells the same story.
		const summary = await data(`${V2}/helper/resumen?rut=${rut}`);
		expect(unpaid.length).toBe(summary.boletinComercial.casosSourceA);
		expect(unpaid.reduce((total: number, c: Case) => total + c.montoImpago, 0)).toBe(summary.boletinComercial.MontoSourceA);
		expect(dicom.cantidadConsultas).toBe(dicom.consultas.length);
	});

	test('clean has no case but may have been looked up', async () => {
		const dicom = await data(cases(KNOWN_RUTS.clean));
		expect([dicom.cantidad, dicom.casos]).toEqual([0, []]);
		expect(dicom.cantidadConsultas).toBe(dicom.consultas.length);
	});

	test('the same RUT gives the same record in another sandbox; another RUT differs', async () => {
		const other = await startSandbox({ preloadedRuts: [KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt] });
		try {
			const again = await call(other, 'GET', cases(KNOWN_RUTS.indebted));
			expect(again.json.data).toEqual(await data(cases(KNOWN_RUTS.indebted)));
			expect((await call(other, 'GET', cases(KNOWN_RUTS.bankrupt))).json.data).not.toEqual(again.json.data);
		} finally {
			await other.close();
		}
	});
});

describe('A2 query history, page by page', () => {
	test('as the READMEs say, clean was looked up 3 times (1 page), indebted 27 (3 pages), bankrupt 45 (5 pages); the pages together are A1\'s consultas, in order', async () => {
		for (const [rut, total, count] of [
			[KNOWN_RUTS.clean, 3, 1],
			[KNOWN_RUTS.indebted, 27, 3],
			[KNOWN_RUTS.bankrupt, 45, 5],
		] as const) {
			const pages = await allPages(rut);
			for (const p of pages) expect(A.dicomQueriesPage.safeParse(p).error?.issues ?? []).toEqual([]);
			expect([rut, pages.length, pages[0].cantidad]).toEqual([rut, count, total]);
			expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
			expect(new Set(pages.map((p) => p.totalPages))).toEqual(new Set([pages.length]));
			const entries = pages.flatMap((p) => p.casos);
			const a1 = await data(cases(rut));
			expect(entries).toEqual(a1.consultas);
			expect(pages.every((p) => p.cantidad === entries.length)).toBe(true);
			expect(pages.slice(0, -1).every((p) => p.casos.length === pages[0].casos.length)).toBe(true);
		}
	});

	test('no page is page 1; a page past the last is empty; a page that is not a positive whole number is a 400', async () => {
		const rut = KNOWN_RUTS.indebted;
		expect(await data(queries(rut))).toEqual(await data(queries(rut, 1)));
		const first = await data(queries(rut, 1));
		expect(await data(queries(rut, first.totalPages + 1))).toEqual({ ...first, page: first.totalPages + 1, casos: [] });
		for (const bad of ['0', '-1', 'abc', '1.5', '']) {
			const answer = await call(sb, 'GET', queries(rut, bad));
			expect([bad, answer.status, S.v2Error.safeParse(answer.json).success]).toEqual([bad, 400, true]);
		}
	});
});

describe('account rules, faults and the rate limit', () => {
	test('an unloaded RUT gets the usual "not loaded" answer from both reads, counted as such; a malformed one a 400', async () => {
		const unloaded = `7712345-${mod11(7_712_345)}`;
		const before = sb.usage().notFoundReads;
		for (const url of [cases(unloaded), queries(unloaded, 1)]) {
			const answer = await call(sb, 'GET', url);
			expect([url, answer.status, answer.json]).toEqual([url, 404, NOT_LOADED]);
		}
		expect(sb.usage().notFoundReads).toBe(before + 2);
		const badCheck = `7712345-${mod11(7_712_345) === '1' ? '2' : '1'}`;
		expect((await call(sb, 'GET', cases(badCheck))).status).toBe(400);
		sb.loadRut(unloaded);
		expect((await call(sb, 'GET', cases(unloaded))).status).toBe(200);
	});

	test('a test header forces a fault once; failNext can wait for page 2 of one RUT and let page 1 through', async () => {
		const rut = KNOWN_RUTS.indebted;
		const forced = await call(sb, 'GET', cases(rut), { headers: { 'x-sandbox-fault': '503' } });
		expect([forced.status, forced.headers.get('retry-after')]).toEqual([503, '1']);
		expect((await call(sb, 'GET', cases(rut), { headers: { 'x-sandbox-fault': '503' } })).status).toBe(200);

		sb.failNext(429, 1, { path: queries(rut), query: { page: '2' } });
		expect((await call(sb, 'GET', queries(rut, 1))).status).toBe(200);
		expect((await call(sb, 'GET', queries(KNOWN_RUTS.bankrupt, 2))).status).toBe(200);
		const limited = await call(sb, 'GET', queries(rut, 2));
		expect([limited.status, limited.headers.get('retry-after'), limited.json]).toEqual([429, '1', { success: false, code: 429, error: 'Demasiadas solicitudes' }]);
		expect((await call(sb, 'GET', queries(rut, 2))).status).toBe(200);
	});

	test('the rate limit counts these reads with the others', async () => {
		let now = Date.UTC(2026, 0, 1, 0, 0, 0, 100);
		const timed = await startSandbox({ preloadedRuts: [KNOWN_RUTS.indebted], now: () => now, rateLimit: { perSecond: 2 } });
		try {
			const statuses = [];
			for (const url of [`${V2}/usage`, cases(KNOWN_RUTS.indebted), queries(KNOWN_RUTS.indebted, 1), cases(KNOWN_RUTS.indebted)]) {
				statuses.push((await call(timed, 'GET', url)).status);
			}
			expect(statuses).toEqual([200, 200, 429, 429]);
			now += 1000;
			expect((await call(timed, 'GET', queries(KNOWN_RUTS.indebted, 2))).status).toBe(200);
		} finally {
			await timed.close();
		}
	});
});
