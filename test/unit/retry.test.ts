// The transport's retry rules (which answers are retried, the backoff, Retry-After in seconds or as
// a date) and the date helpers, as pure functions.
import { backoffMs, retryAfterMs, shouldRetry } from '../../nodes/shared/transport/retry';
import { convertDatesToIso, toIsoDate } from '../../nodes/shared/dates';

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

describe('dates', () => {
	test('service forms become ISO 8601; anything else is left alone', () => {
		expect(toIsoDate('05-03-2024')).toBe('2024-03-05');
		expect(toIsoDate('05-03-2024 14:07:09')).toBe('2024-03-05T14:07:09');
		expect(toIsoDate('03/2024')).toBe('2024-03');
		expect(toIsoDate('2024-03-05')).toBe('2024-03-05');
		expect(toIsoDate('12345678-5')).toBe('12345678-5');
		expect(toIsoDate('5-3-2024')).toBe('5-3-2024');
	});

	test('walks nested records without touching other values', () => {
		const input = { a: '01-02-2023', b: [{ c: '02/2023', n: 4 }], d: null, e: true };
		expect(convertDatesToIso(input)).toEqual({ a: '2023-02-01', b: [{ c: '2023-02', n: 4 }], d: null, e: true });
		expect(input.a).toBe('01-02-2023');
	});
});
