/**
 * The account's List Profiles (GET /profiles, free), read by the Monitor (which RUTs it watches)
 * and by the action node's RUT picker. The spec does not show its answer, so it is read
 * defensively: the list itself, or an object holding lists (RUTs beside compliance profiles,
 * which have no RUT), each entry naming its RUT under one of a few keys.
 */
import { isPlainObject, type PlainObject } from './objects';
import type { Transport } from './transport';

const RUT_KEYS = ['rut', 'RUT', 'rutConsultado'];

interface Profiles {
	/** The service's answer as it came, for a message that says what it looked like. */
	data: unknown;
	/** The entries of every list in the answer; undefined when it holds no list at all. */
	entries?: PlainObject[];
}

export async function listProfiles(api: Transport): Promise<Profiles> {
	const { data } = await api.request({ method: 'GET', root: 'v2', path: '/profiles' });
	const lists = Array.isArray(data) ? [data] : isPlainObject(data) ? Object.values(data).filter(Array.isArray) : [];
	return lists.length ? { data, entries: lists.flat().filter(isPlainObject) } : { data };
}

/** The RUT an entry names, as the service wrote it (to be checked with normaliseRut); undefined for a compliance profile. */
export function rutOf(entry: PlainObject): unknown {
	return RUT_KEYS.map((k) => entry[k]).find((v) => typeof v === 'string' || typeof v === 'number');
}
