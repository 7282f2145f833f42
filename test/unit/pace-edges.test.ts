// The pool-wide pace at its edges, for what test/throughput/pace.test.ts leaves open and mutation
// testing found unchecked: the exact waits take() hands out (a wait too short is a worker polling
// for nothing, one too long a probe or a start sent late), the window and half-window boundaries,
// which answers may still move the budget after a lesson, probes whose connection fails or whose
// answer comes after a newer lesson, and that accepted answers are not kept longer than a minute.
// Every pace is built inside its test, on a fake clock, so each test runs the code it checks.
import { Pace, type Turn } from '../../nodes/shared/transport/pace';

function clock(t = 0) {
	return { now: () => t, set: (v: number) => (t = v), advance: (ms: number) => (t += ms) };
}
type Clock = ReturnType<typeof clock>;

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
 * refused at 10 ms with Retry-After 1 s. Paused until 1010; the window is 1.1 × Retry-After = 1100 ms.
 */
function taught(budget: number): { pace: Pace; c: Clock } {
	const c = clock();
	const pace = new Pace(c.now);
	const wave = Array.from({ length: budget + 1 }, () => turnNow(pace));
	c.set(5);
	for (const turn of wave.slice(0, budget)) pace.accept(turn);
	c.set(10);
	pace.refuse(wave[budget], 1000);
	expect(pace.state).toEqual({ free: false, budget, windowMs: 1100, pausedUntil: 1010 });
	return { pace, c };
}

/**
 * `taught(1)`, then its budget start at 1010 accepted at 1015, the probe that follows refused at
 * 1020 (Retry-After 1 s): paused until 2020, and the next probe waits one window more, to 3120.
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
	const pace = new Pace(c.now);
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
	expect(waits).toEqual([1100]);
	expect(turn).toMatchObject({ at: 2110, probe: false });
});

test('a probe goes only while the budget\'s starts are less than half a window old', () => {
	const probeAfterAnswerAt = (answeredAt: number) => {
		const { pace, c } = taught(1);
		c.set(1010);
		const start = turnNow(pace);
		c.set(answeredAt);
		pace.accept(start);
		return pace.take();
	};
	// Answered 549 ms after the start (half the window is 550): the probe falls in the same window.
	expect(probeAfterAnswerAt(1559)).toMatchObject({ at: 1559, probe: true });
	// At half a window and later, the probe could fall in the service's next window and prove
	// nothing: the worker waits for the window to move on, told exactly how long.
	expect(probeAfterAnswerAt(1560)).toBe(2110 - 1560);
	expect(probeAfterAnswerAt(1700)).toBe(2110 - 1700);
});

test('after a refused probe, a worker waits for the window until an answer allows probing again', () => {
	const { pace, c } = afterRefusedProbe();
	// A quiet spell: the next request comes at 2720 and takes the budget.
	c.set(2720);
	const start = turnNow(pace);
	expect(start.probe).toBe(false);
	// No answer under this lesson yet, so the probe due at 3120 may not go: wait for the window.
	c.set(2730);
	expect(pace.take()).toBe(2720 + 1100 - 2730);
});

test('a probe due while the budget is spent goes when it is due, not when the window moves on', () => {
	const { pace, c } = afterRefusedProbe();
	c.set(2720);
	const start = turnNow(pace);
	c.set(2730);
	pace.accept(start);
	// The budget's start (2720) is recent at 3120 (pause end + one window), so the probe goes then.
	const { waits, turn } = waitFor(pace, c);
	expect(waits).toEqual([3120 - 2730]);
	expect(turn).toMatchObject({ at: 3120, probe: true });
});

test('a probe due when the budget\'s start is already old waits for the window, then follows the next start', () => {
	const { pace, c } = afterRefusedProbe();
	c.set(2120);
	const start = turnNow(pace);
	c.set(2130);
	pace.accept(start);
	// Woken when the probe is due (3120), the start of 2120 is over half a window old: wait till it leaves.
	const first = waitFor(pace, c);
	expect(first.waits).toEqual([3120 - 2130, 2120 + 1100 - 3120]);
	expect(first.turn).toMatchObject({ at: 3220, probe: false });
	expect(turnNow(pace)).toMatchObject({ at: 3220, probe: true });
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
	// afterOneWave of test/throughput/pace.test.ts: budget 10, and five requests sent at 22 ms
	// (before that lesson) still unanswered.
	const c = clock();
	const pace = new Pace(c.now);
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
		const pace = new Pace(c.now);
		acceptedAt(pace, c, [1000, 2000, 3000, 3500]);
		c.set(4000);
		pace.refuse(turnNow(pace), waitMs);
		return pace.state;
	};
	// The second before 4000 holds only 3500: 3000 is exactly a second before, outside it.
	expect(refusedAt(1000)).toMatchObject({ budget: 1, windowMs: 1100 });
	// Retry-After shorter than a second: still a second's answers, and a window of a second and a tenth.
	expect(refusedAt(200)).toMatchObject({ budget: 1, windowMs: 1100 });
	// Retry-After 5 s: all four answers of the five seconds before, per 5.5 s window.
	expect(refusedAt(5000)).toMatchObject({ budget: 4, windowMs: 5500 });
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
	const { turn: start } = waitFor(pace, c);
	c.advance(5);
	pace.accept(start);
	const newProbe = turnNow(pace);
	expect(newProbe.probe).toBe(true);
	// The old probe's answer comes now; the new lesson's one probe is still in flight.
	pace.accept(oldProbe);
	expect(typeof pace.take()).toBe('number');
});

test('accepted answers are forgotten after a minute: memory stays bounded over a long run', () => {
	// Memory is all that forgetting them changes (the 429's count stops at its own window anyway),
	// so this reads the private list.
	const held = (pace: Pace) => (pace as unknown as { accepted: number[] }).accepted.length;
	const c = clock();
	const pace = new Pace(c.now);
	// A burst of 2000 answers, a quiet spell over a minute, then one answer every 100 ms for 5 minutes.
	acceptedAt(pace, c, Array.from({ length: 2000 }, (_, i) => i));
	acceptedAt(pace, c, Array.from({ length: 3000 }, (_, i) => 70_000 + i * 100));
	// The last minute holds 601 answers; forgotten ones are dropped once over 1024 and over half.
	expect(held(pace)).toBeLessThanOrEqual(601 + 1024);
});
