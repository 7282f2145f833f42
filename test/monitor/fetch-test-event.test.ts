// Fetch Test Event in the editor: n8n runs the Monitor in manual mode, which emits a sample for
// the first RUT (its record as it is now, in the shape of a change) so that a workflow can be
// built before anything changes; it remembers nothing and reads nothing else.
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { call } from '../sandbox/helpers';
import { jsonOf, monitorWorkflow, sandboxWith, summaryReads } from './helpers';

let sb: Sandbox;
beforeAll(async () => (sb = await sandboxWith([KNOWN_RUTS.critical, KNOWN_RUTS.clean])));
afterAll(async () => await sb.close());
beforeEach(() => sb.resetLog());

test('a sample for the first RUT, shaped like a change; nothing remembered, nothing paid', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: `${KNOWN_RUTS.critical}\n${KNOWN_RUTS.clean}`, changeKinds: ['complianceRisk', 'taxStatus'] });
	const run = await wf.fetchTestEvent();
	expect(run.error).toBeUndefined();
	expect(summaryReads(sb)).toEqual([KNOWN_RUTS.critical]);
	const service = (await call(sb, 'GET', `/api/clients/v2/helper/resumen?rut=${KNOWN_RUTS.critical}`)).json.data;
	const [risk, status] = [service.compliance.riesgo, service.identificacion.situacionActual];
	const name = service.identificacion.razonSocial;
	expect(jsonOf(run.items.After)).toEqual([
		{
			status: 'changed',
			sample: true,
			rut: KNOWN_RUTS.critical,
			name,
			changes: [
				{ field: 'complianceRisk', before: risk, after: risk },
				{ field: 'activityStatus', before: status, after: status },
			],
			// The evidence of the kinds chosen, as a change of them would carry it: compliance's (tax status has none).
			evidence: { compliance: expect.objectContaining({ risk: 'critical' }) },
			summary: `Sample, nothing changed: ${name} (76.444.444-2): compliance risk ${risk}; tax status ${status}`,
			details: expect.stringMatching(/\nCompliance findings: Criminal \(\d\)/),
			record: expect.objectContaining({ rut: KNOWN_RUTS.critical, complianceRisk: 'critical' }),
			checkedAt: expect.any(String),
			error: null,
		},
	]);
	expect(wf.staticData()).toEqual({});
	expect(sb.usage().paidLoads).toBe(0);
});

test('a first RUT that is not loaded gives its "not loaded" item, and is not loaded', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: KNOWN_RUTS.bankrupt });
	const run = await wf.fetchTestEvent();
	expect(jsonOf(run.items.After).map((i) => [i.status, i.rut])).toEqual([['notLoaded', KNOWN_RUTS.bankrupt]]);
	expect(sb.usage().paidLoads).toBe(0);
});

test('an account with no monitored RUT says so and what to do', async () => {
	const wf = monitorWorkflow(sb, { source: 'account' });
	const run = await wf.fetchTestEvent();
	expect(run.nodeErrors['Risk Info Monitor']?.message).toBe('No RUT is monitored in this account yet, so there is nothing to show');
});
