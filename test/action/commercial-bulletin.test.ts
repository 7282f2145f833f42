// Commercial Bulletin → Get Dicom Cases and Get Dicom Queries, run in n8n's own
// engine (WorkflowExecute) against the sandbox. Expected items come from the sandbox's own answers,
// read here over HTTP, and dates are converted by this file, never by the node's code. Each run
// loads the node anew (freshRiskInfo), so mutation testing counts the Dicom operation tables, which
// are module-level values, as reached by these tests (test/MUTANTS.md). The last test talks to a
// stand-in that answers the wrong page, which the sandbox never does.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { executeFilter, type FilterValue, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

import { runRiskInfo as runPackageNode, type RiskInfoRun } from '../../harness/workflow';
import { formatRut, KNOWN_RUTS, type RecordedRequest } from '../../sandbox';
import { freshRiskInfo } from '../helpers/isolated';
import { useSandbox } from '../helpers/sandbox';
import { call } from '../sandbox/helpers';

const ROOT = '/api/clients/v2';
const casesPath = (rut: string) => `${ROOT}/helper/boletin/${rut}/boletinDicom`;
const queriesPath = (rut: string) => `${ROOT}/helper/boletin/${rut}/consultasDicom`;
const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const cases = { apiVersion: 'v2', resource: 'commercialBulletin', operation: 'getDicomCases' };
const queries = { apiVersion: 'v2', resource: 'commercialBulletin', operation: 'getDicomQueries' };

/** DD-MM-YYYY → YYYY-MM-DD in every string of an object, written here from the rule itself. */
function isoDated(entry: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, typeof v === 'string' ? v.replace(DATE, '$3-$2-$1') : v]));
}

const runRiskInfo = (run: RiskInfoRun) => runPackageNode({ ...run, type: freshRiskInfo() });
const json = (items: INodeExecutionData[]) => items.map((item) => item.json);
const pairs = (items: INodeExecutionData[]) => items.map((item) => (item.pairedItem as { item: number }).item);
const pagesAsked = (requests: RecordedRequest[], rut: string) =>
	requests.filter((r) => r.path === queriesPath(rut)).map((r) => `${r.query.page}:${r.status}`);

