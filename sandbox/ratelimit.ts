/** The account's rate limit: requests per second over all API paths, in fixed one-second windows of the sandbox clock. */
import type { SandboxOptions } from './types';

export class RateLimit {
	private window = -1;
	private count = 0;

	/** Seconds the client should wait when this request is over the limit, else undefined. */
	check(limit: SandboxOptions['rateLimit'], now: number): number | undefined {
		if (!limit) return undefined;
		const window = Math.floor(now / 1000);
		if (window !== this.window) {
			this.window = window;
			this.count = 0;
		}
		this.count++;
		if (this.count <= limit.perSecond) return undefined;
		return limit.retryAfterSeconds ?? Math.max(1, Math.ceil(((window + 1) * 1000 - now) / 1000));
	}
}
