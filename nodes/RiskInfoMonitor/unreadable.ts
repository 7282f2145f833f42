/**
 * Fields the Monitor watches that a read could not give it: watched fields (and, under Any Change,
 * the rest of the record it fingerprints) the service's answer did not carry where the spec puts
 * them, or that the answer itself says it left out (a failed data source, a profile without Bureau
 * data). The Monitor cannot see them change, and says so once rather than go blind in silence.
 * What the answer held instead comes from the answer as the transport handed it over, secrets
 * already taken out (shared/redact.ts).
 */
import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { SimplifiedSummary } from '../shared/service/record';
import type { SummaryRead } from '../shared/service/summaryV2';
import { FIELDS, FINGERPRINTED, OTHER_LABELS, sourcesOf, watchedFields, type ChangeKind } from './fields';
import { item, who } from './items';
import type { Memory } from './memory';

/** What an item shows of one lack: enough to see a rename, never a whole answer. */
const MAX_LACKS_SHOWN = 12;

interface UnreadField {
	field: string;
	label: string;
	/** Each key the spec shows that the answer lacked, and what it held there instead. */
	lacked: Array<{ key: string; found: string }>;
	/** Why the answer itself says it left the field out; absent when it said nothing. */
	why?: string;
}

export interface Unreadable {
	fields: UnreadField[];
	/** 36 bits of SHA-256 over the fields' names (and whether the answer gave a reason): remembered, so a set is reported once. */
	hash: string;
	/** The names hashed, "field" or "field*" (a reason given), joined by commas: remembered once per set (memory.ts). */
	names: string;
}

interface Watched {
	name: string;
	label: string;
	sources: string[];
}

/** What the chosen kinds watch: their fields, and under Any Change each field of the fingerprinted rest. */
function watchedOf(kinds: ReadonlySet<ChangeKind>): Watched[] {
	const fields = watchedFields(kinds).map((f) => ({ name: f.name, label: f.label, sources: sourcesOf(f) }));
	if (!kinds.has('anyChange')) return fields;
	return [...fields, ...FINGERPRINTED.map((name) => ({ name: String(name), label: OTHER_LABELS[String(name)] ?? String(name), sources: [String(name)] }))];
}

/** The fields of the chosen kinds this read could not give; undefined when it gave them all. */
export function unreadableOf(read: SummaryRead, kinds: ReadonlySet<ChangeKind>): Unreadable | undefined {
	const { record, lacks, excused } = read;
	const unread = new Set(record.unreadFields);
	const excusedFields = new Set(excused.map((e) => e.field));
	let room = MAX_LACKS_SHOWN;
	const fields: UnreadField[] = [];
	for (const w of watchedOf(kinds)) {
		if (w.sources.some((s) => unread.has(s))) {
			const keys = new Set<string>();
			const lacked = lacks.filter((l) => w.sources.includes(l.field) && !keys.has(l.key) && keys.add(l.key)).slice(0, Math.max(room, 0));
			room -= lacked.length;
			fields.push({ field: w.name, label: w.label, lacked: lacked.map(({ key, found }) => ({ key, found })) });
		} else if (w.sources.every((s) => excusedFields.has(s))) {
			// Hidden only when the answer left out every part of it: without SourceC, the bulletin is still watched over A and B.
			const why = [...new Set(excused.filter((e) => w.sources.includes(e.field)).map((e) => e.why))].join('; ');
			fields.push({ field: w.name, label: w.label, lacked: [], why });
		}
	}
	if (!fields.length) return undefined;
	const names = fields.map((f) => (f.why === undefined ? f.field : `${f.field}*`)).join(',');
	return { fields, hash: createHash('sha256').update(names).digest('base64url').slice(0, 6), names };
}

/** The labels of the fields of a set of unread fields, from its names as remembered. */
function labelsOf(names: string): string[] {
	return names.split(',').map((n) => n.replace(/\*$/, '')).map((n) => FIELDS.find((f) => f.name === n)?.label ?? OTHER_LABELS[n] ?? n);
}

// What the Monitor says of watched fields it cannot read (above), and of their coming back.
// One difference of the service's answers is one message: when most of the suppliers a poll reads
// newly lack the same fields (a renamed key: every answer of the account differs the same way), one
// `unreadable` item speaks for them all, and the suppliers later polls find the same way (each poll
// reads a slice of the watched RUTs in turn) are not reported again; when most of those read again
// carry the fields, one `readableAgain` item says so. A difference only some suppliers show (a
// profile loaded without Bureau data) is said per supplier, as is its coming back. What was said
// for the account is remembered per set of fields in the static data (memory.ts), never here.

const MAINTAINERS = 'https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues';
/** Suppliers an account-wide item names in its summary; the evidence lists a few more. */
const NAMED = 3;
const LISTED = 20;

const list = (labels: string[]) => labels.join(', ');
const pronouns = (n: number) => (n === 1 ? { them: 'it', their: 'its', values: 'value' } : { them: 'them', their: 'their', values: 'values' });

