/**
 * One pace per account in this n8n process: every execution, Monitor poll and RUT list that uses
 * the same account shares what the service's limit has taught, so three workflows screening at
 * once keep to one budget instead of fighting over it, and the next execution starts at the pace the
 * last one found instead of meeting the limit again.
 *
 * The one thing node code keeps in module memory between executions, and on purpose: an
 * optimisation only. It holds no secret (the key is the credential's base URL and client
 * identifier, never the token) and nothing a result depends on; a fresh process, or another
 * worker in queue mode, starts with no pace and learns as a first execution always has. The map
 * is bounded: the account used longest ago is forgotten first.
 */
import { clock } from './clock';
import { Pace } from './pace';

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
