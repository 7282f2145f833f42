// The pages step against services that misbehave in ways the sandbox does not: one that ignores the
// page asked for, one that reports endless pages. The transport is a stand-in here (a unit test of
// our own step); the real paging runs against the sandbox in test/action/commercial-bulletin.test.ts.
// Also Return All and Limit as n8n fills a new node from them (Limit shown, and read, only while
// Return All is off), Limit given as text by an expression, and the page placeholder in paths.
import type { IExecuteFunctions } from 'n8n-workflow';

import { requestOfItem } from '../../nodes/RiskInfo/actions/router';
import { pages, type Paging } from '../../nodes/RiskInfo/actions/pages';
import { rutStep } from '../../nodes/RiskInfo/actions/steps';
import type { Operation, ItemRequest, Step } from '../../nodes/RiskInfo/actions/types';
import type { ApiRequest, Transport } from '../../nodes/shared/transport';
import { context, filledIn, isolated } from '../helpers/isolated';

const NODE_VERSION = 1;
const paging = pages({ pageParameter: 'page', page: 'page', totalPages: 'totalPages', totalEntries: 'cantidad', entries: 'casos', totalAs: 'totalQueries' });

/** A service answering each page with `answer(page)`; it records the pages asked for. */
function service(answer: (page: number) => unknown) {
	const asked: number[] = [];
	const api = {
		request: async (req: ApiRequest) => {
			const page = Number(req.query?.page);
			asked.push(page);
			return { data: answer(page), headers: {} };
		},
	} as unknown as Transport;
	return { api, asked };
}

const plan = (choices: ItemRequest['choices']): ItemRequest => ({ request: { method: 'GET', root: 'v2', path: '/helper/boletin/76222222-1/consultasDicom', query: { page: 1 } }, choices });
const entries = (page: number, n = 10) => Array.from({ length: n }, (_, i) => ({ fecha: `${page}.${i}` }));
const follow = (api: Transport, p: ItemRequest, firstPage: unknown) => paging.morePages(api, p, { data: firstPage, headers: {} });

test('a service that answers page 1 whatever page is asked for is stopped at once, not read as new entries', async () => {
	const { api, asked } = service(() => ({ page: 1, totalPages: 3, cantidad: 30, casos: entries(1) }));
	await expect(follow(api, plan({ returnAll: true }), { page: 1, totalPages: 3, cantidad: 30, casos: entries(1) })).rejects.toThrow(
		/answered page 1 when asked for GET \/helper\/boletin\/76222222-1\/consultasDicom page 2/,
	);
	expect(asked).toEqual([2]);
});

test('an empty page ends the read even when more pages are reported', async () => {
	const { api, asked } = service((page) => ({ page, totalPages: 1e9, cantidad: 1e9, casos: page < 3 ? entries(page) : [] }));
	const answer = await follow(api, plan({ returnAll: true }), { page: 1, totalPages: 1e9, cantidad: 1e9, casos: entries(1) });
	expect(asked).toEqual([2, 3]);
	expect((answer.data as { casos: unknown[] }).casos).toEqual([...entries(1), ...entries(2)]);
});

test('endless full pages: Return All stops with an error after 10,000 pages; a Limit stops as soon as it has enough', async () => {
	const endless = (page: number) => ({ page, totalPages: 1e9, cantidad: 1e10, casos: entries(page) });
	const all = service(endless);
	await expect(follow(all.api, plan({ returnAll: true }), endless(1))).rejects.toThrow(/more than 10000 pages.*set a Limit/);
	expect(all.asked).toHaveLength(9_999);

	const limited = service(endless);
	const answer = await follow(limited.api, plan({ returnAll: false, limit: 25 }), endless(1));
	expect(limited.asked).toEqual([2, 3]);
	expect((answer.data as { casos: unknown[] }).casos).toEqual([...entries(1), ...entries(2), ...entries(3)].slice(0, 25));
});

test('an answer without its list of entries is an error naming the field, not an empty result', async () => {
	const { api } = service(() => ({}));
	await expect(follow(api, plan({ returnAll: true }), { page: 1, totalPages: 1, cantidad: 3, consultas: [] })).rejects.toThrow(/no list of entries \("casos"\)/);
});

test('the page placeholder of an entry\'s path becomes the page query value, with or without a RUT in the path', () => {
	const context = (parameters: Record<string, unknown>) =>
		({ getNodeParameter: (name: string, _i: number, fallback?: unknown) => parameters[name] ?? fallback, getNode: () => ({ name: 'Risk Info' }) }) as unknown as IExecuteFunctions;
	const operation = (path: string, steps: Step[]): Operation => ({ value: 'x', name: 'X', action: 'x', description: 'x', method: 'GET', root: 'v2', path, steps });
	const account = requestOfItem.call(context({ returnAll: true }), operation('/history?page={page}&kind=all', [paging.step]), 0, NODE_VERSION);
	expect([account.request.path, account.request.query]).toEqual(['/history?kind=all', { page: 1 }]);
	const byRut = requestOfItem.call(context({ rut: '76.222.222-1', limit: '20' }), operation('/helper/boletin/{rut}/consultasDicom?page={page}', [rutStep, paging.step]), 0, NODE_VERSION);
	expect([byRut.request.path, byRut.request.query, byRut.choices]).toEqual(['/helper/boletin/76222222-1/consultasDicom', { page: 1 }, { returnAll: false, limit: 20 }]);
});

type Pages = typeof import('../../nodes/RiskInfo/actions/pages');

