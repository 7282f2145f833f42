/**
 * The API V1 summary (spec §2.3) as the simplified record (record.ts), the same record the V2
 * summary gives (summaryV2.ts), so the nodes after this one need not change when a workflow switches
 * API versions. Value rules (what counts as missing, how bankruptcy and sums are decided) follow
 * the V2 mapping; where V1 has no such data the field is null (or empty), never a guess.
 */
import { V1 } from './endpoints';
import { NO_KEY_NAMES, readAnswer, type KeyNames, type Read } from './keyNames';
import { Reading, key, optional, under, valueIn, type KeyTable } from './keys';
import { AMOUNT_UNITS, withReadNote, type SimplifiedSummary } from './record';
import { V1_SCREENING_TABLES, countsFromTables } from './screening';
import type { SummaryRead } from './summaryV2';
import { anyTrue, bool, joinName, positive, str, sum } from './values';

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

/**
 * Keys read as they are, never noted as lacking: the RUT falls back to the one asked for, the name
 * to the screening's, and a null screening section means there is nothing to count.
 */
const AS_THEY_ARE = {
	rut: optional('rut', 'text', 'rut'),
	firstName: optional('name', 'text', 'compliance.name'),
	secondName: optional('name', 'text', 'compliance.secondName'),
	surname: optional('name', 'text', 'compliance.surname'),
	secondSurname: optional('name', 'text', 'compliance.secondSurname'),
	compliance: optional('complianceRisk', 'object', 'compliance'),
	screeningTables: V1_SCREENING_TABLES,
};

/**
 * The V1 summary's rows, and the keys the spec shows there that the package does not read.
 * @internal
 */
export const SUMMARY_V1_KEYS: KeyTable = {
	keys: [...Object.values(K), ...Object.values(AS_THEY_ARE)],
	alsoKnown: [
		...under('', 'sii siiBusinessSize deudaBancariaSummary boletinComercialSummary judicialSummary moraPrevisionalSummary multaLaboralSummary boletinLaboralSummary boletinLaboralLastUpdate creditScoring vehiclesSummary propertiesSummary cobranzaLaboralLastUpdate timestampsSubHelpers'),
		...under('sii', 'inicioActividades autorizadoMonedaExtranjera empresaMenor observaciones notas actividadEconomicaVigente documentosTimbrados activityCount documentCount'),
		...under('boletinComercialSummary', 'variation lastUpdate'),
		...under('judicialSummary', 'civilFiledCases civilConcludedCases cobranzaFiledCases cobranzaConcludedCases laboralFiledCases laboralConcludedCases currentCases archivedCases concludedCases allCases bankruptcyCasesResume activeFiledPosturesResume'),
		...under('deudaBancariaSummary', 'date deudaDirectaComercial deudaDirectaHipotecaria deudaDirectaVigente deudaIndirectaCastigada deudaIndirectaVencida deudaIndirectaVigente leasingMoroso leasingVigente lineaCredito variation'),
		...under('creditScoring', 'financesWeight maxFinancesWeight judicialWeight maxJudicialWeight laborCollectionWeight maxLaborCollectionWeight bulletinWeight maxBulletinWeight numberOfHelpers nameOfHelpers financesWeighting judicialWeighting laborCollectionWeighting commertialBulletinWeighting maxJudicialWeighting maxCommertialBulletinWeighting maxFinancesWeighting maxLaborCollectionWeighting'),
		...under('compliance', 'id scrappedRutId userId corporationId selectedRowsSocietaryMesh selectedRowsPepChile selectedRowsPublicOfficial selectedRowsPepChileFamily selectedRowsBlacklist selectedRowsPenal selectedRowsNews lastDataUpdate createdAt updatedAt'),
	],
};

/** The simplified record of a V1 summary answer, under the user's Answer Key Names. */
export function simplifiedFromApiV1(answer: unknown, requestedRut?: string, names: KeyNames = NO_KEY_NAMES): SimplifiedSummary {
	return readAnswer(SUMMARY_V1, answer, names, requestedRut).record;
}

/**
 * The V1 summary's reader, on the answer under the spec's names. V1 names no failed data source: a
 * failed one's section is null, which is not a lack.
 * @internal
 */
export function readApiV1(data: unknown, requestedRut?: string): SummaryRead {
	const r = new Reading(data);
	const as = (row: keyof typeof AS_THEY_ARE) => valueIn(data, AS_THEY_ARE[row]);
	const noScreening = as('compliance') === null;

	const activeCivilCases = r.num(K.activeCivilCases);
	const activeCollectionCases = r.num(K.activeCollectionCases);
	const activeLaborCases = r.num(K.activeLaborCases);
	r.derived('activeJudicialCases', 'activeCivilCases', 'activeCollectionCases', 'activeLaborCases');

	const record: SimplifiedSummary = {
		rut: str(as('rut')) ?? requestedRut ?? '',
		name: r.str(K.name) ?? joinName(as('firstName'), as('secondName'), as('surname'), as('secondSurname')),
		unreadFields: [],
		readNote: null,
		leftOutFields: [],
		// A null compliance section is the service saying it has none: nothing to look for in it.
		isLegalEntity: noScreening ? null : isLegalEntity(r.str(K.personType)),
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
		...countsFromTables(as('screeningTables'), noScreening ? undefined : r),
		// V1 does not report which helpers failed.
		failedHelpers: [],
		loadedOn: r.str(K.loadedOn),
		...AMOUNT_UNITS,
	};
	return { record: withReadNote(record, r.unreadFields), lacks: r.lacks, excused: r.excused, found: [...r.found] };
}

/** The V1 summary (GET /helper/{rut}/summary, free), read into the same simplified record as V2's. */
export const SUMMARY_V1: Read<SummaryRead> = { name: 'Summary (V1)', endpoint: V1.summary, keys: SUMMARY_V1_KEYS, read: readApiV1, summary: true };
