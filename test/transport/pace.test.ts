// The pool-wide pace of the transport, on a fake clock: free until a 429, then a pause for every
// worker and a budget of starts per window from what the service accepted before refusing, with
// no margin; probes beyond the budget once answers are accepted again, each accepted one raising
// it, so a passing wave is forgotten and a limit that holds is kept. Then the exact waits take() hands out (a wait too short is a worker polling
// for nothing, one too long a probe or a start sent late), the window and half-window boundaries,
// which answers may still move the budget after a lesson, probes whose connection fails or whose
// answer comes after a newer lesson, and that accepted answers are not kept longer than a minute.
import { Pace, type Turn } from '../../nodes/shared/transport/pace';

function clock(t = 0) {
	return { now: () => t, set: (v: number) => (t = v), advance: (ms: number) => (t += ms) };
}
type Clock = ReturnType<typeof clock>;

/**
 * A pace past its ramp, as after a few seconds of sending with no refusal: 40 starts 100 ms apart,
 * ending a second before the clock's time, none answered (they teach nothing).
 */
function ramped(c: Clock): Pace {
	const at = c.now();
	const pace = new Pace(c.now);
	for (let i = 0; i < 40; i++) {
		c.set(at - 5000 + i * 100);
		const turn = pace.take();
		if (typeof turn === 'number') throw new Error(`the ramp held a start ${turn} ms`);
		pace.release(turn);
	}
	c.set(at);
	return pace;
}

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

/**
 * Ten requests sent at 0 ms accepted in the first 20 ms (the quickest in 10 ms), then one sent at
 * 21 ms refused at 25 ms with Retry-After: 1 s; five more still in flight.
 */
