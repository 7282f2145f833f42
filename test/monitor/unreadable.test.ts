// The Monitor is never blind in silence: when the service's summary stops carrying watched fields
// where the spec puts them (sandbox/drift.ts: the judicial section renamed, absent, or a list, with
// no data source marked failed), the Monitor says so once, as an item of status "unreadable" whose
// summary says what to do, keeps the last values it knew, takes nothing missing for a change, says
// once that it can read them again (status "readableAgain"), and reports a change made meanwhile
// exactly once. Under Any Change the rest of the record counts too (bankruptcy comes from the
// judicial section as well). Which fields come from the judicial section is the spec's mapping as
// docs/simplified-summary.md and docs/monitor.md give it.
import type { IDataObject } from 'n8n-workflow';

import { Memory } from '../../nodes/RiskInfoMonitor/memory';
import { compare } from '../../nodes/RiskInfoMonitor/poll';
import type { SimplifiedSummary } from '../../nodes/shared/service/record';
import { simplifiedFromApiV2 } from '../../nodes/shared/service/summaryV2';
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import type { AnswerDrift } from '../../sandbox/drift';
import { PROVIDER_KEY_NAMES } from '../helpers/key-names';
import { call } from '../sandbox/helpers';
import { jsonOf, monitorWorkflow, sandboxWith } from './helpers';

const DRIFTING = KNOWN_RUTS.indebted;
const STEADY = KNOWN_RUTS.clean;
const WATCHED = [DRIFTING, STEADY];
/** The watched fields docs/monitor.md lists under New Active Civil, Labor or Collection Cases, in its order. */
const JUDICIAL = [
	{ field: 'activeCivilCases', label: 'active civil cases' },
	{ field: 'activeLaborCases', label: 'active labor cases' },
	{ field: 'activeCollectionCases', label: 'active collection cases' },
];
/** Where the spec puts the civil count, and what each drift leaves there instead. */
const CIVIL_KEY = 'judicial.casosCivilesActivos';
/** Bankruptcy is read from judicial.boletinConcursal and judicial.casosQuiebra, which only 'renamed' leaves in place. */
const BANKRUPTCY = { field: 'bankruptcy', label: 'bankruptcy' };
const WHAT_TO_DO = /What to do: run Risk Info → Account → Check [Aa]nswers \(free\) on this RUT and set what it suggests in the Risk Info API credential's Answer Key Names; if nothing fits, tell the maintainers/;
const FOUND = { renamed: /^judicial has .*civilesActivos/, missing: /^the answer has /, wrongType: /^judicial is a list$/ };

const list = (kinds: string[]) => ({ source: 'list', ruts: WATCHED.join('\n'), changeKinds: kinds });

let sb: Sandbox;
beforeEach(async () => (sb = await sandboxWith(WATCHED)));
afterEach(async () => {
	expect(sb.usage().paidLoads).toBe(0);
	await sb.close();
});

const drift = (answerDrift?: AnswerDrift) => sb.configure({ answerDrift, answerDriftRuts: answerDrift ? [DRIFTING] : undefined });
const civilNow = async (rut: string) => (await call(sb, 'GET', `/api/clients/v2/helper/resumen?rut=${rut}`)).json.data.judicial.casosCivilesActivos as number;
/** The RUT's entry in the static data as JSON ("number": "entry"), the bytes it costs. */
const entryBytes = (store: IDataObject, rut: string) => {
	const key = rut.split('-')[0];
	return Buffer.byteLength(JSON.stringify({ [key]: (store.rec as Record<string, string>)[key] }));
};

