// A burst of parallel requests into a rate limit ends with every item
// succeeded, and the pool slows down together instead of every worker retrying on its own.
//
// The counts are checked on virtual time: the transport and the sandbox share a clock that moves
// only when every worker waits on it, so the sandbox's one-second windows and the pool's pauses
// line up the same way on every run (real time made the count of refusals depend on where the
// first burst fell in the sandbox's window). The run through n8n's engine, whose HTTP exchanges the
// virtual clock cannot see, has waits that pass at once instead, and checks what holds on any timing.
import { startSandbox, type Sandbox } from '../../sandbox';
import { distinctRuts } from '../../bench/ruts';
import { EPOCH, fakeContext, instantClock, overHttp, sendAll, summaryReads, Transport, virtualClock, type VirtualClock } from './virtual';
import { runRiskInfo } from '../helpers/throughput';

const PER_SECOND = 5;
const PARALLEL = 10;
const LATENCY_MS = 20;
const ruts = distinctRuts(30, 73_000_000);

describe('on virtual time, shared by the transport and the sandbox', () => {
	let time: VirtualClock;
	let sandbox: Sandbox;
	beforeEach(async () => {
		time = virtualClock();
		sandbox = await startSandbox({ preloadedRuts: ruts, rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 }, now: () => time.now() });
	});
	afterEach(async () => {
		time.restore();
		await sandbox.close();
	});

	async function run() {
		const credential = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
		const { ctx, sent } = fakeContext(time, overHttp(), credential, LATENCY_MS);
		const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
		const results = await time.drive(sendAll(transport, summaryReads(ruts), PARALLEL));
		return { results, sent: [...sent].sort((a, b) => a.at - b.at) };
	}

	test(`${ruts.length} reads at parallelism ${PARALLEL} against ${PER_SECOND} requests/s: all succeed; one or two refused where the ramp crosses the limit, then single probes`, async () => {
		const { results, sent } = await run();
		expect(results.map((r) => (r instanceof Error ? r.message : undefined))).toEqual(ruts.map(() => undefined));
		expect(results.map((r) => (r as { data: { rut: string } }).data.rut)).toEqual(ruts);

		expect(sandbox.requests.filter((q) => q.status === 429).length).toBe(sent.filter((s) => s.status === 429).length);
		// The ramp crosses the limit with a request or two out, not the pool of ten in one burst.
		const pauseEnd = EPOCH + 1000;
		expect(sent.filter((s) => s.status === 429 && s.at < pauseEnd).length).toBeGreaterThan(0);
		expect(sent.filter((s) => s.status === 429 && s.at < pauseEnd).length).toBeLessThanOrEqual(2);
		// Workers retrying on their own would be refused again every second (half of each burst of
		// ten). The pool that pauses together keeps to the five it learnt; only its probes beyond them
		// are refused, one at a time, the first four windows after the lesson.
		const probeWindows = sent.filter((s) => s.status === 429 && s.at >= pauseEnd).map((s) => Math.floor((s.at - EPOCH) / 1000));
		expect(new Set(probeWindows).size).toBe(probeWindows.length);
		expect(probeWindows.every((w) => w >= 4)).toBe(true);
		expect(probeWindows.length).toBeLessThanOrEqual(1);
		// Every second of the run the sandbox let five through: the limit is used, not just obeyed.
		const accepted = sent.filter((s) => s.status === 200);
		const lastWindow = Math.floor((Math.max(...accepted.map((s) => s.at)) - EPOCH) / 1000);
		expect(lastWindow).toBeLessThanOrEqual(Math.ceil((ruts.length / PER_SECOND) * 1.25));
	});

	test('the same run gives the same counts every time', async () => {
		const first = await run();
		const counts = (sent: Array<{ at: number; status: number }>) => sent.map((s) => `${s.at - EPOCH}:${s.status}`).join(' ');
		const firstCounts = counts(first.sent);
		time.restore();
		await sandbox.close();
		time = virtualClock();
		sandbox = await startSandbox({ preloadedRuts: ruts, rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 }, now: () => time.now() });
		const second = await run();
		expect(counts(second.sent)).toBe(firstCounts);
	});
});

describe("through n8n's engine, on an instant clock shared with the sandbox", () => {
	// The transport's waits pass at once and move the sandbox's clock by as much, so its
	// one-second windows move only when the pool waits: the first burst lands in one window
	// (the first six requests to arrive are all sent before any refusal), however slowly the
	// machine sends them.
	let time: ReturnType<typeof instantClock>;
	let sandbox: Sandbox;
	beforeAll(async () => {
		time = instantClock();
		sandbox = await startSandbox({ preloadedRuts: ruts, rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 }, now: () => time.now() });
	});
	afterAll(async () => {
		time.restore();
		await sandbox.close();
	});

	test(`${ruts.length} items at parallelism ${PARALLEL} against ${PER_SECOND} requests/s: all succeed, in order and paired`, async () => {
		const out = await runRiskInfo({
			sandbox,
			baseUrl: sandbox.url,
			parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' },
			items: ruts.map((rut) => ({ rut })),
			parallel: PARALLEL,
			continueOnFail: true,
		});

		expect(out.map((item) => item.json.error)).toEqual(ruts.map(() => undefined));
		out.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.rut).toBe(ruts[i]);
		});
		const refused = sandbox.requests.filter((q) => q.status === 429);
		// The burst did hit the limit, and every refused RUT was asked again and answered.
		expect(refused.length).toBeGreaterThan(0);
		for (const q of refused) {
			expect(sandbox.requests.some((r) => r.query.rut === q.query.rut && r.status === 200)).toBe(true);
		}
	}, 60_000);
});
