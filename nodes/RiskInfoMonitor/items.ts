/**
 * The Monitor's items. Every item has the same keys, whatever its status, so a workflow built on
 * one (Fetch Test Event's sample) works on the others, in this order, what a person reads first:
 * `status` (changed, notLoaded, readFailed, unreadable, readableAgain; sample for Fetch Test
 * Event's), `summary` (one line ready for a chat message), `name`, `rut` (both null on an item
 * about many suppliers at once, unreadable.ts), `sample` (true only on Fetch Test Event's
 * item), `checkedAt`, `error` (null but on readFailed), `changes` [{ field, before, after }],
 * `details` (the summary and a line per piece of evidence), `evidence` (what was read behind each
 * change, evidence.ts; {} when none; `unreadFields` on an unreadable item and a sample that met
 * some), `record` (the simplified record as read, or null).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../shared/objects';
import { rutWithDots } from '../shared/rut';
import type { SimplifiedSummary } from '../shared/service/record';
import { sum, withMeaning } from '../shared/service/values';
import type { EvidenceKind } from './evidence';
import { FIELDS, OTHER_FIELDS, type Change, type Value } from './fields';

export type Status = 'changed' | 'notLoaded' | 'readFailed' | 'unreadable' | 'readableAgain' | 'sample';

/** A supplier as messages name it: its name and RUT, or its RUT alone. */
export function who(rut: string, name: string | null): string {
	return name ? `${name} (${rutWithDots(rut)})` : rutWithDots(rut);
}

function phrase(change: Change): string {
	if (change.field === OTHER_FIELDS.name) return OTHER_FIELDS.label;
	const field = FIELDS.find((f) => f.name === change.field);
	return `${field?.label ?? change.field} ${shownValue(change.before, field?.unit)} → ${shownValue(change.after, field?.unit)}`;
}

/**
 * The keys in the order n8n's Table view shows them: what a person reads first (status, the
 * summary, who), the short ones, then the long text and the nested objects, which make a row tall.
 */
export function item(status: Status, rut: string | null, fields: { name?: string | null; changes?: Change[]; summary: string; record?: SimplifiedSummary | null; checkedAt: string; error?: string }): INodeExecutionData {
	const json: IDataObject = {
		status,
		summary: fields.summary,
		name: fields.name ?? null,
		rut,
		sample: false,
		checkedAt: fields.checkedAt,
		error: fields.error ?? null,
		changes: (fields.changes ?? []) as unknown as IDataObject[],
		details: fields.summary,
		evidence: {},
		record: (fields.record ?? null) as IDataObject | null,
	};
	return { json };
}

/** A changed item (or the sample) with the evidence read for it, and its details in words. */
export function withEvidence(changed: INodeExecutionData, evidence: IDataObject, countsUnknown?: Set<EvidenceKind>): void {
	changed.json.evidence = evidence;
	changed.json.details = detailsOf(String(changed.json.summary), evidence, countsUnknown);
}

/** e.g. "Inversiones Penumbra SpA (76.111.111-6): compliance risk free → critical; active civil cases 0 → 2" */
export function changedItem(rut: string, record: SimplifiedSummary, changes: Change[], checkedAt: string): INodeExecutionData {
	const summary = `${who(rut, record.name)}: ${changes.map(phrase).join('; ')}`;
	return item('changed', rut, { name: record.name, changes, summary, record, checkedAt });
}

export function notLoadedItem(rut: string, checkedAt: string): INodeExecutionData {
	const summary =
		`${rutWithDots(rut)} is not loaded in this account, so the Monitor cannot read it. Load it once (Risk Info → RUT → Load, ` +
		'a paid load; turn on monitoring to keep it up to date): the Monitor never loads a RUT, and says this once.';
	return item('notLoaded', rut, { summary, checkedAt });
}

export function readFailedItem(rut: string, polls: number, error: string, checkedAt: string): INodeExecutionData {
	const summary = `${rutWithDots(rut)} could not be read in ${polls} polls in a row: ${error} The Monitor keeps reading it in turn with the others, and says this again only after it was read.`;
	return item('readFailed', rut, { summary, checkedAt, error });
}

/**
 * Fetch Test Event's item: the first RUT's record as it is now, with status "sample" (nothing
 * changed) and the keys of a change, each watched field of the chosen kinds with its value as
 * both before and after, so the nodes after can map them.
 */
export function sampleItem(rut: string, record: SimplifiedSummary, fields: typeof FIELDS, checkedAt: string): INodeExecutionData {
	const changes = fields.map((f) => ({ field: f.name, before: f.read(record), after: f.read(record) }));
	const summary = `Sample, nothing changed: ${who(rut, record.name)}: ${fields.map((f) => `${f.label} ${shownValue(f.read(record), f.unit)}`).join('; ')}`;
	return asSample(item('sample', rut, { name: record.name, changes, summary, record, checkedAt }));
}

/** Marks Fetch Test Event's item, a sample or the first RUT's "not loaded". */
export function asSample(sample: INodeExecutionData): INodeExecutionData {
	sample.json.sample = true;
	return sample;
}

// The evidence in words, a line per kind, for the item's `details` (the summary line, then these):
// ready to post as one chat message. The item's `evidence` keeps everything; a line names the
// first few cases or findings and how many more there are.

const SHOWN = 3;

