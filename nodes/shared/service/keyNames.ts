/**
 * Answer Key Names, the credential's optional mapping from the spec's names to the service's: the
 * spec writes the bulletin's sources and the Bureau with neutral words (SourceA…C, Bureau), so the
 * real service's answers carry other keys there. A user who finds such a difference (Account →
 * Check Answers suggests the mapping) sets it in the credential the same day, and every reader of
 * the package reads the answer under the spec's names: the mapping is applied once, where an answer
 * enters the service's home (readAnswer, below), before any reader. It never changes what is sent.
 *
 *   { "boletinComercial.casosSourceA": "boletinComercial.casosAlfa", "incluyeBureau": "incluyeBuroExterno" }
 *
 * A key is the spec's dotted path inside an answer's `data`; its value the path where the service
 * puts it, as the service answers, or below a section the mapping already moves.
 */
import { KeyNamesError } from '../errors';
import { isPlainObject, type PlainObject } from '../objects';
import type { Transport } from '../transport';
import { requestFor, type Endpoint } from './endpoints';
import { MAX_PATH_PARTS, valueAt, type KeyTable } from './keys';

/** One entry, as paths split into their keys. */
interface Entry {
	spec: string[];
	service: string[];
}

export type KeyNames = readonly Entry[];

export const NO_KEY_NAMES: KeyNames = [];

/** A mapping far larger than any answer's keys is a paste gone wrong. */
const MAX_ENTRIES = 200;
const MAX_PATH_LENGTH = 200;
/** JSON's own keys that would reach an object's prototype if written as data. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** A dotted path's keys; undefined when it is not one (empty keys, spaces, a prototype's key, too long). */
function pathOf(text: string): string[] | undefined {
	if (text.length === 0 || text.length > MAX_PATH_LENGTH) return undefined;
	const parts = text.split('.');
	if (parts.length > MAX_PATH_PARTS) return undefined;
	return parts.every((p) => p.length > 0 && !/\s/.test(p) && !FORBIDDEN.has(p)) ? parts : undefined;
}

const NOT_JSON = Symbol('not JSON');

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return NOT_JSON;
	}
}

/** The credential's field as entries, sections before the keys inside them; throws KeyNamesError naming the entry. */
export function parseKeyNames(raw: unknown): KeyNames {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return NO_KEY_NAMES;
	const value = typeof raw === 'string' ? parsedJson(raw) : raw;
	if (value === NOT_JSON) throw new KeyNamesError('is not JSON. Write an object such as {"boletinComercial.casosSourceA": "boletinComercial.casosAlfa"}, or leave it empty.');
	if (!isPlainObject(value)) throw new KeyNamesError('must be a JSON object of "spec path": "service path" entries, or empty.');
	const entries = Object.entries(value);
	if (entries.length > MAX_ENTRIES) throw new KeyNamesError(`has ${entries.length} entries; at most ${MAX_ENTRIES} are read.`);
	const parsed = entries.map(([spec, service]) => {
		if (typeof service !== 'string') throw new KeyNamesError(`has the entry ${quoted(spec)} whose value is not text: give the service's path as text, e.g. "boletinComercial.casosAlfa".`);
		const specPath = pathOf(spec);
		const servicePath = pathOf(service);
		if (!specPath) throw new KeyNamesError(`has the entry ${quoted(spec)}, which is not a dotted path of keys (such as boletinComercial.casosSourceA).`);
		if (!servicePath) throw new KeyNamesError(`has the entry ${quoted(spec)} whose value ${quoted(service)} is not a dotted path of keys (such as boletinComercial.casosAlfa).`);
		return { spec: specPath, service: servicePath };
	});
	return parsed.sort((a, b) => a.spec.length - b.spec.length);
}

/** The mapping as the credential's field writes it, so Check Answers can add to what is there. */
export function mappingOf(names: KeyNames): Record<string, string> {
	return Object.fromEntries(names.map((e) => [e.spec.join('.'), e.service.join('.')]));
}

/** The mapping of the credential the transport uses, parsed once per run; throws KeyNamesError before anything is sent. */
export async function keyNamesOf(api: Transport): Promise<KeyNames> {
	return await api.memo('answerKeyNames', async () => parseKeyNames((await api.credential()).answerKeyNames));
}

/** A copy of `data` with `value` at `path` (created where absent), copying only the objects on the path. */
function withValue(data: PlainObject, path: string[], value: unknown): PlainObject {
	const [head, ...rest] = path;
	// No key of a path is one of the prototype's (pathOf), so plain assignment is safe.
	return { ...data, [head]: rest.length ? withValue(isPlainObject(data[head]) ? data[head] : {}, rest, value) : value };
}

/** A copy of `data` without the key at `path` (copying only the objects on the path). */
function without(data: PlainObject, path: string[]): PlainObject {
	const [head, ...rest] = path;
	if (!Object.prototype.hasOwnProperty.call(data, head)) return data;
	const copy = { ...data };
	if (!rest.length) delete copy[head];
	else if (isPlainObject(data[head])) copy[head] = without(data[head], rest);
	return copy;
}

/** `path` as it stands once the entries applied so far moved its section: below their spec path. */
function relocated(path: string[], moved: Entry[]): string[] {
	const by = moved.find((m) => m.service.length < path.length && m.service.every((part, i) => path[i] === part));
	return by ? [...by.spec, ...path.slice(by.service.length)] : path;
}

/**
 * The answer under the spec's names: each entry's value moved from where the service puts it to
 * where the spec does, sections first. The answer itself is never changed (other readers and the
 * node's raw output share it); without entries it is returned as it is, at no cost.
 * @internal Applied by readAnswer alone.
 */
export function withSpecNames(data: unknown, names: KeyNames): unknown {
	if (!names.length || !isPlainObject(data)) return data;
	let out: PlainObject = data;
	const moved: Entry[] = [];
	for (const entry of names) {
		const from = relocated(entry.service, moved);
		const value = valueAt(out, from.join('.'));
		if (value === undefined) continue;
		out = withValue(without(out, from), entry.spec, value);
		moved.push({ spec: entry.spec, service: entry.service });
	}
	return out;
}

/**
 * One of the service's reads: its endpoint, the table of the keys its reader reads, and the reader,
 * which is handed the answer's data under the spec's names. Its file holds all three; Check Answers
 * lists them all (actions/checkAnswers.ts), the Monitor's evidence the ones it reads.
 */
export interface Read<T = unknown> {
	/** What Check Answers' item calls it. */
	name: string;
	endpoint: Endpoint;
	keys: KeyTable;
	read: (data: unknown, rut?: string) => T;
	/** A summary: Check Answers sets its reader's own account of what it looked for and lacked against the table. */
	summary?: true;
}

/**
 * Where an answer enters the service's home: the one place the user's Answer Key Names are applied,
 * for every read, before its reader sees the answer.
 */
export function readAnswer<T>(read: Read<T>, answer: unknown, names: KeyNames, rut?: string): T {
	return read.read(withSpecNames(answer, names), rut);
}

/** A free read, read by its reader. The mapping is read first, so one that cannot be used fails before anything is sent. */
export async function readFree<T>(api: Transport, read: Read<T>, rut?: string): Promise<T> {
	const names = await keyNamesOf(api);
	return readAnswer(read, (await api.request(requestFor(read.endpoint, rut))).data, names, rut);
}