/** Fields the answer lacked with no reason: what happened, then what to do (on `where`: "this RUT", "one of these RUTs"). */
function notCarried(fields: UnreadField[], where: string): string {
	const { them, their, values } = pronouns(fields.length);
	return (
		`the service's answer does not carry ${list(fields.map((f) => f.label))} where the Monitor reads ${them}, so it cannot see ${them} change (it keeps ${their} last known ${values}). ` +
		`What to do: run Risk Info → Account → Check answers (free) on ${where} and set what it suggests in the Risk Info API credential's Answer Key Names; ` +
		`if nothing fits, tell the maintainers of n8n-nodes-riskinfo (${MAINTAINERS}).`
	);
}

/** Fields the answer says it left out (a failed data source, no Bureau data): nothing to do but wait. */
function leftOut(fields: UnreadField[], forWhom: string): string {
	const reasons = [...new Set(fields.map((f) => f.why))].join('; ');
	const { them } = pronouns(fields.length);
	return `the Monitor cannot watch ${list(fields.map((f) => f.label))} for ${forWhom}: ${reasons}. It watches ${them} again as soon as the service sends ${them}, and says so.`;
}

/** The sentences of an unreadable item, and of Fetch Test Event's sample that met unread fields: the same words. */
function unreadSentences(fields: UnreadField[], many = false): string {
	const lacked = fields.filter((f) => f.why === undefined);
	const excused = fields.filter((f) => f.why !== undefined);
	return [
		lacked.length ? notCarried(lacked, many ? 'one of these RUTs' : 'this RUT') : '',
		excused.length ? leftOut(excused, many ? 'these RUTs' : 'this RUT') : '',
	].filter(Boolean).join(' Also, ');
}

/** The details' line per field: the keys the answer lacked and what it held instead, or the reason it gave. */
function unreadLines(fields: UnreadField[]): string[] {
	return fields.map((f) =>
		f.why !== undefined ? `${f.label}: left out by the service: ${f.why}` : `${f.label}: ${f.lacked.map((l) => `${l.key} not found (${l.found})`).join('; ') || 'not found'}`,
	);
}

/** One supplier whose fields cannot be read: said once per set of them, with what to do, as evidence.unreadFields and in words. */
function unreadableItem(rut: string, record: SimplifiedSummary, unreadable: Unreadable, checkedAt: string): INodeExecutionData {
	const summary = `${who(rut, record.name)}: ${unreadSentences(unreadable.fields)}`;
	const made = item('unreadable', rut, { name: record.name, summary, record, checkedAt });
	made.json.details = [summary, ...unreadLines(unreadable.fields)].join('\n');
	made.json.evidence = { unreadFields: unreadable.fields as unknown as IDataObject[] };
	return made;
}

interface Supplier {
	rut: string;
	name: string | null;
}

