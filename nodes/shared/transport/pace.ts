/**
 * The pool-wide pace of one execution's requests. Until the service refuses a request (429) the
 * pool runs free. A 429 pauses every worker until Retry-After and teaches the pool a budget: as
 * many starts per window (Retry-After, at least a second) as the service accepted in the second
 * before refusing, the one rate it has shown it takes. Without that lesson every pause would end in
 * the same burst and the same refusals (the service's limits are not documented, so they can only
 * be learnt).
 *
 * A lesson is not kept for ever. Once answers come back accepted, the pool probes right after
 * spending its budget: one request beyond it, then twice as many in flight after each accepted
 * one. A limit that has gone (a single wave of 429s) lets twice the budget through within a few
 * round trips, and the pool runs free again. A limit that holds refuses the first probe (one 429,
 * not a burst) and the budget stays; each refused probe makes the next wait twice as many windows.
 */

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
/** The budget's window is a little wider than Retry-After, so arrival jitter does not put one window's starts in the next. */
const MARGIN = 1.1;
/** Probes in flight never need to exceed the largest pool. */
const MAX_PROBES = 64;

export class Pace {
	private pausedUntil = 0;
	/** Starts allowed per window; Infinity while the service has not refused anything. */
	private budget = Infinity;
	private windowMs = 0;
	/** The last turn given before the current lesson. */
	private learntAfter = -1;
	private turns = 0;
	/** Starts of the current window, oldest first. */
	private starts: number[] = [];
	/** Probes allowed in flight: 0 until an answer sent under the lesson is accepted. */
	private probes = 0;
	private probesInFlight = 0;
	private acceptedProbes = 0;
	private refusedProbes = 0;
	private probeAfter = 0;
	/** How far answers to requests sent before the lesson may still raise its budget. */
	private lateCap = Infinity;
	/** When accepted answers came back, oldest first from `acceptedFrom`, kept for MAX_WINDOW_MS. */
	private accepted: number[] = [];
	private acceptedFrom = 0;
	private answered = signal();

	constructor(private readonly now: () => number) {}

	/** What the pace currently allows, for the transport's record and for tests. */
	get state(): { free: boolean; budget: number; windowMs: number; pausedUntil: number } {
		return { free: this.budget === Infinity, budget: this.budget, windowMs: this.windowMs, pausedUntil: this.pausedUntil };
	}

	/** A turn to send now, or the milliseconds to wait before asking again (or until `nextAnswer`). */
	take(): Turn | number {
		const now = this.now();
		if (now < this.pausedUntil) return this.pausedUntil - now;
		if (this.budget === Infinity) return { at: now, seq: this.turns++, probe: false };
		while (this.starts.length && this.starts[0] <= now - this.windowMs) this.starts.shift();
		const spent = this.starts.length >= this.budget;
		if (spent && !this.mayProbe(now)) {
			const slot = this.starts[0] + this.windowMs - now;
			return Math.max(1, this.probesInFlight < this.probes && now < this.probeAfter ? Math.min(slot, this.probeAfter - now) : slot);
		}
		if (spent) this.probesInFlight++;
		this.starts.push(now);
		return { at: now, seq: this.turns++, probe: spent };
	}

	/**
	 * A probe says something only right after the budget was spent: the budget's starts and the
	 * probe then fall in one window of the service, whatever the phase of its windows.
	 */
	private mayProbe(now: number): boolean {
		if (this.probesInFlight >= this.probes || now < this.probeAfter) return false;
		return this.starts[this.starts.length - this.budget] > now - this.windowMs / 2;
	}

	/** Resolves at the next answer, which may free a probe before the window moves on. */
	nextAnswer(): Promise<void> {
		return this.answered.promise;
	}

	accept(turn: Turn): void {
		const now = this.now();
		this.accepted.push(now);
		this.forgetAcceptedBefore(now - MAX_WINDOW_MS);
		this.answer(turn);
		if (this.budget === Infinity) return;
		if (turn.seq <= this.learntAfter) {
			// In flight when the 429 came: the service took it in the window the budget counts.
			if (!turn.probe && this.budget < this.lateCap) this.budget++;
			return;
		}
		// Only an answer to a request sent under the current lesson says the service takes that pace.
		if (turn.probe) {
			this.acceptedProbes++;
			this.probes = Math.min(MAX_PROBES, this.probes * 2);
		}
		this.probes = Math.max(this.probes, 1);
		if (this.acceptedProbes >= 2 * this.budget) this.runFree();
	}

	/** A turn that got no answer (the connection failed): it frees its place without teaching anything. */
	release(turn: Turn): void {
		this.answer(turn);
	}

	/**
	 * A 429 for a request sent on `turn`. Refusals of requests sent before the last lesson say
	 * nothing new (they were in flight together), so only the pause applies to them.
	 */
	refuse(turn: Turn, waitMs: number): void {
		const now = this.now();
		this.answer(turn);
		this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
		if (turn.seq <= this.learntAfter) return;
		const seenMs = Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, waitMs));
		let acceptedInWindow = 0;
		for (let i = this.accepted.length - 1; i >= this.acceptedFrom && this.accepted[i] > now - seenMs; i--) acceptedInWindow++;
		// Refused before anything got through (another client used the quota?): no rate to learn yet.
		if (acceptedInWindow === 0 && this.budget === Infinity) return;
		this.learntAfter = this.turns - 1;
		this.windowMs = seenMs * MARGIN;
		this.probes = 0;
		this.probesInFlight = 0;
		this.acceptedProbes = 0;
		if (turn.probe) {
			// The budget holds: probe again only after twice as many windows as last time.
			this.refusedProbes++;
			this.probeAfter = this.pausedUntil + this.windowMs * (2 ** this.refusedProbes - 1);
			this.lateCap = this.budget;
		} else if (this.budget === Infinity) {
			this.budget = acceptedInWindow;
			this.lateCap = Infinity;
		} else {
			// Refused within the budget: the service takes less than it did.
			this.lateCap = this.budget - 1;
			this.budget = Math.max(1, Math.min(this.budget - 1, acceptedInWindow || this.budget));
		}
	}

	private answer(turn: Turn): void {
		if (turn.probe && turn.seq > this.learntAfter && this.probesInFlight > 0) this.probesInFlight--;
		const answered = this.answered;
		this.answered = signal();
		answered.resolve();
	}

	private runFree(): void {
		this.budget = Infinity;
		this.windowMs = 0;
		this.starts = [];
		this.probes = 0;
		this.probesInFlight = 0;
		this.acceptedProbes = 0;
		this.refusedProbes = 0;
		this.probeAfter = 0;
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
