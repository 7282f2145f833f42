/** What each benchmark scenario hands to the report. */

export interface Check {
	/** What the issue asks for, in plain words. */
	target: string;
	measured: string;
	pass: boolean;
}

export interface Section {
	title: string;
	/** How it was measured, one or two sentences for the README. */
	method: string;
	/** A table: the first row is the header. */
	table: string[][];
	/** Further tables that explain the first. */
	more?: Array<{ caption: string; table: string[][] }>;
	checks: Check[];
	/** The raw figures, for results.json. */
	data: unknown;
	/** Set when this section was re-run on its own (`--only <section> --write`) after the full run. */
	ranAlone?: { startedAt: string; seconds: number; loadAverage: { start: number; end: number } };
}

export const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/**
 * For developing the benchmark on a busy machine: BENCH_SCALE=0.1 runs every section with a tenth
 * of its items (and a shorter trigger load). Such a run never writes the results.
 */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1) || 1;
export const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
