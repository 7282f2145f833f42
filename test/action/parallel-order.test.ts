// Under parallelism, with latencies chosen so that later items finish first, the output
// keeps the input order and every item is paired to itself (also those that shared a request and an
// item rejected before sending).
import { startSandbox, type Sandbox } from '../../sandbox';
import { distinctRuts, writeRut } from '../../bench/ruts';
import { runRiskInfo, startRelay } from '../helpers/throughput';

const SUMMARY = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' };
const ruts = distinctRuts(12, 71_000_000);

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ preloadedRuts: ruts });
});
afterAll(() => sandbox.close());

// Item i waits (12 - i) × 15 ms at the sandbox: the first item is the slowest.
const latencyFor = (rut: string) => (ruts.length - ruts.indexOf(rut)) * 15;

// The twelve RUTs, then three of them again in other spellings, with a bad RUT in between.
const input: Array<{ rut: string; expected: string | null }> = [
	...ruts.map((r) => ({ rut: r, expected: r })),
	{ rut: writeRut(ruts[0], 'dotted'), expected: ruts[0] },
	{ rut: '12.345.678-9', expected: null },
	{ rut: writeRut(ruts[5], 'plain'), expected: ruts[5] },
	{ rut: writeRut(ruts[11], 'dotted'), expected: ruts[11] },
];

test.each([4, 50])('parallelism %i: input order and pairing survive answers arriving in reverse', async (parallel) => {
	// Held until min(parallel, 5) requests are in, as the pool should send at least that many at once.
	const relay = await startRelay(sandbox.url, latencyFor, Math.min(parallel, 5));
	try {
		const out = await runRiskInfo({
			sandbox,
			baseUrl: relay.url,
			parameters: SUMMARY,
			items: input.map(({ rut }) => ({ rut })),
			parallel,
			continueOnFail: true,
		});

		expect(out).toHaveLength(input.length);
		out.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (input[i].expected === null) expect(String(item.json.error)).toMatch(/not a valid RUT/);
			else expect(item.json.rut).toBe(input[i].expected);
		});

		// The latencies really did reorder the answers, and the pool stayed within its bound.
		const answered = [...relay.seen].sort((a, b) => a.answeredAt - b.answeredAt).map((s) => ruts.indexOf(s.rut));
		expect(answered).toHaveLength(ruts.length);
		expect(answered).not.toEqual([...answered].sort((a, b) => a - b));
		expect(relay.maxInFlight()).toBeLessThanOrEqual(parallel);
		expect(relay.maxInFlight()).toBeGreaterThanOrEqual(Math.min(parallel, 5));
	} finally {
		await relay.close();
	}
});
