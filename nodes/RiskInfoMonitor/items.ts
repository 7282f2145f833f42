/**
 * The Monitor's items. Every item has the same keys, whatever its status, so a workflow built on
 * one (Fetch Test Event's sample) works on the others, in this order, what a person reads first:
 * `status` (changed, notLoaded, readFailed, unreadable, readableAgain; sample for Fetch Test
 * Event's), `summary` (one line ready for a chat message), `name`, `rut` (both null on an item
 * about many suppliers at once, unreadableNews.ts), `sample` (true only on Fetch Test Event's
 * item), `checkedAt`, `error` (null but on readFailed), `changes` [{ field, before, after }],
 * `details` (the summary and a line per piece of evidence), `evidence` (what was read behind each
 * change, evidence.ts; {} when none; `unreadFields` on an unreadable item and a sample that met
 * some), `record` (the simplified record as read, or null).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { rutWithDots } from '../shared/rut';
import type { SimplifiedSummary } from '../shared/service/record';
import { detailsOf, shownValue } from './details';
import type { EvidenceKind } from './evidence';
import { FIELDS, OTHER_FIELDS, type Change } from './fields';

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
