// The action node's shared steps and readers, without the service: Split Into Items (one list or
// one of several), the input errors for a yes/no or list field an expression set to something
// else, the Maximum Paid Loads cap as an expression may give it, Load's answer and dry run, an
// operation the registry does not have, ISO Dates, and the marks of a paid call that only an
// answer's first item keeps. Steps are
// module-level objects, so the modules are loaded inside each test: mutation testing counts only
// code that runs during a test as reached by it (test/MUTANTS.md). Expected values are written out.
import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { transportDouble } from '../helpers/transport-double';
import type { ItemRequest } from '../../nodes/RiskInfo/actions/types';

type Steps = typeof import('../../nodes/RiskInfo/actions/steps');
type Load = typeof import('../../nodes/RiskInfo/actions/load');
type Operation = typeof import('../../nodes/RiskInfo/actions/router');
type Parameters = typeof import('../../nodes/RiskInfo/actions/parameters');
type RequestOptions = typeof import('../../nodes/RiskInfo/actions/parameters');
type Registry = typeof import('../../nodes/RiskInfo/actions/registry');
type Cost = typeof import('../../nodes/RiskInfo/actions/cost');

/** Modules of nodes/RiskInfo/actions, evaluated anew (together) inside the calling test. */
function fresh<T>(...names: string[]): T {
	const loaded: Record<string, unknown> = {};
	jest.isolateModules(() => {
		for (const name of names) Object.assign(loaded, require(`../../nodes/RiskInfo/actions/${name}`));
	});
	return loaded as T;
}

const NODE: INode = { id: 'n', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 1, position: [0, 0], parameters: {} };

/** An execute context whose parameters are `params` as they are (an expression may give undefined). */
function context(params: Record<string, unknown>): IExecuteFunctions {
	return {
		getNode: () => NODE,
		getNodeParameter: (name: string, _item: number, fallback?: unknown) => (name in params ? params[name] : fallback),
	} as unknown as IExecuteFunctions;
}

const plan = (choices: ItemRequest['choices'], rut?: string): ItemRequest => ({ request: { method: 'GET', root: 'v2', path: '/x' }, choices, rut });
const ANSWER = { statusCode: 200, headers: {}, data: null } as never;

function thrown(run: () => unknown): { message: string; description?: string | null; itemIndex?: number } {
	try {
		run();
	} catch (error) {
		const { message, description, context } = error as Error & { description?: string | null; context?: { itemIndex?: number } };
		return { message, description, itemIndex: context?.itemIndex };
	}
	throw new Error('it did not throw');
}

describe('Split Into Items', () => {
	test('of a list answer: one item per case when on, one item holding the list when off', async () => {
		const { splitItems } = fresh<Steps>('steps');
		const cases = [{ id: 1 }, { id: 2 }];
		const ctx = context({});
		expect(await splitItems.call(ctx, cases, ANSWER, plan({ split: true }))).toEqual([{ json: { id: 1 } }, { json: { id: 2 } }]);
		expect(await splitItems.call(ctx, cases, ANSWER, plan({ split: false }))).toEqual([{ json: { data: cases } }]);
	});

	test('of several lists: a List to Split set to another value is an input error that names the choices', () => {
		const { splitIntoItemsOf } = fresh<Steps>('steps');
		const step = splitIntoItemsOf([
			{ name: 'Cases', value: 'cases', field: 'casos', description: 'One item per case' },
			{ name: 'Dicom Queries', value: 'queries', field: 'consultas', description: 'One item per query' },
		]);
		expect(step.properties[0].description).toContain('one item per entry of one list (cases or dicom queries)');
		const error = thrown(() => step.prepare!.call(context({ split: true, splitList: 'debts' }), 1, plan({}), 1));
		expect(error).toEqual({ message: 'List to Split "debts" is not a list to split', description: 'Use "cases" or "queries".', itemIndex: 1 });
	});
});

describe('yes/no fields an expression set', () => {
	const flag: INodeProperties = { displayName: 'Include Bureau Data', name: 'includeBureau', type: 'boolean', default: false };

	test('to nothing (an empty cell): an input error that says the field is empty', () => {
		const { readBoolean } = fresh<Parameters>('parameters');
		const error = thrown(() => readBoolean.call(context({ includeBureau: undefined }), 2, flag));
		expect([error.message, error.itemIndex]).toEqual(['Include Bureau Data must be true or false, not empty', 2]);
	});

	test('to other text: an input error that shows the value and says what works', () => {
		const { readBoolean } = fresh<Parameters>('parameters');
		expect(thrown(() => readBoolean.call(context({ includeBureau: 'maybe' }), 0, flag))).toEqual({
			message: 'Include Bureau Data must be true or false, not "maybe"',
			description: 'Use true or false; from a sheet or a text field, the words "true" and "false" (or 1 and 0) work too.',
			itemIndex: 0,
		});
	});
});

test.each<[unknown, number | undefined]>([
	[undefined, undefined],
	[null, undefined],
	['', undefined],
	['   ', undefined],
	[Infinity, undefined],
	['Infinity', undefined],
	['5', 5],
	[' 3 ', 3],
	[2.9, 2],
	[-1, 0],
	['many', 0],
])('Maximum Paid Loads per Run given as %p allows %p paid calls (undefined: no cap)', (given, cap) => {
	const { readRequestOptions } = fresh<RequestOptions>('parameters');
	expect(readRequestOptions.call(context({ requestOptions: { maxPaidLoads: given } })).maxPaidLoads).toBe(cap);
});

