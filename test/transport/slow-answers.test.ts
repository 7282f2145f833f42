// The pace against a service whose answers take long and vary, as real services' do: the service
// counts a request when it arrives (at once here), in fixed one-second windows turning 130 ms past
// each second, then works on it for 100 ms and up to 400 ms more (seeded) before the answer comes
// back; a 429 comes back without that work (in the last tests, after as long). An answer's extra
// time is then the service's work, none of it spent on the way there, and the pace must not hold its
// starts back for it. On virtual time (test/transport/virtual.ts), every verdict a count of what was
// sent when.
import { Rng } from '../../sandbox/prng';
import { EPOCH, fakeContext, fixedWindows, sendAll, summaryReads, Transport, virtualClock, type Answer, type Sent, type VirtualClock } from './virtual';

const account = { baseUrl: 'http://service.invalid', accessToken: 'tok-slow', clientIdentifier: 'client-slow' };
const LIMIT = 10;
const READS = 600;
const PHASE_MS = 130;

let time: VirtualClock;
beforeEach(() => {
	time = virtualClock();
});
afterEach(() => time.restore());

async function run(seed: number, refusalMs: (work: number) => number) {
	const rng = new Rng(seed);
	const latency = (answer: Answer) => {
		const work = 100 + Math.floor(rng.next() * 400);
		return answer.statusCode === 429 ? refusalMs(work) : work;
	};
	const { ctx, sent } = fakeContext(time, fixedWindows(time, LIMIT, PHASE_MS), account, latency);
	const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
	const results = await time.drive(sendAll(transport, summaryReads(Array.from({ length: READS }, (_, i) => `${30_000_000 + i}-0`)), 10));
	expect(results.filter((r) => r instanceof Error)).toEqual([]);
	return sent;
}

/** Reads answered per second from the first start to the last answer, as a share of the limit. */
const ofLimit = (sent: Sent[]) => READS / ((Math.max(...sent.map((s) => s.answeredAt!)) - EPOCH) / 1000) / LIMIT;
const refused = (sent: Sent[]) => sent.filter((s) => s.status === 429).length;

// Before (the guard counting all of an answer's time beyond the quickest as time on the way there,
// and answers late to a cut winning it back): 0.83x to 0.86x the limit with a quick 429, 67 of about
// 3,630 requests refused over these six runs (1.8%); with the guard fixed alone, 101 (2.8%).
test('answers of 100 to 500 ms, a 429 back at once, six runs: each at least 0.97x the limit, at most 1.25% refused over all', async () => {
	let refusals = 0;
	let requests = 0;
	for (const seed of [1, 2, 3, 4, 5, 6]) {
		if (seed > 1) {
			time.restore();
			time = virtualClock();
		}
		const sent = await run(seed, () => 5);
		expect(ofLimit(sent)).toBeGreaterThanOrEqual(0.97);
		refusals += refused(sent);
		requests += sent.length;
	}
	// The crossing's one, two probes, and a budget learnt too high at the crossing (about 1%); the
	// rest are probes accepted where the budget's starts straddle the edge of the service's window.
	expect(refusals).toBeLessThanOrEqual(requests * 0.0125);
});

// A 429 that takes as long as an answer lets more requests go before it is back: the ramp's crossing
// costs several refusals, and the pause after them costs speed (bench/NOTES.md). Before: about 0.82x.
test.each([1, 2, 3])('answers of 100 to 500 ms (seed %i), a 429 as slow as an answer: at least 0.93x the limit, at most 4% refused', async (seed) => {
	const sent = await run(seed, (work) => work);
	expect(ofLimit(sent)).toBeGreaterThanOrEqual(0.93);
	expect(refused(sent)).toBeLessThanOrEqual(READS * 0.04);
});
