// Dry Run (Estimate Cost) sends nothing paid and says per item whether
// the real run would pay (wouldPay) and, once per distinct paid call, which (wouldPayFor); the
// real run then marks the item each paid call was made for (paid). Counted at the sandbox,
// through n8n's engine: the estimate (items with wouldPayFor) equals what the real run pays.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { KNOWN_NAMES, KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { freshRuts, postsAt, spend } from '../helpers/spend';

const sb = useSandbox({ complianceDelayMs: 20 }, []);

const marked = (items: INodeExecutionData[], key: 'wouldPayFor' | 'paid') => items.filter((i) => i.json[key] !== undefined);

/** What a dry-run item says about itself, without what every item of the run says about the plan (test/action/plan.test.ts). */
function own(json: IDataObject): IDataObject {
	const { planLookupsRemaining: _r, lookupsNeeded: _n, wouldExceedPlan: _e, loadsOverMonitoringPlan: _m, ...rest } = json;
	return rest;
}

describe('Load RUT If Not Loaded', () => {
	test.each([
		['V2 Get Summary, simplified', { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', simplify: true }],
		['V1 Get Labor Fines', { apiVersion: 'v1', resource: 'v1LaborCollection', operation: 'getLaborFines' }],
	])('%s: the dry run reads, pays nothing, and estimates exactly what the real run pays', async (_name, operation) => {
		const [loadedA, loadedB, missingA, missingB] = freshRuts(4);
		sb.loadRut(loadedA);
		sb.loadRut(loadedB);
		const items = [
			{ rut: loadedA },
			{ rut: missingA },
			{ rut: missingB },
			// The same missing RUT again, in another spelling: the same load, paid once.
			{ rut: missingA.replace('-', '') },
			{ rut: loadedB },
			// Another read of a missing RUT (dates as ISO 8601): a request of its own, the same load.
			{ rut: missingB, iso: true },
		];
		const parameters = { ...operation, loadIfMissing: true, isoDates: '={{ $json.iso === true }}' };

		const estimate = await spend({ sandbox: sb, parameters: { ...parameters, dryRun: true }, items, options: { requestsInParallel: 3 } });
		expect(estimate.error).toBeUndefined();
		expect(postsAt(sb)).toEqual([]);
		expect(estimate.paid.total).toBe(0);
		const out = estimate.items;
		expect(out).toHaveLength(items.length);
		out.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		// Loaded: the read's data, and nothing to pay.
		for (const i of [0, 4]) {
			expect(out[i].json).toMatchObject({ dryRun: true, wouldPay: false });
			expect(out[i].json.wouldPayFor).toBeUndefined();
			// …besides the read's data (V2's simplified record, V1's list under `data`).
			expect(Object.keys(out[i].json).filter((key) => key !== 'dryRun' && key !== 'wouldPay')).not.toEqual([]);
		}
		// Not loaded: the RUT, that it would pay, and the paid call once per distinct load, on one of
		// the items that need it (which one depends on which of the parallel requests answers first).
		for (const i of [1, 2, 3, 5]) expect(own(out[i].json)).toMatchObject({ rut: i === 1 || i === 3 ? missingA : missingB, dryRun: true, wouldPay: true });
		expect([1, 3].filter((i) => out[i].json.wouldPayFor === 'RUT load')).toHaveLength(1);
		expect([2, 5].filter((i) => out[i].json.wouldPayFor === 'RUT load')).toHaveLength(1);
		expect(marked(out, 'wouldPayFor')).toHaveLength(2);

		sb.resetLog();
		const real = await spend({ sandbox: sb, parameters, items, options: { requestsInParallel: 3 } });
		expect(real.error).toBeUndefined();
		expect(real.paid.rutLoads).toBe(marked(out, 'wouldPayFor').length);
		// The last item reads a RUT an earlier item loads: loaded now or just before, by timing.
		expect(real.items.slice(0, 5).map((i) => i.json.loadedNow)).toEqual([false, true, true, true, false]);
		// Each load paid once, on one of the items that need it, as the estimate said.
		expect([0, 4].map((i) => real.items[i].json.paid)).toEqual([undefined, undefined]);
		expect([1, 3].filter((i) => real.items[i].json.paid === 'RUT load')).toHaveLength(1);
		expect([2, 5].filter((i) => real.items[i].json.paid === 'RUT load')).toHaveLength(1);
	});

	test('the same missing RUT with two load choices is estimated as two loads, an upper bound', async () => {
		// The real run loads it again for the second choice only when its read also finds it not
		// loaded (both reads before either load); otherwise the second read is free.
		const [rut] = freshRuts(1);
		const items = [{ rut }, { rut, monitor: true }];
		const parameters = { apiVersion: 'v2', resource: 'creditScore', operation: 'get', loadIfMissing: true, loadIsMonitoring: '={{ $json.monitor === true }}' };
		const estimate = await spend({ sandbox: sb, parameters: { ...parameters, dryRun: true }, items });
		expect(marked(estimate.items, 'wouldPayFor')).toHaveLength(2);
		const real = await spend({ sandbox: sb, parameters, items, options: { requestsInParallel: 1 } });
		expect(real.paid.rutLoads).toBe(1);
		expect(marked(real.items, 'paid')).toHaveLength(1);
	});

	test('with Split Into Items the paid call is marked on the first item of the RUT only', async () => {
		const parameters = { apiVersion: 'v2', resource: 'judicial', operation: 'getCivilCases', split: true, loadIfMissing: true };
		const estimate = await spend({ sandbox: sb, parameters: { ...parameters, dryRun: true }, items: [{ rut: KNOWN_RUTS.indebted }] });
		expect(estimate.items.map((i) => own(i.json))).toEqual([{ rut: KNOWN_RUTS.indebted, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load' }]);

		const real = await spend({ sandbox: sb, parameters, items: [{ rut: KNOWN_RUTS.indebted }] });
		expect(real.items.length).toBeGreaterThan(1);
		expect(real.items.every((i) => i.json.loadedNow === true)).toBe(true);
		expect(real.items.map((i) => i.json.paid)).toEqual(['RUT load', ...real.items.slice(1).map(() => undefined)]);
		expect(real.paid.rutLoads).toBe(1);

		// Loaded now: the dry run gives the cases themselves, each saying nothing would be paid.
		const again = await spend({ sandbox: sb, parameters: { ...parameters, dryRun: true }, items: [{ rut: KNOWN_RUTS.indebted }] });
		expect(again.items).toHaveLength(real.items.length);
		expect(again.items.every((i) => i.json.wouldPay === false && i.json.rol !== undefined)).toBe(true);
	});

	test('a dry run is not held back by the cap: it sends nothing paid', async () => {
		const [missing] = freshRuts(1);
		const { items, paid } = await spend({
			sandbox: sb,
			parameters: { apiVersion: 'v2', resource: 'creditScore', operation: 'get', loadIfMissing: true, dryRun: true },
			items: [{ rut: missing }],
			options: { maxPaidLoads: 0 },
		});
		expect(own(items[0].json)).toEqual({ rut: missing, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load' });
		expect(paid.total).toBe(0);
	});
});

describe('RUT Load', () => {
	test.each([
		['V2', 'rut', '/api/clients/v2/helper/cobranzaLaboral/'],
		['V1', 'v1Rut', '/api/v1/helper/'],
	])('%s: a free read tells loaded from not loaded; nothing is loaded', async (version, resource, readPath) => {
		const [loaded, missing] = freshRuts(2);
		sb.loadRut(loaded);
		const { items, paid } = await spend({
			sandbox: sb,
			parameters: { apiVersion: version.toLowerCase(), resource, operation: 'load', includeBureau: true, dryRun: true },
			items: [{ rut: loaded }, { rut: missing }, { rut: missing }],
		});
		expect(paid.total).toBe(0);
		expect(postsAt(sb)).toEqual([]);
		// The plan, then one read per distinct RUT, the pension-arrears list: the smallest answer about a RUT.
		expect(sb.requests.map((r) => [r.method, r.path.startsWith(readPath) && /oraPrevisional/.test(r.path)])).toEqual([
			['GET', false],
			['GET', true],
			['GET', true],
		]);
		expect(sb.requests[0].path).toBe('/api/clients/v2/usage');
		const load = { isMonitoring: false, includeBureau: true };
		expect(items.map((i) => own(i.json))).toEqual([
			{ rut: loaded, ...load, dryRun: true, wouldPay: false, alreadyLoaded: true },
			{ rut: missing, ...load, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load' },
			// The same load asked twice is one paid call: the second item shares it.
			{ rut: missing, ...load, dryRun: true, wouldPay: true },
		]);
	});

	test('a read that fails for another reason than "not loaded" is an error item, not a guess', async () => {
		const [rut] = freshRuts(1);
		sb.failNext(403, 1, { path: `/api/clients/v2/helper/cobranzaLaboral/${rut}/moraPrevisional` });
		const { items } = await spend({
			sandbox: sb,
			parameters: { apiVersion: 'v2', resource: 'rut', operation: 'load', dryRun: true },
			items: [{ rut }],
			continueOnFail: true,
		});
		expect(items[0].json.details).toMatchObject({ httpCode: '403' });
		expect(items[0].json.wouldPay).toBeUndefined();
	});
});

describe('Compliance Load Profile', () => {
	const profile = (fullName: string, more: IDataObject = {}) => ({ fullName, searchErrors: 0, personType: 'juridical', isMonitoring: false, ...more });
	const parameters = (version: 'v2' | 'v1', dryRun: boolean) => ({
		apiVersion: version,
		resource: version === 'v2' ? 'compliance' : 'v1Compliance',
		operation: 'loadProfile',
		fullName: '={{ $json.fullName }}',
		searchErrors: '={{ $json.searchErrors }}',
		personType: '={{ $json.personType }}',
		isMonitoring: '={{ $json.isMonitoring }}',
		dryRun,
	});

	/** Profiles the account holds before the estimate: one active, one failed, one expired. */
	async function accountWithProfiles(active: string, expired: string) {
		const setup = await spend({
			sandbox: sb,
			parameters: parameters('v2', false),
			items: [profile(active, { isMonitoring: true }), profile(KNOWN_NAMES.failed), profile(expired)],
		});
		expect(setup.error).toBeUndefined();
		await Promise.all(setup.items.map((i) => sb.waitForDelivery(i.json.webhookId as number)));
		// The consultation profile's 48 hours pass; the monitoring one stays.
		sb.clock.advance(49 * 3600 * 1000);
		sb.resetLog();
	}

	test('V2: only an identical active profile is free; the estimate equals what the real run pays', async () => {
		const active = 'Activa Permanente SpA';
		const expired = 'Consulta Vencida SpA';
		await accountWithProfiles(active, expired);
		const items = [
			profile(active),
			profile(active, { searchErrors: 1 }),
			profile(active, { personType: 'natural' }),
			profile(KNOWN_NAMES.failed),
			profile(expired),
			profile('Nueva Empresa Limitada'),
			// The same search with another monitoring choice: the service refuses it as already active.
			profile('Nueva Empresa Limitada', { isMonitoring: true }),
		];

		const estimate = await spend({ sandbox: sb, parameters: parameters('v2', true), items, options: { requestsInParallel: 1 } });
		expect(estimate.error).toBeUndefined();
		expect(estimate.paid.total).toBe(0);
		// The account's profiles are read once for the whole run, and nothing else is sent.
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/clients/v2/profiles']);
		const out = estimate.items.map((i) => i.json);
		expect(out[0]).toMatchObject({ fullName: active, dryRun: true, wouldPay: false, activeProfile: { fullName: active, searchErrors: 0, isJuridicalPerson: true } });
		expect(out.map((o) => [o.wouldPay, o.wouldPayFor])).toEqual([
			[false, undefined],
			[true, 'compliance profile load'],
			[true, 'compliance profile load'],
			[true, 'compliance profile load'],
			[true, 'compliance profile load'],
			[true, 'compliance profile load'],
			[true, undefined],
		]);
		expect(out[1]).toMatchObject({ fullName: active, searchErrors: 1, isJuridicalPerson: true, isMonitoring: false });

		const real = await spend({ sandbox: sb, parameters: parameters('v2', false), items, options: { requestsInParallel: 1 }, continueOnFail: true });
		expect(real.paid.complianceProfiles).toBe(5);
		expect(real.items.map((i) => i.json.paid ?? i.json.details)).toEqual([
			expect.objectContaining({ httpCode: '409' }),
			'compliance profile load',
			'compliance profile load',
			'compliance profile load',
			'compliance profile load',
			'compliance profile load',
			expect.objectContaining({ httpCode: '409' }),
		]);
	});

	test("V1 has no list of profiles: its dry run reads V2's with the same credential", async () => {
		const name = 'Perfil Versión Uno SpA';
		const loaded = await spend({ sandbox: sb, parameters: parameters('v1', false), items: [profile(name)] });
		expect(loaded.items[0].json.paid).toBe('compliance profile load');
		sb.resetLog();
		const { items } = await spend({ sandbox: sb, parameters: parameters('v1', true), items: [profile(name), profile(name, { searchErrors: 2 })] });
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/clients/v2/profiles']);
		expect(items.map((i) => [i.json.wouldPay, i.json.wouldPayFor])).toEqual([
			[false, undefined],
			[true, 'compliance profile load'],
		]);
	});

	test('when the account cannot read the list, V1 estimates the upper bound and says it did not check; V2 reports the error', async () => {
		sb.failNext(403);
		const v1 = await spend({ sandbox: sb, parameters: parameters('v1', true), items: [profile('Sin Lista Limitada')] });
		expect(v1.items[0].json).toMatchObject({ wouldPay: true, wouldPayFor: 'compliance profile load', activeProfilesChecked: false });
		sb.failNext(403);
		const v2 = await spend({ sandbox: sb, parameters: parameters('v2', true), items: [profile('Sin Lista Limitada')], continueOnFail: true });
		expect(v2.items[0].json.details).toMatchObject({ httpCode: '403' });
		expect(postsAt(sb)).toEqual([]);
	});
});
