/**
 * Check Answers: a free answer set against the rows its reader reads (keys.ts), so a difference
 * between the spec and the real service shows on the first day instead of reading as empty
 * fields, with what might match each missing key and the Answer Key Names that would map it.
 * The summaries are read by their own readers (their Reading says what was looked for and
 * lacked); the other reads are set against their readers' tables, on their first record. Keys
 * with the spec's neutral words (the bulletin's sources, the Bureau flag) are matched by their
 * stem and the answer's shape (slots.ts), so the usual first-day difference is decided whole.
 */
import { isPlainObject, type PlainObject } from '../objects';
import { mappingOf, parseKeyNames, readAnswer, type KeyNames, type Read } from './keyNames';
import { fitsType, hasKey, knownOf, recordsOf, sharedWords, valueAt, type Key, type KeyTable } from './keys';
import { matchSlots, sectionsCarrying, slotOf, type Roles, type Slotted } from './slots';
import type { SummaryRead } from './summaryV2';

export type CheckStatus = 'ok' | 'differs' | 'failed';

export interface AnswerCheck {
	verdict: string;
	status: CheckStatus;
	/** The reader's fields that read as null because of the difference: not to base decisions on. */
	doNotUse: string[];
	/** The mapping for each difference the answer decides (one key fits, or the shape matches a source's word): ready for Answer Key Names. */
	suggestedKeyNames: Record<string, string>;
	/** For each missing key, the keys of the answer that might be it, best first. */
	candidates: Record<string, string[]>;
	expectedMissing: string[];
	unknownFields: string[];
	expectedFound: string[];
}

/** What a summary's check decided beyond its item: how it chose (said in the first item) and the sources' words, for the reads after it. */
export interface Decided {
	how: string[];
	roles?: Map<string, string>;
}

