// Yes/no parameters fed by expressions: sheets and CSV files hand over "true" and "false" as
// text, and n8n passes them on unchecked. "false" must never count as true (on a paid flag that
// is a load nobody asked for), and a value that is neither is an input error before any call.
import { NodeOperationError } from 'n8n-workflow';

import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError, type Params } from './context';

const sb = useSandbox({ complianceDelayMs: 20 }, [KNOWN_RUTS.clean]);

const run = (params: Params | Params[], continueOnFail = false) => runNode({ ...credentialsOf(sb), params, continueOnFail });
const fail = (params: Params | Params[]) => runNodeError({ ...credentialsOf(sb), params });

/**
 * A valid RUT nobody loaded in this sandbox yet: each call gives another. Check digits worked out
 * by modulo 11 outside the code under test (two of them K).
 */
const UNLOADED = [
	'30000001-0', '30000002-9', '30000003-7', '30000004-5', '30000005-3', '30000006-1', '30000007-K', '30000008-8',
	'30000009-6', '30000010-K', '30000011-8', '30000012-6', '30000013-4', '30000014-2', '30000015-0', '30000016-9',
];
const unloaded = () => {
	const rut = UNLOADED.shift();
	if (!rut) throw new Error('more unloaded RUTs needed: add to UNLOADED');
	return rut;
};
const summary = (rut: string, more: Params = {}): Params => ({ resource: 'rut', operation: 'getSummary', rut, ...more });
const paidCalls = () => sb.requests.filter((r) => r.method === 'POST');

describe('"Load RUT If Not Loaded" from an expression', () => {
	test.each([['false'], ['FALSE'], [' false '], ['0'], [0], [false]])('%j does not load: no paid call, the "not loaded" error', async (flag) => {
		const error = await fail(summary(unloaded(), { loadIfMissing: flag }));
		expect(error.message).toMatch(/is not loaded in this account/);
		expect(paidCalls()).toEqual([]);
	});

	test.each([['true'], ['True'], ['1'], [1], [true]])('%j loads the missing RUT once, with the flags given as text', async (flag) => {
		const rut = unloaded();
		const { items } = await run(summary(rut, { loadIfMissing: flag, loadIsMonitoring: 'true', loadIncludeBureau: 'false' }));
		expect(items[0].json.loadedNow).toBe(true);
		expect(paidCalls().map((r) => r.body)).toEqual([{ rut, isMonitoring: true, includeBureau: false }]);
	});

	test.each([['yes please'], [''], [2], [null], [{}]])('%j is an input error naming the field, and nothing is sent', async (flag) => {
		const error = await fail([summary(KNOWN_RUTS.clean), summary(KNOWN_RUTS.clean, { loadIfMissing: flag })]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/^Load RUT If Not Loaded must be true or false, not /);
		expect((error as NodeOperationError).context.itemIndex).toBe(1);
		expect(sb.requests).toEqual([]);
	});
});

describe('other yes/no parameters read the same way', () => {
	test('RUT → Load sends real booleans for "true" / "false" text', async () => {
		const rut = unloaded();
		await run({ resource: 'rut', operation: 'load', rut, isMonitoring: 'false', includeBureau: 'true' });
		expect(paidCalls().map((r) => r.body)).toEqual([{ rut, isMonitoring: false, includeBureau: true }]);
	});

	test('Simplify "false" returns the full summary, "true" the flat one', async () => {
		const full = await run(summary(KNOWN_RUTS.clean, { simplify: 'false' }));
		const flat = await run(summary(KNOWN_RUTS.clean, { simplify: 'true' }));
		expect(full.items[0].json).toHaveProperty('identificacion');
		expect(flat.items[0].json).not.toHaveProperty('identificacion');
		expect(flat.items[0].json).toHaveProperty('complianceRisk');
	});

	test('a compliance profile takes "true" / "false" text for Monitor the Profile and for the person type', async () => {
		await run({ resource: 'compliance', operation: 'loadProfile', fullName: 'Ana María Rojas', personType: 'false', isMonitoring: 'true' });
		expect(paidCalls().map((r) => r.body)).toEqual([{ fullName: 'Ana María Rojas', isMonitoring: true, isJuridicalPerson: false, searchErrors: 0 }]);
	});

	test('a bad value on a free read is an error item under Continue On Fail, paired to its input', async () => {
		const { items } = await run([summary(KNOWN_RUTS.clean), summary(KNOWN_RUTS.clean, { isoDates: 'maybe' })], true);
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBeUndefined();
		expect(String(items[1].json.error)).toMatch(/^Convert Dates to ISO 8601 must be true or false, not "maybe"/);
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});
});
