/**
 * The service writes dates as DD-MM-YYYY, stamps as DD-MM-YYYY HH:mm:ss and periods as
 * MM/YYYY (V2) or YYYY-MM (V1 credit score); the pension infractions write DD/MM/YYYY, and the V1
 * lists ISO 8601 under /api/v1 but stamps under /api/external/v1. Users sorting or comparing in
 * n8n want ISO 8601, whichever form arrived.
 */
import type { PlainObject } from '../../shared/objects';

const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const SLASHED_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const STAMP = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const PERIOD = /^(\d{2})\/(\d{4})$/;

/**
 * One value: returns the ISO form, or the value unchanged when it is not a service date (ISO 8601 already is).
 * @internal
 */
export function toIsoDate(value: string): string {
	let m = STAMP.exec(value);
	if (m) return `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}`;
	m = DATE.exec(value) ?? SLASHED_DATE.exec(value);
	if (m) return `${m[3]}-${m[2]}-${m[1]}`;
	m = PERIOD.exec(value);
	if (m) return `${m[2]}-${m[1]}`;
	return value;
}

/** Walks a JSON value and rewrites every service date it finds; returns a new value. */
export function convertDatesToIso<T>(value: T): T {
	if (typeof value === 'string') return toIsoDate(value) as T;
	if (Array.isArray(value)) return value.map((v) => convertDatesToIso(v)) as T;
	if (value !== null && typeof value === 'object') {
		const out: PlainObject = {};
		for (const [k, v] of Object.entries(value)) out[k] = convertDatesToIso(v);
		return out as T;
	}
	return value;
}
