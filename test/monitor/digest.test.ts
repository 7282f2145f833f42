// What a poll emits, through n8n's engine: the same keys on every item, as docs/monitor.md lists
// them; Output → One Digest per Poll, its text cut for a chat message; and a credential the
// service refuses stops the poll's reads at once, counted at the sandbox.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { jsonOf as jsonOfItems, monitorWorkflow, rutsFrom, sandboxWith, summaryReads, V2_SUMMARY } from './helpers';

// The items as the tests read them: the Monitor's JSON, whose shape the assertions check.
const jsonOf = (items: Parameters<typeof jsonOfItems>[0]) => jsonOfItems(items) as Array<Record<string, any>>;

const list = (ruts: string[]) => ({ source: 'list', ruts: ruts.join('\n') });
const digest = { options: { output: 'digest' } };

let sb: Sandbox;
afterEach(async () => {
	expect(sb.usage().paidLoads).toBe(0);
	await sb.close();
});

test('every status has the keys docs/monitor.md lists, error null but where a read failed', async () => {
	const docs = readFileSync(join(__dirname, '../../docs/monitor.md'), 'utf8');
	const line = /Every item has these keys, in this order, whatever its status: (.+)\.$/m.exec(docs);
	expect(line).not.toBeNull();
	const documented = [...line![1].matchAll(/`(\w+)`/g)].map((m) => m[1]);
	expect(documented.length).toBeGreaterThanOrEqual(10);

	const [failing] = rutsFrom(76_800_000, 1);
	sb = await sandboxWith([KNOWN_RUTS.clean, failing]);
	const wf = monitorWorkflow(sb, list([KNOWN_RUTS.clean, KNOWN_RUTS.bankrupt, failing]));
	sb.failNext(503, 3 * 4, { path: V2_SUMMARY, query: { rut: failing } });
	const items = [...jsonOf((await wf.poll()).items), ...jsonOf((await wf.poll()).items)];
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	items.push(...jsonOf((await wf.poll()).items));
	expect(items.map((i) => i.status).sort()).toEqual(['changed', 'notLoaded', 'readFailed']);
	for (const item of items) {
		expect(Object.keys(item).sort()).toEqual([...documented].sort());
		expect(item.error === null).toBe(item.status !== 'readFailed');
	}
	expect(items.find((i) => i.status === 'readFailed')!.error).toMatch(/^the service answered HTTP 503/);
}, 120_000);

test('One Digest per Poll: one item with counts by status and kind, every item, and a text of their details', async () => {
	sb = await sandboxWith([KNOWN_RUTS.clean, KNOWN_RUTS.indebted]);
	const wf = monitorWorkflow(sb, { ...list([KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt]), ...digest });
	const first = jsonOf((await wf.poll()).items);
	// The RUT not loaded is the first poll's only news: a digest of one.
	expect(first).toEqual([expect.objectContaining({ status: 'digest', counts: { changed: 0, notLoaded: 1, readFailed: 0, unreadable: 0, readableAgain: 0, byKind: {} } })]);
	expect(first[0].text).toBe(`Risk Info Monitor: 1 RUT not loaded\n\n${first[0].items[0].details}`);
	expect((await wf.poll()).items).toBeNull();

	sb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
	sb.changeRut(KNOWN_RUTS.indebted, 'civilCase');
	sb.changeRut(KNOWN_RUTS.indebted, 'bulletinCase');
	const polled = await wf.poll();
	const [one] = jsonOf(polled.items);
	expect(polled.items).toHaveLength(1);
	expect(one.counts).toEqual({ changed: 2, notLoaded: 0, readFailed: 0, unreadable: 0, readableAgain: 0, byKind: { complianceRisk: 1, activeCases: 1, bulletin: 1 } });
	expect(one.items.map((i: { rut: string }) => i.rut)).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.indebted]);
	expect(one.items[1].evidence).toEqual({ civilCases: expect.any(Object), bulletin: expect.any(Object) });
	expect(one.text).toBe(`Risk Info Monitor: 2 suppliers changed (compliance risk 1, court cases 1, commercial bulletin 1)\n\n${one.items[0].details}\n\n${one.items[1].details}`);
	// The execution carried the one item to the next node.
	expect(jsonOf(polled.run?.items.After)).toHaveLength(1);
});

test('the digest\'s text stops at 3,500 characters, at a whole supplier, naming the suppliers it had no room for', async () => {
	const ruts = rutsFrom(76_700_000, 30);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), ...digest });
	await wf.poll();
	for (const rut of ruts) sb.changeRut(rut, 'civilCase');
	const [one] = jsonOf((await wf.poll()).items);
	expect(one.items).toHaveLength(30);
	expect(one.text.length).toBeLessThanOrEqual(3500);
	const shown = one.items.filter((i: { details: string }) => one.text.includes(i.details)).length;
	expect(shown).toBeGreaterThan(0);
	expect(shown).toBeLessThan(30);
	// A Slack reader cannot open the digest's items: the rest are named, not pointed to.
	const left = one.items.filter((i: { details: string }) => !one.text.includes(i.details));
	const tail = one.text.slice(one.text.indexOf(`\n\n… and ${30 - shown} more suppliers not shown here: `));
	expect(tail.length).toBeGreaterThan(0);
	expect(one.text).not.toMatch(/digest's items/);
	for (const item of left.slice(0, 3)) expect(tail).toContain(item.rut.replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3'));
});

