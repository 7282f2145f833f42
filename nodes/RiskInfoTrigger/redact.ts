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
 * Whether any secret occurs in a key, string or number inside `root`. Nothing is copied or
 * rewritten, so the usual delivery, which holds none, costs a read of its strings instead of the
 * rewriting walk. A record reached twice is read twice (items are trees, and a row shares only
 * its finding with the event).
 */
function holdsSecret(root: object, secrets: readonly string[]): boolean {
	const found = (text: string) => {
		for (const secret of secrets) if (text.includes(secret)) return true;
		return false;
	};
	/** Reads one value; a container is left on the stack for later. */
	const holds = (value: unknown): boolean => {
		if (typeof value === 'string') return found(value);
		if (typeof value === 'number') return found(String(value));
		if (typeof value === 'object' && value !== null) stack.push(value);
		return false;
	};
	const stack: object[] = [root];
	while (stack.length > 0) {
		const container = stack.pop()!;
		// What the rewriting walk below reads: every own key (an array's are its indexes) and its value.
		const keyed = !Array.isArray(container);
		const record = container as Record<string, unknown>;
		for (const key of Object.keys(record)) if ((keyed && found(key)) || holds(record[key])) return true;
	}
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
	if (redact.secrets && !holdsSecret(root, redact.secrets)) return root;
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
