// Inputs are checked before any call; Continue On Fail keeps order and pairing; identical
// requests are sent once.
import { NodeOperationError } from 'n8n-workflow';

import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError, type Params } from './context';

const sb = useSandbox({ complianceDelayMs: 20 });

const run = (params: Params | Params[], continueOnFail = false) => runNode({ ...credentialsOf(sb), params, continueOnFail });
const fail = (params: Params | Params[]) => runNodeError({ ...credentialsOf(sb), params });

const summary = (rut: unknown): Params => ({ resource: 'rut', operation: 'getSummary', rut });
const profile = (fullName: unknown, personType: unknown = 'juridical', searchErrors: unknown = 0): Params => ({
	resource: 'compliance',
	operation: 'loadProfile',
	fullName,
	personType,
	searchErrors,
});

describe('a bad item stops the node before anything is sent', () => {
	test.each([
		['wrong check digit', summary('76.222.222-2'), 'RUT'],
		['letters', summary('abc'), 'RUT'],
		['empty', summary(''), 'RUT'],
		['bad RUT on a list read', { resource: 'judicial', operation: 'getCivilCases', rut: '7622222' }, 'RUT'],
		['bad RUT on a load', { resource: 'rut', operation: 'load', rut: '12.345.678-0' }, 'RUT'],
		['legal entity without a word of 3+ characters', profile('AB CD'), 'Full Name'],
		['natural person with one word', profile('Penumbra', 'natural'), 'Full Name'],
		['empty name', profile('   '), 'Full Name'],
		['searchErrors 3', profile('Inversiones Penumbra SpA', 'juridical', 3), 'Search Tolerance'],
		['searchErrors from an expression as text "5"', profile('Inversiones Penumbra SpA', 'juridical', '5'), 'Search Tolerance'],
		['unknown person type', profile('Inversiones Penumbra SpA', 'company'), 'Person Type'],
	])('%s', async (_, bad, field) => {
		// The bad item is the second one: the first, good one must not have been sent either.
		const error = await fail([summary(KNOWN_RUTS.clean), bad]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(new RegExp(`^${field} `));
		expect(error.context?.itemIndex).toBe(1);
		expect(sb.requests).toEqual([]);
	});

	// Following a suggested check digit (or a corrected RUT) when the typo is in the number would
	// read, and with Load RUT If Not Loaded pay for, another taxpayer: nothing may suggest one.
	test.each([
		['12.345.678-0', /12\.?345\.?678-?5/],
		['76.222.222-2', /76\.?222\.?222-?1/],
		['10000013-5', /10\.?000\.?013-?K/i],
	])('a check digit that does not match %s: said as such, the whole RUT to check at its source, no digit suggested', async (rut, corrected) => {
		const error = await fail([summary(rut)]);
		expect(error.message).toBe(`RUT "${rut}" is not a valid RUT: the check digit does not match the number`);
		expect(error.description).toMatch(/Check the whole RUT against its source/);
		for (const text of [error.message, String(error.description)]) {
			expect(text).not.toMatch(corrected);
			expect(text).not.toMatch(/expected|should be|write it as/i);
		}
	});

	test('a malformed RUT (not a mismatch) gets the forms a RUT is written in', async () => {
		const error = await fail([summary('12,345,678-5')]);
		expect(error.description).toBe('Write a RUT as 12.345.678-5, 12345678-5 or 123456785; the last character is the check digit (0-9 or K).');
	});

	// Expressions can hand over any JavaScript value; even one that cannot be turned into text is
	// a bad RUT like any other, reported with the item's number, and nothing is sent.
	test.each([
		['an object without a prototype', () => Object.create(null) as unknown],
		['an object whose toString throws', () => ({ toString: () => { throw new Error('no text'); } })],
		['an object whose toString and toStringTag both throw', () =>
			Object.defineProperty({ toString: () => { throw new Error('no text'); } }, Symbol.toStringTag, { get: () => { throw new Error('no tag'); } })],
	])('a RUT that is %s', async (_, value) => {
		const error = await fail([summary(KNOWN_RUTS.clean), summary(value() as string)]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/^RUT ".*" is not a valid RUT: a RUT must be text such as 12\.345\.678-5$/);
		expect(error.context?.itemIndex).toBe(1);
		expect(sb.requests).toEqual([]);
		const { items } = await run([summary(KNOWN_RUTS.clean), summary(value() as string)], true);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[1].json.error).toMatch(/^RUT ".*" is not a valid RUT/);
		expect(sb.requests.map((r) => r.query.rut)).toEqual([KNOWN_RUTS.clean]);
	});

	test('the message quotes the bad value', async () => {
		const error = await fail(summary('76.222.222-2'));
		expect(error.message).toContain('"76.222.222-2"');
	});

	test('searchErrors 2 as text (from an expression) is accepted and sent as a number', async () => {
		await run(profile('Inversiones Valle Sur SpA', 'juridical', '2'));
		expect(sb.requests.map((r) => (r.body as Params).searchErrors)).toEqual([2]);
	});
});

