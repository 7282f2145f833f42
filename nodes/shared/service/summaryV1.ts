/**
 * The API V1 summary (spec §2.3) as the simplified record (record.ts), the same record the V2
 * summary gives (summaryV2.ts), so the nodes after this one need not change when a workflow switches
 * API versions. Value rules (what counts as missing, how bankruptcy and sums are decided) follow
 * the V2 mapping; where V1 has no such data the field is null (or empty), never a guess.
 */
import type { PlainObject } from '../objects';
import { AMOUNT_UNITS, type SimplifiedSummary } from './record';
import { countsFromTables } from './screening';
import type { SummaryRead } from './summaryV2';
import { Reading, anyTrue, bool, joinName, obj, positive, str, sum } from './values';

/** V1 has no esPersonaJuridica; the compliance record's person type says the same where it exists. */
function isLegalEntity(compliance: PlainObject): boolean | null {
	if (compliance.personType === 'juridical') return true;
	if (compliance.personType === 'natural') return false;
	return null;
}

export function simplifiedFromApiV1(data: unknown, requestedRut?: string): SimplifiedSummary {
	return readApiV1(data, requestedRut).record;
}

/** V1 names no failed data source: a failed one's section is null, which is not a lack. */
export function readApiV1(data: unknown, requestedRut?: string): SummaryRead {
	const d = obj(data);
	const r = new Reading(data);
	const compliance = obj(d.compliance);

	const activeCivilCases = r.num('activeCivilCases', 'judicialSummary', 'civilActiveCases');
	const activeCollectionCases = r.num('activeCollectionCases', 'judicialSummary', 'cobranzaActiveCases');
	const activeLaborCases = r.num('activeLaborCases', 'judicialSummary', 'laboralActiveCases');
	r.derived('activeJudicialCases', 'activeCivilCases', 'activeCollectionCases', 'activeLaborCases');

	const record: SimplifiedSummary = {
		rut: str(d.rut) ?? requestedRut ?? '',
		name: r.str('name', 'sii', 'razonSocial') ?? joinName(compliance.name, compliance.secondName, compliance.surname, compliance.secondSurname),
		isLegalEntity: isLegalEntity(compliance),
		activityStatus: r.str('activityStatus', 'sii', 'situacionActual'),
		hasActivities: r.yesNo('hasActivities', 'sii', 'presentaActividades'),
		classificationLabel: r.str('classificationLabel', 'creditScoring', 'classificationLabel'),
		classificationPercentage: r.num('classificationPercentage', 'creditScoring', 'classificationPercentage'),
		bulletinCasesSourceA: r.num('bulletinCasesSourceA', 'boletinComercialSummary', 'casesSourceA'),
		bulletinCasesSourceB: r.num('bulletinCasesSourceB', 'boletinComercialSummary', 'casesSourceB'),
		bulletinCasesSourceC: r.num('bulletinCasesSourceC', 'boletinComercialSummary', 'casesSourceC'),
		bulletinAmountSourceA: r.num('bulletinAmountSourceA', 'boletinComercialSummary', 'amountSourceA'),
		bulletinAmountSourceB: r.num('bulletinAmountSourceB', 'boletinComercialSummary', 'amountSourceB'),
		bulletinAmountSourceC: r.num('bulletinAmountSourceC', 'boletinComercialSummary', 'amountSourceC'),
		activeCivilCases,
		activeCollectionCases,
		activeLaborCases,
		activeJudicialCases: sum(activeCivilCases, activeCollectionCases, activeLaborCases),
		// boletinConcursalSummary is a boolean in one response form and {lastUpdate} in another.
		bankruptcy: anyTrue(
			bool(r.at('bankruptcy', 'boletinConcursalSummary')),
			r.bool('bankruptcy', 'creditScoring', 'judicialBankruptcy'),
			positive(r.num('bankruptcy', 'judicialSummary', 'bankruptcyCases')),
		),
		overdueBankDebt: sum(r.num('overdueBankDebt', 'deudaBancariaSummary', 'deudaDirectaVencida'), r.num('overdueBankDebt', 'deudaBancariaSummary', 'deudaDirectaMorosa')),
		writtenOffBankDebt: r.num('writtenOffBankDebt', 'deudaBancariaSummary', 'deudaDirectaCastigada'),
		complianceRisk: r.str('complianceRisk', 'compliance', 'risk'),
		...countsFromTables(compliance.summary, d.compliance === null ? undefined : r),
		// V1 does not report which helpers failed.
		failedHelpers: [],
		loadedOn: r.str('loadedOn', 'fechaCarga'),
		...AMOUNT_UNITS,
		unreadFields: [],
	};
	record.unreadFields = r.unreadFields;
	return { record, lacks: r.lacks, found: [...r.found] };
}
