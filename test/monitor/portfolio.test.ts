// Whole portfolios: thousands of RUTs read a slice per poll, each once per round; a wave of 429s
// in the middle of a poll slows it without losing a read; a read that keeps failing is tried
// again and then reported once, without failing the poll for the others; a service that fails
// every read fails the poll, and nothing is remembered from it.
import type { Sandbox } from '../../sandbox';
import { call } from '../sandbox/helpers';
import { jsonOf, monitorWorkflow, rutsFrom, sandboxWith, summaryReads, V2_SUMMARY } from './helpers';

const list = (ruts: string[]) => ({ source: 'list', ruts: ruts.join(',') });

let sb: Sandbox;
afterEach(async () => {
	expect(sb.usage().paidLoads).toBe(0);
	await sb.close();
});

test('5,000 RUTs at 500 per poll: each read once in every 10 polls, a change reported once, in the poll that reads it', async () => {
	const ruts = rutsFrom(76_000_000, 5000);
	sb = await sandboxWith(ruts, { maxLogEntries: 20_000 });
	// Written in another order, with repeats: the turn follows the RUTs' numbers.
	const wf = monitorWorkflow(sb, { ...list([...ruts].reverse().concat(ruts.slice(0, 10))), rutsPerPoll: 500, options: { requestsInParallel: 10 } });
	const slices: string[][] = [];
	for (let poll = 0; poll < 10; poll++) {
		sb.resetLog();
		expect((await wf.poll()).items).toBeNull();
		slices.push(summaryReads(sb));
	}
	expect(slices.map((s) => s.length)).toEqual(Array(10).fill(500));
	const all = slices.flat();
	expect(new Set(all).size).toBe(5000);
	expect([...all].sort()).toEqual([...ruts].sort());
	// What 5,000 RUTs cost to remember, far below the 100 bytes each the bench holds at 50,000.
	expect(JSON.stringify(wf.staticData()).length / 5000).toBeLessThan(100);

	// The next round reads the same slices again; a change shows in the poll whose slice holds it.
	const changed = ruts[2345];
	sb.changeRut(changed, 'criticalRisk');
	const found: number[] = [];
	for (let poll = 0; poll < 10; poll++) {
		sb.resetLog();
		const items = jsonOf((await wf.poll()).items);
		expect(summaryReads(sb).sort()).toEqual([...slices[poll]].sort());
		if (items.length) found.push(poll);
		for (const item of items) expect([item.rut, item.changes]).toEqual([changed, [{ field: 'complianceRisk', before: 'free', after: 'critical' }]]);
	}
	expect(found).toEqual([slices.findIndex((s) => s.includes(changed))]);
	// About 70 s on a quiet machine: its hang guard is ten times that.
}, 720_000);

test('a wave of 429s in the middle of a poll: one pause for all the reads, every RUT still answered in that poll', async () => {
	const ruts = rutsFrom(77_000_000, 400);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), rutsPerPoll: 400, options: { requestsInParallel: 8 } });
	let waved = false;
	const watch = setInterval(() => {
		if (!waved && sb.requests.length >= 100) {
			waved = true;
			// Two rounds of refusals for the 8 reads under way: the pool pauses together (Retry-After)
			// rather than each read spending its 4 tries on its own.
			sb.failNext(429, 16);
		}
	}, 1);
	try {
		expect((await wf.poll()).items).toBeNull();
	} finally {
		clearInterval(watch);
	}
	const summary = sb.requests.filter((r) => r.path === V2_SUMMARY);
	expect(summary.filter((r) => r.status === 429).length).toBe(16);
	const answered = summary.filter((r) => r.status === 200).map((r) => r.query.rut);
	expect([...answered].sort()).toEqual([...ruts].sort());

	// The same wave again, and a change behind it: reported, once.
	const civil = (await call(sb, 'GET', `${V2_SUMMARY}?rut=${ruts[250]}`)).json.data.judicial.casosCivilesActivos;
	sb.changeRut(ruts[250], 'civilCase');
	sb.resetLog();
	waved = false;
	const again = setInterval(() => {
		if (!waved && sb.requests.length >= 50) {
			waved = true;
			sb.failNext(429, 16);
		}
	}, 1);
	try {
		expect(jsonOf((await wf.poll()).items).map((i) => [i.rut, i.changes])).toEqual([[ruts[250], [{ field: 'activeCivilCases', before: civil, after: civil + 1 }]]]);
	} finally {
		clearInterval(again);
	}
}, 120_000);

test('a read that keeps failing is tried again first in the next polls, reported once after three, and the others go on', async () => {
	const ruts = rutsFrom(76_500_000, 12);
	const failing = ruts[3];
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), rutsPerPoll: 4 });
	sb.failNext(500, 1000, { path: V2_SUMMARY, query: { rut: failing } });
	const reads: string[][] = [];
	const items: Array<Array<Record<string, unknown>>> = [];
	for (let poll = 0; poll < 4; poll++) {
		sb.resetLog();
		const outcome = await wf.poll();
		expect(outcome.error).toBeUndefined();
		reads.push([...new Set(summaryReads(sb))]);
		items.push(jsonOf(outcome.items));
	}
	// Poll 1 reads the first four; polls 2 and 3 try the failing one again first, then go on in turn.
	expect(reads[0]).toEqual(expect.arrayContaining(ruts.slice(0, 4)));
	expect(reads[0]).toHaveLength(4);
	expect(reads[1]).toEqual(expect.arrayContaining([failing, ...ruts.slice(4, 7)]));
	expect(reads[1]).toHaveLength(4);
	expect(reads[2]).toEqual(expect.arrayContaining([failing, ...ruts.slice(7, 10)]));
	expect(reads[2]).toHaveLength(4);
	expect(items.slice(0, 2)).toEqual([[], []]);
	expect(items[2]).toEqual([
		expect.objectContaining({
			status: 'readFailed',
			rut: failing,
			error: expect.stringMatching(/^the service answered HTTP 500 \("Error interno del servidor"\), 4 tries\.$/),
			summary: expect.stringMatching(/could not be read in 3 polls in a row/),
		}),
	]);
	// Reported: back in its turn, not tried first any more, not reported again.
	expect(reads[3]).toEqual(expect.arrayContaining([...ruts.slice(10, 12), ...ruts.slice(0, 2)]));
	expect(reads[3]).toHaveLength(4);
	expect(reads[3]).not.toContain(failing);
	expect(items[3]).toEqual([]);
}, 120_000);

test('every read failing fails the poll and remembers nothing; a wrong token fails it with what to do', async () => {
	const ruts = rutsFrom(76_600_000, 3);
	sb = await sandboxWith(ruts);
	const wf = monitorWorkflow(sb, list(ruts));
	sb.failNext(503, 3 * 4);
	// The first poll is the one n8n runs on activation: its error stops the activation.
	await expect(wf.poll()).rejects.toThrow(/The service failed \(HTTP 503\)/);
	expect(wf.staticData()).toEqual({});
	sb.resetLog();
	sb.configure({ token: 'another-token' });
	const later = await wf.poll();
	expect(later.error?.message).toMatch(/did not accept the credentials/);
	expect(wf.staticData()).toEqual({});
}, 120_000);
