// Fetch Test Event in the editor: n8n runs the Monitor in manual mode, which emits a sample for
// the first RUT (its record as it is now, with the keys of a change, but its own status: nothing
// changed) so that a workflow can be built before anything changes; it remembers nothing and
// reads nothing else.
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { call } from '../sandbox/helpers';
import { jsonOf, monitorWorkflow, sandboxWith, summaryReads } from './helpers';

let sb: Sandbox;
beforeAll(async () => (sb = await sandboxWith([KNOWN_RUTS.critical, KNOWN_RUTS.clean])));
afterAll(async () => await sb.close());
beforeEach(() => sb.resetLog());

test('a sample for the first RUT, status "sample", marked as one, with the keys of a change; nothing remembered, nothing paid', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: `${KNOWN_RUTS.critical}\n${KNOWN_RUTS.clean}`, changeKinds: ['complianceRisk', 'taxStatus'] });
	const run = await wf.fetchTestEvent();
	expect(run.error).toBeUndefined();
	expect(summaryReads(sb)).toEqual([KNOWN_RUTS.critical]);
	const service = (await call(sb, 'GET', `/api/clients/v2/helper/resumen?rut=${KNOWN_RUTS.critical}`)).json.data;
	const [risk, status] = [service.compliance.riesgo, service.identificacion.situacionActual];
	const name = service.identificacion.razonSocial;
	// The service's own words stay; their English meaning is beside them in what users read.
	expect(status).toBe('Contribuyente activo');
	expect(jsonOf(run.items.After)).toEqual([
		{
			status: 'sample',
			sample: true,
			rut: KNOWN_RUTS.critical,
			name,
			changes: [
				{ field: 'complianceRisk', before: risk, after: risk },
				{ field: 'activityStatus', before: status, after: status },
			],
			// The evidence of the kinds chosen, as a change of them would carry it: compliance's (tax status has none).
			evidence: { compliance: expect.objectContaining({ risk: 'critical' }) },
			summary: `Sample, nothing changed: ${name} (76.444.444-2): compliance risk ${risk}; tax status Contribuyente activo (active taxpayer)`,
			details: expect.stringMatching(/\nCompliance findings: Criminal \(\d\)/),
			record: expect.objectContaining({ rut: KNOWN_RUTS.critical, complianceRisk: 'critical' }),
			checkedAt: expect.any(String),
			error: null,
		},
	]);
	// The same keys as every other item, in the same order (test/monitor/key-order.test.ts).
	const [sample] = jsonOf(run.items.After);
	const notLoaded = jsonOf((await monitorWorkflow(sb, { source: 'list', ruts: KNOWN_RUTS.bankrupt }).fetchTestEvent()).items.After)[0];
	expect(Object.keys(notLoaded)).toEqual(Object.keys(sample));
	expect(wf.staticData()).toEqual({});
	expect(sb.usage().paidLoads).toBe(0);
});

test('a first RUT that is not loaded gives its "not loaded" item, marked as the sample, and is not loaded', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: KNOWN_RUTS.bankrupt });
	const run = await wf.fetchTestEvent();
	expect(jsonOf(run.items.After).map((i) => [i.status, i.sample, i.rut])).toEqual([['notLoaded', true, KNOWN_RUTS.bankrupt]]);
	expect(sb.usage().paidLoads).toBe(0);
});

test('an account with no monitored RUT says so and what to do', async () => {
	const wf = monitorWorkflow(sb, { source: 'account' });
	const run = await wf.fetchTestEvent();
	expect(run.nodeErrors['Risk Info Monitor']?.message).toBe('No RUT is monitored in this account yet, so there is nothing to show');
});

test('Output → One Digest per Poll: the sample is a digest, as a poll would emit it, of the per-RUT sample, with a text to post', async () => {
	const parameters = { source: 'list', ruts: `${KNOWN_RUTS.critical}\n${KNOWN_RUTS.clean}`, changeKinds: ['complianceRisk', 'taxStatus'] };
	const perRut = jsonOf((await monitorWorkflow(sb, parameters).fetchTestEvent()).items.After)[0];
	const wf = monitorWorkflow(sb, { ...parameters, options: { output: 'digest' } });
	const run = await wf.fetchTestEvent();
	expect(run.error).toBeUndefined();
	const [digest] = jsonOf(run.items.After) as Array<Record<string, any>>;
	expect(jsonOf(run.items.After)).toHaveLength(1);
	expect(digest).toEqual({
		status: 'sample',
		sample: true,
		counts: { changed: 0, notLoaded: 0, readFailed: 0, unreadable: 0, readableAgain: 0, byKind: {} },
		items: [{ ...perRut, checkedAt: expect.any(String) }],
		text: `Risk Info Monitor (a sample, nothing changed): 1 supplier as read now\n\n${String(perRut.details)}`,
		checkedAt: digest.items[0].checkedAt,
	});
	// The keys of a poll's digest, in the same order: a RUT not loaded is the first poll's news.
	const polled = monitorWorkflow(sb, { source: 'list', ruts: KNOWN_RUTS.bankrupt, options: { output: 'digest' } }, { name: 'Polled' });
	const [real] = jsonOf((await polled.poll()).items);
	expect([real.status, real.sample]).toEqual(['digest', false]);
	expect(Object.keys(digest)).toEqual(Object.keys(real));
	expect(wf.staticData()).toEqual({});
	expect(sb.usage().paidLoads).toBe(0);
});
