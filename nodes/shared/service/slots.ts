/**
 * The spec's neutral words in the keys the readers read (SourceA…C for the commercial bulletin's
 * sources, Bureau for the credit bureau) against the service's own words for them, decided from an
 * answer's shape alone, so that Check Answers' first suggestion reaches an OK in one paste (issue 67):
 *
 * - a key holding a neutral word is a stem around it (`casos…`, `Monto…`, `incluye…`); the unknown
 *   keys beside it that share its stem (case aside) and its type are its candidates, never those of
 *   another stem (`casosAlfa` for `casosSourceA`, not `MontoAlfa`);
 * - the service's words are those found in every stem of a section, so the provider taking SourceA
 *   in `casos…` takes it in `Monto…` too;
 * - which word is which source: as an earlier read decided for the same words; else SourceC is the
 *   one whose figures are all empty when the answer says it has no Bureau data (spec §2.2 rule 1);
 *   else the answer's own order. How each was decided is said, for the user to check.
 *
 * A section whose words cannot be paired with its sources one to one is left for the user to choose.
 */
import { isPlainObject } from '../objects';
import type { KeyNames } from './keyNames';
import { fitsType, valueAt, type KeyType } from './keys';

/** A missing key with a neutral word: `boletinComercial.casosSourceA` is level `boletinComercial`, stem `casos` + `` around `SourceA`. */
export interface Slotted {
	path: string;
	level: string;
	prefix: string;
	word: string;
	suffix: string;
	type: KeyType;
}

const SOURCES = ['SourceA', 'SourceB', 'SourceC'];

const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.')));
const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

export function slotOf(path: string, type: KeyType): Slotted | undefined {
	const last = path.slice(path.lastIndexOf('.') + 1);
	const found = /Source[ABC]|Bureau/.exec(last);
	if (!found) return undefined;
	return { path, level: parentOf(path), prefix: last.slice(0, found.index), word: found[0], suffix: last.slice(found.index + found[0].length), type };
}

/** The service's word in `key` where the slot's stem holds a neutral word, or undefined when `key` is not of that stem. */
function wordIn(key: string, slot: Pick<Slotted, 'prefix' | 'suffix'>): string | undefined {
	const lower = key.toLowerCase();
	if (key.length <= slot.prefix.length + slot.suffix.length) return undefined;
	if (!lower.startsWith(slot.prefix.toLowerCase()) || !lower.endsWith(slot.suffix.toLowerCase())) return undefined;
	return key.slice(slot.prefix.length, key.length - slot.suffix.length);
}

/** What an earlier read decided: each service word (lower case) and the source it stands for. */
export interface Roles {
	words: Map<string, string>;
	/** The read that decided them, as its item names it. */
	by: string;
}

export interface SlotMatches {
	suggested: Record<string, string>;
	candidates: Record<string, string[]>;
	/** How each decision was made, in words, for the first item. */
	how: string[];
	/** What this answer decided, for the reads after it. */
	roles?: Map<string, string>;
}

const stemOf = (s: Slotted) => `${s.prefix.toLowerCase()}|${s.suffix.toLowerCase()}`;
const listed = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words.join(''));

/**
 * Each missing key with a neutral word matched to a key of the answer, where the shape decides it.
 * `flag` is where the spec puts the answer's Bureau flag, read under the spec's name or the one
 * suggested for it here.
 */
export function matchSlots(record: unknown, slotted: Slotted[], unknown: string[], flag: string | undefined, earlier?: Roles): SlotMatches {
	const out: SlotMatches = { suggested: {}, candidates: {}, how: [] };
	const levels = [...new Set(slotted.map((s) => s.level))].map((level) => ({ level, ...stemsAt(record, level, slotted, unknown) }));
	for (const { level, stems } of levels) {
		for (const s of slotted.filter((s) => s.level === level)) {
			out.candidates[s.path] = [...stems.get(stemOf(s))!.values()].map((k) => join(level, k));
			if (s.word !== 'Bureau') continue;
			// The Bureau flag: its stem's one key; with none of its stem, the one unknown key of its type beside it.
			if (!out.candidates[s.path].length) out.candidates[s.path] = unknown.filter((path) => parentOf(path) === level && fitsType(valueAt(record, path), s.type) && valueAt(record, path) !== null);
			if (out.candidates[s.path].length === 1) out.suggested[s.path] = out.candidates[s.path][0];
		}
	}
	const bureau = flag === undefined ? undefined : (valueAt(record, flag) ?? (out.suggested[flag] === undefined ? undefined : valueAt(record, out.suggested[flag])));
	for (const { level, stems, names } of levels) {
		const sourced = slotted.filter((s) => s.level === level && s.word !== 'Bureau');
		if (!sourced.length) continue;
		const roles = rolesOf(record, level, sourced, stems, (w) => names.get(w) ?? w, bureau, earlier, out.how);
		if (!roles) continue;
		out.roles = new Map([...(out.roles ?? []), ...[...roles].map(([source, word]) => [word, source] as [string, string])]);
		for (const s of sourced) {
			const word = roles.get(s.word);
			const key = word === undefined ? undefined : stems.get(stemOf(s))!.get(word);
			if (key !== undefined) out.suggested[s.path] = join(level, key);
		}
	}
	return out;
}

