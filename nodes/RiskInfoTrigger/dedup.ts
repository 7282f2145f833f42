import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from './fingerprint';
import type { NormalisedEvent } from './normalise';

/**
 * Remembers which events this workflow already emitted. It lives in workflow static data
 * (saved by n8n with the workflow), never in module state: in queue mode each delivery may
 * run on a different process.
 */

/** Enough for thousands of screenings in flight; the oldest keys are forgotten first. */
export const DEDUP_WINDOW = 5000;
const SLOT = 'emittedDeliveries';

/**
 * A retry repeats the same content under the same webhookId and status, but a monitoring
 * profile may be delivered again under that webhookId with other findings (spec §6.2 has
 * esPerfilNuevo; §6 is silent on re-deliveries), which must not be taken for a retry. So the
 * key also carries a digest of the normalised event: English or Spanish keys, key order and
 * duplicated aliases do not change it, any changed value does. The webhookId is left out of the
 * digest because the key already holds it trimmed, as text. Keys stored before the digest was
 * added ("id|STATUS") simply never match again and age out of the window.
 */
export function deliveryKey(n: NormalisedEvent): string {
	return `${n.webhookId}|${n.status}|${fingerprint(n.event, ['webhookId'])}`;
}

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
