/**
 * The bounded pool both nodes run their requests in: at most `parallel` at a time, started in the
 * order given. The action node stops starting jobs after a failure (for the node to throw); the
 * Monitor stops after a failure about the account (a 401 or 403) and at its poll's deadline,
 * leaving the rest for the next poll. A job never started
 * has no result; those started are always a prefix of the jobs.
 */

export type Settled<T> = { value: T } | { error: unknown };

export interface PoolStops {
	/** Start nothing more once a job has failed (with an error this tells, when it is a test). */
	stopOnError?: boolean | ((error: unknown) => boolean);
	/** Start nothing at or after this time (ms since the epoch, as Date.now()). */
	startBefore?: number;
}

export async function runPool<T>(jobs: Array<() => Promise<T>>, parallel: number, stops: PoolStops = {}): Promise<Array<Settled<T> | undefined>> {
	const { stopOnError = false, startBefore = Infinity } = stops;
	const results: Array<Settled<T> | undefined> = jobs.map(() => undefined);
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < jobs.length && Date.now() < startBefore) {
			const index = next++;
			try {
				results[index] = { value: await jobs[index]() };
			} catch (error) {
				results[index] = { error };
				if (stopOnError === true || (typeof stopOnError === 'function' && stopOnError(error))) stopped = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
	return results;
}
