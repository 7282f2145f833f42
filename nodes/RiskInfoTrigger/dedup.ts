/**
 * Remembers which events this workflow already emitted. It lives in workflow static data
 * (saved by n8n with the workflow), never in module state: in queue mode each delivery may
 * run on a different process. webhook() checks it; execute() records into it (carry.ts says why).
 *
 * The keys are packed into one string: n8n reads the workflow's static data from its database
 * for every delivery, wraps each array in it in a change-tracking proxy, and writes it back after
 * every run, so one string of 16-character keys costs far less than a list of texts.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { fingerprint, hashJson } from './fingerprint';
import type { NormalisedEvent } from './normalise';

/**
 * Enough for the retries of a burst of screenings; the oldest keys are forgotten first. n8n reads
 * all of it, carries it into the run and saves it again on every delivery, so it is kept small:
 * 16 kB. At 5,000 keys (80 kB) that took 3 ms of CPU per delivery in n8n 2.40.7, a fifth of a
 * small delivery's whole cost (bench/NOTES.md).
 */
export const DEDUP_WINDOW = 1000;
/** The packed keys, oldest first. */
const SLOT = 'deliveryKeys';
/** The list earlier versions stored: keys as 32 hex characters, and 0.1's "id|STATUS|digest". */
const LIST_SLOT = 'emittedDeliveries';
/** 96 bits of sha256: a collision among the remembered keys is out of reach. */
const KEY_BYTES = 12;
export const KEY_CHARS = 16;
const KEY_FORM = /^[A-Za-z0-9_-]{16}$/;
const PACKED_CHARS = /^[A-Za-z0-9_-]*$/;
/** A key as the versions before the packed form stored it: the first 128 bits of the same sha256, in hex. */
const HEX_KEY = /^[0-9a-f]{32}$/;
/** Longer than any entry a sane webhookId made in 0.1; such entries are dropped. */
const MAX_STORED_CHARS = 256;

export interface DeliveryKey {
	/** What is stored: a fixed-size digest, so a huge webhookId cannot grow the static data. */
	key: string;
	/** How the entries version 0.1 stored for this webhookId and status begin ("id|STATUS|"). */
	earlierPrefix: string;
	/** The whole entry 0.1 stored ("id|STATUS|digest"), worked out only when an entry begins with earlierPrefix. */
	earlier: () => string;
}

/** What is remembered: packed keys, and the entries 0.1 stored (older than any key), each oldest first. */
export interface Remembered {
	keys: string;
	earlier: string[];
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
	const digest = createHash('sha256').update(`${earlierPrefix}${content}`, 'utf8').digest();
	return { key: digest.subarray(0, KEY_BYTES).toString('base64url'), earlierPrefix, earlier };
}

/** The event's JSON without webhookId, digested as written (in pieces: hashJson says why). */
function plainDigest(event: Record<string, unknown>): string {
	const hash = createHash('sha256');
	hashJson(hash, event, ['webhookId']);
	return hash.digest('hex');
}

/** A stored key of either form as the packed form writes it; undefined for anything else. */
export function asKey(stored: unknown): string | undefined {
	if (typeof stored !== 'string') return undefined;
	if (KEY_FORM.test(stored)) return stored;
	return HEX_KEY.test(stored) ? Buffer.from(stored.slice(0, 2 * KEY_BYTES), 'hex').toString('base64url') : undefined;
}

/**
 * Reads what a version stored: `packed` as the packed form, `list` as the list form. Hex keys
 * are converted (they are older than any packed one); anything else of the list but a 0.1 entry
 * goes. Never more than the window, the oldest dropped first.
 */
export function readRemembered(packed: unknown, list: unknown): Remembered {
	let keys = typeof packed === 'string' && packed.length % KEY_CHARS === 0 && PACKED_CHARS.test(packed) ? packed : '';
	const earlier: string[] = [];
	if (Array.isArray(list)) {
		let converted = '';
		for (const stored of list) {
			const key = asKey(stored);
			if (key !== undefined) converted += key;
			else if (typeof stored === 'string' && stored.length <= MAX_STORED_CHARS && stored.includes('|')) earlier.push(stored);
		}
		keys = converted + keys;
	}
	return within({ keys, earlier });
}

function within(r: Remembered): Remembered {
	const count = r.keys.length / KEY_CHARS;
	if (count >= DEDUP_WINDOW) return { keys: r.keys.slice(-DEDUP_WINDOW * KEY_CHARS), earlier: [] };
	return { keys: r.keys, earlier: r.earlier.slice(Math.max(0, r.earlier.length - (DEDUP_WINDOW - count))) };
}

/** What the static data remembers. Read it once per phase: each read checks every character of the memory. */
export function remembered(staticData: IDataObject): Remembered {
	return readRemembered(staticData[SLOT], staticData[LIST_SLOT]);
}

/** Writes `r` (within the window) over what the static data remembers. */
export function store(staticData: IDataObject, r: Remembered): void {
	const { keys, earlier } = within(r);
	staticData[SLOT] = keys;
	if (earlier.length) staticData[LIST_SLOT] = earlier;
	else if (LIST_SLOT in staticData) delete staticData[LIST_SLOT];
}

/** Where `key` starts in `keys`, on a key's boundary; -1 when it is not there. */
function indexOfKey(keys: string, key: string): number {
	for (let at = keys.indexOf(key); at !== -1; at = keys.indexOf(key, at + 1)) if (at % KEY_CHARS === 0) return at;
	return -1;
}

export function alreadyEmitted(r: Remembered, k: DeliveryKey): boolean {
	if (indexOfKey(r.keys, k.key) !== -1) return true;
	let earlier: string | undefined;
	return r.earlier.some((stored) => stored.startsWith(k.earlierPrefix) && stored === (earlier ??= k.earlier()));
}

/** `r` with `key` as the newest (moved there when it is already remembered), within the window. */
export function withKey(r: Remembered, key: string): Remembered {
	const at = indexOfKey(r.keys, key);
	const rest = at === -1 ? r.keys : r.keys.slice(0, at) + r.keys.slice(at + KEY_CHARS);
	return within({ keys: rest + key, earlier: r.earlier });
}

/**
 * `current` with what `seen` remembers and it lacks added before what it holds, as older. When
 * `current` already fills the window, anything added before it would be forgotten at once, so
 * it is handed back as it is (the usual case in one process, where runs that ended meanwhile
 * make the two differ), without comparing every key.
 */
export function merged(current: Remembered, seen: Remembered): Remembered {
	if (seen.keys === current.keys && seen.earlier.length === 0) return current;
	if (current.keys.length >= DEDUP_WINDOW * KEY_CHARS) return current;
	const have = new Set<string>();
	for (let at = 0; at < current.keys.length; at += KEY_CHARS) have.add(current.keys.slice(at, at + KEY_CHARS));
	let missing = '';
	for (let at = 0; at < seen.keys.length; at += KEY_CHARS) {
		const key = seen.keys.slice(at, at + KEY_CHARS);
		if (!have.has(key)) {
			have.add(key);
			missing += key;
		}
	}
	const stored = new Set(current.earlier);
	const earlier = seen.earlier.filter((e) => !stored.has(e) && stored.add(e));
	return missing || earlier.length ? within({ keys: missing + current.keys, earlier: [...earlier, ...current.earlier] }) : current;
}
