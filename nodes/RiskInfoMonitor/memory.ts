/**
 * What the Monitor remembers between polls, in the node's static data (n8n saves it with the
 * workflow; nothing lives in module memory, so any main may poll next). Sized for 50,000 RUTs:
 * per RUT one short string under the RUT's number, its watched values joined by "|" (numbers
 * as written, texts as indexes into one shared list, since a handful of labels and statuses
 * repeat across a portfolio) and a 48-bit fingerprint of the rest; while some watched fields
 * could not be read (unreadable.ts), a 36-bit hash of which, as one more part that entries written
 * before it existed simply lack. About 50 bytes a RUT, under 100 in the worst case. Beside them,
 * one entry per such set in use (`un`, at most MAX_SETS): its fields' names, how many RUTs' entries
 * carry it, and what was said of it for the whole account (unreadable.ts), so that one
 * difference of every answer is said once, not once per RUT, across polls that each read a slice.
 *
 *   { v: 1, rec: { "76111111": "0|2|0|1|3|54000000|1|62|2|Ab3dE9x2|k3Jd9a" }, texts: ["free", …],
 *     fail: { "76222222": 2 }, after: 76111111,
 *     un: { "k3Jd9a": { f: "bulletinCases,bulletinUnpaidAmount", n: 480, s: "a" } } }
 *
 * Nothing is written unless it differs from what is there, so a poll that found nothing new
 * leaves the static data as it was and n8n has nothing to save.
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../shared/objects';
import { FIELDS, type Value } from './fields';

const VERSION = 1;
/** A RUT reported as not loaded (reported once; read again each cycle, free). */
const NOT_LOADED = '!';
/** A text the shared list had no room for: read back as unknown. */
const NO_ROOM = '~';
/** @internal */
export const MAX_TEXTS = 1000;
/** Texts are remembered (and compared) up to this length. */
export const MAX_TEXT_LENGTH = 200;
/**
 * Sets of unread fields tracked at once; a set beyond them is said per RUT, its fields unnamed when read again.
 * @internal
 */
export const MAX_SETS = 50;

/** What was said of a set of unread fields for the whole account: that most answers lack them ('a'), then that they are back ('b'). */
export type Said = 'a' | 'b';

interface UnreadSet {
	/** Its fields' names, as unreadable.ts hashes them. */
	f: string;
	/** How many RUTs' entries carry it; the set is forgotten when none does. */
	n: number;
	s?: Said;
}

const isUnreadSet = (v: unknown): v is UnreadSet => isPlainObject(v) && typeof v.f === 'string' && typeof v.n === 'number';

/** The hash of unread fields an entry carries, if any (its part after the fingerprint). */
const unreadPart = (entry: unknown) => (typeof entry === 'string' ? entry.split('|')[FIELDS.length + 1] || undefined : undefined);

export interface Remembered {
	values: Value[];
	fingerprint: string;
	/** The hash of the watched fields the last read could not read; absent when it read them all. */
	unread?: string;
	/** Their names, kept once per set (given when setting, not read back). */
	names?: string;
}

export class Memory {
	private readonly rec: Record<string, string>;
	private readonly fail: Record<string, number>;
	private readonly sets: Record<string, UnreadSet>;
	private texts: string[];
	private textIndex: Map<string, number>;
	private afterRut: number | undefined;
	private pruning = false;
	private readonly dirty = { rec: false, fail: false, texts: false, after: false, v: false, un: false };

	/** Reads what a previous poll left; anything unreadable (another layout, hand edits) starts afresh. */
	constructor(private readonly store: IDataObject) {
		const fresh = store.v !== VERSION;
		this.dirty.v = fresh;
		this.rec = !fresh && isPlainObject(store.rec) ? (store.rec as Record<string, string>) : {};
		this.fail = !fresh && isPlainObject(store.fail) ? (store.fail as Record<string, number>) : {};
		this.texts = !fresh && Array.isArray(store.texts) ? (store.texts as unknown[]).map(String) : [];
		this.textIndex = new Map(this.texts.map((t, i) => [t, i]));
		this.afterRut = !fresh && typeof store.after === 'number' ? store.after : undefined;
		if (fresh) this.dirty.rec = this.dirty.fail = this.dirty.texts = true;
		this.sets = !fresh && isPlainObject(store.un) && Object.values(store.un).every(isUnreadSet) ? (store.un as Record<string, UnreadSet>) : this.countSets();
	}

	/** The sets of unread fields the entries carry, counted (static data written before `un` existed, or afresh). */
	private countSets(): Record<string, UnreadSet> {
		const sets: Record<string, UnreadSet> = {};
		for (const entry of Object.values(this.rec)) {
			const hash = unreadPart(entry);
			if (hash === undefined) continue;
			if (sets[hash]) sets[hash].n++;
			else if (Object.keys(sets).length < MAX_SETS) sets[hash] = { f: '', n: 1 };
		}
		this.dirty.un = this.store.un !== undefined || Object.keys(sets).length > 0;
		return sets;
	}

	/** What was remembered of a RUT (by its number), 'notLoaded', or undefined (no baseline yet). */
	get(key: string): Remembered | 'notLoaded' | undefined {
		const entry = this.rec[key];
		if (typeof entry !== 'string') return undefined;
		if (entry === NOT_LOADED) return 'notLoaded';
		const parts = entry.split('|');
		const values = FIELDS.map((field, i) => this.decode(parts[i] ?? '', field.text === true));
		const unread = parts[FIELDS.length + 1];
		return { values, fingerprint: parts[FIELDS.length] ?? '', ...(unread ? { unread } : {}) };
	}

