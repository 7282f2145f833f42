/**
 * The rows every reader of the service's answers keeps of the keys it reads: which of its output
 * fields a key feeds, the spellings it is read under (dotted paths inside the answer's data, or
 * inside each record of a list), and the type the spec gives it. A reader reads through its rows,
 * and Check Answers (answers.ts) loops over the same rows: what the package reads is written once.
 */
import { isPlainObject, type PlainObject } from '../objects';
import { listsIn } from './values';

/** What a key holds: the spec's types, and yes/no as the tax authority writes it (SI / NO, or a boolean). */
export type KeyType = 'number' | 'text' | 'boolean' | 'yesNo' | 'list' | 'object' | 'any';

export interface Key {
	/** The reader's output field it feeds (the simplified record's, or the evidence's). */
	field: string;
	/** Where it is read, the spec's (or the docs') spelling first, then others the service has used. */
	from: string[];
	type: KeyType;
	/** Read when there, never missed when not (a figure the answer may leave out). */
	optional?: boolean;
	/** For a list of records: the rows each record is read by (the screening's nested tables). */
	each?: Key[];
	/**
	 * Each of `from` split at its dots, once, when the row is written: a name split afresh on every
	 * read is a new string n8n's process must look up again, and that was most of what reading a
	 * V2 summary cost per item at node version 3 (bench/NOTES.md).
	 */
	parts: string[][];
}

/** What a reader reads of one answer. */
export interface KeyTable {
	/** The lists its records arrive under, the first present read ([]: any list); absent: the answer is the record. */
	lists?: string[];
	keys: Key[];
	/** Keys the spec or the docs show that the reader does not read, as dotted paths: known, never "unknown". */
	alsoKnown?: string[];
}

/** Every spelling a table reads, and the spec's other keys it knows. */
export const knownOf = (table: KeyTable): Set<string> => new Set([...table.keys.flatMap((k) => k.from), ...(table.alsoKnown ?? [])]);

export const key = (field: string, type: KeyType, ...from: string[]): Key => ({ field, from, type, parts: from.map(partsOf) });
export const optional = (field: string, type: KeyType, ...from: string[]): Key => ({ ...key(field, type, ...from), optional: true });

/** Keys of one section as dotted paths, from a line of the spec's words: under('judicial', 'a b') → ['judicial.a', 'judicial.b']. */
export const under = (section: string, words: string): string[] => words.split(' ').map((k) => (section ? `${section}.${k}` : k));

/** Dotted paths are short: a path's parts are bounded, so nothing here walks deeper than a path's length. */
export const MAX_PATH_PARTS = 12;

const partsOf = (path: string): string[] => path.split('.', MAX_PATH_PARTS);

/** The value at a dotted path (undefined when a part is absent or not an object). */
export function valueAt(data: unknown, path: string): unknown {
	return valueAtParts(data, partsOf(path));
}

function valueAtParts(data: unknown, parts: string[]): unknown {
	let here = data;
	for (const part of parts) {
		if (!isPlainObject(here) || !Object.prototype.hasOwnProperty.call(here, part)) return undefined;
		here = here[part];
	}
	return here;
}

/** The first spelling of `key` the record has a value under (not null), as first() does for plain keys. */
export function valueOf(record: unknown, key: Key): unknown {
	return key.from.map((path) => valueAt(record, path)).find((v) => v !== undefined && v !== null);
}

/** The value under the first spelling of `key` the record has, null included (the service's "no value"); undefined when none. */
export function valueIn(record: unknown, key: Key): unknown {
	for (const parts of key.parts) {
		const value = valueAtParts(record, parts);
		if (value !== undefined) return value;
	}
	return undefined;
}

/** Whether the record has `key` under any spelling (null counts: the service saying "no value"). */
export function hasKey(record: unknown, key: Key): boolean {
	return key.from.some((path) => valueAt(record, path) !== undefined);
}

/** Whether a value can be what the spec gives the key; null can be anything ("no value"). */
export function fitsType(value: unknown, type: KeyType): boolean {
	if (value === null || type === 'any') return true;
	switch (type) {
		case 'number':
			return typeof value === 'number';
		case 'text':
			return typeof value === 'string';
		case 'boolean':
			return typeof value === 'boolean';
		case 'yesNo':
			return typeof value === 'string' || typeof value === 'boolean';
		case 'list':
			return Array.isArray(value);
		default:
			return isPlainObject(value);
	}
}

/** The records an answer holds under the table's lists (the answer itself when it has none). */
export function recordsOf(data: unknown, table: KeyTable): PlainObject[] {
	if (!table.lists) return isPlainObject(data) ? [data] : [];
	return (listsIn(data, table.lists.length ? table.lists : undefined)[0] ?? []).filter(isPlainObject);
}

/**
 * The words of a key, in lower case, without the spec's neutral words (SourceA…C, Bureau), which
 * the service writes otherwise: "casosSourceA" → ["casos"], "causasLaboralesActivas" → ["causas", "laborales", "activas"].
 */
function wordsOf(key: string): string[] {
	return key
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9\u00e0-\u00ff]+/)
		.filter((w) => w.length >= 3 && w !== 'source' && w !== 'bureau');
}

/** How many words of the expected key a candidate shares (their first five letters: "activos" and "activas" are one). */
export function sharedWords(expected: string, candidate: string): number {
	const theirs = wordsOf(candidate).map((w) => w.slice(0, 5));
	return wordsOf(expected).filter((w) => theirs.includes(w.slice(0, 5))).length;
}
