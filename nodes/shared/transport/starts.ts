/**
 * The starts a budget counts (pace.ts): those still in its window. A start leaves the window a
 * window after it went, later by as much as its answer took longer than the quickest answer of late.
 * The service counts a request when it arrives, in windows of its own whose edges the pace cannot
 * see; a start that left exactly a window after it went lets the next go then, and if the first was
 * slow on its way (a busy machine, a busy network) and the next quick, both arrive in the same window
 * of the service, one more than its limit. The extra time of each slow answer is all it may have
 * spent on the way there, so waiting it out keeps two starts of one place a whole window apart on
 * arrival too, whatever the window's phase, at the cost of that extra time only. A start not yet
 * answered leaves a window after it went, as a budget without this guard would let it.
 */

interface Start {
	seq: number;
	at: number;
	/** How much longer than the quickest answer its own took; 0 until answered. */
	slower: number;
}

/** The quickest answer is the least of this long and the span before it: it follows a service that slows down. */
const QUICKEST_SPAN_MS = 10_000;

export class Starts {
	private list: Start[] = [];
	/** The quickest answer time of the current span and of the one before. */
	private quickest = [Infinity, Infinity];
	private spanEnds = -Infinity;

	get length(): number {
		return this.list.length;
	}

	/** Forgets the starts that have left a window of `windowMs`; the milliseconds until the next leaves (Infinity with none). */
	prune(now: number, windowMs: number): number {
		this.list = this.list.filter((s) => s.at + windowMs + s.slower > now);
		return Math.min(...this.list.map((s) => s.at + windowMs + s.slower - now));
	}

	push(seq: number, at: number): void {
		this.list.push({ seq, at, slower: 0 });
	}

	/** When the `n`th most recent start went (1: the last). */
	recent(n: number): number {
		return this.list[this.list.length - n]?.at ?? -Infinity;
	}

	/**
	 * An answer to the turn `seq` sent at `at`. Only accepted answers set the quickest: a refusal may
	 * come back sooner than any real answer could (a gateway's), and would make every answer look slow.
	 */
	answered(seq: number, at: number, now: number, accepted: boolean): void {
		if (now >= this.spanEnds) {
			this.quickest = [Infinity, this.quickest[0]];
			this.spanEnds = now + QUICKEST_SPAN_MS;
		}
		if (accepted) this.quickest[0] = Math.min(this.quickest[0], now - at);
		const quickest = Math.min(...this.quickest);
		for (let i = this.list.length - 1; i >= 0; i--) {
			if (this.list[i].seq !== seq) continue;
			this.list[i].slower = Math.max(0, now - at - quickest);
			return;
		}
	}

	clear(): void {
		this.list = [];
	}
}
