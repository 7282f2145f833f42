// The Risk Info Monitor through n8n's engine, polled as an active workflow is, against the
// sandbox: the first poll sets the baseline, a change of a supplier's record gives exactly one
// item with what it was and what it is, no change gives nothing, and nothing is ever paid.
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { call } from '../sandbox/helpers';
import { jsonOf, monitorWorkflow, sandboxWith, summaryReads } from './helpers';

const WATCHED = [KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.critical];
const list = (ruts: string[]) => ({ source: 'list', ruts: ruts.join('\n') });

let sb: Sandbox;
beforeEach(async () => (sb = await sandboxWith(WATCHED)));
afterEach(async () => {
	// Every test: reads only, never a load.
	expect(sb.usage().paidLoads).toBe(0);
	expect(sb.requests.some((r) => r.method === 'POST')).toBe(false);
	await sb.close();
});

/** What the service says of a RUT now, read apart from the node. */
async function serviceRecord(rut: string) {
	return (await call(sb, 'GET', `/api/clients/v2/helper/resumen?rut=${rut}`)).json.data;
}

test('the first poll sets the baseline and emits nothing; no change, nothing; one change, exactly one item, once', async () => {
	const wf = monitorWorkflow(sb, list(WATCHED));
	expect((await wf.poll()).items).toBeNull();
	expect(summaryReads(sb).sort()).toEqual([...WATCHED].sort());
	expect((await wf.poll()).items).toBeNull();

	sb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	const started = Date.now();
	const polled = await wf.poll();
	const name = (await serviceRecord(KNOWN_RUTS.clean)).identificacion.razonSocial;
	expect(jsonOf(polled.items)).toEqual([
		{
			status: 'changed',
			sample: false,
			rut: '76111111-6',
			name,
			changes: [
				{ field: 'complianceRisk', before: 'free', after: 'critical' },
				{ field: 'activeCivilCases', before: 0, after: 1 },
			],
			// What the evidence holds is evidence.test.ts's; here, that the item has it, one line each in details.
			evidence: { compliance: expect.any(Object), civilCases: expect.any(Object) },
			summary: `${name} (76.111.111-6): compliance risk free → critical; active civil cases 0 → 1`,
			details: expect.stringMatching(new RegExp(`^${name} \\(76\\.111\\.111-6\\): compliance risk free → critical; active civil cases 0 → 1\nCompliance findings: .+\nCivil cases, 1 active \\(1 new\\): .+$`)),
			record: expect.objectContaining({ rut: '76111111-6', name, complianceRisk: 'critical', activeCivilCases: 1 }),
			checkedAt: expect.any(String),
			error: null,
		},
	]);
	const checkedAt = Date.parse(String(polled.items![0].json.checkedAt));
	expect(checkedAt).toBeGreaterThanOrEqual(started - 1000);
	expect(checkedAt).toBeLessThanOrEqual(Date.now());
	// The execution the poll started carried the item to the next node.
	expect(jsonOf(polled.run?.items.After)).toEqual(jsonOf(polled.items));

	expect((await wf.poll()).items).toBeNull();
	expect((await wf.poll()).items).toBeNull();
});

test('only the chosen kinds of change make an item; Any Change reports the rest of the record as well', async () => {
	const bulletinOnly = monitorWorkflow(sb, { ...list([KNOWN_RUTS.indebted]), changeKinds: ['bulletin'] });
	const anyChange = monitorWorkflow(sb, { ...list([KNOWN_RUTS.indebted]), changeKinds: ['anyChange'] }, { name: 'Any' });
	await bulletinOnly.poll();
	await anyChange.poll();
	const before = (await serviceRecord(KNOWN_RUTS.indebted)).boletinComercial;

	sb.changeRut(KNOWN_RUTS.indebted, 'criticalRisk');
	expect((await bulletinOnly.poll()).items).toBeNull();
	const any = jsonOf((await anyChange.poll()).items);
	// A criminal-record match raises the risk and the criminal count, which is not a watched field.
	expect(any.map((i) => i.changes)).toEqual([
		[
			{ field: 'complianceRisk', before: 'free', after: 'critical' },
			{ field: 'otherFields', before: null, after: null },
		],
	]);
	expect(any[0].summary).toMatch(/: compliance risk free → critical; other fields of the record changed$/);

	sb.changeRut(KNOWN_RUTS.indebted, 'bulletinCase');
	const cases = before.casosSourceA + before.casosSourceB + (before.casosSourceC ?? 0);
	const amount = before.MontoSourceA + before.MontoSourceB + (before.MontoSourceC ?? 0);
	const bulletin = jsonOf((await bulletinOnly.poll()).items);
	expect(bulletin.map((i) => i.changes)).toEqual([
		[
			{ field: 'bulletinCases', before: cases, after: cases + 1 },
			{ field: 'bulletinUnpaidAmount', before: amount, after: amount + 1_250_000 },
		],
	]);
	// The amounts in the line users read carry their unit, as the evidence's do.
	const clp = (n: number) => `${n.toLocaleString('en-US')} CLP`;
	expect(bulletin[0].summary).toMatch(new RegExp(`: commercial bulletin cases ${cases} → ${cases + 1}; commercial bulletin unpaid amount ${clp(amount)} → ${clp(amount + 1_250_000)}$`));
});

