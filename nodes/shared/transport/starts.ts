/**
 * The starts a budget counts (pace.ts): those still in its window. A start leaves the window a
 * window after it went, later by as much as its answer took longer than usual of late.
 * The service counts a request when it arrives, in windows of its own whose edges the pace cannot
 * see; a start that left exactly a window after it went lets the next go then, and if the first was
 * slow on its way (a busy machine, a busy network) and the next quick, both arrive in the same window
 * of the service, one more than its limit. An answer's time is its way there, the service's work and
 * its way back, and the pace sees only the sum. The spread most answers show is taken for the
 * service's work, which varies from one request to the next (100 to 500 ms is common): counted as
 * time on the way there, it held starts back for all of it, 18% under the limit, and left holes in
 * the service's windows in which a probe beyond the budget was accepted though the limit held (on
 * virtual time: test/transport/slow-answers.test.ts). What an answer took beyond the usual (nine in
 * ten of the last two hundred accepted were quicker), as when a busy moment holds a burst, is counted
 * as all on the way there, and waiting it out keeps two starts of one place a whole window apart on
 * arrival, whatever the window's phase. A way there that varies as much as most answers do, or a
 * burst longer than a tenth of them, is not guarded: its cost is refusals at the window's edge, met
 * by the cut after a refusal. A start not yet answered leaves a window after it went, as a budget
 * without this guard would let it.
 */

interface Start {
	seq: number;
	at: number;
	/** How much longer than usual its own answer took; 0 until answered. */
	slower: number;
}

/** The usual answer time: of the last USUAL_OF accepted answers, the one USUAL_RANK of them are quicker than. */
const USUAL_OF = 200;
const USUAL_RANK = 0.9;

export class Starts {
	private list: Start[] = [];
	/** The times of the last USUAL_OF accepted answers, oldest first. */
	private times: number[] = [];

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
	 * An answer to the turn `seq` sent at `at`. Only accepted answers set the usual time: a refusal may
	 * come back sooner than any real answer could (a gateway's), and would make every answer look slow.
	 */
	answered(seq: number, at: number, now: number, accepted: boolean): void {
		const took = now - at;
		const start = this.list.find((s) => s.seq === seq);
		if (start && this.times.length) {
			const sorted = [...this.times].sort((a, b) => a - b);
			start.slower = Math.max(0, took - sorted[Math.floor((sorted.length - 1) * USUAL_RANK)]);
		}
		if (!accepted) return;
		this.times.push(took);
		if (this.times.length > USUAL_OF) this.times.shift();
	}

	clear(): void {
		this.list = [];
	}
}
