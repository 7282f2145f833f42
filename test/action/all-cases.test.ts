// Judicial (V1) → Get All Cases (addendum A7): one read returning the civil, collection and labor
// lists; Split Into Items gives one item per case saying which kind it is, in the same cases the
// three separate operations give; Convert Dates and Load RUT If Not Loaded as on every read. Run
// through n8n's engine against the sandbox.
import type { IDataObject } from 'n8n-workflow';

import { formatRut, KNOWN_RUTS } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';
import { freshRuts } from '../helpers/spend';

const SEEDED = Array.from({ length: 12 }, (_, n) => formatRut(75_000_000 + 7_919 * n));
const sb = useSandbox({}, [...Object.values(KNOWN_RUTS), ...SEEDED]);

async function run(operation: string, parameters: IDataObject, inputs: IDataObject[]) {
	const result = await runRiskInfo({
		parameters: { apiVersion: 'v1', resource: 'v1Judicial', operation, rut: '={{ $json.rut }}', ...parameters },
		inputs,
		access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
	});
	expect(result.error).toBeUndefined();
	return result.items['Risk Info'];
}

test('one GET of the addendum\'s path; unsplit, one item per RUT holding the rut and the three lists', async () => {
	const rut = KNOWN_RUTS.indebted;
	const items = await run('getAllCases', {}, [{ rut: '76.222.222-1' }]);
	expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/integration/helper/judicial/${rut}`]);
	const direct = (await (await fetch(`${sb.url}/api/v1/integration/helper/judicial/${rut}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } })).json()) as { data: IDataObject };
	expect(items.map((i) => i.json)).toEqual([direct.data]);
	expect(Object.keys(items[0].json).sort()).toEqual(['civil', 'cobranza', 'laboral', 'rut']);
});

test('Split Into Items: one item per case, each saying civil, collection or labor, the same cases as the three separate reads', async () => {
	const inputs = [...Object.values(KNOWN_RUTS), ...SEEDED].map((rut) => ({ rut }));
	const all = await run('getAllCases', { split: true }, inputs);
	const [civil, collection, labor] = await Promise.all(
		['getCivilCases', 'getCollectionCases', 'getLaborCases'].map((operation) => run(operation, { split: true }, inputs)),
	);
	expect(all.length).toBeGreaterThan(10);
	expect(all.length).toBe(civil.length + collection.length + labor.length);
	for (const [index, { rut }] of inputs.entries()) {
		const of = (items: typeof all) => items.filter((i) => (i.pairedItem as { item: number }).item === index).map((i) => i.json);
		const mine = of(all);
		expect(mine.map((c) => c.rut)).toEqual(mine.map(() => rut));
		expect(mine.filter((c) => c.caseType === 'civil').map(({ rut: _r, caseType: _t, ...c }) => c)).toEqual(of(civil));
		expect(mine.filter((c) => c.caseType === 'collection').map(({ rut: _r, caseType: _t, ...c }) => c)).toEqual(of(collection));
		// The labor read carries fields of its own (matter, defence lawyers); the cases are the same.
		const laborCases = of(labor);
		expect(mine.filter((c) => c.caseType === 'labor').map((c) => [c.rit, c.tribunal, c.fechaIngreso, c.estado])).toEqual(
			laborCases.map((c) => [c.rit, c.tribunal, c.fechaIngreso, c.estado]),
		);
		// Civil first, then collection, then labor.
		const kinds = mine.map((c) => c.caseType);
		expect(kinds).toEqual([...kinds].sort((a, b) => ['civil', 'collection', 'labor'].indexOf(String(a)) - ['civil', 'collection', 'labor'].indexOf(String(b))));
	}
});

test('a RUT with no case gives no item when split; Convert Dates leaves the ISO 8601 dates as they are', async () => {
	expect(await run('getAllCases', { split: true }, [{ rut: KNOWN_RUTS.clean }])).toEqual([]);
	const plain = await run('getAllCases', { split: true }, [{ rut: KNOWN_RUTS.indebted }]);
	const converted = await run('getAllCases', { split: true, isoDates: true }, [{ rut: KNOWN_RUTS.indebted }]);
	expect(converted.map((i) => i.json)).toEqual(plain.map((i) => i.json));
	expect(plain.every((i) => /^\d{4}-\d{2}-\d{2}T.*Z$/.test(String(i.json.fechaIngreso)))).toBe(true);
});

test('Load RUT If Not Loaded: a RUT not loaded is loaded once (POST /helper/loadRut) and read again', async () => {
	const [rut] = freshRuts(1);
	const items = await run('getAllCases', { loadIfMissing: true }, [{ rut }, { rut }]);
	expect(sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
		`GET /api/v1/integration/helper/judicial/${rut} 404`,
		'POST /api/v1/helper/loadRut 200',
		`GET /api/v1/integration/helper/judicial/${rut} 200`,
	]);
	expect(items.map((i) => [i.json.rut, i.json.loadedNow, i.json.paid])).toEqual([
		[rut, true, 'RUT load'],
		[rut, true, undefined],
	]);
});
