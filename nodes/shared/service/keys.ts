/**
 * The rows every reader of the service's answers keeps of the keys it reads: which of its output
 * fields a key feeds, the spellings it is read under (dotted paths inside the answer's data, or
 * inside each record of a list), and the type the spec gives it. A reader reads through its rows,
 * and Check Answers (answers.ts) loops over the same rows: what the package reads is written once.
 */
import { isPlainObject, type PlainObject } from '../objects';
import { bool, listsIn, num, str, yesNo } from './values';

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

// One answer read against the spec, through the reader's rows (keys.ts): each value is looked for
// where the spec puts it, and a key that is not there (absent, or under a section of another
// type), or a value of another type, is noted as a Lack, unless the answer itself says why (a
// failed data source, a profile loaded without Bureau data): then it is noted as Excused, with
// that reason. A null is the service saying "no value": neither. So a renamed field is found the
// first time it is read, instead of reading as null in silence, and what is excused is still said.

/** A key the reader looked for that the answer lacked, with no reason in the answer. */
export interface Lack {
	/** The reader's field that could not be read. */
	field: string;
	/** Where the spec puts it, e.g. "judicial.casosCivilesActivos". */
	key: string;
	/** What the answer held there instead, e.g. "judicial has civilesActivos, …" or "judicial is a list". */
	found: string;
}

/** A key the answer lacked for a reason it gives itself. */
export interface Excused {
	field: string;
	key: string;
	/** The answer's reason, in words, e.g. "the profile was loaded without Bureau data (incluyeBureau false)". */
	why: string;
}

/** Keys named where an answer lacked one: enough to see a rename, never a whole answer. */
const MAX_KEYS_SHOWN = 8;
const MAX_KEY_LENGTH = 40;
const MAX_KEYS_RANKED = 200;

function kindOf(value: unknown): string {
	if (value === undefined) return 'absent';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'string') return 'text';
	if (typeof value === 'boolean') return 'true or false';
	return typeof value === 'number' ? 'a number' : 'an object';
}

/**
 * What stood where a key was looked for: the keys beside it (a few, those sharing most words with
 * the one looked for first, so a renamed key shows), or the other type met.
 */
function foundAt(place: string, here: unknown, lookedFor = ''): string {
	const where = place || 'the answer';
	if (!isPlainObject(here)) return `${where} is ${kindOf(here)}`;
	const keys = Object.keys(here);
	if (!keys.length) return `${where} is empty`;
	// Ranked among the first keys only: a hostile answer's thousands of keys cost no more than a few.
	const likeness = new Map(keys.slice(0, MAX_KEYS_RANKED).map((k) => [k, lookedFor ? sharedWords(lookedFor, k) : 0]));
	const shown = keys.slice(0, MAX_KEYS_RANKED).sort((a, b) => likeness.get(b)! - likeness.get(a)!).slice(0, MAX_KEYS_SHOWN).map((k) => (k.length > MAX_KEY_LENGTH ? `${k.slice(0, MAX_KEY_LENGTH - 1)}…` : k));
	return `${where} has ${shown.join(', ')}${keys.length > MAX_KEYS_SHOWN ? `, … (${keys.length} keys)` : ''}`;
}

type Walk = { value: unknown } | { place: string; here: unknown; lookedFor: string };

/** Follows a path's parts; a null section on the way is the service's "no value" (its value is null). */
function walk(answer: unknown, parts: string[]): Walk {
	let here = answer;
	for (let depth = 0; depth < parts.length; depth++) {
		if (here === null && depth > 0) return { value: null };
		if (!isPlainObject(here) || !Object.prototype.hasOwnProperty.call(here, parts[depth])) return { place: parts.slice(0, depth).join('.'), here, lookedFor: parts[depth] };
		here = here[parts[depth]];
	}
	return { value: here };
}

export class Reading {
	readonly lacks: Lack[] = [];
	readonly excused: Excused[] = [];
	/** The keys looked for that the answer had, in the spelling it had (Check Answers lists them). */
	readonly found = new Set<string>();

	constructor(
		private readonly answer: unknown,
		/** The answer's own reason for lacking a key, or undefined when it gives none. */
		private readonly excuse: (key: string) => string | undefined = () => undefined,
	) {}

	/** The value of `key` (undefined when absent under every spelling, noted); a non-null spelling wins over a null one. */
	at(key: Key): unknown {
		let absent: { place: string; here: unknown; lookedFor: string } | undefined;
		let nullAt: string | undefined;
		for (let i = 0; i < key.from.length; i++) {
			const path = key.from[i];
			const step = walk(this.answer, key.parts[i]);
			if (!('value' in step)) {
				absent ??= step;
				continue;
			}
			if (step.value === null) {
				nullAt ??= path;
				continue;
			}
			this.found.add(path);
			return step.value;
		}
		if (nullAt !== undefined) {
			this.found.add(nullAt);
			return null;
		}
		this.note(key.field, key.from[0], foundAt(absent?.place ?? '', absent?.here, absent?.lookedFor));
		return undefined;
	}

	num(key: Key): number | null {
		return this.typed(key, num);
	}

	str(key: Key): string | null {
		return this.typed(key, str, (v) => typeof v === 'string' || typeof v === 'number');
	}

	bool(key: Key): boolean | null {
		return this.typed(key, bool);
	}

	yesNo(key: Key): boolean | null {
		return this.typed(key, yesNo, (v) => typeof v === 'string' || typeof v === 'boolean');
	}

	/** A field computed from others (a sum) could not be read when one of its parts could not. */
	derived(field: string, ...parts: string[]): void {
		const lacked = this.lacks.find((l) => parts.includes(l.field));
		if (lacked) this.lacks.push({ ...lacked, field });
	}

	/** The fields that could not be read, each once, in the order they were read. */
	get unreadFields(): string[] {
		return [...new Set(this.lacks.map((l) => l.field))];
	}

	/** A value of another type than the spec's is noted too: the reader would take it for "no value". */
	private typed<T>(key: Key, read: (v: unknown) => T | null, accepts?: (v: unknown) => boolean): T | null {
		const value = this.at(key);
		// An empty text stands for "no value" as a null does.
		if (value === undefined || value === null || value === '') return null;
		const result = read(value);
		const path = key.from[0];
		if (accepts ? !accepts(value) : result === null) this.note(key.field, path, `${path} is ${kindOf(value)}`);
		return result;
	}

	/** Notes that `key` was not found at `place`, where the answer held `here`. */
	missing(field: string, key: string, place: string, here: unknown): void {
		this.note(field, key, foundAt(place, here));
	}

	private note(field: string, key: string, found: string): void {
		const why = this.excuse(key);
		if (why === undefined) this.lacks.push({ field, key, found });
		else this.excused.push({ field, key, why });
	}
}
