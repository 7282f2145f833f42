/**
 * The Monitor's items. Every item has the same keys, whatever its status, so a workflow built on
 * one (Fetch Test Event's sample) works on the others: `status` (changed, notLoaded, readFailed,
 * unreadable, readableAgain; sample for Fetch Test Event's), `sample` (true only on Fetch Test Event's item), `rut`, `name`,
 * `changes` [{ field, before, after }], `evidence` (what was read behind each change,
 * evidence.ts; {} when none; `unreadFields` on an unreadable item and a sample that met some), `summary` (one line ready for a chat message), `details` (the
 * summary and a line per piece of evidence), `record` (the simplified record as read, or null),
 * `checkedAt` and `error` (null but on readFailed).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { rutWithDots } from '../shared/rut';
import type { SimplifiedSummary } from '../shared/service/record';
import { detailsOf, shownValue } from './details';
import type { EvidenceKind } from './evidence';
import { FIELDS, OTHER_FIELDS, type Change } from './fields';
import type { UnreadField, Unreadable } from './unreadable';

type Status = 'changed' | 'notLoaded' | 'readFailed' | 'unreadable' | 'readableAgain' | 'sample';

/** A supplier as messages name it: its name and RUT, or its RUT alone. */
export function who(rut: string, name: string | null): string {
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

const labels = (fields: UnreadField[]) => fields.map((f) => f.label).join(', ');
const MAINTAINERS = 'https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues';

/** The summary's sentence for fields the answer lacked with no reason: what happened, then what to do. */
function notCarried(fields: UnreadField[]): string {
	const [them, their] = fields.length === 1 ? ['it', 'its'] : ['them', 'their'];
	return (
		`the service's answer does not carry ${labels(fields)} where the Monitor reads ${them}, so it cannot see ${them} change (it keeps ${their} last known ${fields.length === 1 ? 'value' : 'values'}). ` +
		"What to do: run Risk Info → Account → Check Answers (free) on this RUT and set what it suggests in the Risk Info API credential's Answer Key Names; " +
		`if nothing fits, tell the maintainers of n8n-nodes-riskinfo (${MAINTAINERS}).`
	);
}

/** The summary's sentence for fields the answer says it left out (a failed data source, no Bureau data). */
function leftOut(fields: UnreadField[]): string {
	const reasons = [...new Set(fields.map((f) => f.why))].join('; ');
	return `the Monitor cannot watch ${labels(fields)} for this RUT: ${reasons}. It watches ${fields.length === 1 ? 'it' : 'them'} again as soon as the service sends ${fields.length === 1 ? 'it' : 'them'}, and says so.`;
}

/**
 * Fields the Monitor cannot see change: said once, with what the answer held instead (or the
 * reason it gave) and what to do, as evidence.unreadFields and in words in summary and details.
 */
export function unreadableItem(rut: string, record: SimplifiedSummary, unreadable: Unreadable, checkedAt: string): INodeExecutionData {
	const lacked = unreadable.fields.filter((f) => f.why === undefined);
	const excused = unreadable.fields.filter((f) => f.why !== undefined);
	const sentences = [lacked.length ? notCarried(lacked) : '', excused.length ? leftOut(excused) : ''].filter(Boolean);
	const summary = `${who(rut, record.name)}: ${sentences.join(' Also, ')}`;
	const lines = unreadable.fields.map((f) =>
		f.why !== undefined ? `${f.label}: left out by the service: ${f.why}` : `${f.label}: ${f.lacked.map((l) => `${l.key} not found (${l.found})`).join('; ') || 'not found'}`,
	);
	const made = item('unreadable', rut, { name: record.name, summary, record, checkedAt });
	made.json.evidence = { unreadFields: unreadable.fields as unknown as IDataObject[] };
	made.json.details = [summary, ...lines].join('\n');
	return made;
}

/** The fields it could not read are back: said once, so the channel that heard "cannot see" hears "can see again". */
export function readableAgainItem(rut: string, record: SimplifiedSummary, checkedAt: string): INodeExecutionData {
	const summary = `${who(rut, record.name)}: the Monitor can read again the fields it said it could not read: the service's answer carries them now, and it watches them from this read on.`;
	return item('readableAgain', rut, { name: record.name, summary, record, checkedAt });
}

/** Fetch Test Event's sample names the watched fields it could not read, as an unreadable item would. */
export function withUnreadable(sample: INodeExecutionData, unreadable: Unreadable | undefined): INodeExecutionData {
	if (!unreadable) return sample;
	const [summary, details] = [String(sample.json.summary), String(sample.json.details)];
	sample.json.summary = `${summary} (the Monitor cannot watch ${labels(unreadable.fields)} for this RUT now; see evidence.unreadFields)`;
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
