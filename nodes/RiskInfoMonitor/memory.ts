/**
 * What the Monitor remembers between polls, in the node's static data (n8n saves it with the
 * workflow; nothing lives in module memory, so any main may poll next). Sized for 50,000 RUTs:
 * per RUT one short string under the RUT's number, its watched values joined by "|" (numbers
 * as written, texts as indexes into one shared list, since a handful of labels and statuses
 * repeat across a portfolio) and a 48-bit fingerprint of the rest; while some watched fields
 * could not be read (unreadable.ts), a 36-bit hash of which, as one more part that entries written
 * before it existed simply lack. About 50 bytes a RUT, under 100 in the worst case.
 *
 *   { v: 1, rec: { "76111111": "0|2|0|1|3|54000000|1|62|2|Ab3dE9x2|k3Jd9a" }, texts: ["free", …],
 *     fail: { "76222222": 2 }, after: 76111111 }
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

export interface Remembered {
	values: Value[];
	fingerprint: string;
	/** The hash of the watched fields the last read could not read; absent when it read them all. */
	unread?: string;
}

export class Memory {
	private readonly rec: Record<string, string>;
	private readonly fail: Record<string, number>;
	private texts: string[];
	private textIndex: Map<string, number>;
	private afterRut: number | undefined;
	private pruning = false;
	private readonly dirty = { rec: false, fail: false, texts: false, after: false, v: false };

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
		this.write(key, encoded);
	}

	setNotLoaded(key: string): void {
		this.write(key, NOT_LOADED);
	}

	private write(key: string, entry: string): void {
		if (this.rec[key] === entry) return;
		this.rec[key] = entry;
		this.dirty.rec = true;
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
