/**
 * The API V1 summary (spec §2.3) as the simplified record (record.ts), the same record the V2
 * summary gives (summaryV2.ts), so the nodes after this one need not change when a workflow switches
 * API versions. Value rules (what counts as missing, how bankruptcy and sums are decided) follow
 * the V2 mapping; where V1 has no such data the field is null (or empty), never a guess.
 */
import { NO_KEY_NAMES, withSpecNames, type KeyNames } from './keyNames';
import { key, under, type KeyTable } from './keys';
import { Reading } from './reading';
import { AMOUNT_UNITS, withReadNote, type SimplifiedSummary } from './record';
import { SUMMARY_COUNT_KEYS, countsFromTables } from './screening';
import type { SummaryRead } from './summaryV2';
import { anyTrue, bool, joinName, obj, positive, str, sum } from './values';

/** V1 has no esPersonaJuridica; the compliance record's person type says the same where it exists. */
function isLegalEntity(personType: string | null): boolean | null {
	if (personType === 'juridical') return true;
	if (personType === 'natural') return false;
	return null;
}

/** The keys the V1 reader reads, each once: the record is built from these rows, and Check Answers checks them. */
const K = {
	name: key('name', 'text', 'sii.razonSocial'),
	activityStatus: key('activityStatus', 'text', 'sii.situacionActual'),
	hasActivities: key('hasActivities', 'yesNo', 'sii.presentaActividades'),
	classificationLabel: key('classificationLabel', 'text', 'creditScoring.classificationLabel'),
	classificationPercentage: key('classificationPercentage', 'number', 'creditScoring.classificationPercentage'),
	bulletinCasesSourceA: key('bulletinCasesSourceA', 'number', 'boletinComercialSummary.casesSourceA'),
	bulletinCasesSourceB: key('bulletinCasesSourceB', 'number', 'boletinComercialSummary.casesSourceB'),
	bulletinCasesSourceC: key('bulletinCasesSourceC', 'number', 'boletinComercialSummary.casesSourceC'),
	bulletinAmountSourceA: key('bulletinAmountSourceA', 'number', 'boletinComercialSummary.amountSourceA'),
	bulletinAmountSourceB: key('bulletinAmountSourceB', 'number', 'boletinComercialSummary.amountSourceB'),
	bulletinAmountSourceC: key('bulletinAmountSourceC', 'number', 'boletinComercialSummary.amountSourceC'),
	activeCivilCases: key('activeCivilCases', 'number', 'judicialSummary.civilActiveCases'),
	activeCollectionCases: key('activeCollectionCases', 'number', 'judicialSummary.cobranzaActiveCases'),
	activeLaborCases: key('activeLaborCases', 'number', 'judicialSummary.laboralActiveCases'),
	// boletinConcursalSummary is a boolean in one response form and {lastUpdate} in another.
	bankruptcyBulletin: key('bankruptcy', 'any', 'boletinConcursalSummary'),
	bankruptcyScore: key('bankruptcy', 'boolean', 'creditScoring.judicialBankruptcy'),
	bankruptcyCases: key('bankruptcy', 'number', 'judicialSummary.bankruptcyCases'),
	overdueDebt: key('overdueBankDebt', 'number', 'deudaBancariaSummary.deudaDirectaVencida'),
	lateDebt: key('overdueBankDebt', 'number', 'deudaBancariaSummary.deudaDirectaMorosa'),
	writtenOffBankDebt: key('writtenOffBankDebt', 'number', 'deudaBancariaSummary.deudaDirectaCastigada'),
	complianceRisk: key('complianceRisk', 'text', 'compliance.risk'),
	personType: key('isLegalEntity', 'text', 'compliance.personType'),
	loadedOn: key('loadedOn', 'text', 'fechaCarga'),
};

