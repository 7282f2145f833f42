/**
 * One answer read against the spec, through the reader's rows (keys.ts): each value is looked for
 * where the spec puts it, and a key that is not there (absent, or under a section of another
 * type), or a value of another type, is noted as a Lack, unless the answer itself says why (a
 * failed data source, a profile loaded without Bureau data): then it is noted as Excused, with
 * that reason. A null is the service saying "no value": neither. So a renamed field is found the
 * first time it is read, instead of reading as null in silence, and what is excused is still said.
 */
import { isPlainObject } from '../objects';
import { sharedWords, type Key } from './keys';
import { bool, num, str, yesNo } from './values';

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
