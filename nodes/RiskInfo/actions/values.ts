/**
 * Tolerant readers of the service's values, for Simplify on both API versions, Get Usage and the
 * paged reads: every section may be missing or null when a helper failed, so each reader falls
 * back to null instead of throwing.
 */
import { isPlainObject, type PlainObject } from '../../shared/objects';

export function obj(value: unknown): PlainObject {
	return isPlainObject(value) ? value : {};
}

export function str(value: unknown): string | null {
	if (typeof value === 'string') return value.trim() === '' ? null : value;
	return typeof value === 'number' ? String(value) : null;
}

/** Numbers sometimes arrive as numeric strings (e.g. appraisals); anything else is "no value". */
export function num(value: unknown): number | null {
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return null;
}

export function bool(value: unknown): boolean | null {
	return typeof value === 'boolean' ? value : null;
}

/** The tax authority writes yes/no as SI / NO. */
export function yesNo(value: unknown): boolean | null {
	if (typeof value !== 'string') return bool(value);
	const text = value.trim().toUpperCase();
	if (text === 'SI' || text === 'SÍ') return true;
	if (text === 'NO') return false;
	return null;
}

export function positive(value: unknown): boolean | null {
	const n = num(value);
	return n === null ? null : n > 0;
}

/** The sum of the known parts; null only when none is known. */
export function sum(...values: Array<number | null>): number | null {
	const known = values.filter((v): v is number => v !== null);
	return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** True if any signal says so, false if some signal exists and none says so, else null. */
export function anyTrue(...values: Array<boolean | null>): boolean | null {
	if (values.includes(true)) return true;
	return values.includes(false) ? false : null;
}

/** The non-empty name parts joined by spaces, or null. */
export function joinName(...parts: unknown[]): string | null {
	const known = parts.map(str).filter((p): p is string => p !== null);
	return known.length ? known.join(' ') : null;
}