/** Keys named in an item or a verdict: enough to see a rename, never a whole hostile answer. */
const MAX_KEYS = 20;
const MAX_KEY_LENGTH = 60;
const cut = (key: string) => (key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH - 1)}…` : key);
const few = (keys: string[]) => keys.slice(0, MAX_KEYS).map(cut);
const listed = (keys: string[]) => (keys.length > 6 ? `${keys.slice(0, 6).join(', ')} and ${keys.length - 6} more` : keys.join(', '));

const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.')));
const lastOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);
const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/** The places an answer's keys are set against what is known: its top and every section a known key sits in. */
function levelsOf(known: Set<string>): string[] {
	const levels = new Set(['']);
	for (const path of known) for (let p = parentOf(path); p; p = parentOf(p)) levels.add(p);
	return [...levels];
}

/** The keys the record holds, at the levels the table reads, that the table does not know. */
function unknownIn(record: unknown, known: Set<string>): string[] {
	return levelsOf(known).flatMap((level) => {
		const here = level ? valueAt(record, level) : record;
		return isPlainObject(here) ? Object.keys(here).map((k) => join(level, k)).filter((path) => !known.has(path)) : [];
	});
}

interface Found {
	candidates: string[];
	/** The one candidate that fits best, when exactly one does. */
	fit?: string;
}

/** The unknown keys of `level` whose value has the key's type, best first; one fits when it alone shares the most words. */
function candidatesFor(record: unknown, expected: string, type: Key['type'], unknown: string[]): Found {
	const level = parentOf(expected);
	const scored = unknown
		.filter((path) => parentOf(path) === level && fitsType(valueAt(record, path), type))
		.map((path) => ({ path, score: sharedWords(lastOf(expected), lastOf(path)) }))
		.sort((a, b) => b.score - a.score);
	const [best, next] = scored;
	return { candidates: scored.map((s) => s.path), fit: best && best.score > 0 && (!next || next.score < best.score) ? best.path : undefined };
}

/** A missing section: the unknown sections beside it carrying most of its keys (sectionsCarrying). */
function sectionCandidates(record: unknown, section: string, known: Set<string>, unknown: string[]): Found {
	const scored = sectionsCarrying(record, section, known, unknown);
	const [best, next] = scored;
	return { candidates: scored.map((s) => s.path), fit: best && (!next || next.score < best.score) ? best.path : undefined };
}

/** The first part of `path` the record lacks: the path itself, or the section it would sit in. */
function firstAbsent(record: unknown, path: string): string {
	const parts = path.split('.');
	for (let i = 1; i < parts.length; i++) {
		const prefix = parts.slice(0, i).join('.');
		if (valueAt(record, prefix) === undefined) return prefix;
	}
	return path;
}

/**
 * What might be each missing key: for a key with a neutral word (SourceA…C, Bureau), the keys of
 * its stem (slots.ts); for another key inside a section the answer has, the unknown keys beside it
 * of its type; for a missing section, the unknown sections holding most of its keys.
 */
function matchesFor(record: unknown, missing: string[], table: KeyTable, unknown: string[], earlier?: Roles) {
	const known = knownOf(table);
	const candidates: Record<string, string[]> = {};
	const suggested: Record<string, string> = {};
	const slotted: Slotted[] = [];
	for (const path of missing) {
		const absent = firstAbsent(record, path);
		if (absent in candidates) continue;
		const row = table.keys.find((k) => k.from.includes(path));
		const slot = row && absent === path ? slotOf(path, row.type) : undefined;
		if (slot) {
			slotted.push(slot);
			candidates[absent] = [];
			continue;
		}
		const found = absent !== path ? sectionCandidates(record, absent, known, unknown) : row ? candidatesFor(record, path, row.type, unknown) : { candidates: [] };
		candidates[absent] = few(found.candidates);
		if (found.fit) suggested[absent] = found.fit;
	}
	const flag = table.keys.find((k) => k.type === 'boolean' && slotOf(k.from[0], k.type)?.word === 'Bureau')?.from[0];
	const slots = matchSlots(record, slotted, unknown, flag, earlier);
	for (const [path, found] of Object.entries(slots.candidates)) candidates[path] = few(found);
	return { candidates, suggested: { ...suggested, ...slots.suggested }, how: slots.how, roles: slots.roles };
}

const ADVICE = "Copy the first item's suggestedKeyNames (every read's part together) into the Risk Info API credential's Answer Key Names, save, then run Check answers again";
const NO_MATCH = "no key of the answer fits: tell the package's maintainers (https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues)";

/** The check's verdict and status, from what it found. */
function judged(missing: string[], doNotUse: string[], unknown: string[], matches: Pick<ReturnType<typeof matchesFor>, 'candidates' | 'suggested'>, harmlessExtras: boolean, read: number, inFirst: string): Omit<AnswerCheck, 'expectedFound'> {
	const { candidates, suggested } = matches;
	const base = { doNotUse: few(doNotUse), suggestedKeyNames: suggested, candidates, expectedMissing: few(missing), unknownFields: few(unknown) };
	if (!missing.length && (harmlessExtras || !unknown.length)) {
		const extras = unknown.length ? ` It also has ${listed(few(unknown))}, which the package does not read: harmless.` : '';
		return { ...base, status: 'ok', verdict: `OK: the answer has the ${read} fields the package reads${inFirst}.${extras}` };
	}
	if (!missing.length) {
		return { ...base, status: 'differs', verdict: `Differs: the answer has every field the package reads, and also ${listed(few(unknown))}, which the spec does not show: if the service renamed nothing the package reads, they are new and harmless; tell the package's maintainers.` };
	}
	const fits = Object.keys(suggested).length;
	const unsure = Object.keys(candidates).filter((k) => !suggested[k]);
	const choose = unsure.filter((k) => candidates[k].length);
	const none = unsure.filter((k) => !candidates[k].length);
	// A key with no candidate may be lacking only because of another (the Bureau flag looked for
	// because the bulletin was): while some key can be mapped, what is left shows on the next check.
	const todo = [
		fits ? `${ADVICE}.` : '',
		choose.length ? `For ${listed(choose)}, more than one key might be it: the first item lists ${choose.length === 1 ? 'it' : 'them'} in keysToChoose; pick from candidates and add ${choose.length === 1 ? 'it' : 'each'} to Answer Key Names yourself.` : '',
		none.length && (fits || choose.length) ? 'What is left after that shows on the next check.' : '',
		none.length && !fits && !choose.length ? `For ${listed(none)}, ${NO_MATCH}.` : '',
	].filter(Boolean).join(' ');
	const instead = unknown.length ? `; it holds ${listed(few(unknown))} instead` : '';
	return { ...base, status: 'differs', verdict: `Differs: the answer lacks ${listed(few(missing))}${instead}. Do not base decisions on ${listed(few(doNotUse))}: ${doNotUse.length === 1 ? 'it reads' : 'they read'} as null. ${todo}` };
}

/**
 * A summary's check, from its reader's Reading over the answer (Answer Key Names applied) and the reader's table.
 * @internal
 */