test('an API version the node does not have (a workflow edited by hand) has no operations, rather than failing', () => {
	const { findOperation } = fresh<Registry>('registry');
	expect(findOperation('v3' as 'v2', 'rut', 'load')).toBeUndefined();
	expect(findOperation('v2', 'rut', 'load')?.path).toBe('/helper/cargarRut');
});

describe('Load', () => {
	const RUT = '12345678-5';

	test('an answer that is not an object is kept under `response`, beside the RUT', async () => {
		const { loadApiV2 } = fresh<Load>('load');
		expect(await loadApiV2.items!.call(context({}), 'OK', ANSWER, plan({}, RUT))).toEqual([{ json: { rut: RUT, response: 'OK' } }]);
	});

	test('V1 sends POST /helper/loadRut under the V1 root, a paid call', () => {
		const { loadApiV1, requestOfItem } = fresh<Load & Operation>('load', 'router');
		const planned = requestOfItem.call(context({ rut: '12.345.678-5', isMonitoring: false, includeBureau: false, dryRun: false }), loadApiV1, 0, 1);
		expect(planned.request).toEqual({ method: 'POST', root: 'v1', path: '/helper/loadRut', paid: true });
	});

	test.each([
		['v2', '/helper/cobranzaLaboral/12345678-5/moraPrevisional'],
		['v1', '/helper/12345678-5/getMoraPrevisionalCases'],
	] as const)('its %s dry run asks the free pension-arrears read (%s) whether the RUT is loaded', async (root, path) => {
		const { loadApiV2, loadApiV1 } = fresh<Load>('load');
		const sent: unknown[] = [];
		const api = transportDouble({
			once: async (key: string, request: { method: string; root: string; path: string }) => {
				sent.push([key, request.method, request.root, request.path]);
				return { response: { statusCode: 200, headers: {}, data: [] }, sentHere: true };
			},
			claimFirst: () => true,
			// The account's plan is read through the transport, under the credential's Answer Key Names (none here).
			request: async (request: { path: string }) => (sent.push(`plan read: ${request.path}`), { data: {}, headers: {} }),
		});
		const load = root === 'v2' ? loadApiV2 : loadApiV1;
		const choices = { load: { isMonitoring: false, includeBureau: true, stopAtPlan: false }, dryRun: true };
		const answer = await load.estimate!(api, { request: { method: 'POST', root, path: load.path, paid: true }, choices, rut: RUT });
		expect(sent).toEqual(['plan read: /usage', [`probe:${root}:${RUT}`, 'GET', root, path]]);
		expect(answer).toEqual({ extra: { rut: RUT, isMonitoring: false, includeBureau: true, dryRun: true, wouldPay: false, alreadyLoaded: true } });
	});
});

describe('ISO Dates', () => {
	test('rewrites the service dates when on, and leaves the answer as it came when off', () => {
		const { isoDates } = fresh<Steps>('steps');
		const data = { fechaCarga: '31-01-2025', detalle: [{ fecha: '05-02-2024 13:04:05', periodo: '03/2024' }] };
		expect(isoDates.reshape!(data, plan({ isoDates: true }), [])).toEqual({ fechaCarga: '2025-01-31', detalle: [{ fecha: '2024-02-05T13:04:05', periodo: '2024-03' }] });
		expect(isoDates.reshape!(data, plan({ isoDates: false }), [])).toBe(data);
	});
});

describe('the marks of a paid call', () => {
	test('go on the first item of an answer only; every item gets the rest', () => {
		const { withExtra } = fresh<Cost>('cost');
		const items = [{ json: { id: 1 } }, { json: { id: 2 } }];
		expect(withExtra(items, { rut: '1-9', paid: 'rutLoad', wouldPayFor: 'rutLoad' })).toEqual([
			{ json: { id: 1, rut: '1-9', paid: 'rutLoad', wouldPayFor: 'rutLoad' } },
			{ json: { id: 2, rut: '1-9' } },
		]);
	});

	test('an item without them is handed on as it is, not copied', () => {
		const { uncounted } = fresh<Cost>('cost');
		const json = { rut: '1-9', dryRun: true };
		expect(uncounted(json)).toBe(json);
		expect(uncounted({ ...json, paid: 'rutLoad' })).toEqual(json);
	});
});

describe('how an operation runs its steps', () => {
	const base = { value: 'probe', name: 'Probe', action: 'Probe', description: 'A probe', method: 'GET' as const, root: 'v2' as const, path: '/usage' };

	test('reshapes run in the order the steps list them, each on what the one before gave', async () => {
		const { ItemRequests } = fresh<Operation>('router');
		const append = (mark: string) => ({ properties: [], reshape: (data: unknown) => `${String(data)}${mark}` });
		const api = transportDouble({ request: async () => ({ data: 'answer', headers: {} }) });
		const plans = new ItemRequests(context({}), api, 1);
		const job = plans.add({ ...base, steps: [append('>a'), append('>b'), append('>c')] }, 0);
		expect(await plans.jobs[job].run()).toEqual([{ json: { data: 'answer>a>b>c' } }]);
	});
});
