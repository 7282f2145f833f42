// The cost guard knows the account's plan (addendum A4): Stop When the Plan Runs Out
// caps the run's RUT loads at what the plan has left, exactly under parallelism, beside Maximum
// Paid Loads per Run; a monitoring load beyond the plan's places is marked; the dry run says what
// the plan has left and whether the run would go past it. Run through n8n's engine against the
// sandbox, whose plan each test sets, and counted at the sandbox.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { CAP_MESSAGE, freshRuts, itemOfError, postsAt, spend } from '../helpers/spend';
import { startRelay } from '../helpers/throughput';

const sb = useSandbox({}, []);
afterEach(() => sb.configure({ plan: undefined }));

const rutLoad = (more: IDataObject = {}) => ({ apiVersion: 'v2', resource: 'rut', operation: 'load', stopAtPlan: true, ...more });
const PLAN_MESSAGE = (remaining: number) =>
	`The run used the ${remaining} paid look-ups the plan had left (Stop When the Plan Runs Out); extend the plan or split the list`;
const errors = (items: INodeExecutionData[]) => items.filter((i) => typeof i.json.error === 'string');
const itemOf = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;

/** A plan with `remaining` look-ups left and `freePlaces` monitoring places free, whatever the file loaded before. */
function planWith(sandbox: Sandbox, remaining: number, freePlaces = 50) {
	const used = sandbox.usage().paidLoads;
	sandbox.configure({ plan: { lookups: used + remaining, monitoringPlaces: monitored + freePlaces } });
}
let monitored = 0;

test('20 loads, 10 in parallel, with 4 look-ups left: the sandbox counts exactly 4; the other 16 are error items naming themselves, and nothing is sent for them', async () => {
	planWith(sb, 4);
	// The plan's read, then every load sent in flight at once: the relay answers none of the four
	// before all four are in, so the plan is kept by what was sent, not by what was answered.
	const relay = await startRelay(sb.url, { waves: [1, 4] });
	const ruts = freshRuts(20);
	const { items, paid } = await spend({
		sandbox: sb,
		baseUrl: relay.url,
		parameters: rutLoad(),
		items: ruts.map((rut) => ({ rut })),
		options: { requestsInParallel: 10 },
		continueOnFail: true,
	}).finally(() => relay.close());
	expect(paid.rutLoads).toBe(4);
	expect(postsAt(sb)).toHaveLength(4);
	expect(items).toHaveLength(20);
	items.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
	expect(items.filter((i) => i.json.paid === 'RUT load')).toHaveLength(4);
	const refused = errors(items);
	expect(refused).toHaveLength(16);
	for (const item of refused) {
		expect(item.json.error).toBe(PLAN_MESSAGE(4));
		expect(item.json.details).toMatchObject({ itemIndex: itemOf(item) });
	}
	const loaded = new Set(postsAt(sb).map((r) => (r.body as IDataObject).rut));
	for (const item of refused) expect(loaded.has(ruts[itemOf(item)])).toBe(false);
	// One free read of the plan, before the first load.
	expect(sb.requests.filter((r) => r.path === '/api/clients/v2/usage')).toHaveLength(1);
	expect(sb.requests[0].path).toBe('/api/clients/v2/usage');
});

test.each([
	['the cap is the smaller', 2, 5, 2, CAP_MESSAGE(2)],
	['the plan is the smaller', 6, 3, 3, PLAN_MESSAGE(3)],
])('Maximum Paid Loads per Run still applies: %s', async (_name, cap, remaining, expected, message) => {
	planWith(sb, remaining);
	const { paid, error } = await spend({ sandbox: sb, parameters: rutLoad(), items: freshRuts(8).map((rut) => ({ rut })), options: { requestsInParallel: 1, maxPaidLoads: cap } });
	expect(paid.rutLoads).toBe(expected);
	// The first item refused is the one after the loads made.
	expect([error?.message, itemOfError(error)]).toEqual([message, expected]);
});

test('a plan with nothing left refuses the first load; without the switch the run loads past the plan', async () => {
	planWith(sb, 0);
	const stopped = await spend({ sandbox: sb, parameters: rutLoad(), items: freshRuts(2).map((rut) => ({ rut })), continueOnFail: true });
	expect(stopped.paid.rutLoads).toBe(0);
	expect(stopped.items.map((i) => [i.json.error, (i.json.details as IDataObject).itemIndex])).toEqual(
		[0, 1].map((n) => ['The plan has no paid look-ups left (Stop When the Plan Runs Out); extend the plan or split the list', n]),
	);
	const past = await spend({ sandbox: sb, parameters: rutLoad({ stopAtPlan: false }), items: freshRuts(2).map((rut) => ({ rut })) });
	expect(past.paid.rutLoads).toBe(2);
	// The switch off reads no plan: nothing asked for it.
	expect(sb.requests.filter((r) => r.path.endsWith('/usage'))).toHaveLength(1);
});

