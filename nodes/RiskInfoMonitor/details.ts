/**
 * The evidence in words, a line per kind, for the item's `details` (the summary line, then these):
 * ready to post as one chat message. The item's `evidence` keeps everything; a line names the
 * first few cases or findings and how many more there are.
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../shared/objects';
import { withMeaning } from '../shared/service/values';
import { sum } from '../shared/service/values';
import type { EvidenceKind } from './evidence';
import type { Value } from './fields';

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
export function shownValue(value: Value, unit?: string): string {
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

/** The summary line, then a line per piece of evidence; `countsUnknown`, the kinds whose count the summary lacks. */
export function detailsOf(summary: string, evidence: IDataObject, countsUnknown: Set<EvidenceKind> = new Set()): string {
	const lines = Object.entries(evidence)
		.filter(([, e]) => isPlainObject(e))
		.map(([kind, e]) => line(kind as EvidenceKind, e as PlainObject, countsUnknown.has(kind as EvidenceKind)));
	return [summary, ...lines].join('\n');
}
