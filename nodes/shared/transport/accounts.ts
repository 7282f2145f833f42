/**
 * What the transport holds in this n8n process rather than in one run: its clock, and one pace per
 * account.
 *
 * The clock is the transport's time: retries, pauses and the pace are decided and waited on it.
 * Tests put a controllable clock in its place (and forget the paces learnt on the old one), so
 * that the waits the transport chooses can be checked without waiting them and without a
 * wall-clock threshold.
 *
 * One pace per account: every execution, Monitor poll and RUT list that uses the same account
 * shares what the service's limit has taught, so three workflows screening at once keep to one
 * budget instead of fighting over it, and the next execution starts at the pace the last one found
 * instead of meeting the limit again. The paces are the one thing node code keeps in module memory
 * between executions, and on purpose: an optimisation only. They hold no secret (the key is the
 * credential's base URL and client identifier, never the token) and nothing a result depends on; a
 * fresh process, or another worker in queue mode, starts with no pace and learns as a first
 * execution always has. The map is bounded: the account used longest ago is forgotten first.
 */
import { sleep } from 'n8n-workflow';

import { Pace } from './pace';

export const clock = {
	now: (): number => Date.now(),
	sleep: async (ms: number): Promise<void> => await sleep(ms),
};

const MAX_ACCOUNTS = 64;

const paces = new Map<string, Pace>();

export function paceOf(baseUrl: string, clientIdentifier: string): Pace {
	const key = JSON.stringify([baseUrl, clientIdentifier]);
	const pace = paces.get(key) ?? new Pace(() => clock.now());
	// Re-inserted, so the map's order is the order of last use.
	paces.delete(key);
	paces.set(key, pace);
	if (paces.size > MAX_ACCOUNTS) paces.delete(paces.keys().next().value as string);
	return pace;
}

/**
 * @internal Tests only: a test that puts its own clock in place starts a new world, in which
 * paces learnt on another clock's time mean nothing.
 */
export function forgetPaces(): void {
	paces.clear();
}

/** @internal Tests only: the keys the paces are kept under, to show what they hold. */
export function pacedAccounts(): string[] {
	return [...paces.keys()];
}
