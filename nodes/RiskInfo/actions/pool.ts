/**
 * The bounded pool the router runs its distinct requests in: at most `parallel` at a time, in
 * order of first appearance, stopping early (for the node to throw) when asked to.
 */

export type Outcome<T> = { value: T } | { error: unknown };

export async function runPool<T>(jobs: Array<() => Promise<T>>, parallel: number, stopOnError: boolean): Promise<Array<Outcome<T> | undefined>> {
	const outcomes: Array<Outcome<T> | undefined> = jobs.map(() => undefined);
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < jobs.length) {
			const index = next++;
			try {
				outcomes[index] = { value: await jobs[index]() };
			} catch (error) {
				outcomes[index] = { error };
				if (stopOnError) stopped = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
	return outcomes;
}