/** "A (76.111.111-6), B (…), C (…) and 297 more" */
function named(suppliers: Supplier[]): string {
	const shown = suppliers.slice(0, NAMED).map((s) => who(s.rut, s.name));
	const more = suppliers.length - shown.length;
	return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

const listed = (suppliers: Supplier[]) => ({ count: suppliers.length, some: suppliers.slice(0, LISTED).map(({ rut, name }) => ({ rut, name })) });

/** Most of a poll's suppliers lack the same fields: one item for them all, no RUT of its own. */
function accountUnreadableItem(suppliers: Supplier[], read: number, unreadable: Unreadable, checkedAt: string): INodeExecutionData {
	const summary =
		`${suppliers.length} of the ${read} suppliers read in this poll (${named(suppliers)}): ${unreadSentences(unreadable.fields, true)} ` +
		'Said once for the whole account: the suppliers the next polls find the same way are not reported one by one.';
	const made = item('unreadable', null, { summary, checkedAt });
	made.json.details = [summary, ...unreadLines(unreadable.fields)].join('\n');
	made.json.evidence = { unreadFields: unreadable.fields as unknown as IDataObject[], suppliers: listed(suppliers) };
	return made;
}

/** "commercial bulletin cases, commercial bulletin unpaid amount", or the fields' names unknown (a set beyond memory.ts's MAX_SETS). */
const fieldsOf = (names: string | undefined) => (names ? list(labelsOf(names)) : 'the fields it said it could not read');

/** Good news for one supplier: the fields it could not read are back. */
function readableAgainItem(rut: string, record: SimplifiedSummary, names: string | undefined, checkedAt: string): INodeExecutionData {
	const summary = `Good news: ${who(rut, record.name)}: the Monitor can read ${fieldsOf(names)} again. The service's answer carries them now, and the Monitor watches them from this read on.`;
	return item('readableAgain', rut, { name: record.name, summary, record, checkedAt });
}

/**
 * Good news for the account: the fields most answers lacked are back, for most of those this poll
 * read (`still` is how many of them lack them yet: then it is said again when most carry them).
 */
function accountReadableAgainItem(suppliers: Supplier[], still: number, names: string | undefined, checkedAt: string): INodeExecutionData {
	const rest =
		suppliers.length > still
			? 'Said once for the whole account: the others are read in turn, without a message each.'
			: `${still} other ${still === 1 ? 'supplier' : 'suppliers'} read in this poll still lack them; the Monitor says so again when most carry them.`;
	const summary =
		`Good news: the Monitor can read ${fieldsOf(names)} again. The service's answer carries them now for ${suppliers.length} ${suppliers.length === 1 ? 'supplier' : 'suppliers'} read in this poll (${named(suppliers)}), ` +
		`and the Monitor watches them from this read on. ${rest}`;
	const made = item('readableAgain', null, { summary, checkedAt });
	made.json.evidence = { suppliers: listed(suppliers) };
	return made;
}

/** A supplier read this poll with a record, and when. */
interface Read extends Supplier {
	record: SimplifiedSummary;
	checkedAt: string;
}

/**
 * One poll's news of unread fields: each supplier read is added with the set it had before and
 * the one it has now; `items` then says them, once for the account or per supplier, and what to
 * remember of what it said (run once the poll's other reads are done, as the poll remembers).
 */
export class UnreadableNews {
	/** Per set of fields (hash): the suppliers that lack them now and did not before. */
	private readonly lost = new Map<string, { unreadable: Unreadable; suppliers: Read[] }>();
	/** Per set said before: the suppliers that read it whole again, and how many still lack it. */
	private readonly back = new Map<string, { suppliers: Read[]; still: number }>();
	private read = 0;

	constructor(private readonly memory: Memory) {}

	add(rut: string, record: SimplifiedSummary, before: string | undefined, now: Unreadable | undefined, checkedAt: string): void {
		this.read++;
		const supplier = { rut, name: record.name, record, checkedAt };
		if (now && now.hash !== before) {
			const lost = this.lost.get(now.hash) ?? { unreadable: now, suppliers: [] };
			lost.suppliers.push(supplier);
			this.lost.set(now.hash, lost);
		}
		if (before === undefined) return;
		const back = this.back.get(before) ?? { suppliers: [], still: 0 };
		if (!now) back.suppliers.push(supplier);
		else if (now.hash === before) back.still++;
		this.back.set(before, back);
	}

	/** The news, readable-again first (before any change found in those fields) and unreadable last, with what to remember of it. */
	items(): { first: INodeExecutionData[]; last: INodeExecutionData[]; remember: () => void } {
		const said: Array<[string, 'a' | 'b']> = [];
		const first: INodeExecutionData[] = [];
		for (const [hash, { suppliers, still }] of this.back) {
			if (!suppliers.length) continue;
			const names = this.memory.namesOf(hash);
			const state = this.memory.said(hash);
			// Said for the account: once when most of those read carry them again, at most once a poll
			// before that (several suppliers back together), and not at all after.
			if (state === 'b') continue;
			if (state === 'a' && (suppliers.length > still || suppliers.length >= 2)) {
				first.push(accountReadableAgainItem(suppliers, still, names, suppliers[0].checkedAt));
				if (suppliers.length > still) said.push([hash, 'b']);
			} else first.push(...suppliers.map((s) => readableAgainItem(s.rut, s.record, names, s.checkedAt)));
		}
		const last: INodeExecutionData[] = [];
		for (const [hash, { unreadable, suppliers }] of this.lost) {
			if (this.memory.said(hash) === 'a') continue;
			if (suppliers.length >= 2 && suppliers.length * 2 > this.read) {
				last.push(accountUnreadableItem(suppliers, this.read, unreadable, suppliers[0].checkedAt));
				said.push([hash, 'a']);
			} else last.push(...suppliers.map((s) => unreadableItem(s.rut, s.record, unreadable, s.checkedAt)));
		}
		return { first, last, remember: () => said.forEach(([hash, state]) => this.memory.setSaid(hash, state)) };
	}
}

/** Fetch Test Event's sample names the watched fields it could not read and what to do, in the words of a poll's unreadable item. */
export function withUnreadable(sample: INodeExecutionData, unreadable: Unreadable | undefined): INodeExecutionData {
	if (!unreadable) return sample;
	const [summary, details] = [String(sample.json.summary), String(sample.json.details)];
	sample.json.summary = `${summary}. For this RUT now, ${unreadSentences(unreadable.fields)}`;
	// details begins with the summary line: the same line, then the evidence's lines as they were, then what the answer lacked.
	sample.json.details = [`${String(sample.json.summary)}${details.slice(summary.length)}`, ...unreadLines(unreadable.fields)].join('\n');
	sample.json.evidence = { ...(sample.json.evidence as IDataObject), unreadFields: unreadable.fields as unknown as IDataObject[] };
	return sample;
}
