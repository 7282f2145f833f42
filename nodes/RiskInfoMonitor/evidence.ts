/**
 * The evidence behind a reported change, read only for the RUTs being reported: the active cases
 * of each kind whose count went up, the commercial bulletin's figures by source and its cases,
 * the screening's findings by list, the credit score's parts. Each is one of the service's reads,
 * from its own file in shared/service/ and read by its own reader, through the Monitor's transport,
 * which refuses any paid call; here the Monitor picks what to show: newest first, a few of each,
 * the new ones marked.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Transport } from '../shared/transport';
import { COMPLIANCE, type ListFindings } from '../shared/service/compliance';
import { CIVIL_CASES, COLLECTION_CASES, LABOR_CASES, type CourtCase } from '../shared/service/courtCases';
import { CREDIT_SCORE } from '../shared/service/creditScore';
import { DICOM_CASES, DICOM_SOURCE, bulletinBySource, type BulletinCase } from '../shared/service/dicom';
import { keyNamesOf, readFree, type KeyNames } from '../shared/service/keyNames';
import { meaningOf, sum } from '../shared/service/values';
import { AMOUNT_UNITS, type SimplifiedSummary } from '../shared/service/record';
import type { Change } from './fields';

export type EvidenceKind = 'civilCases' | 'laborCases' | 'collectionCases' | 'bulletin' | 'compliance' | 'creditScore';


/** Which evidence each reported field calls for; tax status and the rest of the record have none beyond the record. */
const FOR_FIELD: Record<string, EvidenceKind> = {
	activeCivilCases: 'civilCases',
	activeLaborCases: 'laborCases',
	activeCollectionCases: 'collectionCases',
	bulletinCases: 'bulletin',
	bulletinUnpaidAmount: 'bulletin',
	complianceRisk: 'compliance',
	classificationLabel: 'creditScore',
	classificationPercentage: 'creditScore',
};

/** The read behind each kind of court cases. */
const CASE_READS = { civilCases: CIVIL_CASES, laborCases: LABOR_CASES, collectionCases: COLLECTION_CASES };

/** Cases and findings listed per kind (and per list); the count of the rest is given. */
const MAX_LISTED = 10;

/**
 * The kinds of cases whose count the summary does not give (null, e.g. a field it could not read),
 * so that the evidence line says its count is the detailed read's, not a value the summary had.
 */
export function countsUnknown(record: SimplifiedSummary): Set<EvidenceKind> {
	const counted = Object.entries(FOR_FIELD).filter(([, kind]) => kind === 'civilCases' || kind === 'laborCases' || kind === 'collectionCases');
	return new Set(counted.filter(([field]) => record[field as keyof SimplifiedSummary] === null).map(([, kind]) => kind));
}

export function evidenceKinds(changes: Change[]): EvidenceKind[] {
	return [...new Set(changes.map((c) => FOR_FIELD[c.field]).filter((k): k is EvidenceKind => k !== undefined))];
}

/** One piece of evidence, read now, beside the record just read; throws what the read failed with. */
export async function readEvidence(api: Transport, rut: string, kind: EvidenceKind, changes: Change[], record: SimplifiedSummary): Promise<IDataObject> {
	if (kind === 'compliance') return complianceFindings(await readFree(api, COMPLIANCE, rut));
	if (kind === 'creditScore') return await readFree(api, CREDIT_SCORE, rut);
	if (kind === 'bulletin') return bulletinEvidence(await readFree(api, DICOM_CASES, rut), changes, record, await keyNamesOf(api));
	const cases: CourtCase[] = await readFree(api, CASE_READS[kind], rut);
	const fields = Object.keys(FOR_FIELD).filter((f) => FOR_FIELD[f] === kind);
	return { active: cases.length, ...listed(cases, (c) => c.filedOn, newCount(changes, fields)) };
}

/**
 * The bulletin's figures the change is made of, by source, from the record (the change sums them),
 * then the unpaid cases the Dicom read lists, which are one source's (DICOM_SOURCE): so the cases
 * listed add up against their source's figures, and the sources add up to the change.
 */
function bulletinEvidence(unpaid: BulletinCase[], changes: Change[], record: SimplifiedSummary, names: KeyNames): IDataObject {
	const cases = unpaid.map(({ documentKind, date, ...c }) => ({ ...c, documentKind, documentKindMeaning: meaningOf(documentKind), date }));
	const bySource = bulletinBySource(record, names);
	return {
		bySource: bySource as unknown as IDataObject[],
		currency: AMOUNT_UNITS.bulletinAmountUnit,
		casesFrom: DICOM_SOURCE,
		// The source as people are told it: the service's own name for it where Answer Key Names gives one.
		casesFromName: bySource.find((s) => s.source === DICOM_SOURCE)!.name,
		unpaid: cases.length,
		unpaidAmount: sum(...cases.map((c) => c.amount)) ?? (cases.length ? null : 0),
		...listed(cases, (c) => c.date, newCount(changes, ['bulletinCases'])),
	};
}

/**
 * How many of the listed cases are new: how much the count went up since the Monitor last read
 * the RUT. The Monitor keeps no case lists (its memory is counts), so it marks the newest that
 * many; docs/monitor.md says what this cannot tell.
 */
function newCount(changes: Change[], fields: string[]): number {
	const change = changes.find((c) => fields.includes(c.field));
	const up = change ? Number(change.after) - Number(change.before) : 0;
	return Number.isFinite(up) && up > 0 ? up : 0;
}

/** Milliseconds of a date written DD-MM-YYYY, DD/MM/YYYY (either with a time) or ISO 8601; 0 when unreadable (listed last). */
function dateValue(value: unknown): number {
	if (typeof value !== 'string') return 0;
	const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})/.exec(value.trim());
	const ms = dmy ? Date.UTC(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1])) : Date.parse(value);
	return Number.isFinite(ms) ? ms : 0;
}

/** Newest first, at most MAX_LISTED, the first `fresh` marked new. */
function listed<T extends object>(entries: T[], dateOf: (entry: T) => string | null, fresh: number): { new: number; cases: IDataObject[]; more: number } {
	const sorted = entries.map((entry) => ({ at: dateValue(dateOf(entry)), entry })).sort((a, b) => b.at - a.at).map((e, i) => ({ ...e.entry, new: i < fresh }));
	return { new: Math.min(fresh, sorted.length), cases: sorted.slice(0, MAX_LISTED), more: Math.max(0, sorted.length - MAX_LISTED) };
}

/** The screening's findings by list, at most MAX_LISTED each. */
function complianceFindings({ risk, lists }: { risk: string | null; lists: ListFindings[] }): IDataObject {
	return { risk, lists: lists.map((l) => ({ ...l, findings: l.findings.slice(0, MAX_LISTED), more: Math.max(0, l.findings.length - MAX_LISTED) })) };
}