/** The pages step of Get Dicom Queries' shape, its module loaded inside the calling test. */
function load(): Paging {
	const { pages } = isolated(() => require('../../nodes/RiskInfo/actions/pages') as Pages);
	return pages({ pageParameter: 'page', page: 'page', totalPages: 'totalPages', totalEntries: 'cantidad', entries: 'casos', totalAs: 'totalQueries' });
}

type Params = Record<string, unknown>;


/** The plan the step makes for `path`, or the input error's message and hint. */
function planFor(step: Step, parameters: Params, path = '/history?page={page}'): ItemRequest | { message: string; hint: unknown } {
	const plan: ItemRequest = { request: { method: 'GET', root: 'v2', path }, choices: {} };
	try {
		step.prepare!.call(context(parameters), 0, plan, NODE_VERSION);
	} catch (error) {
		return { message: (error as Error).message, hint: (error as { description?: unknown }).description };
	}
	return plan;
}

describe('Return All and Limit in the panel', () => {
	test('a new node reads up to 50 entries; the panel shows Return All, then Limit', () => {
		const step = load().step;
		expect(step.properties.map((p) => p.name)).toEqual(['returnAll', 'limit']);
		expect(planFor(step, filledIn(step.properties, {}))).toMatchObject({ choices: { returnAll: false, limit: 50 } });
	});

	test('a Limit set in the panel is the one read', () => {
		const step = load().step;
		expect(planFor(step, filledIn(step.properties, { limit: 20 }))).toMatchObject({ choices: { returnAll: false, limit: 20 } });
	});

	test('with Return All on, Limit is hidden and not read, so items differing only in a leftover Limit ask for the same thing', () => {
		const step = load().step;
		expect(filledIn(step.properties, { returnAll: true, limit: 20 })).toEqual({ returnAll: true });
		expect(planFor(step, filledIn(step.properties, { returnAll: true }))).toMatchObject({ choices: { returnAll: true } });
		expect((planFor(step, { returnAll: true, limit: 'many' }) as ItemRequest).choices).toEqual({ returnAll: true });
	});

	test('both fields have words to show, and the panel takes no Limit under 1, as the node does not', () => {
		const step = load().step;
		const said = (text: unknown) => typeof text === 'string' && text.trim().length > 0;
		for (const field of step.properties) {
			expect([field.name, said(field.displayName), said(field.description), said(field.hint)]).toEqual([field.name, true, true, true]);
		}
		expect(step.properties.find((p) => p.name === 'limit')?.typeOptions).toEqual({ minValue: 1 });
		expect(planFor(step, { limit: 1 })).toMatchObject({ choices: { limit: 1 } });
		expect(planFor(step, { limit: 0 })).toMatchObject({ message: 'Limit must be a whole number of 1 or more, not "0"' });
	});
});

describe('Limit from an expression', () => {
	const hint = 'Use a number such as 50, or turn on Return All to get every entry.';

	test.each<[unknown, number]>([
		['20', 20],
		[' 7 ', 7],
		[12, 12],
	])('%p is taken as %p', (limit, expected) => {
		expect(planFor(load().step, { limit })).toMatchObject({ choices: { returnAll: false, limit: expected } });
	});

	test.each<[unknown, string]>([
		['', ''],
		['  ', '  '],
		[true, 'true'],
		['2.5', '2.5'],
		[null, 'null'],
	])('%p is refused, quoted as it came', (limit, quoted) => {
		expect(planFor(load().step, { limit })).toEqual({ message: `Limit must be a whole number of 1 or more, not "${quoted}"`, hint });
	});
});

describe('the page placeholder in the path', () => {
	test.each([
		['/history', '/history'],
		['/history?page={page}', '/history'],
		['/history?page={page}&kind=all&from=2024', '/history?kind=all&from=2024'],
		['/history?kind=all&page={page}', '/history?kind=all'],
	])('%p is sent as %p with page 1 in the query', (path, sent) => {
		expect(planFor(load().step, { returnAll: true }, path)).toMatchObject({ request: { path: sent, query: { page: 1 } } });
	});
});

test('pages whose answer does not say which page it is are read in the order asked', async () => {
	const paging = load();
	const asked: unknown[] = [];
	const api = {
		request: async (req: ApiRequest) => {
			asked.push(req.query?.page);
			return { data: { totalPages: 3, cantidad: 3, casos: [{ n: req.query?.page }] }, headers: {} };
		},
	} as unknown as Transport;
	const plan: ItemRequest = { request: { method: 'GET', root: 'v2', path: '/history', query: { page: 1 } }, choices: { returnAll: true } };
	const answer = await paging.morePages(api, plan, { data: { totalPages: 3, cantidad: 3, casos: [{ n: 1 }] }, headers: {} });
	expect(asked).toEqual([2, 3]);
	expect(answer.data).toEqual({ cantidad: 3, casos: [{ n: 1 }, { n: 2 }, { n: 3 }] });
});

test('an answer without its list is kept whole as one item; with it, one item per entry carries the total', async () => {
	const paging = load();
	const items = async (data: unknown) => await paging.items.call(context({}), data, { data, headers: {} }, { request: { method: 'GET', root: 'v2', path: '/history' }, choices: {} });
	expect(await items({ message: 'nothing here' })).toEqual([{ json: { message: 'nothing here' } }]);
	expect(await items({ cantidad: 2, casos: [{ n: 1 }, { n: 2 }] })).toEqual([{ json: { n: 1, totalQueries: 2 } }, { json: { n: 2, totalQueries: 2 } }]);
});