export function checkSummary(data: unknown, read: SummaryRead, table: KeyTable, earlier?: Roles): AnswerCheck & Decided {
	const missing = [...new Set(read.lacks.map((l) => l.key))];
	const known = knownOf(table);
	const unknown = unknownIn(data, new Set([...known, ...read.found]));
	const doNotUse = [...new Set(read.lacks.map((l) => l.field))];
	// A source the answer excuses (SourceC without Bureau data) may still be there under the service's word: matched too, or it would stay unknown.
	const excused = read.excused.map((e) => e.key).filter((key) => firstAbsent(data, key) === key && slotOf(key, 'any'));
	const matches = matchesFor(data, [...missing, ...excused], table, unknown, earlier);
	return { ...judged(missing, doNotUse, unknown, matches, false, read.found.length, ''), expectedFound: few(read.found), how: matches.how, roles: matches.roles };
}

/**
 * Another read's check: its first record (or the answer, one record) against its reader's rows; a field is there when any of its keys is.
 * @internal
 */
export function checkEvidence(data: unknown, table: KeyTable): AnswerCheck {
	const records = recordsOf(data, table);
	const empty = { doNotUse: [], suggestedKeyNames: {}, candidates: {}, expectedFound: [] };
	if (table.lists && !records.length) {
		const lists = isPlainObject(data) ? Object.values(data).filter(Array.isArray) : Array.isArray(data) ? [data] : [];
		if (lists.length) return { ...empty, status: 'ok', verdict: 'OK: the list is empty, so it has no record whose fields could be checked.', expectedMissing: [], unknownFields: [] };
		const under = table.lists.length ? ` under ${table.lists.join(' or ')}` : '';
		return { ...empty, status: 'differs', verdict: `Differs: the answer holds no list${under}: the package would read it as no records. ${NO_MATCH}.`, expectedMissing: few(table.lists), unknownFields: few(isPlainObject(data) ? Object.keys(data) : []) };
	}
	const record: PlainObject = records[0] ?? {};
	const fields = [...new Set(table.keys.filter((k) => !k.optional).map((k) => k.field))];
	const lacking = fields.filter((field) => !table.keys.some((k) => k.field === field && hasKey(record, k)));
	const missing = lacking.map((field) => table.keys.find((k) => k.field === field)!.from[0]);
	const expectedFound = table.keys.flatMap((k) => k.from.filter((path) => valueAt(record, path) !== undefined));
	const unknown = unknownIn(record, knownOf(table));
	const check = judged(missing, lacking, unknown, matchesFor(record, missing, table, unknown), true, fields.length - lacking.length, table.lists ? ' (in its first record)' : '');
	return { ...check, expectedFound: few(expectedFound) };
}

/** A mapping as the credential would parse it; undefined when it could not be pasted (an answer's key that is no dotted path's part). */
function mappingFrom(mapping: Record<string, string>): KeyNames | undefined {
	try {
		return parseKeyNames(mapping);
	} catch {
		return undefined;
	}
}

/** Passes over one answer: a renamed section may hold keys under other words too, seen once the section is mapped. */
const MAX_PASSES = 3;

/**
 * A read's check of its answer under the credential's Answer Key Names, then again with what it
 * suggests, until it suggests nothing new: the result gives the first check's verdict with every
 * suggestion, so the first item's mapping is whole. The answer enters through readAnswer, as every read's does.
 */
export function checkAnswer(read: Read, answer: unknown, names: KeyNames, rut: string, earlier?: Roles): AnswerCheck & Partial<Decided> {
	const check = (data: unknown): AnswerCheck & Partial<Decided> => (read.summary ? checkSummary(data, read.read(data, rut) as SummaryRead, read.keys, earlier) : checkEvidence(data, read.keys));
	const checkUnder = (mapping: KeyNames) => readAnswer({ ...read, read: check }, answer, mapping, rut);
	const first = checkUnder(names);
	let { suggestedKeyNames: suggested, candidates, roles } = first;
	const how = new Set(first.how);
	for (let pass = 1, last = first; pass < MAX_PASSES && Object.keys(last.suggestedKeyNames).length; pass++) {
		const more = mappingFrom({ ...mappingOf(names), ...suggested });
		if (!more) break;
		last = checkUnder(more);
		if (Object.keys(last.suggestedKeyNames).every((k) => k in suggested)) break;
		suggested = { ...suggested, ...last.suggestedKeyNames };
		candidates = { ...candidates, ...last.candidates };
		roles = last.roles ?? roles;
		for (const line of last.how ?? []) how.add(line);
	}
	return { ...first, suggestedKeyNames: suggested, candidates, how: [...how], roles };
}
