/**
 * The Monitor's items. Every item has the same keys, whatever its status, so a workflow built on
 * one (Fetch Test Event's sample) works on the others: `status` (changed, notLoaded, readFailed),
 * `rut`, `name`, `changes` [{ field, before, after }], `evidence` (what was read behind each
 * change, evidence.ts; {} when none), `summary` (one line ready for a chat message), `details`
 * (the summary and a line per piece of evidence), `record` (the simplified record as read, or
 * null), `checkedAt` and `error` (null but on readFailed).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { rutWithDots } from '../shared/rut';
import type { SimplifiedSummary } from '../shared/service/record';
import { detailsOf } from './details';
import { FIELDS, OTHER_FIELDS, type Change, type Value } from './fields';

type Status = 'changed' | 'notLoaded' | 'readFailed';

function who(rut: string, name: string | null): string {
	return name ? `${name} (${rutWithDots(rut)})` : rutWithDots(rut);
}

function shownValue(value: Value): string {
	if (value === null) return 'unknown';
	return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

function phrase(change: Change): string {
	if (change.field === OTHER_FIELDS.name) return OTHER_FIELDS.label;
	const label = FIELDS.find((f) => f.name === change.field)?.label ?? change.field;
	return `${label} ${shownValue(change.before)} → ${shownValue(change.after)}`;
}

function item(status: Status, rut: string, fields: { name?: string | null; changes?: Change[]; summary: string; record?: SimplifiedSummary | null; checkedAt: string; error?: string }): INodeExecutionData {
	const json: IDataObject = {
		status,
		rut,
		name: fields.name ?? null,
		changes: (fields.changes ?? []) as unknown as IDataObject[],
		evidence: {},
		summary: fields.summary,
		details: fields.summary,
		record: (fields.record ?? null) as IDataObject | null,
		checkedAt: fields.checkedAt,
		error: fields.error ?? null,
	};
	return { json };
}

/** A changed item with the evidence read for it, and its details in words. */
export function withEvidence(changed: INodeExecutionData, evidence: IDataObject): void {
	changed.json.evidence = evidence;
	changed.json.details = detailsOf(String(changed.json.summary), evidence);
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
 * Fetch Test Event's item: the first RUT's record as it is now, shaped like a change, each
 * watched field of the chosen kinds with its value before and after (the same: nothing changed).
 */
export function sampleItem(rut: string, record: SimplifiedSummary, fields: typeof FIELDS, checkedAt: string): INodeExecutionData {
	const changes = fields.map((f) => ({ field: f.name, before: f.read(record), after: f.read(record) }));
	const summary = `Sample, nothing changed: ${who(rut, record.name)}: ${changes.map((c) => `${FIELDS.find((f) => f.name === c.field)!.label} ${shownValue(c.after)}`).join('; ')}`;
	const sample = item('changed', rut, { name: record.name, changes, summary, record, checkedAt });
	sample.json.sample = true;
	return sample;
}
