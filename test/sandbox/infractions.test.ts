/**
 * Pension-contribution infractions (addendum A5) in the sandbox: the addendum's fields and dates
 * with slashes, pages like the bulletin queries, the usual loading rule, faults and the rate limit.
 * Expected values come from the addendum, the READMEs and the sandbox's other answers.
 */
import { formatRut, KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import * as A from '../../sandbox/schemas-addendum';
import * as S from '../../sandbox/schemas';
import { call, mod11, V2 } from './helpers';

const infractions = (rut: string, page?: number | string) =>
	`${V2}/helper/cobranzaLaboral/${rut}/infraccionesPrevisionales${page === undefined ? '' : `?page=${page}`}`;
const SEEDED = Array.from({ length: 20 }, (_, n) => formatRut(78_000_000 + 7_919 * n));

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: [...Object.values(KNOWN_RUTS), ...SEEDED] });
});
afterAll(() => sb.close());
beforeEach(() => sb.configure({ rateLimit: undefined }));

async function data(url: string, on = sb) {
	const answer = await call(on, 'GET', url);
	expect([url, answer.status]).toEqual([url, 200]);
	return answer.json.data;
}

async function allPages(rut: string) {
	const pages = [await data(infractions(rut, 1))];
	while (pages.length < pages[0].totalPages) pages.push(await data(infractions(rut, pages.length + 1)));
	return pages;
}

test('as the READMEs say: indebted has 23 infractions over 3 pages, bankrupt 12 over 2, clean none; every page is A5\'s shape', async () => {
	for (const [rut, total, count] of [
		[KNOWN_RUTS.indebted, 23, 3],
		[KNOWN_RUTS.bankrupt, 12, 2],
		[KNOWN_RUTS.clean, 0, 1],
	] as const) {
		const pages = await allPages(rut);
		for (const p of pages) expect(A.pensionInfractionsPage.safeParse(p).error?.issues ?? []).toEqual([]);
		expect([rut, pages.length, pages[0].cantidad, pages.flatMap((p) => p.casos).length]).toEqual([rut, count, total, total]);
		expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
		const dates = pages.flatMap((p) => p.casos.map((c: { fecha: string }) => c.fecha.split('/').reverse().join('-')));
		// Newest first.
		expect(dates).toEqual([...dates].sort().reverse());
	}
});

test('some employers have infractions whose contribution count is unknown (null); only employers with pension arrears have any', async () => {
	const entries = [];
	for (const rut of SEEDED) {
		const pages = await allPages(rut);
		const arrears = await data(`${V2}/helper/cobranzaLaboral/${rut}/moraPrevisional`);
		if (arrears.casos.length === 0) expect([rut, pages[0].cantidad]).toEqual([rut, 0]);
		entries.push(...pages.flatMap((p) => p.casos));
	}
	expect(entries.length).toBeGreaterThan(10);
	expect(entries.some((e) => e.cotizacionesMorosas === null)).toBe(true);
	expect(entries.some((e) => typeof e.cotizacionesMorosas === 'number')).toBe(true);
});

test('no page is page 1; a page past the last is empty; a page that is not a positive whole number is a 400', async () => {
	const rut = KNOWN_RUTS.indebted;
	const first = await data(infractions(rut, 1));
	expect(await data(infractions(rut))).toEqual(first);
	expect(await data(infractions(rut, first.totalPages + 1))).toEqual({ ...first, page: first.totalPages + 1, casos: [] });
	for (const bad of ['0', '-2', 'x', '2.5', '']) {
		const answer = await call(sb, 'GET', infractions(rut, bad));
		expect([bad, answer.status, S.v2Error.safeParse(answer.json).success]).toEqual([bad, 400, true]);
	}
});

test('the same RUT gives the same pages in another sandbox', async () => {
	const other = await startSandbox({ preloadedRuts: [KNOWN_RUTS.indebted] });
	try {
		expect(await data(infractions(KNOWN_RUTS.indebted, 2), other)).toEqual(await data(infractions(KNOWN_RUTS.indebted, 2)));
	} finally {
		await other.close();
	}
});

test('a RUT that is not loaded gets the usual "not loaded" answer; a malformed one a 400', async () => {
	const unloaded = `7712399-${mod11(7_712_399)}`;
	const answer = await call(sb, 'GET', infractions(unloaded, 1));
	expect([answer.status, answer.json]).toEqual([404, { success: false, code: 404, error: 'Recurso no encontrado' }]);
	expect((await call(sb, 'GET', infractions(`7712399-${mod11(7_712_399) === '1' ? '2' : '1'}`))).status).toBe(400);
});

test('faults on demand and the rate limit reach it like every other read', async () => {
	const rut = KNOWN_RUTS.indebted;
	const forced = await call(sb, 'GET', infractions(rut, 1), { headers: { 'x-sandbox-fault': '503' } });
	expect([forced.status, forced.headers.get('retry-after')]).toEqual([503, '1']);
	sb.failNext(429, 1, { path: infractions(rut), query: { page: '2' } });
	expect((await call(sb, 'GET', infractions(rut, 1))).status).toBe(200);
	expect((await call(sb, 'GET', infractions(rut, 2))).status).toBe(429);
	expect((await call(sb, 'GET', infractions(rut, 2))).status).toBe(200);

	let now = Date.UTC(2026, 0, 1, 0, 0, 0, 100);
	const timed = await startSandbox({ preloadedRuts: [rut], now: () => now, rateLimit: { perSecond: 2 } });
	try {
		const statuses = [];
		for (let page = 1; page <= 3; page++) statuses.push((await call(timed, 'GET', infractions(rut, page))).status);
		expect(statuses).toEqual([200, 200, 429]);
		now += 1000;
		expect((await call(timed, 'GET', infractions(rut, 3))).status).toBe(200);
	} finally {
		await timed.close();
	}
});
