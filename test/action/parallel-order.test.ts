// Under parallelism, with the answers given back in reverse, the output keeps the input order and
// every item is paired to itself (also those that shared a request and an item rejected before
// sending). The relay in front of the sandbox orders the answers itself, wave by wave, so the
// reversal does not depend on how fast the machine is.
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

// The twelve RUTs, then three of them again in other spellings, with a bad RUT in between.
const input: Array<{ rut: string; expected: string | null }> = [
	...ruts.map((r) => ({ rut: r, expected: r })),
	{ rut: writeRut(ruts[0], 'dotted'), expected: ruts[0] },
	{ rut: '12.345.678-9', expected: null },
	{ rut: writeRut(ruts[5], 'plain'), expected: ruts[5] },
	{ rut: writeRut(ruts[11], 'dotted'), expected: ruts[11] },
];

test.each([4, 50])('parallelism %i: input order and pairing survive answers arriving in reverse', async (parallel) => {
	// The pool keeps `parallel` requests in flight, so the twelve come in waves of that many; the
	// relay holds each wave's answers until all of it is in and gives them back last first.
	const waves = Array.from({ length: Math.ceil(ruts.length / parallel) }, (_, w) => Math.min(parallel, ruts.length - w * parallel));
	const relay = await startRelay(sandbox.url, { waves, sort: (a, b) => ruts.indexOf(b) - ruts.indexOf(a) });
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

		// One request per distinct RUT, started in input order, `parallel` at a time (a wave is
		// the requests started as the one before was answered), each wave answered last first.
		const reversedWaves = waves.flatMap((size, w) => Array.from({ length: size }, (_, i) => w * parallel + size - 1 - i));
		expect(relay.released.map((rut) => ruts.indexOf(rut))).toEqual(reversedWaves);
		expect(relay.maxInFlight()).toBe(Math.min(parallel, ruts.length));
	} finally {
		await relay.close();
	}
});
