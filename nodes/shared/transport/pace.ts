/**
 * The pool-wide pace of an account's requests, shared by every execution, poll and list of this n8n
 * process that uses the account (accounts.ts). Until the service refuses a request (429) the pace
 * ramps up (ramp.ts): starts evenly spaced, 25 a second at first, twice as many after each half
 * second of sending, and past 4,000 a second the pool runs free. So an unknown limit is crossed
 * with only the requests sent during one answer's time out (one or two when answers take tens of
 * milliseconds), not the whole pool in one burst the service counts against the account. A 429
 * pauses every worker until Retry-After and teaches the pace a budget: as many starts per window
 * (Retry-After, at least a second) as the service accepted in the window before refusing, the one
 * rate it has shown it takes, with no margin under it. Without that lesson every pause would end in
 * the same burst and the same refusals (the service's limits are not documented, so they can only
 * be learnt, or read from its headers when it sends them: quota.ts). The ramp's lesson may count
 * the tail of the service's window before the one that refused, up to as many again, so the window
 * after it sends half the budget at once and the rest one at a time, each when the last is
 * answered. A start leaves the budget's window a window after it went, later by as much as its
 * answer was slower than usual (starts.ts): the service counts requests as they arrive, in windows
 * whose edges the pace cannot see, and one slow on its way must not meet the start that replaces it
 * in one of them.
 *
 * A lesson is kept at the limit and kept true. Once answers come back accepted, the pace probes
 * right after spending its budget: one request beyond it. An accepted probe proves the service
 * takes one more per window only when a whole window has passed after it with no refusal (it may
 * have fallen in a fresh window of the service); then the budget rises by one, and the next window
 * may probe one more than were proven so far (twice as many each window, up to half the budget). A
 * limit that rose is found within a few windows of a probe; a limit that has gone (a single wave of
 * 429s) is forgotten after about seven, and the pool runs free again. A limit that holds refuses
 * the probe (one 429, or a few when several were out) and the budget stays, plus what the probes
 * proved; each refused probe in a row makes the next wait four times as many windows (1, 4, 16,
 * then 64 at most; the ramp's crossing counts as two, so its first probe waits 4), and a steady
 * limit costs a refusal a minute or so, not one a second. A refusal within the budget means the
 * limit fell: the budget drops to what was accepted, and a probe one window later finds whether
 * that was a passing hiccup; climbing back, it probes beyond the highest budget held only when the
 * refused probes' wait is over.
 */

import { Quota, type Announced } from './quota';
import { Ramp } from './ramp';
import { Starts } from './starts';

/** A start the pace let go; the transport hands it back with the answer. */
export interface Turn {
	at: number;
	/** Order of the turn, which tells whether it went before a lesson taken in the same millisecond. */
	seq: number;
	/** Sent beyond the budget, to learn whether the service takes more. */
	probe: boolean;
}

const MIN_WINDOW_MS = 1000;
const MAX_WINDOW_MS = 60_000;
/** Probes in flight never need to exceed the largest pool. */
const MAX_PROBES = 64;
/** Probes proven in a row (1, 2, 4 … 64 a window: seven windows) that free the pool. */
const FREE_AFTER_PROBES = 2 * MAX_PROBES;
/** What a refusal within the budget leaves of it, at most. */
const CUT = 5 / 6;
/** Windows a probe waits after refused ones: four times more after each, up to this. */
const MAX_PROBE_WAIT_WINDOWS = 64;

/** Windows the next probe waits after `refused` refused probes in a row: 1, 4, 16, then 64 at most. */
const probeWaitWindows = (refused: number) => Math.min(MAX_PROBE_WAIT_WINDOWS, 4 ** (refused - 1));

export class Pace {
	private pausedUntil = -Infinity;
	/** What the service's headers say of its window, when it sends them. */
	private readonly quota = new Quota();
	/** Starts allowed per window; Infinity while the service has not refused anything. */
	private budget = Infinity;
	private windowMs = 0;
	/** The last turn given before the current lesson. */
	private learntAfter = -1;
	private turns = 0;
	/** Starts of the current window, oldest first. */
	private readonly starts = new Starts();
	/** Probes allowed in flight: 0 until an answer sent under the lesson is accepted. */
	private probes = 0;
	private probesInFlight = 0;
	private acceptedProbes = 0;
	/** When accepted probes were sent, awaiting their verdict: a window with no refusal after each. */
	private vouched: number[] = [];
	private refusedProbes = 0;
	/** The highest budget held since the pace last ran free: proven probes beyond it mean the limit rose. */
	private highest = 0;
	private probeAfter = 0;
	/** When a probe beyond the highest budget may go: the wait refused probes set, which a cut does not shorten. */
	private probeDue = 0;
	/** How far answers to requests sent before the lesson may still raise its budget. */
	private lateCap = Infinity;
	/** When accepted answers came back, oldest first from `acceptedFrom`, kept for MAX_WINDOW_MS. */
	private accepted: number[] = [];
	private acceptedFrom = 0;
	private answered = signal();
	private readonly ramp = new Ramp();
	/** The end of the window after the ramp's crossing, whose starts beyond half the budget go one at a time. */
	private checkUntil = -Infinity;
	/** The turn of that window beyond half the budget still awaiting its answer. */
	private checking?: number;

