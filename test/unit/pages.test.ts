// The pages step against services that misbehave in ways the sandbox does not: one that ignores the
// page asked for, one that reports endless pages. The transport is a stand-in here (a unit test of
// our own step); the real paging runs against the sandbox in test/workflow/commercial-bulletin.test.ts.
import type { IExecuteFunctions } from 'n8n-workflow';

import { planItem } from '../../nodes/RiskInfo/actions/operation';
import { pages } from '../../nodes/RiskInfo/actions/pages';
import { rutStep } from '../../nodes/RiskInfo/actions/steps';
import type { Operation, Plan, Step } from '../../nodes/RiskInfo/actions/types';
import type { ApiRequest, Transport } from '../../nodes/shared/transport';

const step = pages({ pageParameter: 'page', page: 'page', totalPages: 'totalPages', totalEntries: 'cantidad', entries: 'casos', totalAs: 'totalQueries' });

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

const plan = (choices: Plan['choices']): Plan => ({ request: { method: 'GET', root: 'v2', path: '/helper/boletin/76222222-1/consultasDicom', query: { page: 1 } }, choices });
const entries = (page: number, n = 10) => Array.from({ length: n }, (_, i) => ({ fecha: `${page}.${i}` }));
const follow = (api: Transport, p: Plan, firstPage: unknown) => step.followUp!(api, p, { response: { data: firstPage, headers: {} } });

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
	expect((answer.response.data as { casos: unknown[] }).casos).toEqual([...entries(1), ...entries(2)]);
});

test('endless full pages: Return All stops with an error after 10,000 pages; a Limit stops as soon as it has enough', async () => {
	const endless = (page: number) => ({ page, totalPages: 1e9, cantidad: 1e10, casos: entries(page) });
	const all = service(endless);
	await expect(follow(all.api, plan({ returnAll: true }), endless(1))).rejects.toThrow(/more than 10000 pages.*set a Limit/);
	expect(all.asked).toHaveLength(9_999);

	const limited = service(endless);
	const answer = await follow(limited.api, plan({ returnAll: false, limit: 25 }), endless(1));
	expect(limited.asked).toEqual([2, 3]);
	expect((answer.response.data as { casos: unknown[] }).casos).toEqual([...entries(1), ...entries(2), ...entries(3)].slice(0, 25));
});

test('an answer without its list of entries is an error naming the field, not an empty result', async () => {
	const { api } = service(() => ({}));
	await expect(follow(api, plan({ returnAll: true }), { page: 1, totalPages: 1, cantidad: 3, consultas: [] })).rejects.toThrow(/no list of entries \("casos"\)/);
});

test('the page placeholder of an entry\'s path becomes the page query value, with or without a RUT in the path', () => {
	const context = (parameters: Record<string, unknown>) =>
		({ getNodeParameter: (name: string, _i: number, fallback?: unknown) => parameters[name] ?? fallback, getNode: () => ({ name: 'Risk Info' }) }) as unknown as IExecuteFunctions;
	const operation = (path: string, steps: Step[]): Operation => ({ value: 'x', name: 'X', action: 'x', description: 'x', method: 'GET', root: 'v2', path, steps });
	const account = planItem.call(context({ returnAll: true }), operation('/history?page={page}&kind=all', [step]), 0);
	expect([account.request.path, account.request.query]).toEqual(['/history?kind=all', { page: 1 }]);
	const byRut = planItem.call(context({ rut: '76.222.222-1', limit: '20' }), operation('/helper/boletin/{rut}/consultasDicom?page={page}', [rutStep, step]), 0);
	expect([byRut.request.path, byRut.request.query, byRut.choices]).toEqual(['/helper/boletin/76222222-1/consultasDicom', { page: 1 }, { returnAll: false, limit: 20 }]);
});
