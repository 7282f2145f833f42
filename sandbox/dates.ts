/**
 * Date forms of the spec (§2.1). All in UTC so a record never depends on the host's zone.
 * Generated history is anchored at DATA_EPOCH, not at "now", so a RUT's record is the same on every run.
 */

export const DATA_EPOCH = Date.UTC(2025, 5, 30, 12, 0, 0);
export const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** V2 date: DD-MM-YYYY */
export function v2Date(ms: number): string {
	const d = new Date(ms);
	return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** A date with slashes, DD/MM/YYYY, as the pension infractions write it (addendum A5). */
export function slashDate(ms: number): string {
	return v2Date(ms).replace(/-/g, '/');
}

/** V2 last-update stamp: DD-MM-YYYY HH:mm:ss (also the V1 lists' dates under /api/external/v1, addendum A6) */
export function v2Stamp(ms: number): string {
	const d = new Date(ms);
	return `${v2Date(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** V2 summary period: MM/YYYY */
export function v2Period(ms: number): string {
	const d = new Date(ms);
	return `${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** V1 credit-score period, and the plan's months of GET /usage (addendum A4): YYYY-MM */
export function scorePeriod(ms: number): string {
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** V1 stamps: ISO 8601 */
export function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/** The first instant of the month `monthsBack` months before the month of `ms`. */
export function monthStart(ms: number, monthsBack = 0): number {
	const d = new Date(ms);
	return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1);
}
