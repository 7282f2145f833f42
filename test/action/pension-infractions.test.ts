// Labor Collection → Get Pension Infractions (addendum A5): Return All / Limit over the pages,
// read one after another through the node's one transport (its retries included), Split Into
// Items, Convert Dates on the DD/MM/YYYY dates, and Load RUT If Not Loaded. Run through n8n's
// engine against the sandbox; expected values are the sandbox's own pages, read directly.
import type { IDataObject } from 'n8n-workflow';

import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';
import { freshRuts, postsAt } from '../helpers/spend';

const sb = useSandbox({}, [KNOWN_RUTS.indebted, KNOWN_RUTS.clean]);
const RUT = KNOWN_RUTS.indebted;
const PATH = (rut: string) => `/api/clients/v2/helper/cobranzaLaboral/${rut}/infraccionesPrevisionales`;

async function run(parameters: IDataObject, inputs: IDataObject[] = [{ rut: RUT }]) {
	const result = await runRiskInfo({
		parameters: { apiVersion: 'v2', resource: 'laborCollection', operation: 'getPensionInfractions', rut: '={{ $json.rut }}', ...parameters },
		inputs,
		access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
		node: { continueOnFail: true },
	});
	expect(result.error).toBeUndefined();
	return result.items['Risk Info'];
}

/** Every page of a RUT as the sandbox answers them, read here without the node. */
async function pagesOf(sandbox: Sandbox, rut: string) {
	const get = async (page: number) =>
		((await (await fetch(`${sandbox.url}${PATH(rut)}?page=${page}`, { headers: { authorization: `Bearer ${sandbox.token}`, 'x-client-identifier': sandbox.clientId } })).json()) as { data: IDataObject }).data;
	const pages = [await get(1)];
	while (pages.length < (pages[0].totalPages as number)) pages.push(await get(pages.length + 1));
	sandbox.resetLog();
	return { pages, entries: pages.flatMap((p) => p.casos as IDataObject[]) };
}

const pageRequests = () => sb.requests.filter((r) => r.path.endsWith('/infraccionesPrevisionales')).map((r) => r.query.page);

test('Return All with Split Into Items: every page, one after another, one item per infraction carrying the total', async () => {
	const { pages, entries } = await pagesOf(sb, RUT);
	expect(pages.length).toBeGreaterThan(2);
	const items = await run({ returnAll: true, split: true });
	expect(pageRequests()).toEqual(pages.map((_, i) => String(i + 1)));
	expect(items.map((i) => i.json)).toEqual(entries.map((e) => ({ ...e, totalInfractions: pages[0].cantidad })));
	items.forEach((item) => expect(item.pairedItem).toEqual({ item: 0 }));
});

test('Split Into Items off: one item per RUT holding the infractions read, the total and when the service refreshed them', async () => {
	const { pages, entries } = await pagesOf(sb, RUT);
	const items = await run({ returnAll: true }, [{ rut: RUT }, { rut: KNOWN_RUTS.clean }]);
	expect(items.map((i) => i.json)).toEqual([
		{ ultimaActualizacion: pages[0].ultimaActualizacion, cantidad: pages[0].cantidad, casos: entries },
		{ ultimaActualizacion: expect.any(String), cantidad: 0, casos: [] },
	]);
	expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
});

test('Limit: no page is asked for once that many infractions arrived', async () => {
	const { entries } = await pagesOf(sb, RUT);
	const items = await run({ returnAll: false, limit: 12, split: true });
	expect(pageRequests()).toEqual(['1', '2']);
	expect(items.map((i) => i.json.fecha)).toEqual(entries.slice(0, 12).map((e) => e.fecha));
});

test('Convert Dates: the DD/MM/YYYY dates and the refresh stamp become ISO 8601', async () => {
	const { pages, entries } = await pagesOf(sb, RUT);
	const [item] = await run({ returnAll: true, isoDates: true });
	const iso = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-');
	expect((item.json.casos as IDataObject[]).map((c) => c.fecha)).toEqual(entries.map((e) => iso(e.fecha as string)));
	const [date, time] = (pages[0].ultimaActualizacion as string).split(' ');
	expect(item.json.ultimaActualizacion).toBe(`${date.split('-').reverse().join('-')}T${time}`);
});

test('a rate-limited page is waited out and asked again through the transport; the result is whole', async () => {
	const { pages, entries } = await pagesOf(sb, RUT);
	sb.failNext(429, 1, { path: PATH(RUT), query: { page: '2' } });
	const items = await run({ returnAll: true, split: true });
	expect(pageRequests()).toEqual(['1', '2', '2', ...pages.slice(2).map((_, i) => String(i + 3))]);
	expect(items).toHaveLength(entries.length);
});

test('Load RUT If Not Loaded: a RUT not loaded is loaded once, then its pages are read; the dry run only estimates', async () => {
	const [rut] = freshRuts(1);
	const estimate = await run({ returnAll: true, loadIfMissing: true, dryRun: true }, [{ rut }]);
	expect(estimate.map((i) => i.json)).toMatchObject([{ rut, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load' }]);
	expect(postsAt(sb)).toEqual([]);
	sb.resetLog();
	const items = await run({ returnAll: true, loadIfMissing: true }, [{ rut }]);
	expect(sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
		`GET ${PATH(rut)} 404`,
		'POST /api/clients/v2/helper/cargarRut 200',
		`GET ${PATH(rut)} 200`,
	]);
	expect(items).toHaveLength(1);
	expect(items[0].json).toMatchObject({ loadedNow: true, paid: 'RUT load', casos: expect.any(Array) });
});
