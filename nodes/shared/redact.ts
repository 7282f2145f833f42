/**
 * Takes secrets (the action node's access token, the trigger's webhook secret) out of whatever
 * reaches an output item, an error message or n8n's log. A service or a proxy that reflects
 * headers may echo the token in an error body, a redirect's Location or data; a sender may
 * reflect the trigger's secret into the event it delivers.
 *
 * Values are read before anything is rewritten, so the usual answer or delivery, which holds no
 * secret, costs one pass over its strings and is handed back as it is. Whatever the nesting, the
 * walks never overflow the call stack: reading recurses only READ_DEPTH levels, and anything
 * deeper is rewritten with an explicit stack.
 */
import { put, type PlainObject } from './objects';

const MASK = '[redacted]';

/**
 * How deep holdsSecret reads by recursion: past the 100 levels the trigger accepts, far from the
 * end of the call stack. Deeper data is taken to hold a secret, so the rewriting walk reads it.
 */
const READ_DEPTH = 200;

export class Redactor {
	/** Longest first, so a secret inside another is not left half-shown. */
	private readonly secrets: readonly string[];
	/** Most keys and strings are shorter than every secret, and need no search. */
	private readonly shortest: number;

	/** Each form a secret may take in text; empty ones are ignored. */
	constructor(...secrets: string[]) {
		this.secrets = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
		this.shortest = Math.min(...this.secrets.map((s) => s.length));
	}

	private found(text: string): boolean {
		if (text.length < this.shortest) return false;
		for (const secret of this.secrets) if (text.includes(secret)) return true;
		return false;
	}

	text(text: string): string {
		for (const secret of this.secrets) if (text.includes(secret)) text = text.split(secret).join(MASK);
		return text;
	}

	/** Bytes (a PDF, or JSON not yet parsed), compared as they are: the secrets are ASCII. */
	bytes(bytes: Buffer): Buffer {
		if (!this.secrets.some((secret) => bytes.includes(secret))) return bytes;
		return Buffer.from(this.text(bytes.toString('latin1')), 'latin1');
	}

	/**
	 * `value` with every secret replaced in each string, number and key, changed in place (the
	 * caller's own copy: an answer just parsed, an item just built); the same value when it holds none.
	 */
	value<T>(value: T): T {
		if (this.secrets.length === 0) return value;
		if (Buffer.isBuffer(value)) return this.bytes(value) as T;
		if (value instanceof ArrayBuffer) return this.bytes(Buffer.from(value)) as T;
		if (typeof value !== 'object' || value === null) return this.scalar(value) as T;
		if (!this.holdsSecret(value, 0)) return value;
		const seen = new Set<object>();
		const stack: object[] = [value];
		while (stack.length > 0) {
			const container = stack.pop()!;
			// An emitted event and a finding row may share a record; once is enough.
			if (seen.has(container)) continue;
			seen.add(container);
			const record = container as PlainObject;
			const keys = Object.keys(record);
			if (!Array.isArray(container) && keys.some((key) => this.found(key))) {
				// Rebuilt in the same order, so a renamed key keeps its place.
				const entries = keys.map((key) => [this.text(key), record[key]] as const);
				for (const key of keys) delete record[key];
				for (const [key, item] of entries) put(record, key, item);
			}
			for (const key of Object.keys(record)) {
				const item = record[key];
				if (typeof item === 'object' && item !== null) stack.push(item);
				else {
					const hidden = this.scalar(item);
					if (hidden !== item) put(record, key, hidden);
				}
			}
		}
		return value;
	}

	private scalar(value: unknown): unknown {
		if (typeof value === 'string') return this.text(value);
		if (typeof value !== 'number') return value;
		const text = String(value);
		return this.found(text) ? this.text(text) : value;
	}

	/**
	 * Whether a secret is in a key, string or number inside `value`, reading without copying: a
	 * record's keys with for...in (inherited ones too, which can only raise a false alarm), an
	 * array's elements by index. A record reached twice is read twice (items are trees).
	 */
	private holdsSecret(value: object, depth: number): boolean {
		if (depth >= READ_DEPTH) return true;
		if (Array.isArray(value)) {
			for (let i = 0; i < value.length; i++) if (this.holds(value[i], depth)) return true;
			return false;
		}
		const record = value as PlainObject;
		for (const key in record) if (this.found(key) || this.holds(record[key], depth)) return true;
		return false;
	}

	private holds(item: unknown, depth: number): boolean {
		if (typeof item === 'string') return this.found(item);
		if (typeof item === 'number') return this.found(String(item));
		return typeof item === 'object' && item !== null && this.holdsSecret(item, depth + 1);
	}
}
