// The items of a run share their hidden class. On Node 20 (V8 11), an object made by spreading
// another and then given a key of its own ({ ...item, pairedItem }) gets a hidden class of its own,
// allocated in V8's old space: the router's items were made that way, which kept a map, a
// descriptor array and a property array alive per output item, about 0.2 KiB each, and put node
// version 3's heap held after 10,000 items at 1.08× No Operation holding the same output
// (bench/NOTES.md). Whether two objects share a hidden class is V8's own answer (%HaveSameMap), so
// this counts classes, not bytes or time. V8 12 (Node 22 on) shares such classes, so there the
// test cannot fail whatever the code; the bench's children and this machine run Node 20.
import { setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';

import type { IDataObject } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';
import { distinctRuts } from '../../bench/ruts';
import { useSandbox } from '../helpers/sandbox';

const RUTS = distinctRuts(40, 61_000_000);
const sb = useSandbox({}, RUTS);

setFlagsFromString('--allow-natives-syntax');
const haveSameMap = runInThisContext('(function (a, b) { return %HaveSameMap(a, b); })') as (a: object, b: object) => boolean;

/** How many hidden classes the objects have among them (pairwise, by V8's own comparison). */
function classesOf(objects: object[]): number {
	const representatives: object[] = [];
	for (const o of objects) if (!representatives.some((r) => haveSameMap(r, o))) representatives.push(o);
	return representatives.length;
}

const summary = (version: number): IDataObject =>
	version >= 3
		? { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: { __rl: true, mode: 'id', value: '={{ $json.rut }}' } }
		: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: '={{ $json.rut }}' };

test('the check itself tells classes apart: objects given a key after a spread differ, literals do not', () => {
	const spread = RUTS.map((rut, i) => ({ ...{ json: { rut } }, pairedItem: { item: i } }));
	const literal = RUTS.map((rut, i) => ({ json: { rut }, pairedItem: { item: i } }));
	expect(classesOf(literal)).toBe(1);
	// Node 20's V8; from V8 12 on the spread objects share one class too.
	if (Number(process.versions.v8.split('.')[0]) < 12) expect(classesOf(spread)).toBeGreaterThan(RUTS.length / 2);
});

test.each([
	['node version 3 (Simplify on)', 3],
	['node version 1 (the full record)', 1],
])('Get Summary at %s: 40 items, one hidden class for all the items', async (_, version) => {
	const result = await runRiskInfo({
		parameters: summary(version),
		inputs: RUTS.map((rut) => ({ rut })),
		access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
		node: { typeVersion: version },
	});
	expect(result.error ?? result.nodeErrors['Risk Info']).toBeUndefined();
	const items = result.items['Risk Info'];
	expect(items).toHaveLength(RUTS.length);
	expect(items.map((i) => i.json.rut)).toEqual(RUTS);
	if (version >= 3) expect(items.every((i) => Array.isArray(i.json.unreadFields))).toBe(true);
	expect(classesOf(items)).toBe(1);
});

test('the requests of the items\' plans share one hidden class, with the RUT in the path or in the query', async () => {
	const { V1, V2, requestFor, withRut } = await import('../../nodes/shared/service/endpoints');
	for (const endpoint of [V2.summary, V2.civilCases, V1.summary]) expect(classesOf(RUTS.map((rut) => withRut(requestFor(endpoint), rut)))).toBe(1);
	expect(withRut(requestFor(V2.summary), RUTS[0])).toEqual({ method: 'GET', root: 'v2', path: '/helper/resumen', query: { rut: RUTS[0] }, rut: RUTS[0] });
});