describe.each(['renamed', 'missing', 'wrongType'] as const)('the judicial section %s', (how) => {
	test('reported once as unreadable, the last values kept, and a civil case added meanwhile reported once the answer is back', async () => {
		const cases = monitorWorkflow(sb, list(['activeCases']));
		const any = monitorWorkflow(sb, list(['anyChange']), { name: 'Any' });
		const before = await civilNow(DRIFTING);
		for (const wf of [cases, any]) expect((await wf.poll()).items).toBeNull();
		const normalBytes = entryBytes(cases.staticData(), DRIFTING);

		drift(how);
		for (const wf of [cases, any]) {
			const items = jsonOf((await wf.poll()).items);
			expect(items.map((i) => [i.status, i.rut, i.sample])).toEqual([['unreadable', DRIFTING, false]]);
			const [item] = items;
			const unread = (item.evidence as { unreadFields: Array<{ field: string; label: string; lacked: Array<{ key: string; found: string }> }> }).unreadFields;
			expect(unread.map(({ field, label }) => ({ field, label }))).toEqual(wf === any && how !== 'renamed' ? [...JUDICIAL, BANKRUPTCY] : JUDICIAL);
			const civil = unread[0].lacked.find((l) => l.key === CIVIL_KEY);
			expect(civil?.found).toMatch(FOUND[how]);
			expect(item.changes).toEqual([]);
			expect(item.error).toBeNull();
			for (const { label } of JUDICIAL) expect(item.summary).toContain(label);
			expect(item.details).toContain(`${CIVIL_KEY} not found (${civil!.found})`);
			// The summary, which a chat message carries, ends with what to do.
			expect(item.summary).toMatch(WHAT_TO_DO);
			expect(String(item.details).startsWith(String(item.summary))).toBe(true);
			// The same keys as every other item, what people read first (test/monitor/key-order.test.ts has them all).
			expect(Object.keys(item).slice(0, 4)).toEqual(['status', 'summary', 'name', 'rut']);
			// Said once: the next poll, with the answer as drifted, says nothing.
			expect((await wf.poll()).items).toBeNull();
		}
		expect(entryBytes(cases.staticData(), DRIFTING)).toBeLessThanOrEqual(100);
		expect(entryBytes(cases.staticData(), DRIFTING)).toBeGreaterThan(normalBytes);

		// A civil case while the Monitor cannot see it: nothing (nothing missing is taken for a change).
		sb.changeRut(DRIFTING, 'civilCase');
		for (const wf of [cases, any]) expect((await wf.poll()).items).toBeNull();

		drift(undefined);
		for (const wf of [cases, any]) {
			const items = jsonOf((await wf.poll()).items);
			// Said once that it can see again, then the change it could not see.
			expect(items.map((i) => [i.status, i.rut])).toEqual([['readableAgain', DRIFTING], ['changed', DRIFTING]]);
			// Good news, naming the fields.
			expect(items[0].summary).toMatch(/^Good news: .*\(76\.222\.222-1\): the Monitor can read active civil cases, active labor cases, active collection cases(, bankruptcy)? again\. /);
			// The value kept is the one known before the drift; no "other fields" from the drifted read.
			expect(items[1].changes).toEqual([{ field: 'activeCivilCases', before, after: before + 1 }]);
			expect((await wf.poll()).items).toBeNull();
		}
		// Readable again: the memory of it cleared, the entry as small as before.
		expect(entryBytes(cases.staticData(), DRIFTING)).toBe(normalBytes);
	});
});

test('reported again when it recurs after reading normally; not at all when no watched field is unread', async () => {
	const civilOnly = monitorWorkflow(sb, list(['complianceRisk']));
	const cases = monitorWorkflow(sb, list(['activeCases']), { name: 'Cases' });
	for (const wf of [civilOnly, cases]) await wf.poll();
	drift('missing');
	// Compliance risk is not in the judicial section: the Monitor watching it alone is not blind.
	expect((await civilOnly.poll()).items).toBeNull();
	expect(jsonOf((await cases.poll()).items).map((i) => i.status)).toEqual(['unreadable']);
	drift(undefined);
	expect(jsonOf((await cases.poll()).items).map((i) => i.status)).toEqual(['readableAgain']);
	expect((await cases.poll()).items).toBeNull();
	drift('renamed');
	expect(jsonOf((await cases.poll()).items).map((i) => i.status)).toEqual(['unreadable']);
	expect((await cases.poll()).items).toBeNull();
});

