/**
 * The paid calls of one run, held against Maximum Paid Loads per Run. The count lives in n8n's
 * own execution context of the node, so it covers every time the node runs in one execution
 * (a Loop Over Items feeding it in batches, Retry On Fail) and nothing survives the execution.
 */
import type { IContextObject } from 'n8n-workflow';

import { PaidCapReached } from '../errors';

const COUNT = 'riskInfoPaidCalls';

export class PaidCalls {
	constructor(
		private readonly store: IContextObject,
		/** undefined: no cap. */
		private readonly cap: number | undefined,
	) {}

	get count(): number {
		const value = this.store[COUNT] as unknown;
		return typeof value === 'number' ? value : 0;
	}

	/**
	 * Takes the place of one paid call before it is sent, or throws when the run has none left.
	 * Synchronous, so two requests in parallel can never both take the last place.
	 */
	reserve(): void {
		const count = this.count;
		if (this.cap !== undefined && count >= this.cap) throw new PaidCapReached(this.cap);
		this.store[COUNT] = count + 1;
	}

	/** Gives the place back: the service certainly did not run the call. */
	release(): void {
		this.store[COUNT] = Math.max(0, this.count - 1);
	}
}

/**
 * Whether a paid call that failed with this status certainly did not run, so it cost nothing:
 * the connection was refused, the service rate-limited it (429), or it refused it outright with
 * a 4xx answer (invalid, unauthorised, no permission, no such path, profile already active, too
 * large). A timeout (408), a 5xx or a broken connection may have run and been charged.
 */
export function certainlyNotRun(status: number | string): boolean {
	if (typeof status === 'string') return status === 'ECONNREFUSED';
	return status >= 400 && status < 500 && status !== 408;
}
