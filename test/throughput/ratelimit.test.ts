// Point 5 (and point 1): a burst of parallel requests into a rate limit ends with every item
// succeeded, and the pool slows down together instead of every worker retrying on its own.
import { startSandbox, type Sandbox } from '../../sandbox';
import { distinctRuts } from '../../bench/ruts';
import { runRiskInfo } from './helpers';

const PER_SECOND = 5;
const PARALLEL = 10;
const ruts = distinctRuts(30, 73_000_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ preloadedRuts: ruts, rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 } });
});
afterAll(() => sandbox.close());

test(`${ruts.length} items at parallelism ${PARALLEL} against ${PER_SECOND} requests/s: all succeed`, async () => {
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
	// Workers retrying on their own would be refused again every second (half of each burst of
	// ten); a pool that pauses together and then keeps to the learnt pace is refused about once
	// per worker in the first burst.
	expect(refused.length).toBeLessThanOrEqual(PARALLEL);
}, 60_000);
