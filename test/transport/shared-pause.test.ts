// The transport's pool-wide pause and pace under a rate limit, on virtual time (test/transport/
// virtual.ts): the real Transport and Pace, the nodes' own request pool, and a service model that
// answers at the moment a request is sent. Everything is asserted by counting what was sent when.
import { fakeContext, rampUp, sendAll, summaryReads, Transport, virtualClock, type Answer, type Sent, type VirtualClock } from './virtual';

const credential = { baseUrl: 'http://service.invalid', accessToken: 'tok-pool', clientIdentifier: 'client-pool' };
const ok = (): Answer => ({ statusCode: 200, headers: {}, body: { success: true, data: {} } });
const refused = (retryAfter: string): Answer => ({
	statusCode: 429,
	headers: { 'retry-after': retryAfter },
	body: { success: false, code: 429, error: 'Demasiadas solicitudes' },
});
const ruts = (n: number) => Array.from({ length: n }, (_, i) => `${10_000_000 + i}-0`);

let time: VirtualClock;
beforeEach(() => {
	time = virtualClock();
});
afterEach(() => time.restore());

/**
 * The reads through a pool that runs free (its ramp done), `service` numbering its requests from
 * 0; `t0` is when the first went.
 */
async function run(service: (n: number, at: number) => Answer, o: { reads: number; parallel: number; latency: number | ((a: Answer, n: number) => number) }) {
	await rampUp(time, credential);
	const t0 = time.now();
	let n = 0;
	const { ctx, sent } = fakeContext(time, async () => service(n++, time.now()), credential, o.latency);
	const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
	const results = await time.drive(sendAll(transport, summaryReads(ruts(o.reads)), o.parallel));
	return { results, sent: [...sent].sort((a, b) => a.at - b.at), t0 };
}

const between = (sent: Sent[], from: number, to: number) => sent.filter((s) => s.at >= from && s.at < to);

test('one 429 pauses the whole pool: requests of other workers wait for its Retry-After too', async () => {
	// Four reads in flight; the first is refused (Retry-After: 1) and its answer arrives at 10 ms,
	// the other three are accepted and arrive at 50 ms, when their workers want to send again.
	const { results, sent, t0 } = await run((n) => (n === 0 ? refused('1') : ok()), {
		reads: 8,
		parallel: 4,
		latency: (_a, n) => (n === 0 ? 10 : 50),
	});
	expect(results.every((r) => !(r instanceof Error))).toBe(true);
	expect(between(sent, t0, t0 + 1).length).toBe(4);
	// Nothing at all between the 429 reaching the pool and the end of its Retry-After...
	expect(between(sent, t0 + 1, t0 + 10 + 1000)).toEqual([]);
	// ...then the retry and the waiting workers go together.
	expect(between(sent, t0 + 1010, t0 + 1011).length).toBe(4);
});

describe('a wave of refusals: 150 reads, 8 in parallel, 10 ms answers; requests 10 to 17 are refused with Retry-After: 1', () => {
	const wave = (n: number) => (n >= 9 && n <= 16 ? refused('1') : ok());

	test('a wave that passes is forgotten within a few windows: after the pause each window sends more than the last, soon half again as many, with no refusal', async () => {
		const { results, sent } = await run(wave, { reads: 150, parallel: 8, latency: 10 });
		expect(results.every((r) => !(r instanceof Error))).toBe(true);
		const refusals = sent.filter((s) => s.status === 429);
		expect(refusals).toHaveLength(8);
		const firstRefusal = Math.min(...refusals.map((s) => s.answeredAt!));
		const pauseEnd = firstRefusal + 1000;
		// No request of the pool goes out while the pause lasts (those sent before the 429 came back excepted).
		expect(between(sent, firstRefusal + 1, pauseEnd)).toEqual([]);
		// After it, each one-second window sends more than the last, and soon half again as many
		// (probes proven a window later raise the budget, twice as many each window, up to half of it) ...
		const perWindow: number[] = [];
		for (let w = pauseEnd; w < Math.max(...sent.map((s) => s.at)) + 1; w += 1000) perWindow.push(between(sent, w, w + 1000).length);
		perWindow.slice(1, -1).forEach((n, i) => expect(n).toBeGreaterThan(perWindow[i]));
		perWindow.slice(3, -1).forEach((n, i) => expect(n).toBeGreaterThanOrEqual(perWindow[i + 2] * 1.5));
		// ... so the 141 reads left take six windows, where a limit of nine would have needed sixteen.
		expect(perWindow.length).toBeLessThanOrEqual(6);
	});
});

describe('a limit that holds: 20 requests per one-second window, 8 in parallel, 10 ms answers', () => {
	const PER_WINDOW = 20;
	function limiter() {
		let window = -1;
		let count = 0;
		return (_n: number, at: number) => {
			const w = Math.floor(at / 1000);
			if (w !== window) {
				window = w;
				count = 0;
			}
			return ++count <= PER_WINDOW ? ok() : refused('1');
		};
	}

	test('is learnt once and kept: after the first burst only rare probes are refused, further and further apart', async () => {
		const { results, sent, t0 } = await run(limiter(), { reads: 400, parallel: 8, latency: 10 });
		expect(results.every((r) => !(r instanceof Error))).toBe(true);
		const refusals = sent.filter((s) => s.status === 429);
		const firstWave = refusals.filter((s) => s.at < t0 + 1000);
		expect(firstWave.length).toBeLessThanOrEqual(8);
		// Over the ~22 windows that follow, only probes are refused, one at a time: at windows 1, 3
		// and 8 (each wait after the pause four times the last: 1, then 4 windows), never a burst.
		const later = refusals.filter((s) => s.at >= t0 + 1000);
		const windows = new Map<number, number>();
		for (const s of later) {
			const w = Math.floor((s.at - t0) / 1000);
			windows.set(w, (windows.get(w) ?? 0) + 1);
		}
		expect([...windows.values()].every((count) => count <= 2)).toBe(true);
		const refusedIn = [...windows.keys()];
		expect(refusedIn.length).toBeLessThanOrEqual(4);
		refusedIn.slice(2).forEach((w, i) => expect(w - refusedIn[i + 1]).toBeGreaterThan(refusedIn[i + 1] - refusedIn[i]));
		// And the limit is used: the 400 reads take at most a third longer than 400 / 20 windows.
		const lastAnswer = Math.max(...sent.map((s) => s.answeredAt!));
		expect(lastAnswer - t0).toBeLessThan((400 / PER_WINDOW) * 1000 * 1.35);
	});
});
