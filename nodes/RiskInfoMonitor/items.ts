/**
 * The Monitor's items. Every item has the same keys, whatever its status, so a workflow built on
 * one (Fetch Test Event's sample) works on the others: `status` (changed, notLoaded, readFailed,
 * unreadable; sample for Fetch Test Event's), `sample` (true only on Fetch Test Event's item), `rut`, `name`,
 * `changes` [{ field, before, after }], `evidence` (what was read behind each change,
 * evidence.ts; {} when none; `unreadFields` on an unreadable item and a sample that met some), `summary` (one line ready for a chat message), `details` (the
 * summary and a line per piece of evidence), `record` (the simplified record as read, or null),
 * `checkedAt` and `error` (null but on readFailed).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { rutWithDots } from '../shared/rut';
import type { SimplifiedSummary } from '../shared/service/record';
import { detailsOf, shownValue } from './details';
import { FIELDS, OTHER_FIELDS, type Change } from './fields';
import type { Unreadable } from './unreadable';

type Status = 'changed' | 'notLoaded' | 'readFailed' | 'unreadable' | 'sample';

function who(rut: string, name: string | null): string {
	return name ? `${name} (${rutWithDots(rut)})` : rutWithDots(rut);
}

function phrase(change: Change): string {
	if (change.field === OTHER_FIELDS.name) return OTHER_FIELDS.label;
	const field = FIELDS.find((f) => f.name === change.field);
	return `${field?.label ?? change.field} ${shownValue(change.before, field?.unit)} → ${shownValue(change.after, field?.unit)}`;
}

function item(status: Status, rut: string, fields: { name?: string | null; changes?: Change[]; summary: string; record?: SimplifiedSummary | null; checkedAt: string; error?: string }): INodeExecutionData {
	const json: IDataObject = {
		status,
		sample: false,
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

const labels = (u: Unreadable) => u.fields.map((f) => f.label).join(', ');

/**
 * Watched fields the service's answer did not carry: said once, with what the answer held instead
 * and what to do, as evidence.unreadFields and in words in details.
 */
export function unreadableItem(rut: string, record: SimplifiedSummary, unreadable: Unreadable, checkedAt: string): INodeExecutionData {
	const [them, their] = unreadable.fields.length === 1 ? ['it', 'its'] : ['them', 'their'];
	const summary =
		`${who(rut, record.name)}: the service's answer does not carry ${labels(unreadable)} where the Monitor reads ${them}, so it cannot see ${them} change. ` +
		`It keeps ${their} last known ${unreadable.fields.length === 1 ? 'value' : 'values'}, takes nothing missing for a change, and says this again only when the fields it cannot read change.`;
	const lines = unreadable.fields.map((f) => `${f.label}: ${f.lacked.map((l) => `${l.key} not found (${l.found})`).join('; ') || 'not found'}`);
	const todo =
		'What to do: run Risk Info → Account → Check Answers (free) on this RUT to see what the service answers, ' +
		'and tell the maintainers of n8n-nodes-riskinfo (https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues) what it shows.';
	const made = item('unreadable', rut, { name: record.name, summary, record, checkedAt });
	made.json.evidence = { unreadFields: unreadable.fields as unknown as IDataObject[] };
	made.json.details = [summary, ...lines, todo].join('\n');
	return made;
}

/** Fetch Test Event's sample names the watched fields it could not read, as an unreadable item would. */
export function withUnreadable(sample: INodeExecutionData, unreadable: Unreadable | undefined): INodeExecutionData {
	if (!unreadable) return sample;
	const [summary, details] = [String(sample.json.summary), String(sample.json.details)];
	sample.json.summary = `${summary} (could not be read from the service's answer: ${labels(unreadable)}; see evidence.unreadFields)`;
	// details begins with the summary line: the same line, then the evidence's lines as they were.
	sample.json.details = `${String(sample.json.summary)}${details.slice(summary.length)}`;
	sample.json.evidence = { ...(sample.json.evidence as IDataObject), unreadFields: unreadable.fields as unknown as IDataObject[] };
	return sample;
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
