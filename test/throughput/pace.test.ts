// The pool-wide pace of the transport, on a fake clock: free until a 429, then a pause for every
// worker and starts spaced under the rate the service accepted before refusing.
import { Pace } from '../../nodes/RiskInfo/transport/pace';

function clock() {
	let t = 0;
	return { now: () => t, set: (v: number) => (t = v) };
}

/** Reserves `n` starts at the current time and returns when each would go. */
function starts(pace: Pace, now: number, n: number): number[] {
	return Array.from({ length: n }, () => now + pace.reserve());
}

/** Most starts falling in any window of `ms` that opens at a start. */
function busiestWindow(times: number[], ms: number): number {
	const sorted = [...times].sort((a, b) => a - b);
	return Math.max(...sorted.map((t) => sorted.filter((u) => u >= t && u < t + ms).length));
}

test('before any refusal nothing waits', () => {
	const c = clock();
	const pace = new Pace(c.now);
	for (let i = 0; i < 100; i++) pace.accept();
	expect(starts(pace, 0, 50).every((t) => t === 0)).toBe(true);
});

test('a 429 holds every worker until Retry-After, then lets them go spaced under the accepted rate', () => {
	const c = clock();
	const pace = new Pace(c.now);
	// Ten answers accepted in the first 20 ms, then the eleventh is refused with Retry-After: 1 s.
	for (let i = 0; i < 10; i++) {
		c.set(i * 2);
		pace.accept();
	}
	c.set(25);
	pace.refuse(21, 1000);
	expect(pace.paused()).toBe(true);
	const next = starts(pace, 25, 40);
	expect(Math.min(...next)).toBeGreaterThanOrEqual(1025);
	// The service let 10 through in a second: the pool never again starts more than that in one.
	expect(busiestWindow(next, 1000)).toBeLessThanOrEqual(10);
	expect(busiestWindow(next, 1000)).toBeGreaterThanOrEqual(5);
});

test('refusals of requests that were in flight together teach the pace once', () => {
	const make = () => {
		const c = clock();
		const pace = new Pace(c.now);
		for (let i = 0; i < 10; i++) {
			c.set(i);
			pace.accept();
		}
		c.set(30);
		return pace;
	};
	const single = make();
	single.refuse(20, 1000);
	const burst = make();
	for (let i = 0; i < 9; i++) burst.refuse(20 + i, 1000);
	expect(starts(burst, 30, 20)).toEqual(starts(single, 30, 20));
});

test('a refusal of a request that kept the pace slows the pace further', () => {
	const c = clock();
	const pace = new Pace(c.now);
	for (let i = 0; i < 10; i++) pace.accept();
	c.set(10);
	pace.refuse(5, 1000);
	const first = starts(pace, 10, 11);
	const gap = first[10] - first[9];
	// A request let go after that lesson is refused too.
	c.set(first[10] + 20);
	pace.refuse(first[10], 1000);
	const later = starts(pace, c.now(), 3);
	expect(later[2] - later[1]).toBeGreaterThan(gap);
});

test('a refusal before anything got through only pauses: there is no rate to learn yet', () => {
	const c = clock();
	const pace = new Pace(c.now);
	pace.refuse(0, 500);
	expect(Math.min(...starts(pace, 0, 5))).toBe(500);
	c.set(500);
	expect(pace.paused()).toBe(false);
	expect(starts(pace, 500, 5).every((t) => t === 500)).toBe(true);
});
