import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { fingerprint } from './fingerprint';
import type { NormalisedEvent } from './normalise';

/**
 * Remembers which events this workflow already emitted. It lives in workflow static data
 * (saved by n8n with the workflow), never in module state: in queue mode each delivery may
 * run on a different process.
 *
 * webhook() checks the list, but what it writes there is lost: n8n 2.40.7 saves a webhook
 * trigger's static data only when the workflow had none yet (WorkflowRunner wraps the same
 * static-data object a second time while starting the execution, which clears the "changed" flag
 * before the webhook server looks at it). What an execution changes is saved when it ends, in a
 * single process as on a queue worker. So each emitted item carries its delivery's key to the
 * trigger's execute(), which takes it off the item and writes it into the execution's static data.
 */

/** Enough for thousands of screenings in flight; the oldest keys are forgotten first. */
export const DEDUP_WINDOW = 5000;
const SLOT = 'emittedDeliveries';
/** 128 bits of sha256 in hex: the same size whatever the delivery holds. */
const KEY_HEX_CHARS = 32;
const KEY_FORM = new RegExp(`^[0-9a-f]{${KEY_HEX_CHARS}}$`);
/**
 * Beside `json`, not in it: the user's data never holds it, even where execute() is skipped. A
 * plain string, so it survives the execution's trip through the database to a queue worker.
 */
export const CARRIED_KEY = 'riskInfoDeliveryKey';
/** Longer than any entry a sane webhookId made in earlier versions; such entries are dropped. */
const MAX_STORED_CHARS = 256;

export interface DeliveryKey {
	/** What is stored: a fixed-size digest, so a huge webhookId cannot grow the static data. */
	key: string;
	/** The form versions up to 0.1 stored ("id|STATUS|digest"), still recognised so an upgrade does not re-run a retry. */
	earlier: string;
}

/**
 * A retry repeats the same content under the same webhookId and status, but a monitoring
 * profile may be delivered again under that webhookId with other findings (spec §6.2 has
 * esPerfilNuevo; §6 is silent on re-deliveries), which must not be taken for a retry. So the
 * key also covers a digest of the normalised event: English or Spanish keys, key order and
 * duplicated aliases do not change it, any changed value does. The webhookId is left out of the
 * content digest because the key already holds it trimmed, as text. Keys stored before the
 * content digest was added ("id|STATUS") simply never match and age out of the window.
 */
export function deliveryKey(n: NormalisedEvent): DeliveryKey {
	const earlier = `${n.webhookId}|${n.status}|${fingerprint(n.event, ['webhookId'])}`;
	return { key: createHash('sha256').update(earlier, 'utf8').digest('hex').slice(0, KEY_HEX_CHARS), earlier };
}

function keys(staticData: IDataObject): string[] {
	const stored = staticData[SLOT];
	return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
}

export function alreadyEmitted(staticData: IDataObject, k: DeliveryKey): boolean {
	return keys(staticData).some((stored) => stored === k.key || stored === k.earlier);
}

export function remember(staticData: IDataObject, key: string): void {
	// Oversized entries stored by earlier versions (a huge webhookId kept as text) go now, not after 5,000 deliveries.
	const next = keys(staticData).filter((stored) => stored !== key && stored.length <= MAX_STORED_CHARS);
	next.push(key);
	staticData[SLOT] = next.slice(-DEDUP_WINDOW);
}

/** The items webhook() emits, each carrying the key execute() records. */
export function carryKey(items: INodeExecutionData[], k: DeliveryKey): INodeExecutionData[] {
	return items.map((item) => ({ ...item, [CARRIED_KEY]: k.key }));
}

/**
 * In execute(): remembers the keys the items carry and hands the items on without them. Only a
 * key of the form deliveryKey() makes is stored, so nothing else can grow the static data.
 */
export function recordCarriedKeys(staticData: IDataObject, items: INodeExecutionData[]): INodeExecutionData[] {
	const carried = new Set<string>();
	const out = items.map((item) => {
		if (!(CARRIED_KEY in item)) return item;
		const { [CARRIED_KEY]: key, ...rest } = item;
		if (typeof key === 'string' && KEY_FORM.test(key)) carried.add(key);
		return rest as INodeExecutionData;
	});
	for (const key of carried) remember(staticData, key);
	return out;
}
