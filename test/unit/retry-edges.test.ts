// Edges of the retry rules (issue 21 point 6: mutants of transport/retry.ts that survived): which
// connection failures a read retries, checked with the module loaded INSIDE the test because the
// set of codes is made when the module loads (test/MUTANTS.md), and Retry-After values a proxy may
// send that are neither whole seconds nor dates, which must fall back to the backoff (undefined)
// rather than become a wait of NaN or of the wrong length.
type Retry = typeof import('../../nodes/shared/transport/retry');

function loadRetry(): Retry {
	let loaded: Retry | undefined;
	jest.isolateModules(() => {
		loaded = require('../../nodes/shared/transport/retry') as Retry;
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
