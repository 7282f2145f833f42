// The few statistics the sections share: the median that judges a target, and how every run is shown.
import { fixed } from './types';

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** "312 / 305 / 298 → 305": every run in the order it ran, then the median that is judged. */
export function runsAndMedian(values: number[], digits = 0): string {
	return `${values.map((v) => fixed(v, digits)).join(' / ')} → ${fixed(median(values), digits)}`;
}

export function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Alternating order for round `round` of a side-by-side comparison: A then B, then B then A, so
 * neither variant always runs first (warmer sandbox, load drifting the same way).
 */
export function alternate<T>(round: number, a: T, b: T): [T, T] {
	return rotate(round, [a, b]) as [T, T];
}

/** The items in turn order for a round, each going first in its turn. */
export function rotate<T>(round: number, items: T[]): T[] {
	const k = round % items.length;
	return [...items.slice(k), ...items.slice(0, k)];
}