const TITLES: Record<EvidenceKind, string> = {
	civilCases: 'Civil cases',
	laborCases: 'Labor cases',
	collectionCases: 'Collection cases',
	bulletin: 'Commercial bulletin',
	compliance: 'Compliance findings',
	creditScore: 'Credit score',
};

const objects = (value: unknown) => (Array.isArray(value) ? value.filter(isPlainObject) : []);
const joined = (parts: unknown[]) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(', ');
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const counted = (n: number | null) => (n === null ? 'an unknown number of cases' : `${n.toLocaleString('en-US')} case${n === 1 ? '' : 's'}`);

/**
 * A value as users read it, in the change line and the evidence alike: a number with its unit
 * ("26,953,000 CLP"), a text of the service's with its English meaning ("Riesgo bajo (low risk)").
 */
function shownValue(value: Value, unit?: string): string {
	if (value === null) return 'unknown';
	if (typeof value === 'string') return withMeaning(value);
	return `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
}

function some(entries: PlainObject[], more: unknown, each: (e: PlainObject) => string): string {
	const rest = entries.length - SHOWN + (typeof more === 'number' ? more : 0);
	return `${entries.slice(0, SHOWN).map(each).join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`;
}

function line(kind: EvidenceKind, e: PlainObject, countUnknown: boolean): string {
	if (typeof e.error === 'string') return `${TITLES[kind]}: ${e.error}`;
	if (kind === 'creditScore') {
		const weights = objects(e.weights).map((w) => `${String(w.source)} ${String(w.weight)}${w.max === null ? '' : `/${String(w.max)}`}`);
		return `${TITLES[kind]}: ${typeof e.label === 'string' ? withMeaning(e.label) : 'no label'}, ${e.percentage === null ? 'no percentage' : `${String(e.percentage)} %`}${weights.length ? ` (weights: ${weights.join(', ')})` : ''}`;
	}
	if (kind === 'compliance') {
		const lists = objects(e.lists);
		if (!lists.length) return `${TITLES[kind]}: none listed`;
		return `${TITLES[kind]}: ${lists.map((l) => `${String(l.list)} (${String(l.results)})${objects(l.findings).length ? `: ${some(objects(l.findings), l.more, (f) => joined([f.name, f.detail]))}` : ''}`).join('; ')}`;
	}
	const cases = objects(e.cases);
	const fresh = typeof e.new === 'number' ? e.new : 0;
	if (kind === 'bulletin') return bulletinLine(e, cases, fresh);
	// The summary line says "unknown" for a count the summary lacks: the read's own count must not look like the summary's.
	const active = countUnknown ? `: unknown in the summary; the detailed read lists ${String(e.active)} active` : `, ${String(e.active)} active`;
	const head = `${TITLES[kind]}${active}${fresh ? ` (${fresh} new)` : ''}`;
	return cases.length ? `${head}: ${some(cases, e.more, (c) => `${joined([c.caseNumber, c.court, c.parties, c.filedOn && `filed ${String(c.filedOn)}`])}${c.new ? ' (new)' : ''}`)}` : head;
}

/**
 * The bulletin's figures as the change sums them, each source's, then the cases the Dicom read
 * lists (one source's): every amount in the unit the change line gives it.
 */
function bulletinLine(e: PlainObject, cases: PlainObject[], fresh: number): string {
	const money = (value: unknown) => (typeof value === 'number' ? shownValue(value, String(e.currency)) : 'an unknown amount');
	const sources = objects(e.bySource);
	const bySource = sources.map((s) =>
		s.cases === null && s.amount === null
			? // The summary leaves the credit bureau's source (SourceC) out of a RUT loaded without Bureau data.
				`${String(s.name ?? s.source)} not given${s.source === 'SourceC' ? ' (loaded without Bureau data)' : ''}`
			: `${String(s.name ?? s.source)} ${counted(numberOrNull(s.cases))}, ${money(s.amount)}`,
	);
	const [total, amount] = [sum(...sources.map((s) => numberOrNull(s.cases))), sum(...sources.map((s) => numberOrNull(s.amount)))];
	const listed = `unpaid cases the Dicom read lists (${String(e.casesFromName ?? e.casesFrom)}): ${String(e.unpaid)}, ${money(e.unpaidAmount)}${fresh ? ` (${fresh} new)` : ''}`;
	const each = (c: PlainObject) => `${joined([money(c.amount), c.creditor, typeof c.documentKind === 'string' ? withMeaning(c.documentKind) : null, c.date])}${c.new ? ' (new)' : ''}`;
	return `${TITLES.bulletin}: ${counted(total)}, ${money(amount)} unpaid (${bySource.join('; ')}); ${listed}${cases.length ? `: ${some(cases, e.more, each)}` : ''}`;
}

/**
 * The summary line, then a line per piece of evidence; `countsUnknown`, the kinds whose count the summary lacks.
 * @internal
 */
export function detailsOf(summary: string, evidence: IDataObject, countsUnknown: Set<EvidenceKind> = new Set()): string {
	const lines = Object.entries(evidence)
		.filter(([, e]) => isPlainObject(e))
		.map(([kind, e]) => line(kind as EvidenceKind, e as PlainObject, countsUnknown.has(kind as EvidenceKind)));
	return [summary, ...lines].join('\n');
}
