// The pool-wide pace of the transport, on a fake clock: free until a 429, then a pause for every
// worker and a budget of starts per window from what the service accepted before refusing; probes
// beyond the budget once answers are accepted again, so a passing wave is forgotten and a limit
// that holds is kept.
import { Pace, type Turn } from '../../nodes/shared/transport/pace';

function clock(t = 0) {
	return { now: () => t, set: (v: number) => (t = v), advance: (ms: number) => (t += ms) };
}
type Clock = ReturnType<typeof clock>;

/** The next turn, moving the clock on as a waiting worker would (no answer arrives meanwhile). */
function next(pace: Pace, c: Clock): Turn {
	for (;;) {
		const turn = pace.take();
		if (typeof turn !== 'number') return turn;
		expect(turn).toBeGreaterThan(0);
		c.advance(turn);
	}
}

/** `n` turns in a row without any answer: when each would start. */
function starts(pace: Pace, c: Clock, n: number): number[] {
	return Array.from({ length: n }, () => next(pace, c).at);
}

/** Most starts falling in any window of `ms` that opens at a start. */
function busiestWindow(times: number[], ms: number): number {
	const sorted = [...times].sort((a, b) => a - b);
	return Math.max(...sorted.map((t) => sorted.filter((u) => u >= t && u < t + ms).length));
}

/** Ten requests sent at 0 ms accepted in the first 20 ms, then one sent at 21 ms refused at 25 ms with Retry-After: 1 s; five more still in flight. */
function afterOneWave(): { pace: Pace; c: Clock; inFlight: Turn[] } {
	const c = clock();
	const pace = new Pace(c.now);
	const sent = Array.from({ length: 10 }, () => next(pace, c));
	sent.forEach((turn, i) => {
		c.set(i * 2);
		pace.accept(turn);
	});
	c.set(21);
	const refused = next(pace, c);
	c.set(22);
	const inFlight = Array.from({ length: 5 }, () => next(pace, c));
	c.set(25);
	pace.refuse(refused, 1000);
	return { pace, c, inFlight };
}

test('before any refusal nothing waits', () => {
	const c = clock();
	const pace = new Pace(c.now);
	for (let i = 0; i < 100; i++) pace.accept(next(pace, c));
	expect(starts(pace, c, 50).every((t) => t === 0)).toBe(true);
	expect(pace.state.free).toBe(true);
});

test('a 429 holds every worker until Retry-After, then lets them go within the accepted rate', () => {
	const { pace, c } = afterOneWave();
	// Every worker asking now is told to wait out the pause.
	expect([pace.take(), pace.take(), pace.take()]).toEqual([1000, 1000, 1000]);
	const later = starts(pace, c, 40);
	expect(Math.min(...later)).toBe(1025);
	// The service let 10 through in a second: without an accepted answer since, the pool never again
	// starts more than that in one.
	expect(busiestWindow(later, 1000)).toBe(10);
	expect(pace.state).toMatchObject({ free: false, budget: 10 });
});

test('refusals of requests that were in flight together teach the pace once', () => {
	const make = () => {
		const c = clock();
		const pace = new Pace(c.now);
		for (let i = 0; i < 10; i++) {
			c.set(i);
			pace.accept(next(pace, c));
		}
		c.set(20);
		const inFlight = Array.from({ length: 9 }, () => next(pace, c));
		c.set(30);
		return { pace, c, inFlight };
	};
	const single = make();
	single.pace.refuse(single.inFlight[0], 1000);
	const burst = make();
	for (const turn of burst.inFlight) burst.pace.refuse(turn, 1000);
	expect(starts(burst.pace, burst.c, 30)).toEqual(starts(single.pace, single.c, 30));
});

test('a refusal of a request that kept the budget lowers the budget', () => {
	const { pace, c } = afterOneWave();
	const first = starts(pace, c, 20);
	// A request let go after that lesson, within the budget, is refused too.
	const kept = next(pace, c);
	c.set(kept.at + 20);
	pace.refuse(kept, 1000);
	const later = starts(pace, c, 20);
	expect(busiestWindow(later, 1000)).toBeLessThan(busiestWindow(first, 1000));
});

