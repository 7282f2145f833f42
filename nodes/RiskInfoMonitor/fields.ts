/**
 * What the Monitor watches in a supplier's simplified record (shared/service/record.ts),
 * grouped into the kinds of change users pick, and which way is worse for each. The same table drives the
 * panel's options, the comparison, the item's `changes` and the summary line.
 */
import { createHash } from 'node:crypto';

import { bulletinBySource } from '../shared/service/dicom';
import { AMOUNT_UNITS, SIMPLIFIED_FIELDS, type SimplifiedSummary } from '../shared/service/record';
import { sum } from '../shared/service/values';

export type ChangeKind = 'complianceRisk' | 'activeCases' | 'bulletin' | 'credit' | 'taxStatus' | 'anyChange';

export type Value = string | number | null;

interface WatchedField {
	/** The name in the item's `changes` (a simplified record's field where there is one). */
	name: string;
	/** The words of the summary line. */
	label: string;
	kind: ChangeKind;
	text?: boolean;
	/** The unit its numbers are shown with. */
	unit?: string;
	read: (record: SimplifiedSummary) => Value;
	/** The record's fields it is read from, when not its own name alone (a sum over the sources). */
	from?: string[];
	/**
	 * Whether after is worse than before: true, false, or undefined when the way cannot be told
	 * (such a change is reported in both directions).
	 */
	worse?: (before: Value, after: Value) => boolean | undefined;
}

const RISK_ORDER = ['free', 'medium', 'critical'];
// Credit classification labels seen from the service ("Riesgo bajo", "Riesgo medio", "Riesgo alto").
const LABEL_ORDER: Array<[RegExp, number]> = [
	[/\b(bajo|low)\b/i, 0],
	[/\b(medio|medium|moderado)\b/i, 1],
	[/\b(alto|high|critico|crítico)\b/i, 2],
];

function rank(order: (value: string) => number | undefined) {
	return (before: Value, after: Value): boolean | undefined => {
		const [b, a] = [order(String(before)), order(String(after))];
		return b === undefined || a === undefined ? undefined : a > b;
	};
}

const higher = (before: Value, after: Value) => Number(after) > Number(before);
const lower = (before: Value, after: Value) => Number(after) < Number(before);

function labelRank(label: string): number | undefined {
	return LABEL_ORDER.find(([pattern]) => pattern.test(label))?.[1];
}

export const FIELDS: WatchedField[] = [
	{
		name: 'complianceRisk', label: 'compliance risk', kind: 'complianceRisk', text: true,
		read: (r) => r.complianceRisk,
		worse: rank((v) => { const i = RISK_ORDER.indexOf(v.toLowerCase()); return i < 0 ? undefined : i; }),
	},
	{ name: 'activeCivilCases', label: 'active civil cases', kind: 'activeCases', read: (r) => r.activeCivilCases, worse: higher },
	{ name: 'activeLaborCases', label: 'active labor cases', kind: 'activeCases', read: (r) => r.activeLaborCases, worse: higher },
	{ name: 'activeCollectionCases', label: 'active collection cases', kind: 'activeCases', read: (r) => r.activeCollectionCases, worse: higher },
	{
		name: 'bulletinCases', label: 'commercial bulletin cases', kind: 'bulletin',
		from: ['bulletinCasesSourceA', 'bulletinCasesSourceB', 'bulletinCasesSourceC'],
		read: (r) => sum(...bulletinBySource(r).map((s) => s.cases)), worse: higher,
	},
	{
		name: 'bulletinUnpaidAmount', label: 'commercial bulletin unpaid amount', kind: 'bulletin', unit: AMOUNT_UNITS.bulletinAmountUnit,
		from: ['bulletinAmountSourceA', 'bulletinAmountSourceB', 'bulletinAmountSourceC'],
		read: (r) => sum(...bulletinBySource(r).map((s) => s.amount)), worse: higher,
	},
	{ name: 'classificationLabel', label: 'credit classification', kind: 'credit', text: true, read: (r) => r.classificationLabel, worse: rank(labelRank) },
	// The service's classification percentage: higher reads as lower risk ("Riesgo bajo" from 75 %).
	{ name: 'classificationPercentage', label: 'credit score', kind: 'credit', read: (r) => r.classificationPercentage, worse: lower },
	{ name: 'activityStatus', label: 'tax status', kind: 'taxStatus', text: true, read: (r) => r.activityStatus },
];

