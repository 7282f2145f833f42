// A short digest of a delivery's content that ignores key order, so Ignore Repeated Deliveries
// recognises the same result sent again. The text digested is writeCanonicalJson's; for the events a
// delivery holds, JSON.stringify writes the same text from a key-sorted copy several times faster.

import type { Hash } from 'node:crypto';
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
/** Returned, all the way up, where the copy cannot make JSON.stringify write the canonical text. */
export const UNCOPYABLE = Symbol('uncopyable');

/** What JSON.stringify writes as the writer does; the rest the writer writes as null. */
function scalar(value: unknown): unknown {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

const startsWithDigit = (key: string) => key.charCodeAt(0) >= 0x30 && key.charCodeAt(0) <= 0x39;

/**
 * A copy of `value` in which every object is a plain record with its keys in sorted order, so that
 * JSON.stringify of it writes exactly what writeCanonicalJson writes of `value`: the copy reads what
 * the writer reads (Object.keys and their values, array elements in order) and turns what the
 * writer writes as null into null. Only events holding a record kept as it came, and the
 * comparison with entries version 0.1 stored, come here (dedup.ts), so it copies everything
 * rather than keeping shortcuts. It gives up (UNCOPYABLE) where it cannot: past COPY_DEPTH, on a
 * hole in an array (the writer skips it), and on an object with an array-index key (objects list
 * those first whatever the order they were added in; an object whose first key starts with a
 * digit is sent back, which is enough).
 */
export function sortedCopy(root: unknown, skipTopLevel: readonly string[]): unknown {
	const copy = (value: unknown, depth: number): unknown => {
		if (typeof value !== 'object' || value === null) return scalar(value);
		if (depth >= COPY_DEPTH) return UNCOPYABLE;
		if (Array.isArray(value)) {
			const out: unknown[] = [];
			for (let i = 0; i < value.length; i++) {
				if (!(i in value)) return UNCOPYABLE;
				const copied = copy(value[i], depth + 1);
				if (copied === UNCOPYABLE) return UNCOPYABLE;
				out.push(copied);
			}
			return out;
		}
		const record = value as Record<string, unknown>;
		const keys = Object.keys(record);
		if (keys.length > 0 && startsWithDigit(keys[0])) return UNCOPYABLE;
		const out: Record<string, unknown> = {};
		for (const key of keys.sort()) {
			if (depth === 0 && skipTopLevel.includes(key)) continue;
			const copied = copy(record[key], depth + 1);
			if (copied === UNCOPYABLE) return UNCOPYABLE;
			put(out, key, copied);
		}
		return out;
	};
	return copy(root, 0);
}

/** Hands text to `hash` in pieces of about FLUSH_AT characters, which die young; end() hands over the rest. */
function piecewise(hash: Hash): { write: (text: string) => void; end: () => void } {
	let pending = '';
	return {
		write: (text) => {
			pending += text;
			if (pending.length >= FLUSH_AT) {
				hash.update(pending, 'utf8');
				pending = '';
			}
		},
		end: () => {
			hash.update(pending, 'utf8');
		},
	};
}

/**
 * How many levels of containers hashJson opens itself before handing a value to JSON.stringify
 * whole: deep enough to reach a normalised event's records (event → lists → list → items → record).
 */
const OPEN_DEPTH = 4;

/** A plain record or an array without toJSON: JSON.stringify writes it from its keys or elements alone. */
function openable(value: unknown): value is Record<string, unknown> | unknown[] {
	if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
	if (Array.isArray(value)) return true;
	const proto: unknown = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

/**
 * What JSON.stringify writes for `value` held under `key`, undefined where it writes nothing. A
 * toJSON method is called with the key, as JSON.stringify does inside a container, by stringifying
 * a one-key record and keeping what follows the key.
 */
function leafText(key: string, value: unknown): string | undefined {
	const hasToJson = (typeof value === 'object' && value !== null) || typeof value === 'bigint';
	if (!hasToJson || typeof (value as { toJSON?: unknown }).toJSON !== 'function') return JSON.stringify(value) as string | undefined;
	const text = JSON.stringify({ [key]: value });
	return text === '{}' ? undefined : text.slice(JSON.stringify(key).length + 2, -1);
}

/**
 * Feeds `hash` exactly the text JSON.stringify writes of `value` (less the given top-level keys),
 * in pieces of about FLUSH_AT characters: a large delivery's 5 MB of text would be one string
 * allocated where V8 keeps long-lived objects, bringing its next full collection closer while ten
 * such deliveries are in flight; pieces die young. Plain records and arrays down to OPEN_DEPTH are
 * written key by key as JSON.stringify does (Object.keys order; a key whose value it writes as
 * nothing is left out, such an array element is null); anything else is a leaf (leafText).
 */
export function hashJson(hash: Hash, value: unknown, skipTopLevel: readonly string[] = []): void {
	const { write, end } = piecewise(hash);
	/** Writes `item`, held under `key`, preceded by `before`; says whether it wrote anything. */
	const writeValue = (before: string, key: string, item: unknown, depth: number): boolean => {
		if (depth >= OPEN_DEPTH || !openable(item)) {
			const text = leafText(key, item);
			if (text === undefined) return false;
			write(before + text);
			return true;
		}
		if (Array.isArray(item)) {
			write(`${before}[`);
			for (let i = 0; i < item.length; i++) {
				const comma = i > 0 ? ',' : '';
				if (!writeValue(comma, String(i), item[i], depth + 1)) write(`${comma}null`);
			}
			write(']');
			return true;
		}
		write(`${before}{`);
		let first = true;
		for (const field of Object.keys(item)) {
			if (depth === 0 && skipTopLevel.includes(field)) continue;
			if (writeValue(`${first ? '' : ','}${JSON.stringify(field)}:`, field, item[field], depth + 1)) first = false;
		}
		write('}');
		return true;
	};
	if (!writeValue('', '', value, 0)) throw new TypeError('hashJson: JSON.stringify writes nothing for this value');
	end();
}

/** A short sha256 of the canonical JSON of `value`, without the given top-level keys. */
export function fingerprint(value: unknown, skipTopLevel: readonly string[] = []): string {
	const hash = createHash('sha256');
	const copy = sortedCopy(value, skipTopLevel);
	if (copy !== UNCOPYABLE) {
		hashJson(hash, copy);
		return hash.digest('hex').slice(0, DIGEST_HEX_CHARS);
	}
	const { write, end } = piecewise(hash);
	writeCanonicalJson(value, write, skipTopLevel);
	end();
	return hash.digest('hex').slice(0, DIGEST_HEX_CHARS);
}