test('Fetch Test Event\'s sample names the fields it could not read, in its summary and as the unreadable item does', async () => {
	drift('wrongType');
	const sample = monitorWorkflow(sb, { source: 'list', ruts: DRIFTING, changeKinds: ['activeCases', 'taxStatus'] });
	const run = await sample.fetchTestEvent();
	expect(run.error).toBeUndefined();
	const [item] = jsonOf(run.items.After);
	expect(item.status).toBe('sample');
	expect(item.summary).toMatch(/\. For this RUT now, the service's answer does not carry active civil cases, active labor cases, active collection cases where the Monitor reads them/);
	// What to do, in the words of a poll's unreadable item.
	expect(item.summary).toMatch(WHAT_TO_DO);
	expect(String(item.details).split('\n')[0]).toBe(item.summary);
	// Its summary says these counts are unknown; the case reads' lines agree: their count is the detailed read's, not the summary's.
	expect(item.summary).toMatch(/active civil cases unknown; active labor cases unknown; active collection cases unknown/);
	const caseLines = String(item.details).split('\n').filter((l) => /^\w+ cases[,:]/.test(l));
	expect(caseLines.map((l) => l.replace(/ lists \d+ active.*/, ' lists N active'))).toEqual(
		['Civil', 'Labor', 'Collection'].map((kind) => `${kind} cases: unknown in the summary; the detailed read lists N active`),
	);
	// Then what the answer lacked, as the unreadable item's details say it.
	expect(String(item.details)).toContain('active civil cases: judicial.casosCivilesActivos not found (judicial is a list)');

	const wf = monitorWorkflow(sb, { source: 'list', ruts: DRIFTING, changeKinds: ['activeCases', 'taxStatus'] }, { name: 'Polled' });
	const [unreadable] = jsonOf((await wf.poll()).items);
	expect(unreadable.status).toBe('unreadable');
	expect((item.evidence as IDataObject).unreadFields).toEqual((unreadable.evidence as IDataObject).unreadFields);
});

test('the digest counts unreadable RUTs and says so in its heading', async () => {
	const wf = monitorWorkflow(sb, { ...list(['activeCases']), options: { output: 'digest' } });
	await wf.poll();
	drift('renamed');
	const [digest] = jsonOf((await wf.poll()).items);
	expect(digest).toEqual(expect.objectContaining({ status: 'digest', counts: { changed: 0, notLoaded: 0, readFailed: 0, unreadable: 1, readableAgain: 0, byKind: {} } }));
	expect(digest.text).toMatch(/^Risk Info Monitor: 1 RUT with fields the Monitor cannot watch\n\n.*active civil cases/);
});

test('the set of fields it cannot read changes (another one becomes unreadable while some are): said again, with the new one, once', async () => {
	const any = monitorWorkflow(sb, list(['anyChange']));
	await any.poll();
	drift('renamed');
	const [first] = jsonOf((await any.poll()).items);
	const fieldsOf = (item: IDataObject) => ((item.evidence as IDataObject).unreadFields as Array<{ field: string }>).map((f) => f.field);
	expect(fieldsOf(first)).toEqual(JUDICIAL.map((f) => f.field));
	// The judicial section gone altogether: bankruptcy, a field of the rest of the record, cannot be read either.
	drift('missing');
	const items = jsonOf((await any.poll()).items);
	expect(items.map((i) => i.status)).toEqual(['unreadable']);
	expect(fieldsOf(items[0])).toEqual([...JUDICIAL, BANKRUPTCY].map((f) => f.field));
	const bankruptcy = ((items[0].evidence as IDataObject).unreadFields as Array<{ field: string; lacked: Array<{ key: string }> }>).find((f) => f.field === 'bankruptcy');
	expect(bankruptcy?.lacked.map((l) => l.key)).toEqual(['judicial.boletinConcursal', 'judicial.casosQuiebra']);
	expect(items[0].summary).toContain('bankruptcy');
	expect((await any.poll()).items).toBeNull();
});

describe('what the answer itself says it left out', () => {
	test('a FULL integration sends no bulletin for profiles loaded without Bureau data: the Monitor says once it cannot watch the bulletin for them, and why; once one is loaded with Bureau, that it can again for that one', async () => {
		sb.configure({ integration: 'FULL' });
		const bulletin = monitorWorkflow(sb, list(['bulletin']));
		// Both RUTs were loaded without Bureau data: all the poll read, so one item for them both.
		const items = jsonOf((await bulletin.poll()).items);
		expect(items.map((i) => [i.status, i.rut])).toEqual([['unreadable', null]]);
		const evidence = items[0].evidence as IDataObject;
		// In the order of the RUTs' numbers, as the poll reads them.
		expect(evidence.suppliers).toEqual({ count: 2, some: [STEADY, DRIFTING].map((rut) => ({ rut, name: expect.any(String) })) });
		const unread = evidence.unreadFields as Array<{ field: string; lacked: unknown[]; why: string }>;
		expect(unread.map((f) => f.field)).toEqual(['bulletinCases', 'bulletinUnpaidAmount']);
		for (const f of unread) expect([f.lacked, f.why]).toEqual([[], expect.stringMatching(/loaded without Bureau data \(incluyeBureau false\)/)]);
		expect(items[0].summary).toMatch(/^2 of the 2 suppliers read in this poll \(.*\): the Monitor cannot watch commercial bulletin cases, commercial bulletin unpaid amount for these RUTs: the profile was loaded without Bureau data/);
		expect(items[0].summary).not.toMatch(/Answer Key Names/);
		expect((await bulletin.poll()).items).toBeNull();
		// One of the two: not the account's news, said for that supplier.
		sb.loadRut(DRIFTING, { includeBureau: true });
		const back = jsonOf((await bulletin.poll()).items);
		expect(back.map((i) => [i.status, i.rut])).toEqual([['readableAgain', DRIFTING]]);
		expect(back[0].summary).toMatch(/^Good news: .*: the Monitor can read commercial bulletin cases, commercial bulletin unpaid amount again/);
		expect((await bulletin.poll()).items).toBeNull();
	});

	test('the bulletin under another name with no Bureau flag is no reason: unknown is not false, and the Monitor reports it unreadable with the keys the answer lacked', async () => {
		const bulletin = monitorWorkflow(sb, list(['bulletin']));
		await bulletin.poll();
		drift('bulletinRenamed');
		const [item] = jsonOf((await bulletin.poll()).items);
		expect(item.status).toBe('unreadable');
		const unread = (item.evidence as IDataObject).unreadFields as Array<{ field: string; lacked: Array<{ key: string; found: string }>; why?: string }>;
		expect(unread.map((f) => [f.field, f.why])).toEqual([['bulletinCases', undefined], ['bulletinUnpaidAmount', undefined]]);
		const keys = unread[0].lacked.map((l) => l.key);
		expect(keys).toEqual(expect.arrayContaining(['boletinComercial.casosSourceA', 'incluyeBureau']));
		expect(unread[0].lacked[0].found).toMatch(/boletinComercialConsolidado/);
		expect(item.summary).toMatch(WHAT_TO_DO);
	});

	test('with the mapping saved in the credential (Answer Key Names), the same answers read right: no unreadable item, the fields readable again, and no change', async () => {
		const bulletin = monitorWorkflow(sb, list(['bulletin', 'anyChange']));
		await bulletin.poll();
		drift('providerNames');
		expect(jsonOf((await bulletin.poll()).items).map((i) => i.status)).toEqual(['unreadable']);
		bulletin.editCredential('riskInfoApi', {
			answerKeyNames: JSON.stringify(PROVIDER_KEY_NAMES),
		});
		const items = jsonOf((await bulletin.poll()).items);
		// What it could not read is back, and under the mapping nothing changed: no "changed" item.
		expect(items.map((i) => [i.status, i.rut])).toEqual([['readableAgain', DRIFTING]]);
		expect((items[0].record as IDataObject).unreadFields).toEqual([]);
		expect((await bulletin.poll()).items).toBeNull();
	});

	test('Answer Key Names that are not JSON fail the poll before anything is sent, naming the field', async () => {
		const bulletin = monitorWorkflow(sb, list(['bulletin']));
		await bulletin.poll();
		sb.resetLog();
		bulletin.editCredential('riskInfoApi', { answerKeyNames: '{"incluyeBureau": ' });
		const failed = await bulletin.poll();
		expect(failed.error?.message).toMatch(/^Answer Key Names in the Risk Info API credential is not JSON/);
		expect(sb.requests).toEqual([]);
	});
});

// The same rule on records taken from the sandbox's answer and changed by hand where its drifts
// cannot reach: a fingerprinted field or one bulletin source among the unread fields.
describe('nothing missing is taken for a change (compare, on one RUT\'s records)', () => {
	const read = async (change: (r: SimplifiedSummary) => void) => {
		const record = simplifiedFromApiV2((await call(sb, 'GET', `/api/clients/v2/helper/resumen?rut=${DRIFTING}`)).json.data, DRIFTING);
		change(record);
		return record;
	};
	const after = (memory: Memory, record: SimplifiedSummary) => {
		const { changes, remembered } = compare(memory, '76222222', record);
		memory.set('76222222', remembered);
		return changes.map((c) => c.field);
	};

	test('a fingerprinted field unread (bankruptcy) is no "other fields" change, then or once read again', async () => {
		const memory = new Memory({});
		expect(after(memory, await read(() => undefined))).toEqual([]);
		expect(after(memory, await read((r) => { r.bankruptcy = null; r.unreadFields = ['bankruptcy']; }))).toEqual([]);
		expect(after(memory, await read(() => undefined))).toEqual([]);
	});

	test('one bulletin source unread: the sums over the sources are unknown, not a change, and kept', async () => {
		const memory = new Memory({});
		const normal = await read(() => undefined);
		expect(normal.bulletinCasesSourceA).toBeGreaterThan(0);
		expect(after(memory, normal)).toEqual([]);
		expect(after(memory, await read((r) => { r.bulletinCasesSourceA = null; r.bulletinAmountSourceA = null; r.unreadFields = ['bulletinCasesSourceA', 'bulletinAmountSourceA']; }))).toEqual([]);
		expect(after(memory, await read((r) => { r.bulletinCasesSourceA = (r.bulletinCasesSourceA ?? 0) + 1; }))).toEqual(['bulletinCases']);
	});
});
