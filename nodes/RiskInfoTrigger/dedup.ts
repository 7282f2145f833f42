import type { IDataObject } from 'n8n-workflow';

/**
 * Remembers which events this workflow already emitted. It lives in workflow static data
 * (saved by n8n with the workflow), never in module state: in queue mode each delivery may
 * run on a different process.
 */

/** Enough for thousands of screenings in flight; the oldest keys are forgotten first. */
export const DEDUP_WINDOW = 5000;
const SLOT = 'emittedDeliveries';

function keys(staticData: IDataObject): string[] {
	const stored = staticData[SLOT];
	return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
}

export function alreadyEmitted(staticData: IDataObject, key: string): boolean {
	return keys(staticData).includes(key);
}

export function remember(staticData: IDataObject, key: string): void {
	const next = keys(staticData).filter((k) => k !== key);
	next.push(key);
	staticData[SLOT] = next.slice(-DEDUP_WINDOW);
}
