/**
 * The API V1 summary (spec §2.3) as the simplified record (record.ts), the same record the V2
 * summary gives (summaryV2.ts), so the nodes after this one need not change when a workflow switches
 * API versions. Value rules (what counts as missing, how bankruptcy and sums are decided) follow
 * the V2 mapping; where V1 has no such data the field is null (or empty), never a guess.
 */
import type { PlainObject } from '../objects';
import { AMOUNT_UNITS, type SimplifiedSummary } from './record';
import { countsFromTables } from './screening';
import { anyTrue, bool, joinName, num, obj, positive, str, sum, yesNo } from './values';

/** V1 has no esPersonaJuridica; the compliance record's person type says the same where it exists. */
function isLegalEntity(compliance: PlainObject): boolean | null {
	if (compliance.personType === 'juridical') return true;
	if (compliance.personType === 'natural') return false;
	return null;
}

export function simplifiedFromApiV1(data: unknown, requestedRut?: string): SimplifiedSummary {
	const d = obj(data);
	const sii = obj(d.sii);
	const score = obj(d.creditScoring);
	const bulletin = obj(d.boletinComercialSummary);
	const judicial = obj(d.judicialSummary);
	const bank = obj(d.deudaBancariaSummary);
	const compliance = obj(d.compliance);

	const activeCivilCases = num(judicial.civilActiveCases);
	const activeCollectionCases = num(judicial.cobranzaActiveCases);
	const activeLaborCases = num(judicial.laboralActiveCases);

	return {
		rut: str(d.rut) ?? requestedRut ?? '',
		name: str(sii.razonSocial) ?? joinName(compliance.name, compliance.secondName, compliance.surname, compliance.secondSurname),
		isLegalEntity: isLegalEntity(compliance),
		activityStatus: str(sii.situacionActual),
		hasActivities: yesNo(sii.presentaActividades),
		classificationLabel: str(score.classificationLabel),
		classificationPercentage: num(score.classificationPercentage),
		bulletinCasesSourceA: num(bulletin.casesSourceA),
		bulletinCasesSourceB: num(bulletin.casesSourceB),
		bulletinCasesSourceC: num(bulletin.casesSourceC),
		bulletinAmountSourceA: num(bulletin.amountSourceA),
		bulletinAmountSourceB: num(bulletin.amountSourceB),
		bulletinAmountSourceC: num(bulletin.amountSourceC),
		activeCivilCases,
		activeCollectionCases,
		activeLaborCases,
		activeJudicialCases: sum(activeCivilCases, activeCollectionCases, activeLaborCases),
		// boletinConcursalSummary is a boolean in one response form and {lastUpdate} in another.
		bankruptcy: anyTrue(bool(d.boletinConcursalSummary), bool(score.judicialBankruptcy), positive(judicial.bankruptcyCases)),
		overdueBankDebt: sum(num(bank.deudaDirectaVencida), num(bank.deudaDirectaMorosa)),
		writtenOffBankDebt: num(bank.deudaDirectaCastigada),
		complianceRisk: str(compliance.risk),
		...countsFromTables(compliance.summary),
		// V1 does not report which helpers failed.
		failedHelpers: [],
		loadedOn: str(d.fechaCarga),
		...AMOUNT_UNITS,
	};
}
