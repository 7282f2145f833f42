/**
 * The transport's time: retries, pauses and the pace are decided and waited on it. Tests put a
 * controllable clock in its place, so that the waits the transport chooses can be checked
 * without waiting them and without a wall-clock threshold.
 */
import { sleep } from 'n8n-workflow';

export const clock = {
	now: (): number => Date.now(),
	sleep: async (ms: number): Promise<void> => await sleep(ms),
};
