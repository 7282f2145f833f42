/**
 * Remembers which events this workflow already emitted. It lives in workflow static data
 * (saved by n8n with the workflow), never in module state: in queue mode each delivery may
 * run on a different process. webhook() checks it; execute() records into it (carry.ts says why).
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from './fingerprint';
import type { NormalisedEvent } from './normalise';

/** Enough for thousands of screenings in flight; the oldest keys are forgotten first. */
export const DEDUP_WINDOW = 5000;
const SLOT = 'emittedDeliveries';
/** 128 bits of sha256 in hex: the same size whatever the delivery holds. */
const KEY_HEX_CHARS = 32;
export const KEY_FORM = new RegExp(`^[0-9a-f]{${KEY_HEX_CHARS}}$`);
/** Longer than any entry a sane webhookId made in earlier versions; such entries are dropped. */
const MAX_STORED_CHARS = 256;

export interface DeliveryKey {
	/** What is stored: a fixed-size digest, so a huge webhookId cannot grow the static data. */
	key: string;
	/** How the entries version 0.1 stored for this webhookId and status begin ("id|STATUS|"). */
	earlierPrefix: string;
	/** The whole entry 0.1 stored ("id|STATUS|digest"), worked out only when an entry begins with earlierPrefix. */
	earlier: () => string;
}

/**
 * A retry repeats the same content under the same webhookId and status, but a monitoring
 * profile may be delivered again under that webhookId with other findings (spec §6.2 has
 * esPerfilNuevo; §6 is silent on re-deliveries), which must not be taken for a retry. So the
 * key also covers a digest of the normalised event: English or Spanish keys, key order and
 * duplicated aliases do not change it, any changed value does. The webhookId is left out of the
 * content digest because the key already holds it trimmed, as text.
 *
 * The content digest: where the field tables laid out every record (n.ordered, the usual
 * delivery), JSON.stringify of the event already writes the same text whatever order the
 * delivery's keys came in, and is digested as it is; otherwise the key-sorted text
 * (fingerprint.ts), several times the cost on a large event. Whether an event is ordered depends
 * on its content only, so one content always takes the same way. The key-sorted digest of every
 * event is what version 0.1 stored; it is worked out only to compare with such an entry.
 */
export function deliveryKey(n: NormalisedEvent): DeliveryKey {
	const earlierPrefix = `${n.webhookId}|${n.status}|`;
	const sortedDigest = () => fingerprint(n.event, ['webhookId']);
	const earlier = () => `${earlierPrefix}${sortedDigest()}`;
	const content = n.ordered ? plainDigest(n.event) : sortedDigest();
	return { key: createHash('sha256').update(`${earlierPrefix}${content}`, 'utf8').digest('hex').slice(0, KEY_HEX_CHARS), earlierPrefix, earlier };
}

/** The event's JSON without webhookId, digested as written; hashing its bytes is faster than hashing the text. */
function plainDigest(event: Record<string, unknown>): string {
	const { webhookId: _id, ...content } = event;
	return createHash('sha256').update(Buffer.from(JSON.stringify(content), 'utf8')).digest('hex');
}

/** What is remembered, oldest first; entries of any form a version stored, but none oversized. */
export function remembered(staticData: IDataObject): string[] {
	const stored = staticData[SLOT];
	return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string' && k.length <= MAX_STORED_CHARS) : [];
}

export function alreadyEmitted(staticData: IDataObject, k: DeliveryKey): boolean {
	let earlier: string | undefined;
	return remembered(staticData).some((stored) => stored === k.key || (stored.startsWith(k.earlierPrefix) && stored === (earlier ??= k.earlier())));
}

export function remember(staticData: IDataObject, key: string): void {
	// Oversized entries stored by earlier versions (a huge webhookId kept as text) go now, not after 5,000 deliveries.
	const next = remembered(staticData).filter((stored) => stored !== key);
	next.push(key);
	staticData[SLOT] = next.slice(-DEDUP_WINDOW);
}

/** Adds `earlier` entries missing from the list before the ones it holds, as older ones. */
export function restore(staticData: IDataObject, earlier: string[]): void {
	const current = remembered(staticData);
	const have = new Set(current);
	const missing = earlier.filter((k) => k.length <= MAX_STORED_CHARS && !have.has(k) && have.add(k));
	if (missing.length) staticData[SLOT] = [...missing, ...current].slice(-DEDUP_WINDOW);
}
