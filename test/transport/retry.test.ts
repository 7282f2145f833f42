// The transport's retry rules (which answers are retried, the backoff, Retry-After in seconds or as
// a date), as pure functions; which connection failures a read retries, and Retry-After values a
// proxy may send that are neither whole seconds nor dates (they fall back to the backoff).
import { backoffMs, retryAfterMs, shouldRetry } from '../../nodes/shared/transport/answer';

describe('retry rules', () => {
	test('reads retry on busy or failing answers and connection errors, not on client errors', () => {
		for (const s of [408, 429, 500, 502, 503, 504, 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) {
			expect(shouldRetry(s, false)).toBe(true);
		}
		for (const s of [400, 401, 403, 404, 413, 501, 'ENOTFOUND', 'CERT_HAS_EXPIRED']) expect(shouldRetry(s, false)).toBe(false);
	});

	test('paid calls retry only when the service certainly did not run them', () => {
		expect(shouldRetry(429, true)).toBe(true);
		expect(shouldRetry('ECONNREFUSED', true)).toBe(true);
		for (const s of [408, 500, 502, 503, 504, 'ECONNRESET', 'ETIMEDOUT']) expect(shouldRetry(s, true)).toBe(false);
	});

	test('Retry-After in seconds and as an HTTP date', () => {
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(retryAfterMs('3', now)).toBe(3000);
		expect(retryAfterMs(['2'], now)).toBe(2000);
		expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
		expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
		expect(retryAfterMs('soon', now)).toBeUndefined();
		expect(retryAfterMs(undefined, now)).toBeUndefined();
	});

	test('backoff grows exponentially, stays within its cap and is jittered', () => {
		expect(backoffMs(1, 500, 20_000, () => 0)).toBe(250);
		expect(backoffMs(1, 500, 20_000, () => 1)).toBe(500);
		expect(backoffMs(3, 500, 20_000, () => 1)).toBe(2000);
		expect(backoffMs(20, 500, 20_000, () => 1)).toBe(20_000);
		const spread = new Set(Array.from({ length: 50 }, () => backoffMs(4)));
		expect(spread.size).toBeGreaterThan(5);
	});
});

type Retry = typeof import('../../nodes/shared/transport/answer');

function loadRetry(): Retry {
	let loaded: Retry | undefined;
	jest.isolateModules(() => {
		loaded = require('../../nodes/shared/transport/answer') as Retry;
	});
	return loaded as Retry;
}

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('connection failures', () => {
	// Failures on the way to the service or of the connection itself, which a moment later may not recur.
	test.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_SOCKET'])(
		'a read that failed with %s is retried',
		(code) => {
			expect(loadRetry().shouldRetry(code, false)).toBe(true);
		},
	);

	test('a wrong address (ENOTFOUND) or a bad certificate is not: it fails the same way every time', () => {
		const { shouldRetry } = loadRetry();
		expect(shouldRetry('ENOTFOUND', false)).toBe(false);
		expect(shouldRetry('CERT_HAS_EXPIRED', false)).toBe(false);
	});
});

describe('Retry-After', () => {
	test('seconds with a fraction are honoured to the millisecond', () => {
		expect(loadRetry().retryAfterMs('1.25', NOW)).toBe(1250);
	});

	test.each(['5s', 'PT5', '0x5', '3.x'])('%p is neither seconds nor a date: no wait is read from it', (value) => {
		expect(loadRetry().retryAfterMs(value, NOW)).toBeUndefined();
	});
});