	constructor(private readonly now: () => number) {}

	/** What the pace currently allows, for the transport's record and for tests. */
	get state(): { free: boolean; budget: number; windowMs: number; pausedUntil: number } {
		return { free: this.budget === Infinity, budget: this.budget, windowMs: this.windowMs, pausedUntil: this.pausedUntil };
	}

	/** A turn to send now, or the milliseconds to wait before asking again (or until `nextAnswer`). */
	take(): Turn | number {
		const now = this.now();
		if (now < this.pausedUntil) return this.pausedUntil - now;
		const quotaWait = this.quota.wait(now, this.turns);
		if (quotaWait > 0) return quotaWait;
		this.judgeProbes(now);
		let probe = false;
		if (this.budget === Infinity) {
			const wait = this.ramp.take(now);
			if (wait > 0) return wait;
		} else {
			const slot = this.starts.prune(now, this.windowMs);
			probe = this.starts.length >= this.budget;
			if (probe && !this.mayProbe(now)) {
				const due = this.probeTime();
				return Math.max(1, Math.ceil(this.probesInFlight + this.vouched.length < this.probes && now < due ? Math.min(slot, due - now) : slot));
			}
			// The ramp's lesson counted the last window's answers, which may hold the tail of the
			// service's window before the one that refused: its budget is at most twice the limit (that
			// window refused nothing). So the window after it sends half at once and the rest one at a
			// time, each when the last is answered, and a budget too high is found with one refusal.
			if (now < this.checkUntil && this.starts.length >= Math.ceil(this.budget / 2)) {
				if (this.checking !== undefined) return Math.max(1, this.checkUntil - now);
				this.checking = this.turns;
			}
			if (probe) this.probesInFlight++;
			this.starts.push(this.turns, now);
		}
		this.quota.started(now);
		return { at: now, seq: this.turns++, probe };
	}

	/**
	 * A probe goes right after the budget was spent, so that it mostly falls in the same window of
	 * the service as the budget's starts; when it does not, its verdict a window later still tells.
	 */
	private mayProbe(now: number): boolean {
		if (this.probesInFlight + this.vouched.length >= this.probes || now < this.probeTime()) return false;
		return this.starts.recent(this.budget) > now - this.windowMs / 2;
	}

	/** Climbing back after a cut, a probe may go a window after it; beyond the highest budget, only when due. */
	private probeTime(): number {
		return this.starts.length >= this.highest ? Math.max(this.probeAfter, this.probeDue) : this.probeAfter;
	}

	/** Resolves at the next answer, which may free a probe before the window moves on. */
	nextAnswer(): Promise<void> {
		return this.answered.promise;
	}

	/** An accepted answer, with what its headers said of the account's window if they said it. */
	accept(turn: Turn, said?: Announced): void {
		const now = this.now();
		if (said) this.quota.heard(turn, said, now);
		this.accepted.push(now);
		this.forgetAcceptedBefore(now - MAX_WINDOW_MS);
		this.answer(turn, now, 'accepted');
		if (this.budget === Infinity) return;
		if (turn.seq <= this.learntAfter) {
			// In flight when the 429 came: the service took it in the window the budget counts.
			if (!turn.probe && this.budget < this.lateCap) this.budget++;
			return;
		}
		// Only an answer to a request sent under the current lesson says the service takes that pace.
		if (turn.probe) this.vouched.push(turn.at);
		this.probes = Math.max(this.probes, 1);
		this.judgeProbes(now);
	}

	/**
	 * An accepted probe proves the service took one more than the budget only once a whole window
	 * has passed after it with no refusal: it may have fallen in a fresh window of the service, and
	 * then the budget's next starts, in that same window, are what get refused. Each probe so
	 * proven raises the budget by one, and the next window may probe twice as far, up to half the
	 * budget at once, so crossing the limit costs few refusals.
	 */
	private judgeProbes(now: number): void {
		while (this.vouched.length && this.vouched[0] <= now - this.windowMs) {
			this.vouched.shift();
			this.acceptedProbes++;
			this.budget++;
			// Beyond anything held before, the limit rose: probe again without waiting. Climbing back
			// after a cut keeps the wait, so a steady limit is not probed every window.
			if (this.budget > this.highest) this.refusedProbes = 0;
			this.highest = Math.max(this.highest, this.budget);
			this.lateCap = Math.max(this.lateCap, this.budget);
			// One more in flight than proven so far: twice as many each window while all are taken.
			this.probes = Math.min(MAX_PROBES, this.acceptedProbes + 1, Math.ceil(this.budget / 2));
		}
		// Raised this far beyond the lesson with no refusal, the limit has gone (or is beyond any pool).
		if (this.acceptedProbes >= FREE_AFTER_PROBES) this.runFree();
	}