test('Load RUT If Not Loaded within the plan: loaded RUTs are still read, only the loads past it are refused', async () => {
	const loaded = freshRuts(5);
	const missing = freshRuts(7);
	for (const rut of loaded) sb.loadRut(rut);
	planWith(sb, 3);
	const ruts = missing.flatMap((rut, i) => [rut, ...(loaded[i] ? [loaded[i]] : [])]);
	const { items, paid } = await spend({
		sandbox: sb,
		parameters: { apiVersion: 'v1', resource: 'v1Judicial', operation: 'getAllCases', loadIfMissing: true, stopAtPlan: true },
		items: ruts.map((rut) => ({ rut })),
		options: { requestsInParallel: 10 },
		continueOnFail: true,
	});
	expect(paid.rutLoads).toBe(3);
	items.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		if (loaded.includes(ruts[i])) expect(item.json).toMatchObject({ rut: ruts[i], loadedNow: false });
	});
	expect(items.filter((i) => i.json.loadedNow === true && i.json.paid === 'RUT load')).toHaveLength(3);
	expect(errors(items).map((i) => [i.json.error, (i.json.details as IDataObject).itemIndex])).toEqual(errors(items).map((i) => [PLAN_MESSAGE(3), itemOf(i)]));
	expect(errors(items)).toHaveLength(missing.length - 3);
});

test('a load the service refused outright gives its look-up back; one that may have run keeps it', async () => {
	planWith(sb, 2);
	const ruts = freshRuts(4);
	sb.failNext(403, 1, { path: '/api/clients/v2/helper/cargarRut' });
	const refused = await spend({ sandbox: sb, parameters: rutLoad(), items: ruts.slice(0, 3).map((rut) => ({ rut })), options: { requestsInParallel: 1 }, continueOnFail: true });
	expect(refused.items.map((i) => i.json.paid ?? (i.json.details as IDataObject).httpCode)).toEqual(['403', 'RUT load', 'RUT load']);
	expect(refused.paid.rutLoads).toBe(2);

	planWith(sb, 2);
	sb.failNext(500, 1, { path: '/api/clients/v2/helper/cargarRut' });
	const unsure = await spend({ sandbox: sb, parameters: rutLoad(), items: freshRuts(3).map((rut) => ({ rut })), options: { requestsInParallel: 1, maxAttempts: 1 }, continueOnFail: true });
	expect(unsure.items.map((i) => i.json.paid ?? (i.json.details as IDataObject).httpCode)).toEqual(['500', 'RUT load', undefined]);
	expect(unsure.items[2].json.error).toBe(PLAN_MESSAGE(2));
});

test('when the plan cannot be read, the switch loads nothing and says why; without it the loads go on', async () => {
	sb.failNext(403, 1, { path: '/api/clients/v2/usage' });
	const stopped = await spend({ sandbox: sb, parameters: rutLoad(), items: freshRuts(2).map((rut) => ({ rut })), continueOnFail: true });
	expect(stopped.paid.rutLoads).toBe(0);
	expect(stopped.items.map((i) => [i.json.error, (i.json.details as IDataObject).itemIndex])).toEqual(
		[0, 1].map((n) => ["The plan's remaining look-ups could not be read, so nothing was loaded (Stop When the Plan Runs Out)", n]),
	);
	expect((stopped.items[0].json.details as IDataObject).description).toMatch(/^This item needs a RUT load.*The reason: GET \/usage failed \(HTTP 403\): No tienes permiso/);

	sb.failNext(403, 1, { path: '/api/clients/v2/usage' });
	const monitoring = await spend({ sandbox: sb, parameters: rutLoad({ stopAtPlan: false, isMonitoring: true }), items: freshRuts(1).map((rut) => ({ rut })) });
	monitored += 1;
	expect(monitoring.paid.rutLoads).toBe(1);
	// Not known, so not marked.
	expect(monitoring.items[0].json).toMatchObject({ paid: 'RUT load' });
	expect(monitoring.items[0].json.monitoringOverPlan).toBeUndefined();
});

