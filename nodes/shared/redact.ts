/**
 * Takes a secret (the credential's access token) out of whatever the service sends back, before
 * any of it can reach an output item, an error message or description, or n8n's log. A
 * misconfigured proxy or a service that reflects headers may echo the token in an error body, a
 * redirect's Location or even in data; none of that may leave the node.
 *
 * Answers are checked without copying: the common case (no token anywhere) costs one pass over
 * the strings of the answer. Values are walked with an explicit stack, so hostile nesting cannot
 * overflow the call stack.
 */

export const REDACTED = '[redacted]';

/**
 * Shorter "tokens" (a placeholder such as `t` in a test credential) are left alone: taking them out
 * would cut up ordinary words and header names, and no issued token is that short.
 */
export const MIN_SECRET_LENGTH = 8;

export class Redactor {
	/** The secret as written, and as it appears URL-encoded (a Location's query, for instance). */
	private readonly forms: string[];

	constructor(secret: string) {
		this.forms = secret.length >= MIN_SECRET_LENGTH ? [...new Set([secret, encodeURIComponent(secret)])] : [];
	}

	private has(text: string): boolean {
		return this.forms.some((form) => text.includes(form));
	}

	text(text: string): string {
		for (const form of this.forms) if (text.includes(form)) text = text.split(form).join(REDACTED);
		return text;
	}

	/** Bytes (a PDF, or JSON not yet parsed), compared as they are: the secret is ASCII. */
	bytes(bytes: Buffer): Buffer {
		if (!this.forms.some((form) => bytes.includes(form))) return bytes;
		return Buffer.from(this.text(bytes.toString('latin1')), 'latin1');
	}

	/**
	 * A parsed answer (JSON values, header maps): the same value when it holds no secret, else
	 * the value with the secret replaced in every string and key, changed in place (answers are
	 * the transport's own, freshly parsed).
	 */
	value<T>(value: T): T {
		if (!this.forms.length) return value;
		if (typeof value === 'string') return this.text(value) as T;
		if (Buffer.isBuffer(value)) return this.bytes(value) as T;
		if (value instanceof ArrayBuffer) return this.bytes(Buffer.from(value)) as T;
		if (!this.contains(value)) return value;
		const stack: Array<Record<string, unknown> | unknown[]> = [value as Record<string, unknown>];
		while (stack.length) {
			const container = stack.pop()!;
			for (const key of Object.keys(container)) {
				const item = (container as Record<string, unknown>)[key];
				const clean = typeof item === 'string' ? this.text(item) : item;
				if (clean !== null && typeof clean === 'object') stack.push(clean as Record<string, unknown>);
				const cleanKey = Array.isArray(container) ? key : this.text(key);
				if (cleanKey !== key) delete (container as Record<string, unknown>)[key];
				if (cleanKey !== key || clean !== item) {
					Object.defineProperty(container, cleanKey, { value: clean, enumerable: true, writable: true, configurable: true });
				}
			}
		}
		return value;
	}

	private contains(value: unknown): boolean {
		if (value === null || typeof value !== 'object') return false;
		const stack: unknown[] = [value];
		while (stack.length) {
			const item = stack.pop();
			if (typeof item === 'string') {
				if (this.has(item)) return true;
			} else if (Array.isArray(item)) {
				for (let i = 0; i < item.length; i++) stack.push(item[i]);
			} else if (item !== null && typeof item === 'object') {
				for (const key of Object.keys(item)) {
					if (this.has(key)) return true;
					stack.push((item as Record<string, unknown>)[key]);
				}
			}
		}
		return false;
	}
}
