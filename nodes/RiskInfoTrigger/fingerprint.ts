// A short digest of a delivery's content that ignores key order, so Ignore Repeated Deliveries
// recognises the same result sent again; written iteratively, whatever the nesting.

import { createHash } from 'node:crypto';

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

/** A short sha256 of the canonical JSON of `value`, without the given top-level keys. */
export function fingerprint(value: unknown, skipTopLevel: readonly string[] = []): string {
	const hash = createHash('sha256');
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
