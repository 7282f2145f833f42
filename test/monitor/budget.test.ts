// The poll budget n8n gives a polling trigger (PollContext's getPollBudgetMs; under n8n's durable
// scheduler its poll timeout less a margin, so 5 s of a 10 s timeout): the Monitor starts no read
// after most of it has gone, so a portfolio larger than fits is read over several polls, each RUT
// once per round; and a failing read waits for no retry longer than the rest of the budget: it is
// tried again next poll instead. Counted in reads, never timed: the budget is measured on
// Date.now(), which here moves READ_MS with each answer the sandbox gives and stands still
// otherwise, and the transport's retry waits pass at once.
import type { Sandbox } from '../../sandbox';
import { instantClock } from '../transport/virtual';
import { monitorWorkflow, rutsFrom, sandboxWith, summaryReads, V2_SUMMARY } from './helpers';

const list = (ruts: string[]) => ({ source: 'list', ruts: ruts.join(',') });
const READ_MS = 100;

let sb: Sandbox;
let retries: ReturnType<typeof instantClock>;
/** Answers the sandbox gave before its log was last emptied. */
let answeredBefore = 0;
const resetLog = () => {
	answeredBefore += sb.requests.length;
	sb.resetLog();
};
/** The test's sandbox, with the clock the budget is measured on. */
async function sandboxOnReadTime(ruts: string[]) {
	sb = await sandboxWith(ruts);
	answeredBefore = 0;
	const start = Date.now();
	jest.spyOn(Date, 'now').mockImplementation(() => start + READ_MS * (answeredBefore + sb.requests.length));
}
beforeEach(() => {
	retries = instantClock();
});
afterEach(async () => {
	jest.restoreAllMocks();
	retries.restore();
	expect(sb.usage().paidLoads).toBe(0);
	await sb.close();
});

test('a portfolio larger than the budget allows: each poll reads part of it, the next ones the rest, each RUT once per round', async () => {
	const ruts = rutsFrom(78_000_000, 24);
	// One read at a time, 100 ms each: new reads may start in the first 800 ms of a 1 s budget, 8 of them.
	await sandboxOnReadTime(ruts);
	const wf = monitorWorkflow(sb, { ...list(ruts), options: { requestsInParallel: 1 } }, { budgetMs: 1000 });
	const slices: string[][] = [];
	while (slices.flat().length < ruts.length) {
		resetLog();
		expect((await wf.poll()).items).toBeNull();
		slices.push(summaryReads(sb));
		expect(slices.length).toBeLessThan(ruts.length);
	}
	expect(slices.map((slice) => slice.length)).toEqual([8, 8, 8]);
	// One round, in turn by RUT number, each RUT once; the last poll may go on into the next round.
	const all = slices.flat();
	expect(all.slice(0, ruts.length)).toEqual(ruts);
	expect(all.slice(ruts.length)).toEqual(ruts.slice(0, all.length - ruts.length));

	// The round goes on where it stopped: a change is reported by the poll that reaches it, once.
	const changed = ruts[ruts.length - 1];
	sb.changeRut(changed, 'criticalRisk');
	const reports: string[] = [];
	for (let read = 0; read < ruts.length; ) {
		resetLog();
		const { items } = await wf.poll();
		read += summaryReads(sb).length;
		for (const item of items ?? []) reports.push(String(item.json.rut));
	}
	expect(reports).toEqual([changed]);
});

test.each([
	['a 1 s budget: once', 1000, 1],
	['n8n-core\'s default budget (5 minutes): 4 times', undefined, 4],
])('%s, a read the service keeps failing is tried in the poll', async (_case, budgetMs, tries) => {
	const ruts = rutsFrom(79_000_000, 3);
	await sandboxOnReadTime(ruts);
	const wf = monitorWorkflow(sb, list(ruts), { budgetMs });
	const failing = ruts[1];
	sb.failNext(503, 10, { path: V2_SUMMARY, query: { rut: failing } });
	expect((await wf.poll()).items).toBeNull();
	expect(summaryReads(sb).filter((r) => r === failing)).toHaveLength(tries);
	// The others were read, and the next poll tries the failed one again.
	expect(new Set(summaryReads(sb))).toEqual(new Set(ruts));
	resetLog();
	await wf.poll();
	expect(summaryReads(sb)).toContain(failing);
});
