// A short digest of a delivery's content that ignores key order, so Ignore Repeated Deliveries
// recognises the same result sent again. The text digested is writeCanonicalJson's; for the events a
// delivery holds, JSON.stringify writes the same text from a key-sorted copy several times faster.

import { createHash } from 'node:crypto';

import { put } from './json';

/** 64 bits: collisions among the few thousand remembered deliveries are out of reach. */
const DIGEST_HEX_CHARS = 16;
const FLUSH_AT = 64 * 1024;

type Task = { text: string } | { value: unknown };

function primitive(value: unknown): string {
	if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
	if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
	return 'null';
}

/**
 * Writes `value` as JSON with every object's keys sorted, so two deliveries that differ only in
 * key order write the same text. Arrays keep their order: a list's order may mean something.
 * It walks with its own stack because JSON.parse accepts nesting far deeper than the call stack,
 * and a throw here would answer 500 to a delivery the trigger otherwise accepts.
 */
export function writeCanonicalJson(value: unknown, write: (text: string) => void, skipTopLevel: readonly string[] = []): void {
	const stack: Task[] = [{ value }];
	let top = true;
	while (stack.length > 0) {
		const task = stack.pop()!;
		if ('text' in task) {
			write(task.text);
			continue;
		}
		const current = task.value;
		if (Array.isArray(current)) {
			const tasks: Task[] = [{ text: '[' }];
			current.forEach((item, i) => {
				if (i > 0) tasks.push({ text: ',' });
				tasks.push({ value: item });
			});
			tasks.push({ text: ']' });
			for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i]);
		} else if (typeof current === 'object' && current !== null) {
			const record = current as Record<string, unknown>;
			const keys = Object.keys(record)
				.filter((key) => !(top && skipTopLevel.includes(key)))
				.sort();
			const tasks: Task[] = [{ text: '{' }];
			keys.forEach((key, i) => {
				tasks.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
				tasks.push({ value: record[key] });
			});
			tasks.push({ text: '}' });
			for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i]);
		} else {
			write(primitive(current));
		}
		top = false;
	}
}

/**
 * How deep the key-sorted copy goes before handing over to writeCanonicalJson: past the events'
 * depth limit (json.ts), and far from where JSON.stringify's own recursion overflows (~4,400 levels).
 */
const COPY_DEPTH = 200;
/** How many key lists sortedCopy remembers the sorted order of. */
const KNOWN_KEY_LISTS = 8;
/** Returned, all the way up, where the copy cannot make JSON.stringify write the canonical text. */
const UNCOPYABLE = Symbol('uncopyable');

/** What JSON.stringify writes as the writer does; the rest the writer writes as null. */
function scalar(value: unknown): unknown {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/**
 * Whether JSON.stringify writes this object as the writer does when it holds what the writer
 * would: plain records and arrays only, since JSON.stringify calls an inherited toJSON (a Date's).
 */
function plain(value: object): boolean {
	const proto: unknown = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === Array.prototype || proto === null;
}

/**
 * A copy of `value` in which every object has its keys in sorted order, so that JSON.stringify of
 * it writes exactly what writeCanonicalJson writes of `value`: the copy reads what the writer reads
 * (Object.keys and their values, array elements in order) and turns what the writer writes as null
 * into null. A plain record whose keys are already in order, or an array, is not copied when
 * nothing in it changes: JSON.stringify writes it as it is (half the records of a large delivery,
 * its deed extracts, and the allocating is most of the copy's cost). It gives up (UNCOPYABLE)
 * where it cannot: past COPY_DEPTH, on a hole in an array (the writer skips it), and on an object
 * with an array-index key among others (objects list those first whatever the order they were
 * added in; keys starting with a digit are all sent back, which is enough).
 */
function sortedCopy(root: unknown, skipTopLevel: readonly string[]): unknown {
	// The records of a list mostly share their keys, and lists nest (a company's partners, then its
	// deed extracts, then the next company): the sorted orders of the last few key lists are kept.
	const known: Array<{ keys: string[]; sorted: string[]; inOrder: boolean }> = [];
	let lastInOrder = true;
	const sorted = (keys: string[]): string[] => {
		for (const entry of known) {
			if (entry.keys.length !== keys.length) continue;
			let same = true;
			for (let i = 0; same && i < keys.length; i++) same = keys[i] === entry.keys[i];
			if (!same) continue;
			lastInOrder = entry.inOrder;
			return entry.sorted;
		}
		const entry = { keys, sorted: [...keys].sort(), inOrder: true };
		entry.inOrder = entry.sorted.every((key, i) => key === keys[i]);
		if (known.unshift(entry) > KNOWN_KEY_LISTS) known.pop();
		lastInOrder = entry.inOrder;
		return entry.sorted;
	};
	const copy = (value: unknown, depth: number): unknown => {
		if (typeof value !== 'object' || value === null) return scalar(value);
		if (depth >= COPY_DEPTH) return UNCOPYABLE;
		if (Array.isArray(value)) {
			// Allocated at the first element that changes.
			let out: unknown[] | undefined = plain(value) ? undefined : [];
			for (let i = 0; i < value.length; i++) {
				const item: unknown = value[i];
				if (item === undefined && !(i in value)) return UNCOPYABLE;
				// Scalars, most of what an event holds, without a call each.
				const copied = typeof item === 'object' && item !== null ? copy(item, depth + 1) : scalar(item);
				if (copied === UNCOPYABLE) return UNCOPYABLE;
				if (out) out.push(copied);
				else if (copied !== item) (out = value.slice(0, i)).push(copied);
			}
			return out ?? value;
		}
		const record = value as Record<string, unknown>;
		let keys = Object.keys(record);
		let inOrder = true;
		if (keys.length > 1) {
			const first = keys[0].charCodeAt(0);
			if (first >= 0x30 && first <= 0x39) return UNCOPYABLE;
			keys = sorted(keys);
			inOrder = lastInOrder;
		}
		if (depth === 0 && skipTopLevel.length) {
			keys = keys.filter((key) => !skipTopLevel.includes(key));
			inOrder = false;
		}
		let out: Record<string, unknown> | undefined = inOrder && plain(record) ? undefined : {};
		for (let i = 0; i < keys.length; i++) {
			const item = record[keys[i]];
			const copied = typeof item === 'object' && item !== null ? copy(item, depth + 1) : scalar(item);
			if (copied === UNCOPYABLE) return UNCOPYABLE;
			if (!out && copied !== item) {
				out = {};
				for (let j = 0; j < i; j++) put(out, keys[j], record[keys[j]]);
			}
			if (out) put(out, keys[i], copied);
		}
		return out ?? record;
	};
	return copy(root, 0);
}

/** A short sha256 of the canonical JSON of `value`, without the given top-level keys. */
export function fingerprint(value: unknown, skipTopLevel: readonly string[] = []): string {
	const hash = createHash('sha256');
	const copy = sortedCopy(value, skipTopLevel);
	if (copy !== UNCOPYABLE) {
		hash.update(JSON.stringify(copy), 'utf8');
		return hash.digest('hex').slice(0, DIGEST_HEX_CHARS);
	}
	let pending = '';
	writeCanonicalJson(
		value,
		(text) => {
			pending += text;
			if (pending.length >= FLUSH_AT) {
				hash.update(pending, 'utf8');
				pending = '';
			}
		},
		skipTopLevel,
	);
	hash.update(pending, 'utf8');
	return hash.digest('hex').slice(0, DIGEST_HEX_CHARS);
}
