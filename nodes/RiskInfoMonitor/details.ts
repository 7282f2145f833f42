/**
 * The evidence in words, a line per kind, for the item's `details` (the summary line, then these):
 * ready to post as one chat message. The item's `evidence` keeps everything; a line names the
 * first few cases or findings and how many more there are.
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../shared/objects';
import type { EvidenceKind } from './evidence';

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
const money = (value: unknown) => (typeof value === 'number' ? `$${value.toLocaleString('en-US')}` : 'an unknown amount');

function some(entries: PlainObject[], more: unknown, each: (e: PlainObject) => string): string {
	const rest = entries.length - SHOWN + (typeof more === 'number' ? more : 0);
	return `${entries.slice(0, SHOWN).map(each).join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`;
}

function line(kind: EvidenceKind, e: PlainObject): string {
	if (typeof e.error === 'string') return `${TITLES[kind]}: ${e.error}`;
	if (kind === 'creditScore') {
		const weights = objects(e.weights).map((w) => `${String(w.source)} ${String(w.weight)}${w.max === null ? '' : `/${String(w.max)}`}`);
		return `${TITLES[kind]}: ${String(e.label ?? 'no label')}, ${e.percentage === null ? 'no percentage' : `${String(e.percentage)} %`}${weights.length ? ` (weights: ${weights.join(', ')})` : ''}`;
	}
	if (kind === 'compliance') {
		const lists = objects(e.lists);
		if (!lists.length) return `${TITLES[kind]}: none listed`;
		return `${TITLES[kind]}: ${lists.map((l) => `${String(l.list)} (${String(l.results)})${objects(l.findings).length ? `: ${some(objects(l.findings), l.more, (f) => joined([f.name, f.detail]))}` : ''}`).join('; ')}`;
	}
	const cases = objects(e.cases);
	const fresh = typeof e.new === 'number' ? e.new : 0;
	if (kind === 'bulletin') {
		const head = `${TITLES[kind]}, ${String(e.unpaid)} unpaid${fresh ? ` (${fresh} new)` : ''}`;
		return cases.length ? `${head}: ${some(cases, e.more, (c) => `${money(c.amount)} ${joined([c.creditor, c.documentKind, c.date])}${c.new ? ' (new)' : ''}`)}` : head;
	}
	const head = `${TITLES[kind]}, ${String(e.active)} active${fresh ? ` (${fresh} new)` : ''}`;
	return cases.length ? `${head}: ${some(cases, e.more, (c) => `${joined([c.caseNumber, c.court, c.parties, c.filedOn && `filed ${String(c.filedOn)}`])}${c.new ? ' (new)' : ''}`)}` : head;
}

/** The summary line, then a line per piece of evidence. */
export function detailsOf(summary: string, evidence: IDataObject): string {
	const lines = Object.entries(evidence).filter(([, e]) => isPlainObject(e)).map(([kind, e]) => line(kind as EvidenceKind, e as PlainObject));
	return [summary, ...lines].join('\n');
}
