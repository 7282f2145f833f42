// The pace against a service that counts requests in fixed one-second windows when they arrive,
// whose edges the pace cannot see. Requests slow on their way now and then (a busy machine, a busy
// network): a start that replaces one exactly a window later can arrive in the same window of the
// service as the one it replaced, one more than the limit, refused though within the budget. And
// the ramp's lesson, the answers of the last second, may hold the tail of the service's window
// before the one that refused. On virtual time (test/transport/virtual.ts), every verdict a count
// of what was sent when.
import { paceOf } from '../../nodes/shared/transport/accounts';
import { EPOCH, fakeContext, fixedWindows, sendAll, summaryReads, Transport, virtualClock, type Sent, type VirtualClock } from './virtual';

const account = { baseUrl: 'http://service.invalid', accessToken: 'tok-edge', clientIdentifier: 'client-edge' };
const LIMIT = 10;

let time: VirtualClock;
beforeEach(() => {
	time = virtualClock();
});
afterEach(() => time.restore());

async function execution(serve: ReturnType<typeof fixedWindows>, reads: number, from: number, wayThere: (n: number) => number = () => 1) {
	const { ctx, sent } = fakeContext(time, serve, account, 10, wayThere);
	const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
	const results = await time.drive(sendAll(transport, summaryReads(Array.from({ length: reads }, (_, i) => `${20_000_000 + from + i}-0`)), 10));
	expect(results.filter((r) => r instanceof Error)).toEqual([]);
	return sent;
}

/** The seconds of the run (from EPOCH) in which requests were refused, one entry per refusal. */
const refusedSeconds = (sent: Sent[]) => sent.filter((s) => s.status === 429).map((s) => Math.floor((s.at - EPOCH) / 1000));

test('a burst slow on its way across the edge of the service\'s window: the starts that replace it wait until it has surely arrived, and none is refused for it', async () => {
	// The service's windows begin 30 ms after each whole second.
	const serve = fixedWindows(time, LIMIT, 30);
	// A first execution teaches the account's pace its budget (ten a window) where the ramp crosses the limit.
	await execution(serve, 40, 0);
	// The second starts on a whole second after a quiet spell, its budget's ten starts at once, 30 ms
	// before the service's window turns, each window; the eleventh window's ten are 60 ms on their
	// way there and arrive in the next window of the service.
	await time.drive(time.pass(20_000 - (time.now() - EPOCH)));
	const sent = await execution(serve, 300, 1000, (n) => (n >= 100 && n < 110 ? 60 : 1));
	// Let go a window after the slow ones, their replacements would arrive in that same window: ten
	// refused in one second. What is left is the probe beyond the budget, now and then, alone.
	const seconds = refusedSeconds(sent);
	expect(new Set(seconds).size).toBe(seconds.length);
	expect(seconds.length).toBeLessThanOrEqual(2);
	// The limit is still used whole: 300 reads in about 30 windows.
	expect(Math.max(...sent.map((s) => s.at)) - EPOCH - 20_000).toBeLessThan(33_000);
});

const run = (phase: number, wayThere: (n: number) => number) => execution(fixedWindows(time, LIMIT, phase), 300, 0, wayThere);

test.each([100, 200, 300])(
	'the service\'s windows turning %i ms past each second: a budget the ramp learnt with the tail of the window before in it is found too high with one refusal, not a burst of them',
	async (phase) => {
		const sent = await run(phase, () => 1);
		const seconds = refusedSeconds(sent);
		// The crossing (one refused), one more in the window after it, where the budget counted ten
		// and the tail of the service's window before; then the probes four and sixteen windows on.
		// Sent all at once, the budget's starts beyond the limit would all have been refused.
		expect(seconds.filter((s) => s <= 2).length).toBeLessThanOrEqual(2);
		expect(seconds.length).toBeLessThanOrEqual(4);
		expect(paceOf(account.baseUrl, account.clientIdentifier).state.budget).toBe(LIMIT);
	},
);