/** Each stem's keys at `level` of its type, by the service's word (lower case), in the answer's order; and each word as the answer first writes it. */
function stemsAt(record: unknown, level: string, slotted: Slotted[], unknown: string[]) {
	const keys = unknown.filter((path) => parentOf(path) === level).map((path) => path.slice(level ? level.length + 1 : 0));
	const stems = new Map<string, Map<string, string>>();
	const names = new Map<string, string>();
	for (const s of slotted.filter((s) => s.level === level)) {
		if (stems.has(stemOf(s))) continue;
		const words = new Map<string, string>();
		for (const key of keys) {
			const word = wordIn(key, s);
			if (word === undefined || !fitsType(valueAt(record, join(level, key)), s.type)) continue;
			words.set(word.toLowerCase(), key);
			if (!names.has(word.toLowerCase())) names.set(word.toLowerCase(), word);
		}
		stems.set(stemOf(s), words);
	}
	return { stems, names };
}

/** Which of the service's words stands for each source of one section (source → word, lower case), or undefined when the shape cannot say. */
function rolesOf(record: unknown, level: string, sourced: Slotted[], stems: Map<string, Map<string, string>>, shown: (word: string) => string, bureau: unknown, earlier: Roles | undefined, how: string[]): Map<string, string> | undefined {
	const mine = [...new Set(sourced.map(stemOf))].map((stem) => stems.get(stem)!);
	// The words every stem has, in the order the answer first gives them.
	const words = [...mine[0].keys()].filter((w) => mine.every((stem) => stem.has(w)));
	const sources = SOURCES.filter((source) => sourced.some((s) => s.word === source));
	const where = level || 'the answer';

	if (earlier && words.length && words.every((w) => earlier.words.has(w))) {
		const roles = new Map(words.map((w) => [earlier.words.get(w)!, w]));
		how.push(`In ${where}, ${listed(sources.filter((s) => roles.has(s)).map((s) => `${s} is ${shown(roles.get(s)!)}`))}, as in ${earlier.by}.`);
		return roles;
	}
	const roles = new Map<string, string>();
	let left = words;
	// Spec §2.2 rule 1: without Bureau data the SourceC figures are hidden or null.
	if (bureau === false && sources.includes('SourceC')) {
		const empty = words.filter((w) => mine.every((stem) => valueAt(record, join(level, stem.get(w)!)) === null));
		if (empty.length === 1 && words.length === sources.length) {
			roles.set('SourceC', empty[0]);
			left = words.filter((w) => w !== empty[0]);
			how.push(`In ${where}, SourceC is ${shown(empty[0])}: its figures are empty and the answer says the profile has no Bureau data (the Bureau's source is SourceC).`);
		} else if (words.length === sources.length - 1) {
			// SourceC hidden altogether: the Bureau flag, once mapped, excuses it.
			sources.splice(sources.indexOf('SourceC'), 1);
		}
	}
	const open = sources.filter((s) => !roles.has(s));
	if (left.length !== open.length || !open.length) return roles.size ? roles : undefined;
	open.forEach((source, i) => roles.set(source, left[i]));
	how.push(`In ${where}, ${listed(open)} ${open.length === 1 ? 'is' : 'are'} taken as ${listed(left.map(shown))} in the answer's order: check them against the provider names in your contract.`);
	return roles;
}

/**
 * The unknown objects beside a missing `section` holding more than half of the keys it should have,
 * most first: the section under another name. A key under the service's word for a source counts
 * as the spec's key of its stem. `unknown`: the answer's keys the reader does not know (by default,
 * those beside the section).
 */
export function sectionsCarrying(record: unknown, section: string, known: Set<string>, unknown?: string[]): Array<{ path: string; score: number }> {
	const level = parentOf(section);
	const inner = new Set([...known].filter((p) => parentOf(p) === section).map((p) => p.slice(section.length + 1)));
	const stems = [...inner].map((k) => slotOf(k, 'any')).filter((s): s is Slotted => s !== undefined);
	const carries = (k: string) => inner.has(k) || stems.some((s) => wordIn(k, s) !== undefined);
	const here = level ? valueAt(record, level) : record;
	const beside = unknown ?? (isPlainObject(here) ? Object.keys(here).map((k) => join(level, k)).filter((p) => !known.has(p)) : []);
	return beside
		.filter((path) => parentOf(path) === level)
		.map((path) => {
			const value = valueAt(record, path);
			return { path, score: isPlainObject(value) ? Object.keys(value).filter(carries).length : 0 };
		})
		.filter((s) => s.score * 2 > inner.size)
		.sort((a, b) => b.score - a.score);
}

/**
 * The service's word for each bulletin source in the credential's Answer Key Names (SourceA →
 * "Alfa" for "boletinComercial.casosSourceA": "boletinComercial.casosAlfa"), where every entry of
 * that source agrees: what messages written for people call the source. Field names stay the spec's.
 */
export function sourceNames(names: KeyNames): Partial<Record<string, string>> {
	const words = new Map<string, Set<string>>();
	for (const entry of names) {
		const slot = slotOf(entry.spec.join('.'), 'any');
		const word = slot && slot.word !== 'Bureau' ? wordIn(entry.service[entry.service.length - 1], slot) : undefined;
		if (!slot || word === undefined) continue;
		words.set(slot.word, (words.get(slot.word) ?? new Set()).add(word));
	}
	return Object.fromEntries([...words].filter(([, found]) => new Set([...found].map((w) => w.toLowerCase())).size === 1).map(([source, found]) => [source, [...found][0]]));
}
