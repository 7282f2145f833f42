/**
 * The pool-wide pace of one execution's requests. Until the service refuses a request (429) the
 * pool runs free. A 429 pauses every worker until Retry-After, and teaches the pool the rate the
 * service accepted just before; from then on requests start one at a time, spaced to stay under
 * that rate. Without the lesson every pause would end in the same burst and the same refusals
 * (the service's limits are not documented, so they can only be learnt).
 */

/** Spacing a little wider than the accepted rate, so arrival jitter does not cross the limit. */
const MARGIN = 1.1;
/** Each refusal of a request that already kept the pace widens the spacing this much. */
const BACKOFF = 1.5;
const MIN_WINDOW_MS = 1000;
const MAX_WINDOW_MS = 60_000;

export class Pace {
	private pausedUntil = 0;
	/** Milliseconds between request starts; 0 while the service has not refused anything. */
	private spacing = 0;
	private nextStart = 0;
	private learntAt = -Infinity;
	/** When accepted answers came back, oldest first, kept for MAX_WINDOW_MS. */
	private accepted: number[] = [];

	constructor(private readonly now: () => number = Date.now) {}

	/** Milliseconds to wait before this request may start; its start is reserved. */
	reserve(): number {
		const now = this.now();
		let start = Math.max(now, this.pausedUntil);
		if (this.spacing > 0) {
			start = Math.max(start, this.nextStart);
			this.nextStart = start + this.spacing;
		}
		return start - now;
	}

	/** Whether a pause began after a wait was reserved, so the wait must be reserved again. */
	paused(): boolean {
		return this.pausedUntil > this.now();
	}

	accept(): void {
		const now = this.now();
		this.accepted.push(now);
		if (this.accepted[0] < now - MAX_WINDOW_MS) this.accepted = this.accepted.filter((t) => t >= now - MAX_WINDOW_MS);
	}

	/**
	 * A 429 for a request sent at `sentAt`. Refusals of requests sent before the last lesson say
	 * nothing new (they were in flight together), so only the pause applies to them.
	 */
	refuse(sentAt: number, waitMs: number): void {
		const now = this.now();
		this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
		if (sentAt < this.learntAt) return;
		const window = Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, waitMs));
		const acceptedInWindow = this.accepted.filter((t) => t > now - window).length;
		// Refused before anything got through (another client used the quota?): no rate to learn yet.
		if (acceptedInWindow === 0 && this.spacing === 0) return;
		this.learntAt = now;
		const learnt = acceptedInWindow > 0 ? (window / acceptedInWindow) * MARGIN : 0;
		this.spacing = Math.max(learnt, this.spacing * BACKOFF);
	}
}
