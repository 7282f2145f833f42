/**
 * The account's List Profiles (GET /profiles, free), walked once here for every node that reads
 * it: the Monitor (which RUTs are monitored), the action node's RUT picker (which are loaded) and
 * the screening's dry run (which compliance profiles are active). The spec does not show its
 * answer, so it is read defensively: the list itself, or an object holding lists (RUTs beside
 * compliance profiles, which have no RUT), each entry naming its RUT and its monitoring flag
 * under one of a few keys.
 */
import { isPlainObject, type PlainObject } from '../objects';
import { normaliseRut } from '../rut';
import type { Transport } from '../transport';
import { V2 } from './endpoints';
import { readFree, type Read } from './keyNames';
import { key, type KeyTable } from './keys';
import { listsIn } from './values';

const ENTRY = {
	rut: key('rut', 'any', 'rut', 'RUT', 'rutConsultado'),
	monitored: key('monitored', 'any', 'isMonitoring', 'monitoring', 'monitoreo', 'esMonitoreo', 'enMonitoreo'),
};

/**
 * What List Profiles' reader reads of each entry, in any list the answer holds.
 * @internal
 */
export const PROFILE_KEYS: KeyTable = { lists: [], keys: Object.values(ENTRY) };

/** An entry naming a RUT. */
interface ProfileRut {
	/** In the spec form; undefined when the service's own entry is malformed (nothing a user could pick or fix). */
	rut?: string;
	/** Its monitoring flag; undefined when the entry has none. */
	monitored?: boolean;
}

export interface ProfileList {
	/** The service's answer as it came, for a message that says what it looked like. */
	data: unknown;
	/** How many entries its lists hold; undefined when it holds no list at all. */
	entries?: number;
	/** The entries that name a RUT, in the service's order. */
	ruts: ProfileRut[];
	/** The compliance profiles: the answer's `compliance` list, or the answer itself when it is a list. */
	compliance: PlainObject[];
}

export async function listProfiles(api: Transport): Promise<ProfileList> {
	return await readFree(api, PROFILES);
}

/**
 * List Profiles' answer, read once for every use of it.
 * @internal
 */
export function readProfiles(data: unknown): ProfileList {
	const lists = listsIn(data);
	const entries = lists.flat().filter(isPlainObject);
	const ruts: ProfileRut[] = [];
	for (const entry of entries) {
		const named = ENTRY.rut.from.map((k) => entry[k]).find((v) => typeof v === 'string' || typeof v === 'number');
		if (named === undefined) continue;
		const flag = ENTRY.monitored.from.map((k) => entry[k]).find((v) => v !== undefined);
		ruts.push({ rut: spec(named), monitored: flag === undefined ? undefined : isFlagged(flag) });
	}
	const compliance = (Array.isArray(data) ? data : listsIn(data, ['compliance'])[0] ?? []).filter(isPlainObject);
	return { data, entries: lists.length ? entries.length : undefined, ruts, compliance };
}

/** List Profiles (GET /profiles, free), read once for every use of it. */
export const PROFILES: Read<ProfileList> = { name: 'List Profiles', endpoint: V2.profiles, keys: PROFILE_KEYS, read: readProfiles };

function spec(rut: unknown): string | undefined {
	try {
		return normaliseRut(rut);
	} catch {
		return undefined;
	}
}

function isFlagged(value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'number') return value === 1;
	return typeof value === 'string' && /^(true|1|si|sí|yes)$/i.test(value.trim());
}
