/** Retry rules of the one transport, kept apart so they can be tested without HTTP. */

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

const CONNECTION_ERRORS = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
	'UND_ERR_SOCKET',
]);

/** How a request is retried when nobody set Request Options: the action node's defaults, and the Monitor's and the RUT picker's. */
export const RETRY_DEFAULTS = { maxAttempts: 4, maxWaitSeconds: 60 };

/**
 * Whether another attempt is safe. A paid call (a load) is repeated only when the service
 * certainly did not run it: it refused the connection or rate-limited the request; after a
 * 500 or a reset connection the load may have happened and been charged.
 */
export function shouldRetry(status: number | string, paid: boolean): boolean {
	if (paid) return status === 429 || status === 'ECONNREFUSED';
	return typeof status === 'number' ? RETRYABLE_STATUS.has(status) : CONNECTION_ERRORS.has(status);
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now: number): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/** Exponential backoff with full jitter in its upper half, so parallel workers spread out. */
export function backoffMs(attempt: number, baseMs = 500, capMs = 20_000, random = Math.random): number {
	const ceiling = Math.min(capMs, baseMs * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