test('a record that got better: nothing when only changes for the worse are wanted, one item in both directions', async () => {
	// The supplier's record as read before (critical, one more civil case) is what the Monitor
	// remembers; the service now answers the record without those: risk and cases went down.
	const worse = await sandboxWith([KNOWN_RUTS.clean]);
	try {
		worse.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
		worse.changeRut(KNOWN_RUTS.clean, 'civilCase');
		const remembered = {} as Record<string, unknown>;
		for (const direction of ['worse', 'both']) {
			const first = monitorWorkflow(worse, { ...list([KNOWN_RUTS.clean]), direction });
			await first.poll();
			remembered[direction] = first.workflow.staticData;
		}
		const wfs = ['worse', 'both'].map((direction) => {
			const wf = monitorWorkflow(sb, { ...list([KNOWN_RUTS.clean]), direction });
			Object.assign(wf.workflow.staticData, JSON.parse(JSON.stringify(remembered[direction])));
			return wf;
		});
		expect((await wfs[0].poll()).items).toBeNull();
		expect(jsonOf((await wfs[1].poll()).items).map((i) => [i.changes, i.summary])).toEqual([
			[
				[
					{ field: 'complianceRisk', before: 'critical', after: 'free' },
					{ field: 'activeCivilCases', before: 1, after: 0 },
				],
				expect.stringMatching(/\(76\.111\.111-6\): compliance risk critical → free; active civil cases 1 → 0$/),
			],
		]);
		expect(worse.usage().paidLoads).toBe(0);
	} finally {
		await worse.close();
	}
});

test('a RUT that is not loaded is reported once, never loaded, and read like the others once it is', async () => {
	const wf = monitorWorkflow(sb, list([KNOWN_RUTS.clean, KNOWN_RUTS.bankrupt]));
	const first = jsonOf((await wf.poll()).items);
	expect(first).toEqual([
		expect.objectContaining({ status: 'notLoaded', rut: KNOWN_RUTS.bankrupt, name: null, changes: [], record: null, summary: expect.stringMatching(/^76\.333\.333-7 is not loaded in this account.*never loads a RUT/) }),
	]);
	expect((await wf.poll()).items).toBeNull();
	expect(summaryReads(sb).filter((r) => r === KNOWN_RUTS.bankrupt)).toHaveLength(2);

	// Loaded by someone else (test setup here, not a paid call of the node): its first read is its baseline.
	sb.loadRut(KNOWN_RUTS.bankrupt);
	expect((await wf.poll()).items).toBeNull();
	sb.changeRut(KNOWN_RUTS.bankrupt, 'civilCase');
	expect(jsonOf((await wf.poll()).items).map((i) => [i.status, i.rut])).toEqual([['changed', KNOWN_RUTS.bankrupt]]);
});

test('RUTs added to the account\'s monitoring later get their baseline silently', async () => {
	sb.loadRut(KNOWN_RUTS.clean, { isMonitoring: true });
	sb.loadRut(KNOWN_RUTS.indebted, { isMonitoring: false });
	const wf = monitorWorkflow(sb, { source: 'account' });
	expect((await wf.poll()).items).toBeNull();
	expect(summaryReads(sb)).toEqual([KNOWN_RUTS.clean]);

	sb.changeRut(KNOWN_RUTS.critical, 'civilCase');
	sb.loadRut(KNOWN_RUTS.critical, { isMonitoring: true });
	sb.resetLog();
	expect((await wf.poll()).items).toBeNull();
	expect(summaryReads(sb).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.critical].sort());
	sb.changeRut(KNOWN_RUTS.critical, 'bulletinCase');
	expect(jsonOf((await wf.poll()).items).map((i) => i.rut)).toEqual([KNOWN_RUTS.critical]);
});

test('static data changes only when what is remembered does; n8n saves it with the execution of a change', async () => {
	const wf = monitorWorkflow(sb, list(WATCHED));
	await wf.poll();
	const baseline = JSON.stringify(wf.staticData());
	expect(wf.savedByContent).toBe(1);
	for (let i = 0; i < 3; i++) await wf.poll();
	expect(JSON.stringify(wf.staticData())).toBe(baseline);
	expect(wf.savedByContent).toBe(1);
	expect(wf.saves).toBe(0);

	sb.changeRut(KNOWN_RUTS.critical, 'bulletinCase');
	expect((await wf.poll()).items).toHaveLength(1);
	expect(wf.savedByContent).toBe(2);
	expect(wf.saves).toBe(1);
	expect(JSON.stringify(wf.saved?.['node:Risk Info Monitor'])).toBe(JSON.stringify(wf.staticData()));
});