test('a refusal before anything got through only pauses: there is no rate to learn yet', () => {
	const c = clock();
	const pace = new Pace(c.now);
	pace.refuse(next(pace, c), 500);
	expect(Math.min(...starts(pace, c, 5))).toBe(500);
	expect(starts(pace, c, 5).every((t) => t === 500)).toBe(true);
	expect(pace.state.free).toBe(true);
});

test('answers accepted after the pause let probes beyond the budget go, and twice the budget accepted beyond it frees the pool', () => {
	const { pace, c } = afterOneWave();
	// The ten budgeted starts right after the pause.
	const budgeted = Array.from({ length: 10 }, () => next(pace, c));
	expect(budgeted.every((t) => t.at === 1025 && !t.probe)).toBe(true);
	// Nothing beyond the budget until an answer says the service takes requests again.
	expect(pace.take()).toBeGreaterThan(0);
	c.advance(10);
	pace.accept(budgeted[0]);
	// Then one probe at a time, twice as many after each accepted one.
	let accepted = 0;
	let roundTrips = 0;
	while (!pace.state.free) {
		const probes: Turn[] = [];
		for (let turn = pace.take(); typeof turn !== 'number'; turn = pace.take()) probes.push(turn);
		expect(probes.length).toBe([1, 2, 8, 64][roundTrips]);
		expect(probes.every((p) => p.probe)).toBe(true);
		c.advance(10);
		roundTrips++;
		for (const p of probes) {
			pace.accept(p);
			accepted++;
			if (pace.state.free) break;
		}
	}
	// Twice the budget accepted beyond it, in four round trips of 10 ms, and the pool runs free: no
	// time was spent beyond the pause but those round trips.
	expect(accepted).toBe(20);
	expect(roundTrips).toBe(4);
	expect(c.now()).toBe(1025 + 10 + 4 * 10);
	expect(starts(pace, c, 50).every((t) => t === c.now())).toBe(true);
});

test('answers to requests that were in flight when the 429 came count toward the budget, but start no probing', () => {
	const { pace, c, inFlight } = afterOneWave();
	// Five requests sent at 22 ms, before the 429 came back, are answered accepted after it.
	for (const turn of inFlight) pace.accept(turn);
	expect(pace.state.budget).toBe(15);
	const budgeted = Array.from({ length: 15 }, () => next(pace, c));
	expect(budgeted.every((t) => t.at === 1025 && !t.probe)).toBe(true);
	expect(pace.take()).toBeGreaterThan(0);
	// The first answer to a request sent under the lesson lets the first probe go.
	pace.accept(budgeted[0]);
	expect(pace.take()).toMatchObject({ probe: true });
});

test('a refused probe keeps the budget; after its pause the next probe waits one window, the one after three, then seven', () => {
	const { pace, c } = afterOneWave();
	const probeTimes: number[] = [];
	const budget = pace.state.budget;
	let sentInWindows = 0;
	// A service that takes exactly the budget per window: every probe is refused (Retry-After 1 s).
	for (let round = 0; round < 200; round++) {
		const turn = next(pace, c);
		c.advance(5);
		if (turn.probe) {
			probeTimes.push(turn.at);
			pace.refuse(turn, 1000);
		} else {
			sentInWindows++;
			pace.accept(turn);
		}
	}
	expect(pace.state.budget).toBe(budget);
	expect(sentInWindows).toBeGreaterThan(30);
	// Each probe waits out its pause (Retry-After), then 1, 3, 7 windows of the budget.
	expect(probeTimes.length).toBe(4);
	const gaps = probeTimes.slice(1).map((t, i) => t - probeTimes[i]);
	gaps.forEach((gap, i) => {
		const windows = 2 ** (i + 1) - 1;
		expect(gap).toBeGreaterThanOrEqual(1000 + windows * pace.state.windowMs);
		expect(gap).toBeLessThan(1000 + (windows + 1) * pace.state.windowMs);
	});
});