describe('monitoring places', () => {
	test('with one place free, of three monitoring loads (10 in parallel) exactly two are marked over the plan, as the sandbox then counts them; the others never', async () => {
		planWith(sb, 50, 1);
		// The plan's read beside the two loads that do not need it, then the three monitoring loads in
		// flight at once (none answered before all are in): which of the three is marked cannot hang on
		// which answer came first.
		const relay = await startRelay(sb.url, { waves: [3, 3] });
		const ruts = freshRuts(5);
		// The same monitoring load twice is one load, marked once.
		const inputs = [{ rut: ruts[0], monitor: true }, { rut: ruts[1], monitor: false }, { rut: ruts[2], monitor: true }, { rut: ruts[3], monitor: true }, { rut: ruts[3], monitor: true }, { rut: ruts[4], monitor: false }];
		const { items, paid } = await spend({
			sandbox: sb,
			baseUrl: relay.url,
			parameters: rutLoad({ stopAtPlan: false, isMonitoring: '={{ $json.monitor }}' }),
			items: inputs,
			options: { requestsInParallel: 10 },
		}).finally(() => relay.close());
		monitored += 3;
		expect(paid.rutLoads).toBe(5);
		expect(items.filter((i) => i.json.monitoringOverPlan === true)).toHaveLength(2);
		items.forEach((item, i) => {
			if (item.json.monitoringOverPlan !== undefined) expect([i, inputs[i].monitor, item.json.paid]).toEqual([i, true, 'RUT load']);
		});
		const usage = (await fetch(`${sb.url}/api/clients/v2/usage`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } }).then((r) => r.json())) as { data: IDataObject };
		expect(usage.data.monitoreos).toMatchObject({ monitoreosExcedidos: 2 });
	});
});

describe('the dry run', () => {
	const plan = (json: IDataObject) => [json.planLookupsRemaining, json.lookupsNeeded, json.wouldExceedPlan, json.loadsOverMonitoringPlan];

	test('says on every item what the plan has left, what the run would use, and whether it goes past; the real run then pays exactly what is left', async () => {
		const loaded = freshRuts(2);
		for (const rut of loaded) sb.loadRut(rut);
		const missing = freshRuts(4);
		planWith(sb, 3);
		const inputs = [...missing, ...loaded, missing[0]].map((rut) => ({ rut }));
		const parameters = { apiVersion: 'v2', resource: 'creditScore', operation: 'get', loadIfMissing: true, stopAtPlan: true };
		const estimate = await spend({ sandbox: sb, parameters: { ...parameters, dryRun: true }, items: inputs, options: { requestsInParallel: 10 } });
		expect(estimate.paid.rutLoads).toBe(0);
		expect(estimate.items).toHaveLength(inputs.length);
		for (const item of estimate.items) expect(plan(item.json)).toEqual([3, 4, true, 0]);
		expect(estimate.items.filter((i) => i.json.wouldPayFor === 'RUT load')).toHaveLength(4);

		const real = await spend({ sandbox: sb, parameters, items: inputs, options: { requestsInParallel: 10 }, continueOnFail: true });
		expect(real.paid.rutLoads).toBe(3);
		// Past the plan: one RUT (asked twice at most) is refused.
		expect(new Set(errors(real.items).map((i) => inputs[itemOf(i)].rut)).size).toBe(1);
	});

	test('within the plan it says so; a would-be monitoring load beyond the places is marked and counted', async () => {
		planWith(sb, 10, 1);
		const inputs = freshRuts(3).map((rut) => ({ rut }));
		const { items } = await spend({
			sandbox: sb,
			parameters: { apiVersion: 'v2', resource: 'rut', operation: 'load', isMonitoring: true, dryRun: true },
			items: inputs,
		});
		for (const item of items) expect(plan(item.json)).toEqual([10, 3, false, 2]);
		expect(items.filter((i) => i.json.monitoringOverPlan === true)).toHaveLength(2);
		expect(postsAt(sb)).toEqual([]);
	});

	test('when the plan cannot be read it says so (null) and still estimates', async () => {
		sb.failNext(403, 1, { path: '/api/clients/v2/usage' });
		const [rut] = freshRuts(1);
		const { items, error } = await spend({
			sandbox: sb,
			parameters: { apiVersion: 'v1', resource: 'v1Judicial', operation: 'getAllCases', loadIfMissing: true, dryRun: true },
			items: [{ rut }],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ rut, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load', planLookupsRemaining: null, lookupsNeeded: 1, wouldExceedPlan: null, loadsOverMonitoringPlan: 0 },
		]);
	});
});
