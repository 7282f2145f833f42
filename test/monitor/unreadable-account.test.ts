// One difference of the account's answers is one item, across polls that each read a slice of the
// watched RUTs in turn: the first poll that finds most of its suppliers lacking the same fields
// says so once for all, the polls after say nothing of those found the same way; suppliers back
// together are one good-news item, said for the account once most are back, and the memory of the
// difference goes with it. A difference only some suppliers show stays per supplier. Through n8n's
// engine against the sandbox's drifts (sandbox/drift.ts), 4 RUTs a poll out of 8.
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { jsonOf, monitorWorkflow, rutsFrom, sandboxWith } from './helpers';

const RUTS = rutsFrom(76_700_000, 8);
const JUDICIAL = 'active civil cases, active labor cases, active collection cases';

let sb: Sandbox;
beforeEach(async () => (sb = await sandboxWith(RUTS)));
afterEach(async () => {
	expect(sb.usage().paidLoads).toBe(0);
	await sb.close();
});

const drift = (ruts?: string[]) => sb.configure({ answerDrift: ruts ? 'renamed' : undefined, answerDriftRuts: ruts });
const said = async (wf: ReturnType<typeof monitorWorkflow>) => jsonOf((await wf.poll()).items).map((i) => [i.status, i.rut, String(i.summary)]);

test('said once for the whole account over a round of polls, good news for several back together, said for the account once most are back, and again when it recurs', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: RUTS.join('\n'), changeKinds: ['activeCases'], rutsPerPoll: 4 });
	for (let poll = 0; poll < 2; poll++) expect(await said(wf)).toEqual([]);

	drift(RUTS);
	const [lost, ...more] = await said(wf);
	expect(more).toEqual([]);
	expect(lost).toEqual(['unreadable', null, expect.stringMatching(new RegExp(`^4 of the 4 suppliers read in this poll \\(.* and 1 more\\): the service's answer does not carry ${JUDICIAL} where`))]);
	// The other half of the round, and the next round: the same difference, nothing more said.
	for (let poll = 0; poll < 3; poll++) expect(await said(wf)).toEqual([]);
	const remembered = (wf.staticData().un ?? {}) as Record<string, IDataObject>;
	expect(Object.values(remembered)).toEqual([{ f: 'activeCivilCases,activeLaborCases,activeCollectionCases', n: 8, s: 'a' }]);

	// Two back of the four read (the next poll reads RUTS[0..3]): one item for both, not the account's end yet.
	drift(RUTS.slice(2));
	const [some, ...besides] = await said(wf);
	expect(besides).toEqual([]);
	expect(some).toEqual(['readableAgain', null, expect.stringMatching(new RegExp(`^Good news: the Monitor can read ${JUDICIAL} again\\. The service's answer carries them now for 2 suppliers read in this poll .* 2 other suppliers read in this poll still lack them`))]);
	expect(await said(wf)).toEqual([]);

	// Most of those read are back: said for the account, once; the rest come back in silence.
	drift(undefined);
	const [back, ...after] = await said(wf);
	expect(after).toEqual([]);
	expect(back).toEqual(['readableAgain', null, expect.stringMatching(/carries them now for 2 suppliers read in this poll .*Said once for the whole account/)]);
	for (let poll = 0; poll < 3; poll++) expect(await said(wf)).toEqual([]);
	expect(wf.staticData().un).toBeUndefined();

	// It recurs: said again, once.
	drift(RUTS);
	expect((await said(wf)).map(([status, rut]) => [status, rut])).toEqual([['unreadable', null]]);
	expect(await said(wf)).toEqual([]);
});

test('a difference only some of a poll\'s suppliers show is said per supplier, and so is its end', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: RUTS.join('\n'), changeKinds: ['activeCases'] });
	await wf.poll();
	drift(RUTS.slice(0, 3));
	const lost = await said(wf);
	expect(lost.map(([status, rut]) => [status, rut])).toEqual(RUTS.slice(0, 3).map((rut) => ['unreadable', rut]));
	drift(undefined);
	const back = await said(wf);
	expect(back.map(([status, rut]) => [status, rut])).toEqual(RUTS.slice(0, 3).map((rut) => ['readableAgain', rut]));
	for (const [, , summary] of back) expect(summary).toMatch(new RegExp(`^Good news: .*: the Monitor can read ${JUDICIAL} again\\.`));
});
