/**
 * The readers of the service's single values, for every answer read here: a section may be
 * missing or null when a data source failed, so each reader falls back to null instead of
 * throwing. One rule each: what counts as a number, a text, a yes or no, a list. And the
 * meanings of the service's Spanish values that reach users (below).
 */
import { isPlainObject, type PlainObject } from '../objects';

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

/** Texts are cut to this length where a reader lists them (cases, findings). */
const MAX_LINE = 160;

/** A value as a short one-line text (spaces run together, cut at MAX_LINE), or null. */
export function line(value: unknown): string | null {
	const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : null) : typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : null;
	if (!text) return null;
	return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text;
}

/** The first of `keys` the record has a value under (not null). */
export function first(record: PlainObject, keys: readonly string[]): unknown {
	return keys.map((k) => record[k]).find((v) => v !== undefined && v !== null);
}

/**
 * The lists an answer holds: the answer itself when it is one; else its fields holding one, those
 * of `keys` in that order when given, every such field otherwise.
 */
export function listsIn(data: unknown, keys?: readonly string[]): unknown[][] {
	if (Array.isArray(data)) return [data];
	if (!isPlainObject(data)) return [];
	const values = keys ? keys.map((k) => data[k]) : Object.values(data);
	return values.filter(Array.isArray);
}

/** The records of the first list an answer holds under `keys` (or the answer itself, a list). */
export function recordsIn(data: unknown, keys: readonly string[]): PlainObject[] {
	return (listsIn(data, keys)[0] ?? []).filter(isPlainObject);
}

// The service's own Spanish words that reach users, with their English meaning. Outputs keep the
// service's value (users match it with the service's web platform and documents) and show the
// meaning beside it: "Riesgo bajo (low risk)", "FAC (invoice)". A value not listed here is shown
// as the service wrote it. One table, read by the Monitor's lines and evidence and the action
// node's outputs.

const MEANINGS: Record<string, string> = {
	// Credit classification labels (the credit score's etiquetaClasificacion).
	'riesgo bajo': 'low risk',
	'riesgo medio': 'medium risk',
	'riesgo alto': 'high risk',
	// The tax authority's current situation of the taxpayer (situacionActual).
	'contribuyente activo': 'active taxpayer',
	'en liquidacion': 'in liquidation',
	// Commercial-bulletin document kinds (tipoDocumento, addendum A1).
	fac: 'invoice',
	let: 'bill of exchange',
	pag: 'promissory note',
	chq: 'cheque',
	// The answer to a RUT load.
	'rut cargado correctamente': 'RUT loaded successfully',
};

/** Lower case, accents and repeated spaces taken out: "En Liquidación" finds "en liquidacion". */
const key = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The English meaning of one of the service's values, or null when the table does not list it. */
export function meaningOf(value: unknown): string | null {
	return typeof value === 'string' ? (MEANINGS[key(value)] ?? null) : null;
}

/** The service's value with its English meaning beside it, e.g. "Riesgo bajo (low risk)"; other values as they are. */
export function withMeaning(value: string): string {
	const meaning = meaningOf(value);
	return meaning === null ? value : `${value} (${meaning})`;
}