	set(key: string, remembered: Remembered): void {
		const parts = [...remembered.values.map((v, i) => this.encode(v, FIELDS[i].text === true)), remembered.fingerprint];
		if (remembered.unread) parts.push(remembered.unread);
		const encoded = parts.join('|');
		this.write(key, encoded, remembered.names);
	}

	setNotLoaded(key: string): void {
		this.write(key, NOT_LOADED);
	}

	private write(key: string, entry: string, names?: string): void {
		const before = this.rec[key];
		if (before === entry) return;
		this.recount(unreadPart(before), unreadPart(entry), names);
		this.rec[key] = entry;
		this.dirty.rec = true;
	}

	/** One entry's set of unread fields went from one hash to another (either may be none). */
	private recount(from: string | undefined, to: string | undefined, names = ''): void {
		if (from === to) return;
		const left = from === undefined ? undefined : this.sets[from];
		if (left && --left.n <= 0) delete this.sets[from!];
		if (to !== undefined) {
			const set = this.sets[to];
			if (set) set.n++;
			else if (Object.keys(this.sets).length < MAX_SETS) this.sets[to] = { f: names, n: 1 };
			if (set && !set.f && names) set.f = names;
		}
		this.dirty.un = true;
	}

	/** The names of the fields of a set of unread fields, as unreadable.ts joined them; undefined when not known. */
	namesOf(hash: string): string | undefined {
		return this.sets[hash]?.f || undefined;
	}

	/** What was said of a set for the whole account, if anything. */
	said(hash: string): Said | undefined {
		return this.sets[hash]?.s;
	}

	/** Remembers what was said of a set for the whole account; nothing for a set no entry carries any more. */
	setSaid(hash: string, said: Said): void {
		const set = this.sets[hash];
		if (!set || set.s === said) return;
		set.s = said;
		this.dirty.un = true;
	}

	/** Consecutive failed reads of a RUT. */
	failures(key: string): number {
		const n = this.fail[key];
		return typeof n === 'number' && n > 0 ? n : 0;
	}

	setFailures(key: string, count: number): void {
		if (this.failures(key) === count) return;
		if (count > 0) this.fail[key] = count;
		else delete this.fail[key];
		this.dirty.fail = true;
	}

	/** Forgets RUTs no longer watched: one added again later gets a new baseline, silently. */
	keepOnly(watched: ReadonlySet<string>): void {
		for (const key of Object.keys(this.rec)) {
			if (watched.has(key)) continue;
			this.recount(unreadPart(this.rec[key]), undefined);
			delete this.rec[key];
			this.dirty.rec = true;
		}
		for (const key of Object.keys(this.fail)) if (!watched.has(key)) this.setFailures(key, 0);
	}

	/** The number of the last RUT a poll read in the rotation; undefined at the start of one. */
	get after(): number | undefined {
		return this.afterRut;
	}

	set after(value: number | undefined) {
		if (value === this.afterRut) return;
		this.afterRut = value;
		this.dirty.after = true;
	}

	/** Writes back the parts that changed, and only those, so that n8n sees a change only when there is one. */
	save(): void {
		if (this.dirty.v) this.store.v = VERSION;
		if (this.dirty.rec) this.store.rec = this.rec;
		if (this.dirty.fail) this.store.fail = this.fail;
		if (this.dirty.texts) this.store.texts = this.texts;
		if (this.dirty.un) {
			if (Object.keys(this.sets).length) this.store.un = this.sets;
			else delete this.store.un;
		}
		if (this.dirty.after) {
			if (this.afterRut === undefined) delete this.store.after;
			else this.store.after = this.afterRut;
		}
	}

	private encode(value: Value, text: boolean): string {
		if (value === null) return '';
		if (!text) return String(value);
		const index = this.textIndex.get(String(value)) ?? this.addText(String(value));
		return index === undefined ? NO_ROOM : index.toString(36);
	}

	private decode(part: string, text: boolean): Value {
		if (part === '' || part === NO_ROOM) return null;
		if (text) return this.texts[parseInt(part, 36)] ?? null;
		const n = Number(part);
		return Number.isFinite(n) ? n : null;
	}

	private addText(text: string): number | undefined {
		if (this.texts.length >= MAX_TEXTS && !this.pruning) this.pruneTexts();
		if (this.texts.length >= MAX_TEXTS) return undefined;
		this.texts.push(text);
		this.textIndex.set(text, this.texts.length - 1);
		this.dirty.texts = true;
		return this.texts.length - 1;
	}

	/** Drops the texts no remembered RUT uses any more, renumbering the rest. */
	private pruneTexts(): void {
		const decoded = new Map<string, Remembered>();
		for (const key of Object.keys(this.rec)) {
			const r = this.get(key);
			if (r && r !== 'notLoaded') decoded.set(key, r);
		}
		this.texts = [];
		this.textIndex = new Map();
		this.dirty.texts = true;
		// More texts in use than there is room for: the rest are remembered as unknown.
		this.pruning = true;
		for (const [key, r] of decoded) this.set(key, r);
		this.pruning = false;
	}
}
