/**
 * The readers of the service's single values, for every answer read here: a section may be
 * missing or null when a data source failed, so each reader falls back to null instead of
 * throwing. One rule each: what counts as a number, a text, a yes or no, a list.
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
function yesNo(value: unknown): boolean | null {
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

/** A key the spec shows that an answer lacked, with no failed data source to explain it. */
export interface Lack {
	/** The simplified record's field that could not be read. */
	field: string;
	/** Where the spec puts it, e.g. "judicial.casosCivilesActivos". */
	key: string;
	/** What the answer held there instead, e.g. "judicial has civilesActivos, …" or "judicial is a list". */
	found: string;
}

/** Keys named where an answer lacked one: enough to see a rename, never a whole answer. */
const MAX_KEYS_SHOWN = 8;
const MAX_KEY_LENGTH = 40;

function kindOf(value: unknown): string {
	if (value === undefined) return 'absent';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'string') return 'text';
	if (typeof value === 'boolean') return 'true or false';
	return typeof value === 'number' ? 'a number' : 'an object';
}

/** What stood where a key was looked for: the keys beside it (a few), or the other type met. */
function foundAt(place: string, here: unknown): string {
	const where = place || 'the answer';
	if (!isPlainObject(here)) return `${where} is ${kindOf(here)}`;
	const keys = Object.keys(here);
	if (!keys.length) return `${where} is empty`;
	const shown = keys.slice(0, MAX_KEYS_SHOWN).map((k) => (k.length > MAX_KEY_LENGTH ? `${k.slice(0, MAX_KEY_LENGTH - 1)}…` : k));
	return `${where} has ${shown.join(', ')}${keys.length > MAX_KEYS_SHOWN ? `, … (${keys.length} keys)` : ''}`;
}

/**
 * One answer read against the spec: each value is looked for where the spec puts it, and a key
 * that is not there (absent, or under a section of another type), or a value of another type,
 * is noted as a Lack unless `excused` says the answer explains it (its data source failed, a
 * source the profile was loaded without). A null is the service saying "no value": not a lack.
 * So a renamed field is found the first time it is read, instead of reading as null in silence.
 */
export class Reading {
	readonly lacks: Lack[] = [];
	/** The keys looked for that the answer had (Check Answers lists them). */
	readonly found = new Set<string>();

	constructor(
		private readonly answer: unknown,
		private readonly excused: (key: string) => boolean = () => false,
	) {}

	/** The value at `path` (undefined when absent, noted), for the record's `field`. */
	at(field: string, ...path: string[]): unknown {
		let here = this.answer;
		for (let depth = 0; depth < path.length; depth++) {
			// A null section is the service's "no value"; a null answer is no answer at all.
			if (here === null && depth > 0) return null;
			if (!isPlainObject(here) || !Object.prototype.hasOwnProperty.call(here, path[depth])) {
				this.missing(field, path.join('.'), path.slice(0, depth).join('.'), here);
				return undefined;
			}
			here = here[path[depth]];
		}
		this.found.add(path.join('.'));
		return here;
	}

	num(field: string, ...path: string[]): number | null {
		return this.typed(field, path, num);
	}

	str(field: string, ...path: string[]): string | null {
		return this.typed(field, path, str, (v) => typeof v === 'string' || typeof v === 'number');
	}

	bool(field: string, ...path: string[]): boolean | null {
		return this.typed(field, path, bool);
	}

	yesNo(field: string, ...path: string[]): boolean | null {
		return this.typed(field, path, yesNo, (v) => typeof v === 'string' || typeof v === 'boolean');
	}

	/** A field computed from others (a sum) could not be read when one of its parts could not. */
	derived(field: string, ...parts: string[]): void {
		const lacked = this.lacks.find((l) => parts.includes(l.field));
		if (lacked) this.lacks.push({ ...lacked, field });
	}

	/** The record's fields that could not be read, each once, in the order they were read. */
	get unreadFields(): string[] {
		return [...new Set(this.lacks.map((l) => l.field))];
	}

	/** A value of another type than the spec's is noted too: the reader would take it for "no value". */
	private typed<T>(field: string, path: string[], read: (v: unknown) => T | null, accepts?: (v: unknown) => boolean): T | null {
		const value = this.at(field, ...path);
		// An empty text stands for "no value" as a null does.
		if (value === undefined || value === null || value === '') return null;
		const result = read(value);
		if (accepts ? !accepts(value) : result === null) this.note(field, path.join('.'), `${path.join('.')} is ${kindOf(value)}`);
		return result;
	}

	/** Notes that `key` was not found at `place`, where the answer held `here`. */
	missing(field: string, key: string, place: string, here: unknown): void {
		this.note(field, key, foundAt(place, here));
	}

	private note(field: string, key: string, found: string): void {
		if (!this.excused(key)) this.lacks.push({ field, key, found });
	}
}