/** The V1 summary's rows, and the keys the spec shows there that the package does not read. */
export const SUMMARY_V1_KEYS: KeyTable = {
	keys: [...Object.values(K), ...SUMMARY_COUNT_KEYS.v1],
	alsoKnown: [
		...under('', 'rut sii siiBusinessSize deudaBancariaSummary boletinComercialSummary judicialSummary moraPrevisionalSummary multaLaboralSummary boletinLaboralSummary boletinLaboralLastUpdate creditScoring vehiclesSummary propertiesSummary cobranzaLaboralLastUpdate timestampsSubHelpers compliance'),
		...under('sii', 'razonSocial inicioActividades autorizadoMonedaExtranjera empresaMenor observaciones notas actividadEconomicaVigente documentosTimbrados activityCount documentCount'),
		...under('boletinComercialSummary', 'variation lastUpdate'),
		...under('judicialSummary', 'civilFiledCases civilConcludedCases cobranzaFiledCases cobranzaConcludedCases laboralFiledCases laboralConcludedCases currentCases archivedCases concludedCases allCases bankruptcyCasesResume activeFiledPosturesResume'),
		...under('deudaBancariaSummary', 'date deudaDirectaComercial deudaDirectaHipotecaria deudaDirectaVigente deudaIndirectaCastigada deudaIndirectaVencida deudaIndirectaVigente leasingMoroso leasingVigente lineaCredito variation'),
		...under('creditScoring', 'financesWeight maxFinancesWeight judicialWeight maxJudicialWeight laborCollectionWeight maxLaborCollectionWeight bulletinWeight maxBulletinWeight numberOfHelpers nameOfHelpers financesWeighting judicialWeighting laborCollectionWeighting commertialBulletinWeighting maxJudicialWeighting maxCommertialBulletinWeighting maxFinancesWeighting maxLaborCollectionWeighting'),
		...under('compliance', 'id scrappedRutId userId corporationId name secondName surname secondSurname personType selectedRowsSocietaryMesh selectedRowsPepChile selectedRowsPublicOfficial selectedRowsPepChileFamily selectedRowsBlacklist selectedRowsPenal selectedRowsNews lastDataUpdate createdAt updatedAt'),
	],
};

export function simplifiedFromApiV1(data: unknown, requestedRut?: string, names: KeyNames = NO_KEY_NAMES): SimplifiedSummary {
	return readApiV1(data, requestedRut, names).record;
}

/**
 * The answer enters here, with the user's Answer Key Names applied once, before anything is read.
 * V1 names no failed data source: a failed one's section is null, which is not a lack.
 */
export function readApiV1(answer: unknown, requestedRut?: string, names: KeyNames = NO_KEY_NAMES): SummaryRead {
	const data = withSpecNames(answer, names);
	const d = obj(data);
	const r = new Reading(data);
	const compliance = obj(d.compliance);

	const activeCivilCases = r.num(K.activeCivilCases);
	const activeCollectionCases = r.num(K.activeCollectionCases);
	const activeLaborCases = r.num(K.activeLaborCases);
	r.derived('activeJudicialCases', 'activeCivilCases', 'activeCollectionCases', 'activeLaborCases');

	const record: SimplifiedSummary = {
		rut: str(d.rut) ?? requestedRut ?? '',
		name: r.str(K.name) ?? joinName(compliance.name, compliance.secondName, compliance.surname, compliance.secondSurname),
		unreadFields: [],
		readNote: null,
		leftOutFields: [],
		// A null compliance section is the service saying it has none: nothing to look for in it.
		isLegalEntity: d.compliance === null ? null : isLegalEntity(r.str(K.personType)),
		activityStatus: r.str(K.activityStatus),
		hasActivities: r.yesNo(K.hasActivities),
		classificationLabel: r.str(K.classificationLabel),
		classificationPercentage: r.num(K.classificationPercentage),
		bulletinCasesSourceA: r.num(K.bulletinCasesSourceA),
		bulletinCasesSourceB: r.num(K.bulletinCasesSourceB),
		bulletinCasesSourceC: r.num(K.bulletinCasesSourceC),
		bulletinAmountSourceA: r.num(K.bulletinAmountSourceA),
		bulletinAmountSourceB: r.num(K.bulletinAmountSourceB),
		bulletinAmountSourceC: r.num(K.bulletinAmountSourceC),
		activeCivilCases,
		activeCollectionCases,
		activeLaborCases,
		activeJudicialCases: sum(activeCivilCases, activeCollectionCases, activeLaborCases),
		bankruptcy: anyTrue(bool(r.at(K.bankruptcyBulletin)), r.bool(K.bankruptcyScore), positive(r.num(K.bankruptcyCases))),
		overdueBankDebt: sum(r.num(K.overdueDebt), r.num(K.lateDebt)),
		writtenOffBankDebt: r.num(K.writtenOffBankDebt),
		complianceRisk: r.str(K.complianceRisk),
		...countsFromTables(compliance.summary, d.compliance === null ? undefined : r),
		// V1 does not report which helpers failed.
		failedHelpers: [],
		loadedOn: r.str(K.loadedOn),
		...AMOUNT_UNITS,
	};
	return { record: withReadNote(record, r.unreadFields), lacks: r.lacks, excused: r.excused, found: [...r.found] };
}