	/** A turn that got no answer (the connection failed): it frees its place without teaching anything. */
	release(turn: Turn): void {
		this.answer(turn, this.now());
	}

	/**
	 * A 429 for a request sent on `turn`. Refusals of requests sent before the last lesson say
	 * nothing new (they were in flight together), so only the pause applies to them.
	 */
	refuse(turn: Turn, waitMs: number, said?: Announced): void {
		const now = this.now();
		if (said) this.quota.heard(turn, said, now);
		this.answer(turn, now, 'refused');
		this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
		if (turn.seq <= this.learntAfter) return;
		const seenMs = Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, waitMs));
		let acceptedInWindow = 0;
		for (let i = this.accepted.length - 1; i >= this.acceptedFrom && this.accepted[i] > now - seenMs; i--) acceptedInWindow++;
		// Refused before anything got through (another client used the quota?): no rate to learn yet.
		if (acceptedInWindow === 0 && this.budget === Infinity) return;
		this.learntAfter = this.turns - 1;
		this.windowMs = seenMs;
		// A refusal within a window of an accepted probe is that probe's verdict, whichever request it hit.
		const probing = turn.probe || this.vouched.length > 0;
		// Of the probes the service had accepted, all but the one the refusal answers were taken.
		const taken = Math.max(0, this.vouched.length - 1);
		this.vouched = [];
		this.probes = 0;
		this.probesInFlight = 0;
		this.acceptedProbes = 0;
		if (probing) {
			// The budget holds: probe again only after four times as many windows as last time.
			this.refusedProbes++;
			this.budget += taken;
			this.highest = Math.max(this.highest, this.budget);
			this.probeAfter = this.probeDue = this.pausedUntil + this.windowMs * probeWaitWindows(this.refusedProbes);
			this.lateCap = this.budget;
		} else if (this.budget === Infinity) {
			this.budget = acceptedInWindow;
			this.highest = acceptedInWindow;
			this.lateCap = Infinity;
			// The ramp crossed the limit a request or two beyond it, as a refused probe does: the next
			// probe waits as after a second refused one. A free pool's burst is checked a window later.
			if (!this.ramp.done) {
				this.checkUntil = this.pausedUntil + this.windowMs;
				this.refusedProbes = 2;
				this.probeAfter = this.probeDue = this.pausedUntil + this.windowMs * probeWaitWindows(this.refusedProbes);
			}
		} else {
			// Refused within the budget: the service takes less than it did, or its window's edge met a
			// late arrival; a probe a window later tells which. The answers of the last second may span
			// two of the service's windows, so they are not trusted alone: the budget also drops by a
			// sixth at least, which answers late to this lesson do not win back (with slow answers many
			// are late), and an overestimate is gone within a few refusals.
			this.lateCap = Math.max(1, Math.min(this.budget - 1, Math.ceil(this.budget * CUT)));
			this.budget = Math.min(this.lateCap, acceptedInWindow || this.budget);
			this.probeAfter = this.pausedUntil + this.windowMs;
		}
	}

	private answer(turn: Turn, now: number, verdict?: 'accepted' | 'refused'): void {
		if (verdict) this.starts.answered(turn.seq, turn.at, now, verdict === 'accepted');
		if (turn.probe && turn.seq > this.learntAfter && this.probesInFlight > 0) this.probesInFlight--;
		if (turn.seq === this.checking) this.checking = undefined;
		const answered = this.answered;
		this.answered = signal();
		answered.resolve();
	}

	private runFree(): void {
		this.budget = Infinity;
		this.windowMs = 0;
		this.starts.clear();
		this.probes = 0;
		this.probesInFlight = 0;
		this.vouched = [];
		this.acceptedProbes = 0;
		this.refusedProbes = 0;
		this.highest = 0;
		this.probeAfter = 0;
		this.probeDue = 0;
	}

	private forgetAcceptedBefore(time: number): void {
		while (this.acceptedFrom < this.accepted.length && this.accepted[this.acceptedFrom] < time) this.acceptedFrom++;
		if (this.acceptedFrom > 1024 && this.acceptedFrom * 2 > this.accepted.length) {
			this.accepted = this.accepted.slice(this.acceptedFrom);
			this.acceptedFrom = 0;
		}
	}
}

function signal(): { promise: Promise<void>; resolve: () => void } {
	let resolve = () => {};
	const promise = new Promise<void>((r) => (resolve = r));
	return { promise, resolve };
}