/** The record's fields a watched field is read from. */
export const sourcesOf = (field: WatchedField): string[] => field.from ?? [field.name];

/** Whether the read could not read a watched field (or a part of it): its value is then unknown, never a change. */
export const unreadIn = (record: SimplifiedSummary, field: WatchedField): boolean => sourcesOf(field).some((f) => record.unreadFields.includes(f));

/** The watched fields of the chosen kinds (Any Change: all). */
export const watchedFields = (kinds: ReadonlySet<ChangeKind>): WatchedField[] => FIELDS.filter((f) => kinds.has(f.kind) || kinds.has('anyChange'));

/** Not a field of its own: the rest of the record, remembered as a fingerprint. */
export const OTHER_FIELDS = { name: 'otherFields', label: 'other fields of the record changed' };

/** The panel's choices, most asked for first; Any Change last, as it includes the others. */
export const KIND_OPTIONS: Array<{ name: string; value: ChangeKind; description: string }> = [
	{ name: 'Compliance Risk Rises', value: 'complianceRisk', description: 'From free to medium to critical' },
	{ name: 'New Active Civil, Labor or Collection Cases', value: 'activeCases', description: 'More active cases of any of the three kinds' },
	{ name: 'New Bulletin Cases or a Higher Unpaid Amount', value: 'bulletin', description: 'Cases and unpaid amounts summed over the bulletin\'s sources' },
	{ name: 'A Worse Credit Classification or Score', value: 'credit', description: 'The classification label, or a lower classification percentage' },
	{ name: 'A Change of Tax Status', value: 'taxStatus', description: 'The tax authority\'s current situation of the taxpayer' },
	{ name: 'Any Change in the Simplified Record', value: 'anyChange', description: 'Any field of the simplified summary but its date and failed data sources, whichever way' },
];

/**
 * The rest of the record: not the watched fields (nor the totals and per-source parts they are
 * made of), not the date of the summary, which moves with every refresh, nor the failed data
 * sources, which come and go; neither is a change of the supplier. Nor the units, which never
 * change: fields added to the record after the Monitor's first release stay out, or every
 * fingerprint remembered before would move once and report "other fields" for every RUT.
 */
export const FINGERPRINTED = SIMPLIFIED_FIELDS.filter(
	(f) =>
		!/^(loadedOn|failedHelpers|unreadFields|leftOutFields|readNote|activeJudicialCases|bulletin(Cases|Amount)Source[ABC])$/.test(String(f)) &&
		!(f in AMOUNT_UNITS) &&
		!FIELDS.some((w) => w.name === f),
);

/** The fingerprinted fields in words, for the Monitor's messages when one cannot be read. */
export const OTHER_LABELS: Record<string, string> = {
	rut: 'RUT',
	name: 'name',
	isLegalEntity: 'whether it is a legal entity',
	hasActivities: 'whether it has started activities',
	bankruptcy: 'bankruptcy',
	overdueBankDebt: 'overdue bank debt',
	writtenOffBankDebt: 'written-off bank debt',
	compliancePepChile: 'compliance results: PEP Chile',
	compliancePepRelatives: 'compliance results: relatives of PEPs',
	compliancePublicOfficials: 'compliance results: public officials',
	complianceInternationalLists: 'compliance results: international lists',
	complianceCriminal: 'compliance results: criminal cases',
	complianceCorporateMesh: 'compliance results: corporate mesh',
	complianceNews: 'compliance results: news',
};

/** 48 bits of SHA-256 over the rest of the record, in a fixed order. */
export function fingerprint(record: SimplifiedSummary): string {
	const values = FINGERPRINTED.map((f) => record[f] ?? null);
	return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 8);
}

export interface Change {
	field: string;
	before: Value;
	after: Value;
}

/**
 * The changes worth reporting, of those found: every one when Any Change is chosen; otherwise
 * those of the chosen kinds, and when only worse ones are wanted, those that are worse or have no
 * way to be told (tax status, an unknown label).
 */
export function reportable(changes: Change[], kinds: ReadonlySet<ChangeKind>, worseOnly: boolean): Change[] {
	if (kinds.has('anyChange')) return changes;
	return changes.filter((change) => {
		const field = FIELDS.find((f) => f.name === change.field);
		if (!field || !kinds.has(field.kind)) return false;
		return !worseOnly || !field.worse || field.worse(change.before, change.after) !== false;
	});
}