function afterOneWave(): { pace: Pace; c: Clock; inFlight: Turn[] } {
	const c = clock();
	const pace = ramped(c);
	const sent = Array.from({ length: 10 }, () => next(pace, c));
	sent.forEach((turn, i) => {
		c.set(10 + i);
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

test('a new pace ramps up: starts 40 ms apart (25 a second), twice as many each half second of sending, none waiting past 4,000 a second', () => {
	const c = clock();
	const pace = new Pace(c.now);
	const times = starts(pace, c, 4000);
	const gaps = times.slice(1).map((t, i) => t - times[i]);
	expect(gaps[0]).toBe(40);
	// Half a second in, twice the rate: gaps of 20 ms (rounded up to whole milliseconds).
	const at500 = times.findIndex((t) => t >= 500);
	expect(gaps[at500]).toBeGreaterThanOrEqual(18);
	expect(gaps[at500]).toBeLessThanOrEqual(23);
	expect(gaps.every((g, i) => i === 0 || g <= gaps[i - 1])).toBe(true);
	// 25 × 2^(t / 500 ms) reaches 4,000 a second after about 3.66 s: from there nothing waits.
	const free = times.findIndex((t, i) => i > 0 && t === times[i - 1]);
	expect(times[free]).toBeGreaterThanOrEqual(3600);
	expect(times[free]).toBeLessThan(3800);
	expect(times.slice(free).every((t) => t === times[free])).toBe(true);
});

test('an idle pool does not ramp: a minute without a request counts a tenth of a second', () => {
	const c = clock();
	const pace = new Pace(c.now);
	starts(pace, c, 3);
	c.advance(60_000);
	const times = starts(pace, c, 2);
	// Under 200 ms of ramp counted (two gaps and the pause's 100 ms): still some 30 to 40 a second.
	// Had the minute counted, the pool would run free, the two starts at once.
	expect(times[1] - times[0]).toBeGreaterThanOrEqual(20);
	expect(times[1] - times[0]).toBeLessThanOrEqual(40);
});

test('a limit crossed by the ramp is checked by a probe four windows after the pause, then sixteen', () => {
	const c = clock();
	const pace = new Pace(c.now);
	// Five accepted, the sixth refused (Retry-After 1 s): the ramp's lesson is a budget of five.
	const [a, b, d, e, f, refused] = Array.from({ length: 6 }, () => next(pace, c));
	for (const turn of [a, b, d, e, f]) pace.accept(turn);
	const lessonAt = c.now();
	pace.refuse(refused, 1000);
	expect(pace.state).toMatchObject({ budget: 5, windowMs: 1000 });
	// A service that takes exactly five a window: every probe refused.
	const probes: number[] = [];
	for (let i = 0; i < 200; i++) {
		const turn = next(pace, c);
		c.advance(5);
		if (turn.probe) {
			probes.push(turn.at);
			pace.refuse(turn, 1000);
		} else pace.accept(turn);
	}
	const pauseEnd = lessonAt + 1000;
	expect(probes[0]).toBeGreaterThanOrEqual(pauseEnd + 4 * 1000);
	expect(probes[0]).toBeLessThan(pauseEnd + 5 * 1000);
	expect(probes[1] - probes[0]).toBeGreaterThanOrEqual(1000 + 16 * 1000);
});

test('past its ramp, before any refusal, nothing waits', () => {
	const c = clock();
	const pace = ramped(c);
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
		const pace = ramped(c);
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
	const pace = ramped(c);
	pace.refuse(next(pace, c), 500);
	expect(Math.min(...starts(pace, c, 5))).toBe(500);
	expect(starts(pace, c, 5).every((t) => t === 500)).toBe(true);
	expect(pace.state.free).toBe(true);
});

test('answers accepted after the pause let probes beyond the budget go; each raises it once a window passes with no refusal, and 128 so proven free the pool', () => {
	const { pace, c } = afterOneWave();
	// The ten budgeted starts right after the pause.
	const budgeted = Array.from({ length: 10 }, () => next(pace, c));
	expect(budgeted.every((t) => t.at === 1025 && !t.probe)).toBe(true);
	// Nothing beyond the budget until an answer says the service takes requests again.
	expect(pace.take()).toBeGreaterThan(0);
	c.advance(10);
	for (const turn of budgeted) pace.accept(turn);
	// A service that takes everything: each window, the budget's starts and the probes allowed, all accepted.
	const probesPerWindow: number[] = [];
	const budgets: number[] = [];
	while (probesPerWindow.length < 20) {
		const windowStart = c.now();
		const turns: Turn[] = [];
		for (let turn = pace.take(); typeof turn !== 'number' && !pace.state.free; turn = pace.take()) turns.push(turn);
		if (pace.state.free) break;
		probesPerWindow.push(turns.filter((t) => t.probe).length);
		budgets.push(pace.state.budget);
		c.advance(10);
		for (const t of turns) pace.accept(t);
		// The next window: the budget's starts leave it, and the probes sent in this one are proven.
		c.set(windowStart + 1000);
	}
	// One probe, then twice as many each window, never more than half the budget at once.
	expect(probesPerWindow.slice(0, 4)).toEqual([1, 2, 4, 8]);
	probesPerWindow.forEach((n, i) => expect(n).toBeLessThanOrEqual(Math.max(1, Math.ceil(budgets[i] / 2))));
	// Each window's budget is the lesson's ten plus every probe proven before it.
	budgets.forEach((b, i) => expect(b).toBe(10 + probesPerWindow.slice(0, i).reduce((x, y) => x + y, 0)));
	expect(pace.state.free).toBe(true);
	expect(probesPerWindow.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(128);
});

test('a refusal within a window of accepted probes is their verdict: the budget keeps what was taken, less one', () => {
	const { pace, c } = afterOneWave();
	const budgeted = Array.from({ length: 10 }, () => next(pace, c));
	c.advance(10);
	for (const turn of budgeted) pace.accept(turn);
	const probe = turnNow(pace);
	expect(probe.probe).toBe(true);
	c.advance(10);
	pace.accept(probe);
	// Not proven yet: a budgeted start of the service's next window may still be refused for it.
	expect(pace.state.budget).toBe(10);
	c.set(2025);
	const later = turnNow(pace);
	expect(later.probe).toBe(false);
	c.advance(10);
	pace.refuse(later, 1000);
	// The limit holds at ten: no raise, no cut.
	expect(pace.state.budget).toBe(10);
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

test('a refused probe keeps the budget; after its pause the next probe waits one window, the one after four, then sixteen', () => {
	const { pace, c } = afterOneWave();
	const probeTimes: number[] = [];
	const budget = pace.state.budget;
	let sentInWindows = 0;
	// A service that takes exactly the budget per window: every probe is refused (Retry-After 1 s).
	for (let round = 0; round < 320; round++) {
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
	// Each probe waits out its pause (Retry-After), then 1, 4, 16 windows of the budget: a limit
	// that holds costs fewer and fewer refusals.
	expect(probeTimes.length).toBe(4);
	const gaps = probeTimes.slice(1).map((t, i) => t - probeTimes[i]);
	gaps.forEach((gap, i) => {
		const windows = 4 ** i;
		expect(gap).toBeGreaterThanOrEqual(1000 + windows * pace.state.windowMs);
		expect(gap).toBeLessThan(1000 + (windows + 1) * pace.state.windowMs);
	});
});

/** What a worker that waits exactly as told hears (the waits), and the turn it finally gets. */
function waitFor(pace: Pace, c: Clock): { waits: number[]; turn: Turn } {
	const waits: number[] = [];
	for (;;) {
		const turn = pace.take();
		if (typeof turn !== 'number') return { waits, turn };
		waits.push(turn);
		c.advance(turn);
	}
}

function turnNow(pace: Pace): Turn {
	const turn = pace.take();
	if (typeof turn === 'number') throw new Error(`expected a turn now, was told to wait ${turn} ms`);
	return turn;
}

/** `n` starts at 1010 under the lesson, the first accepted at 1015, which lets a probe go at once. */
function acceptedThenProbe(pace: Pace, c: Clock, n: number): { starts: Turn[]; probe: Turn } {
	c.set(1010);
	const starts = Array.from({ length: n }, () => turnNow(pace));
	c.set(1015);
	pace.accept(starts[0]);
	const probe = turnNow(pace);
	expect(probe.probe).toBe(true);
	return { starts, probe };
}

/**
 * A pace taught a budget of `budget` starts per window: `budget` requests accepted at 5 ms, one more
 * refused at 10 ms with Retry-After 1 s. Paused until 1010; the window is Retry-After, 1000 ms.
 */
function taught(budget: number): { pace: Pace; c: Clock } {
	const c = clock();
	const pace = ramped(c);
	const wave = Array.from({ length: budget + 1 }, () => turnNow(pace));
	c.set(5);
	for (const turn of wave.slice(0, budget)) pace.accept(turn);
	c.set(10);
	pace.refuse(wave[budget], 1000);
	expect(pace.state).toEqual({ free: false, budget, windowMs: 1000, pausedUntil: 1010 });
	return { pace, c };
}

/**
 * `taught(1)`, then its budget start at 1010 accepted at 1015, the probe that follows refused at
 * 1020 (Retry-After 1 s): paused until 2020, and the next probe waits one window more, to 3020.
 */
function afterRefusedProbe(): { pace: Pace; c: Clock } {
	const { pace, c } = taught(1);
	const { probe } = acceptedThenProbe(pace, c, 1);
	c.set(1020);
	pace.refuse(probe, 1000);
	expect(pace.state).toMatchObject({ budget: 1, pausedUntil: 2020 });
	return { pace, c };
}

/** Answers accepted at `times` (ms) on a free pace, each for a request sent just before. */
function acceptedAt(pace: Pace, c: Clock, times: number[]): void {
	for (const t of times) {
		c.set(t);
		pace.accept(turnNow(pace));
	}
}

test('the first refusal after a single accepted answer teaches a budget of one', () => {
	const c = clock();
	const pace = ramped(c);
	const [first, second] = [turnNow(pace), turnNow(pace)];
	c.set(5);
	pace.accept(first);
	c.set(10);
	pace.refuse(second, 1000);
	expect(pace.state).toMatchObject({ free: false, budget: 1 });
});

test('with the budget spent and no probe allowed, a worker waits until the oldest start leaves the window, then goes', () => {
	const { pace, c } = taught(1);
	c.set(1010);
	turnNow(pace);
	// No answer under the lesson yet, so no probe: the wait is the whole window, not a poll.
	const { waits, turn } = waitFor(pace, c);
	expect(waits).toEqual([1000]);
	expect(turn).toMatchObject({ at: 2010, probe: false });
});

test('a probe goes only while the budget\'s starts are less than half a window old', () => {
	const probeAfterAnswerAt = (answeredAt: number) => {
		const { pace, c } = taught(1);
		c.set(1010);
		const start = turnNow(pace);
		// Answered as quickly as the lesson's answers, so its place leaves the window a window after it went (starts.ts).
		c.set(1015);
		pace.accept(start);
		c.set(answeredAt);
		return pace.take();
	};
	// Asked 499 ms after the start (half the window is 500): the probe falls in the same window.
	expect(probeAfterAnswerAt(1509)).toMatchObject({ at: 1509, probe: true });
	// At half a window and later, the probe could fall in the service's next window and prove
	// nothing: the worker waits for the window to move on, told exactly how long.
	expect(probeAfterAnswerAt(1510)).toBe(2010 - 1510);
	expect(probeAfterAnswerAt(1700)).toBe(2010 - 1700);
});

test('after a refused probe, a worker waits for the window until an answer allows probing again', () => {
	const { pace, c } = afterRefusedProbe();
	// A quiet spell: the next request comes at 2720 and takes the budget.
	c.set(2720);
	const start = turnNow(pace);
	expect(start.probe).toBe(false);
	// No answer under this lesson yet, so the probe due at 3020 may not go: wait for the window.
	c.set(2730);
	expect(pace.take()).toBe(2720 + 1000 - 2730);
});

test('a probe due while the budget is spent goes when it is due, not when the window moves on', () => {
	const { pace, c } = afterRefusedProbe();
	c.set(2720);
	const start = turnNow(pace);
	c.set(2730);
	pace.accept(start);
	// The budget's start (2720) is recent at 3020 (pause end + one window), so the probe goes then.
	const { waits, turn } = waitFor(pace, c);
	expect(waits).toEqual([3020 - 2730]);
	expect(turn).toMatchObject({ at: 3020, probe: true });
});

test('a probe due when the budget\'s start is already old waits for the window, then follows the next start', () => {
	const { pace, c } = afterRefusedProbe();
	c.set(2420);
	const start = turnNow(pace);
	c.set(2425);
	pace.accept(start);
	// Woken when the probe is due (3020), the start of 2420 is over half a window old: wait till it leaves.
	const first = waitFor(pace, c);
	expect(first.waits).toEqual([3020 - 2425, 2420 + 1000 - 3020]);
	expect(first.turn).toMatchObject({ at: 3420, probe: false });
	expect(turnNow(pace)).toMatchObject({ at: 3420, probe: true });
});

test('answers to requests sent before a refused probe do not raise the budget it kept', () => {
	const { pace, c } = taught(2);
	const {
		starts: [, late],
		probe,
	} = acceptedThenProbe(pace, c, 2);
	c.set(1020);
	pace.refuse(probe, 1000);
	// `late` went before the probe, so the refusal already covers it: the limit holds at 2.
	c.set(1030);
	pace.accept(late);
	expect(pace.state.budget).toBe(2);
});

test('a refusal within the budget lowers it to what was accepted, and late answers never bring it back', () => {
	// afterOneWave of test/transport/pace.test.ts: budget 10, and five requests sent at 22 ms
	// (before that lesson) still unanswered.
	const c = clock();
	const pace = ramped(c);
	const wave = Array.from({ length: 10 }, () => turnNow(pace));
	wave.forEach((turn, i) => {
		c.set(i * 2);
		pace.accept(turn);
	});
	c.set(21);
	const refused = turnNow(pace);
	c.set(22);
	const oldInFlight = Array.from({ length: 5 }, () => turnNow(pace));
	c.set(25);
	pace.refuse(refused, 1000);
	expect(pace.state.budget).toBe(10);

	c.set(1025);
	const budgeted = Array.from({ length: 10 }, () => turnNow(pace));
	budgeted.slice(0, 5).forEach((turn, i) => {
		c.set(1030 + i);
		pace.accept(turn);
	});
	c.set(1040);
	pace.refuse(budgeted[5], 1000);
	// Five accepted in the second before this 429: the service takes five, not nine.
	expect(pace.state.budget).toBe(5);
	// Nine late answers (four budgeted, five from before the first lesson) may show it took up to
	// nine, never the ten it refused.
	c.set(1050);
	for (const turn of [...budgeted.slice(6), ...oldInFlight]) pace.accept(turn);
	expect(pace.state.budget).toBe(9);
});

test('the budget counts what was accepted in the Retry-After before the 429, at least a second', () => {
	const refusedAt = (waitMs: number) => {
		const c = clock();
		const pace = ramped(c);
		acceptedAt(pace, c, [1000, 2000, 3000, 3500]);
		c.set(4000);
		pace.refuse(turnNow(pace), waitMs);
		return pace.state;
	};
	// The second before 4000 holds only 3500: 3000 is exactly a second before, outside it.
	expect(refusedAt(1000)).toMatchObject({ budget: 1, windowMs: 1000 });
	// Retry-After shorter than a second: still a second's answers, per window of a second.
	expect(refusedAt(200)).toMatchObject({ budget: 1, windowMs: 1000 });
	// Retry-After 5 s: all four answers of the five seconds before, per 5 s window.
	expect(refusedAt(5000)).toMatchObject({ budget: 4, windowMs: 5000 });
});

test('a probe whose connection failed frees its place for another, and wakes waiting workers', async () => {
	const { pace, c } = taught(1);
	const { probe } = acceptedThenProbe(pace, c, 1);
	// One probe allowed, and it is in flight.
	expect(typeof pace.take()).toBe('number');
	let woken = false;
	void pace.nextAnswer().then(() => (woken = true));
	pace.release(probe);
	await new Promise((resolve) => setImmediate(resolve));
	expect(woken).toBe(true);
	expect(pace.take()).toMatchObject({ at: 1015, probe: true });
});

test('a probe sent before the last lesson, answered after it, frees no place for the new lesson\'s probe', () => {
	const { pace, c } = taught(2);
	const {
		starts: [, refused],
		probe: oldProbe,
	} = acceptedThenProbe(pace, c, 2);
	// A budgeted request refused: a new lesson, the old probe being the last turn before it.
	c.set(1020);
	pace.refuse(refused, 1000);
	expect(pace.state.budget).toBe(1);
	// The new lesson's budget is taken and accepted until its first probe, a window after the pause.
	let newProbe = waitFor(pace, c).turn;
	while (!newProbe.probe) {
		c.advance(5);
		pace.accept(newProbe);
		newProbe = waitFor(pace, c).turn;
	}
	expect(newProbe.at).toBeGreaterThanOrEqual(2020 + 1000);
	// The old probe's answer comes now; the new lesson's one probe is still in flight.
	pace.accept(oldProbe);
	expect(typeof pace.take()).toBe('number');
});

test('accepted answers are forgotten after a minute: memory stays bounded over a long run', () => {
	// Memory is all that forgetting them changes (the 429's count stops at its own window anyway),
	// so this reads the private list.
	const held = (pace: Pace) => (pace as unknown as { accepted: number[] }).accepted.length;
	const c = clock();
	const pace = ramped(c);
	// A burst of 2000 answers, a quiet spell over a minute, then one answer every 100 ms for 5 minutes.
	acceptedAt(pace, c, Array.from({ length: 2000 }, (_, i) => i));
	acceptedAt(pace, c, Array.from({ length: 3000 }, (_, i) => 70_000 + i * 100));
	// The last minute holds 601 answers; forgotten ones are dropped once over 1024 and over half.
	expect(held(pace)).toBeLessThanOrEqual(601 + 1024);
});
