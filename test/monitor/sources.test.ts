// Which RUTs the Monitor watches: a list of the user's own, checked as the action node checks RUTs
// (a bad one named, before anything is read), or the account's RUTs flagged for monitoring, read
// from Account → List Profiles, whose answer the spec does not show and is read defensively.
import { NodeOperationError, type INode } from 'n8n-workflow';

import type { ApiRequest, ApiResponse, Transport } from '../../nodes/shared/transport';
import { transportDouble } from '../helpers/transport-double';
import { listedRuts, monitoredRuts } from '../../nodes/RiskInfoMonitor/properties';
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { credentialsOf, runNodeError } from '../action/context';
import { monitorWorkflow, sandboxWith, summaryReads } from './helpers';

const NODE = { name: 'Risk Info Monitor' } as INode;

describe('These RUTs', () => {
	let sb: Sandbox;
	beforeAll(async () => (sb = await sandboxWith([KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt])));
	afterAll(async () => await sb.close());
	beforeEach(() => sb.resetLog());
	afterEach(() => expect(sb.usage().paidLoads).toBe(0));

	test('one per line, commas or semicolons, dots or none: each RUT read once', async () => {
		const wf = monitorWorkflow(sb, { source: 'list', ruts: ' 76.111.111-6, 762222221\n\n76333333-7 ; 76111111-6\n' });
		expect((await wf.poll()).items).toBeNull();
		expect(summaryReads(sb).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt].sort());
	});

	test('an expression giving the list works, a list of values too', async () => {
		const wf = monitorWorkflow(sb, { source: 'list', ruts: `={{ ["${KNOWN_RUTS.clean}", "${KNOWN_RUTS.indebted}"].join("\\n") }}` });
		await wf.poll();
		expect(summaryReads(sb).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.indebted].sort());
		expect(listedRuts(NODE, ['76.111.111-6', 76222222 * 10 + 1])).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.indebted]);
	});

	test('a bad RUT is named with what is wrong, and nothing is read', async () => {
		const wf = monitorWorkflow(sb, { source: 'list', ruts: '76.111.111-6\n76.222.222-9' });
		// The reason is the one the action node gives (shared/rut.ts), after the value and its place.
		await expect(wf.poll()).rejects.toThrow(/^RUTs: "76\.222\.222-9" \(entry 2\) is not a valid RUT: the check digit /);
		const fetched = await wf.fetchTestEvent();
		expect(fetched.nodeErrors['Risk Info Monitor']?.message).toMatch(/76\.222\.222-9/);
		expect(sb.requests).toEqual([]);
		expect(() => listedRuts(NODE, ' \n , ')).toThrow('RUTs: the list is empty');
		expect(() => listedRuts(NODE, { rut: 1 })).toThrow(/\[object Object\]" \(entry 1\) is not a valid RUT/);
	});

	test('a check digit that does not match: the action node\'s advice, the same text, to check the whole RUT at its source', async () => {
		const action = await runNodeError({ ...credentialsOf(sb), params: { resource: 'rut', operation: 'getSummary', rut: '76.222.222-9' } });
		const monitor = (() => {
			try {
				listedRuts(NODE, '76.111.111-6\n76.222.222-9');
			} catch (error) {
				return error as NodeOperationError;
			}
			return undefined;
		})();
		expect(action.description).toMatch(/^A character of this RUT is probably mistyped.+Check the whole RUT against its source/);
		expect(monitor?.description).toBe(`${action.description} In the list, write one RUT per line or separate them with commas.`);
		expect(sb.requests).toEqual([]);
	});
});

test('RUTs Monitored in the Account: the ones loaded with monitoring on, from List Profiles, each poll', async () => {
	const sb = await sandboxWith([]);
	try {
		sb.loadRut(KNOWN_RUTS.clean, { isMonitoring: true });
		sb.loadRut(KNOWN_RUTS.bankrupt, { isMonitoring: true });
		sb.loadRut(KNOWN_RUTS.indebted, { isMonitoring: false });
		const wf = monitorWorkflow(sb, { source: 'account' });
		await wf.poll();
		expect(sb.requests.filter((r) => r.path === '/api/clients/v2/profiles')).toHaveLength(1);
		expect(summaryReads(sb).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.bankrupt].sort());
		expect(sb.usage().paidLoads).toBe(0);
	} finally {
		await sb.close();
	}
});

describe('List Profiles read defensively', () => {
	/** A transport answering List Profiles with `data`. */
	function answering(data: unknown): Transport {
		return transportDouble({ request: async (req: ApiRequest): Promise<ApiResponse> => (req.path === '/profiles' ? { data, headers: {} } : Promise.reject(new Error(req.path))) });
	}

	test.each([
		['the list itself', [{ rut: '76111111-6', isMonitoring: true }, { rut: '76222222-1', isMonitoring: false }]],
		['an object holding RUTs beside compliance profiles', { ruts: [{ rut: '76.111.111-6', isMonitoring: 'true' }], compliance: [{ fullName: 'X', isMonitoring: true }] }],
		['other spellings of the fields', { perfiles: [{ RUT: '761111116', monitoreo: 'SI' }, { RUT: '76222222-1', monitoreo: 'NO' }] }],
		['an entry the service got wrong among good ones', [{ rut: '76111111-6', isMonitoring: 1 }, { rut: 'basura', isMonitoring: true }]],
	])('%s', async (_, data) => {
		expect(await monitoredRuts(NODE, answering(data))).toEqual(['76111111-6']);
	});

	test('no RUT loaded yet: nothing to watch, no error', async () => {
		expect(await monitoredRuts(NODE, answering({ ruts: [], compliance: [] }))).toEqual([]);
	});

	test.each([
		['no list at all', { total: 3 }, 'has no list of profiles', '"total"'],
		['entries without a RUT', { items: [{ id: 1 }, { id: 2 }] }, 'has no "rut" on its entries', '"items"'],
		['RUTs without a monitoring flag', { ruts: [{ rut: '76111111-6' }] }, 'has no monitoring flag ("isMonitoring") on its RUT entries', '"ruts"'],
		['a text', 'ok', 'has no list of profiles', '"ok"'],
	])('%s: an error naming what was missing', async (_, data, missing, shape) => {
		const error = await monitoredRuts(NODE, answering(data)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe(`The account's List Profiles answer ${missing}, so the Monitor cannot tell which RUTs are monitored`);
		expect((error as NodeOperationError).description).toContain(shape);
		expect((error as NodeOperationError).description).toContain('Watch → These RUTs');
	});
});
