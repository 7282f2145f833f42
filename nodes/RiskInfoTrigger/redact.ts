/**
 * Keeps the trigger's secret out of everything it produces. A delivery may carry the secret
 * back (a sender that reflects its own headers into a field, a proxy that echoes them), and
 * whatever the trigger emits ends up in execution data, logs and chat messages.
 */
import { put } from './json';

const MASK = '[redacted]';

/** Replaces each secret in a text; `secrets` lists them, for redactData to look for first. */
export type Redact = ((text: string) => string) & { readonly secrets?: readonly string[] };

export const keepAll: Redact = (text) => text;

/** Replaces each secret wherever it appears in a text; longer ones first, so one inside another is not left half-shown. */
export function redactor(secrets: readonly string[]): Redact {
	const list = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
	if (list.length === 0) return keepAll;
	const redact = (text: string) => {
		let out = text;
		for (const secret of list) if (out.includes(secret)) out = out.split(secret).join(MASK);
		return out;
	};
	return Object.assign(redact, { secrets: list });
}

/**
 * How deep holdsSecret reads by recursion: past the depth a delivery may nest (json.ts), far from
 * where the call stack ends. Deeper data is taken to hold a secret, so the rewriting walk below,
 * which keeps its own stack, reads it.
 */
const READ_DEPTH = 200;

/**
 * Whether any secret occurs in a key, string or number inside `value`. Nothing is copied or
 * rewritten, so the usual delivery, which holds none, costs a read of its strings instead of the
 * rewriting walk. It reads a record's keys with for...in (every own enumerable key, and inherited
 * ones too, which can only raise a false alarm) and an array's elements by index, without
 * allocating a key list per container; an array's other own keys, which no JSON body can give
 * it, are not read. A record reached twice is read twice (items are trees, and a row shares only
 * its finding with the event).
 */
function holdsSecret(value: object, secrets: Secrets, depth = 0): boolean {
	if (depth >= READ_DEPTH) return true;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) if (holds(value[i], secrets, depth)) return true;
		return false;
	}
	const record = value as Record<string, unknown>;
	for (const key in record) if (found(key, secrets) || holds(record[key], secrets, depth)) return true;
	return false;
}

/** One value inside a container at `depth`. */
function holds(item: unknown, secrets: Secrets, depth: number): boolean {
	if (typeof item === 'string') return found(item, secrets);
	if (typeof item === 'number') return found(String(item), secrets);
	return typeof item === 'object' && item !== null && holdsSecret(item, secrets, depth + 1);
}

/** The secrets, and the length of the shortest: most keys and strings are shorter, and need no search. */
interface Secrets {
	list: readonly string[];
	shortest: number;
}

function found(text: string, secrets: Secrets): boolean {
	if (text.length < secrets.shortest) return false;
	for (const secret of secrets.list) if (text.includes(secret)) return true;
	return false;
}

function redactScalar(value: unknown, redact: Redact): unknown {
	if (typeof value === 'string') return redact(value);
	if (typeof value === 'number') {
		const text = String(value);
		const hidden = redact(text);
		return hidden === text ? value : hidden;
	}
	return value;
}

/**
 * Redacts every string, number and key inside `root`, in place (the items are the trigger's own
 * copies, or the payload it parsed), walking with its own stack. Returns the redacted root.
 */
export function redactData(root: unknown, redact: Redact): unknown {
	if (redact === keepAll) return root;
	if (typeof root !== 'object' || root === null) return redactScalar(root, redact);
	const list = redact.secrets;
	if (list && !holdsSecret(root, { list, shortest: Math.min(...list.map((secret) => secret.length)) })) return root;
	const seen = new Set<object>();
	const stack: object[] = [root];
	while (stack.length > 0) {
		const container = stack.pop()!;
		// The emitted event and a finding row may share a record; once is enough.
		if (seen.has(container)) continue;
		seen.add(container);
		const record = container as Record<string, unknown>;
		const keys = Object.keys(record);
		if (!Array.isArray(container) && keys.some((key) => redact(key) !== key)) {
			// Rebuilt in the same order, so a renamed key keeps its place.
			const entries = keys.map((key) => [redact(key), record[key]] as const);
			for (const key of keys) delete record[key];
			for (const [key, value] of entries) put(record, key, value);
		}
		for (const key of Object.keys(record)) {
			const value = record[key];
			if (typeof value === 'object' && value !== null) stack.push(value);
			else {
				const hidden = redactScalar(value, redact);
				if (hidden !== value) put(record, key, hidden);
			}
		}
	}
	return root;
}