describe('Continue On Fail', () => {
	test('good and bad items keep their order and pairing; bad ones send nothing', async () => {
		const params = [
			summary(KNOWN_RUTS.clean),
			summary('76.222.222-2'),
			{ resource: 'judicial', operation: 'getCivilCases', rut: KNOWN_RUTS.indebted, split: false },
			profile('X Y'),
			summary('9.999.999-3'), // valid RUT, never loaded: the service answers 404
			profile('Ana Soto', 'natural', 3),
			summary(KNOWN_RUTS.critical),
		];
		const { items } = await run(params, true);

		expect(items.map((i) => i.pairedItem)).toEqual(params.map((_, item) => ({ item })));
		const errors = items.map((i) => (typeof i.json.error === 'string' ? i.json.error : null));
		expect(errors.map((e) => e !== null)).toEqual([false, true, false, true, true, true, false]);
		expect(errors[1]).toMatch(/^RUT /);
		expect(errors[3]).toMatch(/^Full Name /);
		expect(errors[5]).toMatch(/^Search Tolerance /);
		expect(errors[4]).toMatch(/not loaded/);
		expect(items[4].json.details).toMatchObject({ itemIndex: 4, httpCode: '404' });
		expect(items[0].json.rut).toBe(KNOWN_RUTS.clean);
		expect(items[2].json.rut).toBe(KNOWN_RUTS.indebted);
		expect(items[6].json.rut).toBe(KNOWN_RUTS.critical);

		// Only the good items and the unloaded RUT reached the service; no compliance load at all.
		expect(sb.requests.map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query)}`).sort()).toEqual(
			[
				`GET /api/clients/v2/helper/resumen?rut=${KNOWN_RUTS.clean}`,
				`GET /api/clients/v2/helper/judicial/${KNOWN_RUTS.indebted}/civil?`,
				'GET /api/clients/v2/helper/resumen?rut=9999999-3',
				`GET /api/clients/v2/helper/resumen?rut=${KNOWN_RUTS.critical}`,
			].sort(),
		);
	});

	test('a split list still pairs every case item with its input item', async () => {
		const { items } = await run(
			[
				{ resource: 'judicial', operation: 'getCivilCases', rut: 'bad' },
				{ resource: 'judicial', operation: 'getCivilCases', rut: KNOWN_RUTS.indebted, split: true },
			],
			true,
		);
		expect(items[0].json.error).toMatch(/^RUT /);
		expect(items.length).toBeGreaterThan(2);
		expect(items.slice(1).every((i) => JSON.stringify(i.pairedItem) === '{"item":1}')).toBe(true);
	});
});

describe('request sharing: identical requests are sent once', () => {
	test('12.345.678-5 and 123456785 are one RUT: one request, two paired outputs', async () => {
		const { items } = await run([summary('12.345.678-5'), summary('123456785')]);
		expect(sb.requests).toHaveLength(1);
		expect(sb.requests[0].query).toEqual({ rut: '12345678-5' });
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json).toEqual(items[1].json);
		expect(items[0].json.rut).toBe('12345678-5');
		// Each item owns its top-level object: a later node editing one in place leaves the other alone.
		expect(items[1].json).not.toBe(items[0].json);
	});

	test('the same RUT with different options is asked for separately', async () => {
		await run([summary('12.345.678-5'), { ...summary('123456785'), simplify: true }]);
		expect(sb.requests).toHaveLength(2);
	});

	test('two identical loads cost one paid call', async () => {
		const before = sb.usage().paidLoads;
		const { items } = await run([
			{ resource: 'rut', operation: 'load', rut: '33.333.333-3' },
			{ resource: 'rut', operation: 'load', rut: '333333333' },
		]);
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(sb.usage().paidLoads).toBe(before + 1);
		expect(items).toHaveLength(2);
	});
});