describe('against a sandbox with the known RUTs loaded', () => {
	const sb = useSandbox();
	const access = () => ({ baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId });

	/** What the service holds, read without the node; the log is cleared afterwards. */
	async function serviceData(path: string) {
		const answer = await call(sb, 'GET', path);
		expect([path, answer.status]).toEqual([path, 200]);
		sb.resetLog();
		return answer.json.data;
	}

	async function allEntries(rut: string) {
		const first = await serviceData(`${queriesPath(rut)}?page=1`);
		const rest = [];
		for (let page = 2; page <= first.totalPages; page++) rest.push(await serviceData(`${queriesPath(rut)}?page=${page}`));
		return { total: first.cantidad as number, pages: first.totalPages as number, entries: [first, ...rest].flatMap((p) => p.casos as IDataObject[]) };
	}

	describe('Get Dicom Cases', () => {
		test('Split Into Items gives one item per case, dates as ISO 8601, in the service\'s order, paired to the input', async () => {
			const rut = KNOWN_RUTS.indebted;
			const expected = await serviceData(casesPath(rut));
			expect(expected.casos.length).toBeGreaterThan(1);
			const result = await runRiskInfo({ access: access(), parameters: { ...cases, rut: '76.222.222-1', split: true, isoDates: true } });

			expect(result.error).toBeUndefined();
			const items = result.items['Risk Info'];
			expect(json(items)).toEqual(expected.casos.map(isoDated));
			expect(pairs(items)).toEqual(expected.casos.map(() => 0));
			expect(items.every((i) => ISO_DATE.test(String(i.json.fechaEquifax)) && ISO_DATE.test(String(i.json.fechaExpiracion)))).toBe(true);
			expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${casesPath(rut)}`]);
		});

		test('unsplit, one item keeps the cases and the queries list (consultas); the clean RUT has an empty list, not no item', async () => {
			for (const rut of [KNOWN_RUTS.bankrupt, KNOWN_RUTS.clean]) {
				const expected = await serviceData(casesPath(rut));
				const result = await runRiskInfo({ access: access(), parameters: { ...cases, rut } });
				expect(json(result.items['Risk Info'])).toEqual([expected]);
				expect(expected.consultas.length).toBeGreaterThan(0);
			}
			const clean = await serviceData(casesPath(KNOWN_RUTS.clean));
			expect([clean.cantidad, clean.casos]).toEqual([0, []]);
		});

		test('List to Split "Queries" gives one item per query instead of per case, and "Cases" picked by name one per case', async () => {
			const rut = KNOWN_RUTS.indebted;
			const expected = await serviceData(casesPath(rut));
			const result = await runRiskInfo({ access: access(), parameters: { ...cases, rut, split: true, splitList: 'queries' } });
			expect(json(result.items['Risk Info'])).toEqual(expected.consultas);
			expect(expected.consultas).not.toEqual(expected.casos);
			const picked = await runRiskInfo({ access: access(), parameters: { ...cases, rut, split: true, splitList: 'cases' } });
			expect(json(picked.items['Risk Info'])).toEqual(expected.casos);
		});

		test('the documented bulletin branch (docs/examples.md): Split Into Items then a Filter on active unpaid cases keeps the indebted and bankrupt suppliers, not the clean one', async () => {
			const suppliers = [KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt];
			const result = await runRiskInfo({
				access: access(),
				parameters: { ...cases, rut: '={{ $json.rut }}', split: true, loadIfMissing: true, isoDates: true },
				inputs: suppliers.map((rut) => ({ rut })),
			});
			// The Filter docs/examples.md describes, evaluated by n8n's own filter logic.
			const activeUnpaid = (json: IDataObject) =>
				executeFilter({
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					combinator: 'and',
					conditions: [
						{ id: '1', leftValue: json.deudaActiva as boolean, rightValue: '', operator: { type: 'boolean', operation: 'true', singleValue: true } },
						{ id: '2', leftValue: json.montoImpago as number, rightValue: 0, operator: { type: 'number', operation: 'gt' } },
					],
				} as FilterValue);
			const kept = result.items['Risk Info'].filter((item) => activeUnpaid(item.json));
			expect([...new Set(pairs(kept))].map((i) => suppliers[i])).toEqual([KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt]);
			// Not every case passes: the Filter is what picks the active unpaid ones.
			expect(kept.length).toBeLessThan(result.items['Risk Info'].length);
		});

		test('items asking for the same RUT share one request; a bad RUT and an unloaded one are error items, the bad one never sent', async () => {
			const unloaded = formatRut(77_654_321);
			const result = await runRiskInfo({
				access: access(),
				parameters: { ...cases, rut: '={{ $json.rut }}', split: '={{ $json.split }}' },
				inputs: [
					{ rut: KNOWN_RUTS.indebted, split: 'true' },
					{ rut: '12.345.678-0', split: true },
					{ rut: '762222221', split: true },
					{ rut: unloaded, split: false },
				],
				node: { onError: 'continueRegularOutput' },
			});
			expect(result.error).toBeUndefined();
			const items = result.items['Risk Info'];
			const byInput = (i: number) => items.filter((it) => (it.pairedItem as { item: number }).item === i);
			expect(json(byInput(0)).length).toBeGreaterThan(0);
			expect(json(byInput(2))).toEqual(json(byInput(0)));
			expect(byInput(1).map((i) => i.json.error)).toEqual([expect.stringMatching(/^RUT "12\.345\.678-0" is not a valid RUT/)]);
			expect(byInput(3).map((i) => i.json.error)).toEqual([expect.stringContaining(`RUT ${unloaded} is not loaded`)]);
			expect(sb.requests.map((r) => `${r.path} ${r.status}`).sort()).toEqual([`${casesPath(KNOWN_RUTS.indebted)} 200`, `${casesPath(unloaded)} 404`].sort());
		});
	});

	describe('Get Dicom Queries', () => {
		test('Return All reads every page exactly once, in order, one item per entry, each saying how many the service reported', async () => {
			const rut = KNOWN_RUTS.indebted;
			const all = await allEntries(rut);
			expect(all.pages).toBe(3);
			const result = await runRiskInfo({ access: access(), parameters: { ...queries, rut, returnAll: true } });

			expect(result.error).toBeUndefined();
			expect(pagesAsked(sb.requests, rut)).toEqual(['1:200', '2:200', '3:200']);
			expect(json(result.items['Risk Info'])).toEqual(all.entries.map((e) => ({ ...e, totalQueries: all.total })));
			expect(all.entries).toHaveLength(all.total);
		});

		test('several items: each distinct RUT\'s pages are read once, and every item gets its RUT\'s entries, paired', async () => {
			const [indebted, bankrupt] = [await allEntries(KNOWN_RUTS.indebted), await allEntries(KNOWN_RUTS.bankrupt)];
			const result = await runRiskInfo({
				access: access(),
				parameters: { ...queries, rut: '={{ $json.rut }}', returnAll: true, isoDates: true },
				inputs: [{ rut: KNOWN_RUTS.indebted }, { rut: KNOWN_RUTS.bankrupt }, { rut: '76.222.222-1' }],
			});
			const items = result.items['Risk Info'];
			const expectedOf = (a: typeof indebted) => a.entries.map((e) => ({ ...isoDated(e), totalQueries: a.total }));
			expect(json(items)).toEqual([...expectedOf(indebted), ...expectedOf(bankrupt), ...expectedOf(indebted)]);
			expect(pairs(items)).toEqual([...indebted.entries.map(() => 0), ...bankrupt.entries.map(() => 1), ...indebted.entries.map(() => 2)]);
			expect(pagesAsked(sb.requests, KNOWN_RUTS.indebted)).toEqual(['1:200', '2:200', '3:200']);
			expect(pagesAsked(sb.requests, KNOWN_RUTS.bankrupt)).toEqual(Array.from({ length: bankrupt.pages }, (_, i) => `${i + 1}:200`));
		});

		test('Limit stops asking for pages once it has enough: the sandbox sees only the pages needed', async () => {
			const rut = KNOWN_RUTS.bankrupt;
			const all = await allEntries(rut);
			const perPage = (await serviceData(`${queriesPath(rut)}?page=1`)).casos.length;
			expect(all.pages).toBeGreaterThan(3);
			for (const [limit, pages] of [
				[perPage, 1],
				[perPage + 5, 2],
				[1, 1],
			] as const) {
				sb.resetLog();
				const result = await runRiskInfo({ access: access(), parameters: { ...queries, rut, limit } });
				expect([limit, pagesAsked(sb.requests, rut)]).toEqual([limit, Array.from({ length: pages }, (_, i) => `${i + 1}:200`)]);
				expect(json(result.items['Risk Info'])).toEqual(all.entries.slice(0, limit).map((e) => ({ ...e, totalQueries: all.total })));
			}
		});

		test('Return All off with the default Limit (50) on a shorter history reads it all and stops at the last page', async () => {
			const rut = KNOWN_RUTS.indebted;
			const all = await allEntries(rut);
			const result = await runRiskInfo({ access: access(), parameters: { ...queries, rut } });
			expect(result.items['Risk Info']).toHaveLength(all.total);
			expect(pagesAsked(sb.requests, rut)).toEqual(['1:200', '2:200', '3:200']);
		});

		test('a 429 on page 2 of 3 is waited out and retried through the transport; the run ends with every entry, in order', async () => {
			const rut = KNOWN_RUTS.indebted;
			const all = await allEntries(rut);
			sb.failNext(429, 1, { path: queriesPath(rut), query: { page: '2' } });
			const result = await runRiskInfo({ access: access(), parameters: { ...queries, rut, returnAll: true } });

			expect(result.error).toBeUndefined();
			expect(pagesAsked(sb.requests, rut)).toEqual(['1:200', '2:429', '2:200', '3:200']);
			expect(json(result.items['Risk Info'])).toEqual(all.entries.map((e) => ({ ...e, totalQueries: all.total })));
		});

		test('a Limit that is not a whole number of 1 or more is an error item naming the field, before any call', async () => {
			const result = await runRiskInfo({
				access: access(),
				parameters: { ...queries, rut: KNOWN_RUTS.indebted, limit: '={{ $json.limit }}' },
				inputs: [{ limit: 'ten' }, { limit: 0 }, { limit: '2' }],
				node: { onError: 'continueRegularOutput' },
			});
			const items = result.items['Risk Info'];
			expect(items.filter((i) => pairs([i])[0] === 0).map((i) => i.json.error)).toEqual([expect.stringMatching(/^Limit must be a whole number of 1 or more, not "ten"/)]);
			expect(items.filter((i) => pairs([i])[0] === 1).map((i) => i.json.error)).toEqual([expect.stringMatching(/^Limit must be a whole number of 1 or more, not "0"/)]);
			expect(items.filter((i) => pairs([i])[0] === 2)).toHaveLength(2);
			expect(pagesAsked(sb.requests, KNOWN_RUTS.indebted)).toEqual(['1:200']);
		});
	});
});

describe('Load RUT If Not Loaded, against a sandbox where the RUTs are not loaded', () => {
	const sb = useSandbox({}, []);
	const access = () => ({ baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId });
	const loads = () => sb.requests.filter((r) => r.method === 'POST').map((r) => r.body);

	test('Get Dicom Queries on an unloaded RUT, asked by two items, pays one load, then reads every page', async () => {
		const rut = KNOWN_RUTS.bankrupt;
		const result = await runRiskInfo({
			access: access(),
			parameters: { ...queries, rut: '={{ $json.rut }}', returnAll: true, loadIfMissing: true },
			inputs: [{ rut }, { rut: '76.333.333-7' }],
		});
		expect(result.error).toBeUndefined();
		expect(sb.usage().paidLoads).toBe(1);
		expect(loads()).toEqual([{ rut, isMonitoring: false, includeBureau: false }]);
		const asked = pagesAsked(sb.requests, rut);
		expect(asked.slice(0, 2)).toEqual(['1:404', '1:200']);
		expect(asked.slice(2)).toEqual(['2:200', '3:200', '4:200', '5:200']);
		const items = result.items['Risk Info'];
		expect(items).toHaveLength(2 * 45);
		expect(items.every((i) => i.json.loadedNow === true && i.json.totalQueries === 45)).toBe(true);
	});

	test('Get Dicom Cases on an unloaded RUT pays one load and says so; the next run reads it for free', async () => {
		const rut = KNOWN_RUTS.indebted;
		const first = await runRiskInfo({ access: access(), parameters: { ...cases, rut, loadIfMissing: true } });
		expect(sb.usage().paidLoads).toBe(2);
		expect(first.items['Risk Info'].map((i) => [i.json.loadedNow, (i.json.casos as unknown[]).length > 0])).toEqual([[true, true]]);
		sb.resetLog();
		const again = await runRiskInfo({ access: access(), parameters: { ...cases, rut, loadIfMissing: true } });
		expect(sb.usage().paidLoads).toBe(2);
		expect(again.items['Risk Info'].map((i) => i.json.loadedNow)).toEqual([false]);
		expect(loads()).toEqual([]);
	});
});

test('Get Dicom Queries against a service that answers page 1 again when asked for page 2: an error naming both pages, no entry twice', async () => {
	const asked: string[] = [];
	const server = createServer((req, res) => {
		asked.push(req.url ?? '');
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ success: true, data: { page: 1, totalPages: 2, cantidad: 2, casos: [{ consultadoPor: 'Banco Uno', fecha: '01-02-2025' }] } }));
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	try {
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		const result = await runRiskInfo({
			access: { baseUrl: base, accessToken: 'stand-in-token', clientIdentifier: 'stand-in' },
			parameters: { ...queries, rut: KNOWN_RUTS.indebted, returnAll: true },
			node: { onError: 'continueRegularOutput' },
		});
		expect(json(result.items['Risk Info'])).toEqual([
			expect.objectContaining({ error: expect.stringContaining(`answered page 1 when asked for GET /helper/boletin/${KNOWN_RUTS.indebted}/consultasDicom page 2`) }),
		]);
		expect(asked.map((url) => new URL(url, base).searchParams.get('page'))).toEqual(['1', '2']);
	} finally {
		await new Promise((closed) => server.close(closed));
	}
});
