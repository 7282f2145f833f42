/**
 * The account's rate limit: requests per second over all API paths, in fixed one-second windows of
 * the sandbox clock. The spec shows only the 429 with Retry-After; with `headers` on, every API
 * answer also says what the window has left, as many services do (the IETF draft's
 * `RateLimit-Policy` and `RateLimit`, and the older `X-RateLimit-Limit` / `-Remaining` / `-Reset`),
 * so a client's use of them can be tested.
 */
import type { SandboxOptions } from './types';

export class RateLimit {
	private window = -1;
	private count = 0;

	/** The request counted: the seconds to wait when it is over the limit (else undefined), and the headers to send. */
	check(limit: SandboxOptions['rateLimit'], now: number): { refusedFor?: number; headers?: Record<string, string> } {
		if (!limit) return {};
		const window = Math.floor(now / 1000);
		if (window !== this.window) {
			this.window = window;
			this.count = 0;
		}
		this.count++;
		const toNext = Math.max(1, Math.ceil(((window + 1) * 1000 - now) / 1000));
		const headers = limit.headers ? announce(limit.perSecond, Math.max(0, limit.perSecond - this.count), toNext) : undefined;
		if (this.count <= limit.perSecond) return { headers };
		return { refusedFor: limit.retryAfterSeconds ?? toNext, headers };
	}
}

function announce(perSecond: number, remaining: number, resetSeconds: number): Record<string, string> {
	return {
		'RateLimit-Policy': `"default";q=${perSecond};w=1`,
		RateLimit: `"default";r=${remaining};t=${resetSeconds}`,
		'X-RateLimit-Limit': String(perSecond),
		'X-RateLimit-Remaining': String(remaining),
		'X-RateLimit-Reset': String(resetSeconds),
	};
}
