/**
 * The pace's ramp before any lesson (pace.ts): starts evenly spaced, 25 a second at first, twice as
 * many after each half second of sending, and past 4,000 a second the pool runs free.
 */
const FIRST_PER_SECOND = 25;
const DOUBLING_MS = 500;
const FREE_PER_SECOND = 4000;
/** A pause between starts counts this much at most toward the ramp: an idle pool does not ramp. */
const MAX_STEP_MS = 100;

export class Ramp {
	/** Sending time the ramp has counted, when it last let a request go, and the earliest next. */
	private ms = 0;
	private last = -Infinity;
	private next = -Infinity;

	/** 0 and the start counted, or the milliseconds until the ramp lets one go. */
	take(now: number): number {
		const perSecond = this.perSecond();
		if (perSecond >= FREE_PER_SECOND) return 0;
		if (now < this.next) return Math.ceil(this.next - now);
		if (this.last > -Infinity) this.ms += Math.min(MAX_STEP_MS, now - this.last);
		this.last = now;
		this.next = now + 1000 / perSecond;
		return 0;
	}

	/** Whether the pool runs free of it. */
	get done(): boolean {
		return this.perSecond() >= FREE_PER_SECOND;
	}

	private perSecond(): number {
		return FIRST_PER_SECOND * 2 ** (this.ms / DOUBLING_MS);
	}
}
