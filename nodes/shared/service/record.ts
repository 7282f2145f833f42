/**
 * The simplified record: the flat record of the indicators people act on, produced by Simplify
 * on the API V2 and the API V1 summary alike (summaryV2.ts, summaryV1.ts), so a workflow can switch
 * API versions without changing the nodes after it; the Monitor compares and emits the same record.
 * A field is null where the service has no value (or the version does not provide it).
 * Money is in Chilean pesos as the service gives it; bank debt is in thousands of pesos.
 */
export interface SimplifiedSummary {
	[key: string]: string | number | boolean | null | string[];
	rut: string;
	name: string | null;
	/**
	 * The fields below that could not be read, in the record's order: the answer lacked a key the
	 * spec shows (absent, or a section of another type) and did not say why. Empty when all were
	 * there. Early in the record, so it sits beside the nulls it explains.
	 */
	unreadFields: string[];
	/** One line saying what unreadFields means and what to do; null when every field was read. */
	readNote: string | null;
	/**
	 * The fields below the answer itself says it left out, in the record's order: the SourceC
	 * figures of a profile loaded without Bureau data, a section whose data source failed
	 * (failedHelpers). Null there is the service's own "not given", never a field that could not be read.
	 */
	leftOutFields: string[];
	isLegalEntity: boolean | null;
	/** The tax authority's current situation text, e.g. whether it has started activities. */
	activityStatus: string | null;
	hasActivities: boolean | null;
	classificationLabel: string | null;
	classificationPercentage: number | null;
	bulletinCasesSourceA: number | null;
	bulletinCasesSourceB: number | null;
	/** Null when the profile was loaded without Bureau data. */
	bulletinCasesSourceC: number | null;
	bulletinAmountSourceA: number | null;
	bulletinAmountSourceB: number | null;
	bulletinAmountSourceC: number | null;
	activeCivilCases: number | null;
	activeCollectionCases: number | null;
	activeLaborCases: number | null;
	/** Active civil + collection + labor cases. */
	activeJudicialCases: number | null;
	bankruptcy: boolean | null;
	/** Overdue direct bank debt (deudaDirectaVencida + deudaDirectaMorosa), in thousands. */
	overdueBankDebt: number | null;
	/** Written-off direct bank debt (deudaDirectaCastigada), in thousands. */
	writtenOffBankDebt: number | null;
	/** free, medium or critical; null when no compliance screening exists. */
	complianceRisk: string | null;
	compliancePepChile: number | null;
	compliancePepRelatives: number | null;
	compliancePublicOfficials: number | null;
	complianceInternationalLists: number | null;
	complianceCriminal: number | null;
	complianceCorporateMesh: number | null;
	complianceNews: number | null;
	/** Data sources (helpers) that failed while the summary was collected. */
	failedHelpers: string[];
	/** When the summary was created or updated, as the service wrote it. */
	loadedOn: string | null;
	/** The units of the amounts, on the record itself (AMOUNT_UNITS). */
	bulletinAmountUnit: string;
	bankDebtUnit: string;
}

/** The bulletin's amounts are in pesos, bank debt in thousands of pesos (spec §8): said on every record. */
export const AMOUNT_UNITS = { bulletinAmountUnit: 'CLP', bankDebtUnit: 'thousands of CLP' } as const;

export const SIMPLIFIED_FIELDS: Array<keyof SimplifiedSummary> = [
	'rut',
	'name',
	'unreadFields',
	'readNote',
	'leftOutFields',
	'isLegalEntity',
	'activityStatus',
	'hasActivities',
	'classificationLabel',
	'classificationPercentage',
	'bulletinCasesSourceA',
	'bulletinCasesSourceB',
	'bulletinCasesSourceC',
	'bulletinAmountSourceA',
	'bulletinAmountSourceB',
	'bulletinAmountSourceC',
	'activeCivilCases',
	'activeCollectionCases',
	'activeLaborCases',
	'activeJudicialCases',
	'bankruptcy',
	'overdueBankDebt',
	'writtenOffBankDebt',
	'complianceRisk',
	'compliancePepChile',
	'compliancePepRelatives',
	'compliancePublicOfficials',
	'complianceInternationalLists',
	'complianceCriminal',
	'complianceCorporateMesh',
	'complianceNews',
	'failedHelpers',
	'loadedOn',
	'bulletinAmountUnit',
	'bankDebtUnit',
];

/** Fields named in a read note; the rest are counted (unreadFields has them all). */
const NAMED_IN_NOTE = 4;

/**
 * The record with the fields its read could not read, and a note saying so where they are read:
 * a null there is unknown, not zero or "no"; and apart from them, the null fields the answer says
 * it left out.
 */
export function withReadNote(record: SimplifiedSummary, lacked: string[], leftOut: string[] = []): SimplifiedSummary {
	// In the record's order, as a person reads the record.
	const unread = SIMPLIFIED_FIELDS.filter((f) => lacked.includes(f as string)) as string[];
	record.unreadFields = unread;
	record.leftOutFields = SIMPLIFIED_FIELDS.filter((f) => leftOut.includes(f as string) && !lacked.includes(f as string) && record[f] === null) as string[];
	if (!unread.length) return record;
	const named = unread.length > NAMED_IN_NOTE ? `${unread.slice(0, NAMED_IN_NOTE).join(', ')} and ${unread.length - NAMED_IN_NOTE} more` : unread.join(', ');
	record.readNote =
		`${named} could not be read: the service's answer did not carry ${unread.length === 1 ? 'it' : 'them'} where the spec puts ${unread.length === 1 ? 'it' : 'them'}, ` +
		`so ${unread.length === 1 ? 'it is' : 'they are'} null here (unknown, not zero or "no"). Run Risk Info → Account → Check Answers on this RUT, and set what it suggests in the credential's Answer Key Names.`;
	return record;
}
