// Return All / Limit of a paged read, for what test/unit/pages.test.ts and the sandbox paging
// test leave unchecked: the two fields as n8n fills a new node from them (Limit shown, and read,
// only while Return All is off), Limit given as text or as something else by an expression, the
// page placeholder in paths with other query pairs or none, pages whose answer does not say which
// page it is, and an answer without its list. The module is loaded INSIDE each test, so that
// mutation testing counts the test as reaching its module-level fields (test/MUTANTS.md); the
// transport is a stand-in (a unit test of our own step).

import type { Plan, Step } from '../../nodes/RiskInfo/actions/types';
import type { ApiRequest, Transport } from '../../nodes/shared/transport';
import { context, filledIn, isolated } from '../helpers/isolated';

type Pages = typeof import('../../nodes/RiskInfo/actions/pages');

/** The pages step of Get Dicom Queries' shape, its module loaded inside the calling test. */
function load(): Step {
	const { pages } = isolated(() => require('../../nodes/RiskInfo/actions/pages') as Pages);
	return pages({ pageParameter: 'page', page: 'page', totalPages: 'totalPages', totalEntries: 'cantidad', entries: 'casos', totalAs: 'totalQueries' });
}

type Params = Record<string, unknown>;


/** The plan the step makes for `path`, or the input error's message and hint. */
function planFor(step: Step, parameters: Params, path = '/history?page={page}'): Plan | { message: string; hint: unknown } {
	const plan: Plan = { request: { method: 'GET', root: 'v2', path }, choices: {} };
	try {
		step.prepare!.call(context(parameters), 0, plan);
	} catch (error) {
		return { message: (error as Error).message, hint: (error as { description?: unknown }).description };
	}
	return plan;
}

describe('Return All and Limit in the panel', () => {
	test('a new node reads up to 50 entries; the panel shows Return All, then Limit', () => {
		const step = load();
		expect(step.properties.map((p) => p.name)).toEqual(['returnAll', 'limit']);
		expect(planFor(step, filledIn(step.properties, {}))).toMatchObject({ choices: { returnAll: false, limit: 50 } });
	});

	test('a Limit set in the panel is the one read', () => {
		const step = load();
		expect(planFor(step, filledIn(step.properties, { limit: 20 }))).toMatchObject({ choices: { returnAll: false, limit: 20 } });
	});

	test('with Return All on, Limit is hidden and not read, so items differing only in a leftover Limit ask for the same thing', () => {
		const step = load();
		expect(filledIn(step.properties, { returnAll: true, limit: 20 })).toEqual({ returnAll: true });
		expect(planFor(step, filledIn(step.properties, { returnAll: true }))).toMatchObject({ choices: { returnAll: true } });
		expect((planFor(step, { returnAll: true, limit: 'many' }) as Plan).choices).toEqual({ returnAll: true });
	});

	test('both fields have words to show, and the panel takes no Limit under 1, as the node does not', () => {
		const step = load();
		const said = (text: unknown) => typeof text === 'string' && text.trim().length > 0;
		for (const field of step.properties) {
			expect([field.name, said(field.displayName), said(field.description), said(field.hint)]).toEqual([field.name, true, true, true]);
		}
		expect(step.properties.find((p) => p.name === 'limit')?.typeOptions).toEqual({ minValue: 1 });
		expect(planFor(step, { limit: 1 })).toMatchObject({ choices: { limit: 1 } });
		expect(planFor(step, { limit: 0 })).toMatchObject({ message: 'Item 1: Limit must be a whole number of 1 or more, not "0"' });
	});
});

describe('Limit from an expression', () => {
	const hint = 'Use a number such as 50, or turn on Return All to get every entry.';

	test.each<[unknown, number]>([
		['20', 20],
		[' 7 ', 7],
		[12, 12],
	])('%p is taken as %p', (limit, expected) => {
		expect(planFor(load(), { limit })).toMatchObject({ choices: { returnAll: false, limit: expected } });
	});

	test.each<[unknown, string]>([
		['', ''],
		['  ', '  '],
		[true, 'true'],
		['2.5', '2.5'],
		[null, 'null'],
	])('%p is refused, quoted as it came', (limit, quoted) => {
		expect(planFor(load(), { limit })).toEqual({ message: `Item 1: Limit must be a whole number of 1 or more, not "${quoted}"`, hint });
	});
});

describe('the page placeholder in the path', () => {
	test.each([
		['/history', '/history'],
		['/history?page={page}', '/history'],
		['/history?page={page}&kind=all&from=2024', '/history?kind=all&from=2024'],
		['/history?kind=all&page={page}', '/history?kind=all'],
	])('%p is sent as %p with page 1 in the query', (path, sent) => {
		expect(planFor(load(), { returnAll: true }, path)).toMatchObject({ request: { path: sent, query: { page: 1 } } });
	});
});

test('pages whose answer does not say which page it is are read in the order asked', async () => {
	const step = load();
	const asked: unknown[] = [];
	const api = {
		request: async (req: ApiRequest) => {
			asked.push(req.query?.page);
			return { data: { totalPages: 3, cantidad: 3, casos: [{ n: req.query?.page }] }, headers: {} };
		},
	} as unknown as Transport;
	const plan: Plan = { request: { method: 'GET', root: 'v2', path: '/history', query: { page: 1 } }, choices: { returnAll: true } };
	const answer = await step.followUp!(api, plan, { response: { data: { totalPages: 3, cantidad: 3, casos: [{ n: 1 }] }, headers: {} } });
	expect(asked).toEqual([2, 3]);
	expect(answer.response.data).toEqual({ cantidad: 3, casos: [{ n: 1 }, { n: 2 }, { n: 3 }] });
});

test('an answer without its list is kept whole as one item; with it, one item per entry carries the total', async () => {
	const step = load();
	const items = async (data: unknown) => await step.items!.call(context({}), data, { response: { data, headers: {} } }, { request: { method: 'GET', root: 'v2', path: '/history' }, choices: {} });
	expect(await items({ message: 'nothing here' })).toEqual([{ json: { message: 'nothing here' } }]);
	expect(await items({ cantidad: 2, casos: [{ n: 1 }, { n: 2 }] })).toEqual([{ json: { n: 1, totalQueries: 2 } }, { json: { n: 2, totalQueries: 2 } }]);
});