test('suppliers that cannot be read the same way, but only some of those read, share one block of the digest, said once', async () => {
	const ruts = rutsFrom(76_600_000, 8);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), changeKinds: ['activeCases'], ...digest });
	await wf.poll();
	// Three of eight: not the account's difference, so said per supplier, and the digest puts them together.
	const drifting = ruts.slice(0, 3);
	sb.configure({ answerDrift: 'renamed', answerDriftRuts: drifting });
	const [one] = jsonOf((await wf.poll()).items);
	expect(one.counts.unreadable).toBe(3);
	expect(one.items.map((i: { rut: string }) => i.rut)).toEqual(drifting);
	// The technical part once, after the three suppliers named together.
	expect(one.text.match(/judicial\.casosCivilesActivos not found/g)).toHaveLength(1);
	expect(one.text).toMatch(/^Risk Info Monitor: 3 RUTs with fields the Monitor cannot watch\n\n3 suppliers, .*: the service's answer does not carry active civil cases/);
	for (const item of one.items) expect(one.text).toContain(item.rut.replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3'));
});

test('the whole account\'s difference is one item of the digest, counted as every supplier it is about', async () => {
	const ruts = rutsFrom(76_650_000, 6);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), changeKinds: ['activeCases'], ...digest });
	await wf.poll();
	sb.configure({ answerDrift: 'renamed' });
	const [one] = jsonOf((await wf.poll()).items);
	expect(one.counts.unreadable).toBe(6);
	expect(one.items.map((i: { status: string; rut: string | null }) => [i.status, i.rut])).toEqual([['unreadable', null]]);
	expect(one.text.match(/judicial\.casosCivilesActivos not found/g)).toHaveLength(1);
	expect(one.text).toMatch(/^Risk Info Monitor: 6 RUTs with fields the Monitor cannot watch\n\n6 of the 6 suppliers read in this poll \(.* and 3 more\): the service's answer does not carry active civil cases/);
	sb.configure({ answerDrift: undefined });
	const [back] = jsonOf((await wf.poll()).items);
	expect(back.items.map((i: { status: string; rut: string | null }) => [i.status, i.rut])).toEqual([['readableAgain', null]]);
	expect(back.counts).toMatchObject({ unreadable: 0, readableAgain: 6 });
	expect(back.text).toMatch(/^Risk Info Monitor: 6 RUTs readable again\n\nGood news: the Monitor can read active civil cases, active labor cases, active collection cases again/);
});

test('the whole account\'s difference comes first in the text, before the changes found in the same poll', async () => {
	const ruts = rutsFrom(76_660_000, 4);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), changeKinds: ['activeCases', 'bulletin'], ...digest });
	await wf.poll();
	sb.configure({ answerDrift: 'renamed' });
	for (const rut of ruts.slice(0, 2)) sb.changeRut(rut, 'bulletinCase');
	const [one] = jsonOf((await wf.poll()).items);
	expect(one.items.map((i: { status: string }) => i.status)).toEqual(['changed', 'changed', 'unreadable']);
	expect(one.text).toMatch(/^Risk Info Monitor: 2 suppliers changed \(commercial bulletin 2\); 4 RUTs with fields the Monitor cannot watch\n\n4 of the 4 suppliers read in this poll /);
});

test('a 401 stops the poll\'s reads at once: no more than Requests in Parallel are sent, the poll fails, nothing is remembered', async () => {
	const ruts = rutsFrom(76_900_000, 60);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), options: { requestsInParallel: 4 } });
	await wf.poll();
	const remembered = JSON.stringify(wf.staticData());
	sb.resetLog();
	sb.configure({ token: 'another-token' });
	const refused = await wf.poll();
	expect(refused.error?.message).toMatch(/did not accept the credentials/);
	expect(summaryReads(sb).length).toBeGreaterThan(0);
	expect(sb.requests.length).toBeLessThanOrEqual(4);
	expect(JSON.stringify(wf.staticData())).toBe(remembered);
});

test('a 403 on an evidence read fails the poll too, and nothing of it is remembered: the next poll reports the change', async () => {
	sb = await sandboxWith([KNOWN_RUTS.clean, KNOWN_RUTS.indebted]);
	const wf = monitorWorkflow(sb, list([KNOWN_RUTS.clean, KNOWN_RUTS.indebted]));
	await wf.poll();
	const remembered = JSON.stringify(wf.staticData());
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	sb.failNext(403, 1, { path: `/api/clients/v2/helper/judicial/${KNOWN_RUTS.clean}/civil` });
	const refused = await wf.poll();
	expect(refused.error).toBeDefined();
	expect(refused.items).toBeNull();
	expect(JSON.stringify(wf.staticData())).toBe(remembered);
	expect(jsonOf((await wf.poll()).items).map((i) => [i.rut, Object.keys(i.evidence)])).toEqual([[KNOWN_RUTS.clean, ['civilCases']]]);
});
