// n8n's Table view shows an item's keys in the order the item has them: every kind of item the
// Monitor emits, and its digest, put what a person reads first (status, the summary, who) and the
// large nested objects last, so a row's summary is on screen. Each kind is made here as a poll
// makes it, through n8n's engine against the sandbox, and docs/monitor.md lists the same order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { jsonOf, monitorWorkflow, rutsFrom, sandboxWith, V2_SUMMARY } from './helpers';

/** Short and human first; the long text and the nested objects last. */
const ITEM = ['status', 'summary', 'name', 'rut', 'sample', 'checkedAt', 'error', 'changes', 'details', 'evidence', 'record'];
const DIGEST = ['status', 'text', 'sample', 'checkedAt', 'counts', 'items'];

let sb: Sandbox;
afterEach(async () => await sb.close());

test('every kind of item, one supplier\'s or the whole account\'s, has its keys in reading order, and docs/monitor.md lists them so', async () => {
	const docs = readFileSync(join(__dirname, '../../docs/monitor.md'), 'utf8');
	const line = /Every item has these keys, in this order, whatever its status: (.+)\.$/m.exec(docs);
	expect([...(line?.[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1])).toEqual(ITEM);

	const [failing] = rutsFrom(76_800_000, 1);
	const others = rutsFrom(76_810_000, 4);
	sb = await sandboxWith([KNOWN_RUTS.clean, KNOWN_RUTS.indebted, failing, ...others]);
	const watched = [KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.bankrupt, failing, ...others];
	const wf = monitorWorkflow(sb, { source: 'list', ruts: watched.join('\n'), changeKinds: ['activeCases'] });
	const seen = new Map<string, IDataObject>();
	const keep = (items: IDataObject[]) => items.forEach((i) => seen.set(`${String(i.status)}${i.rut === null ? ' (account)' : ''}`, i));

	sb.failNext(503, 3 * 4, { path: V2_SUMMARY, query: { rut: failing } });
	for (let poll = 0; poll < 3; poll++) keep(jsonOf((await wf.poll()).items));
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	// One supplier's difference, then the whole account's.
	sb.configure({ answerDrift: 'renamed', answerDriftRuts: [KNOWN_RUTS.indebted] });
	keep(jsonOf((await wf.poll()).items));
	sb.configure({ answerDrift: undefined });
	keep(jsonOf((await wf.poll()).items));
	sb.configure({ answerDrift: 'missing', answerDriftRuts: undefined });
	keep(jsonOf((await wf.poll()).items));
	sb.configure({ answerDrift: undefined });
	keep(jsonOf((await wf.poll()).items));
	keep(jsonOf((await monitorWorkflow(sb, { source: 'list', ruts: KNOWN_RUTS.clean }, { name: 'Sample' }).fetchTestEvent()).items.After));

	expect([...seen.keys()].sort()).toEqual(['changed', 'notLoaded', 'readFailed', 'readableAgain', 'readableAgain (account)', 'sample', 'unreadable', 'unreadable (account)']);
	for (const [kind, item] of seen) expect([kind, Object.keys(item)]).toEqual([kind, ITEM]);

	const digest = monitorWorkflow(sb, { source: 'list', ruts: KNOWN_RUTS.clean, options: { output: 'digest' } }, { name: 'Digest' });
	const [sample] = jsonOf((await digest.fetchTestEvent()).items.After);
	await digest.poll();
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	const [polled] = jsonOf((await digest.poll()).items);
	expect([sample.status, Object.keys(sample)]).toEqual(['sample', DIGEST]);
	expect([polled.status, Object.keys(polled)]).toEqual(['digest', DIGEST]);
	expect(sb.usage().paidLoads).toBe(0);
}, 120_000);
