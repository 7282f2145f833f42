/**
 * The API V2 summary (spec §2.2) as the simplified record (record.ts), the same record the V1
 * summary gives (summaryV1.ts); the action node's Simplify, the Monitor and the RUT picker read it here.
 * A section may be null or missing when its data source (helper) failed, so each field falls back to
 * null rather than throwing; a key the spec shows that is missing with no such reason is noted in
 * `unreadFields` (keys.ts). docs/simplified-summary.md lists each field with its V2 and V1 source.
 */
import { isPlainObject, type PlainObject } from '../objects';
import type { Transport } from '../transport';
import { V2 } from './endpoints';
import { NO_KEY_NAMES, readAnswer, readFree, type KeyNames, type Read } from './keyNames';
import { Reading, key, knownOf, optional, under, valueIn, type Excused, type KeyTable, type Lack } from './keys';
import { AMOUNT_UNITS, withReadNote, type SimplifiedSummary } from './record';
import { NO_COUNTS, SUMMARY_COUNT_KEYS, countsRead } from './screening';
import { sectionsCarrying } from './slots';
import { anyTrue, joinName, obj, positive, str, sum } from './values';

/** What a summary read gives: the record, and the spec's keys its answer lacked (the record's unreadFields, in detail). */
export interface SummaryRead {
	record: SimplifiedSummary;
	lacks: Lack[];
	/** Keys the answer lacked for a reason it gives (a failed data source, no Bureau data). */
	excused: Excused[];
	/** The spec's keys the answer had where they were looked for. */
	found: string[];
}

/** A RUT's simplified record, from its V2 summary: a free read of a loaded RUT, with the user's Answer Key Names. */
export async function readSummary(api: Transport, rut: string): Promise<SummaryRead> {
	return await readFree(api, SUMMARY_V2, rut);
}

/** The keys the V2 reader reads, each once: the record is built from these rows, and Check Answers checks them. */
const K = {
	name: key('name', 'text', 'identificacion.razonSocial'),
	isLegalEntity: key('isLegalEntity', 'boolean', 'esPersonaJuridica'),
	activityStatus: key('activityStatus', 'text', 'identificacion.situacionActual'),
	hasActivities: key('hasActivities', 'yesNo', 'identificacion.presentaActividades'),
	classificationLabel: key('classificationLabel', 'text', 'creditScoring.etiquetaClasificacion'),
	classificationPercentage: key('classificationPercentage', 'number', 'creditScoring.porcentajeClasificacion'),
	bulletinCasesSourceA: key('bulletinCasesSourceA', 'number', 'boletinComercial.casosSourceA'),
	bulletinCasesSourceB: key('bulletinCasesSourceB', 'number', 'boletinComercial.casosSourceB'),
	bulletinCasesSourceC: key('bulletinCasesSourceC', 'number', 'boletinComercial.casosSourceC'),
	// The spec spells the amounts with a capital M; the lower-case spelling is read too.
	bulletinAmountSourceA: key('bulletinAmountSourceA', 'number', 'boletinComercial.MontoSourceA', 'boletinComercial.montoSourceA'),
	bulletinAmountSourceB: key('bulletinAmountSourceB', 'number', 'boletinComercial.MontoSourceB', 'boletinComercial.montoSourceB'),
	bulletinAmountSourceC: key('bulletinAmountSourceC', 'number', 'boletinComercial.MontoSourceC', 'boletinComercial.montoSourceC'),
	activeCivilCases: key('activeCivilCases', 'number', 'judicial.casosCivilesActivos'),
	activeCollectionCases: key('activeCollectionCases', 'number', 'judicial.cobranzaActivos'),
	activeLaborCases: key('activeLaborCases', 'number', 'judicial.laboralActivos'),
	bankruptcyBulletin: key('bankruptcy', 'boolean', 'judicial.boletinConcursal'),
	bankruptcyScore: key('bankruptcy', 'boolean', 'creditScoring.judicialBankruptcy'),
	bankruptcyCases: key('bankruptcy', 'number', 'judicial.casosQuiebra'),
	overdueDebt: key('overdueBankDebt', 'number', 'deudaBancaria.deudaDirectaVencida'),
	lateDebt: key('overdueBankDebt', 'number', 'deudaBancaria.deudaDirectaMorosa'),
	writtenOffBankDebt: key('writtenOffBankDebt', 'number', 'deudaBancaria.deudaDirectaCastigada'),
	complianceRisk: key('complianceRisk', 'text', 'compliance.riesgo'),
	failedHelpers: key('failedHelpers', 'list', 'ayudantesFallidos'),
	loadedOn: key('loadedOn', 'text', 'fechaCarga'),
	// Looked for only when a bulletin key is absent: it alone can excuse that absence (spec §2.2 bulletin rules).
	includesBureau: optional('bulletin', 'boolean', 'incluyeBureau'),
};

/**
 * Keys read as they are, never noted as lacking: the RUT falls back to the one asked for, the name
 * to the screening's, and the screening's section and state decide whether its risk and counts are read.
 */
const AS_THEY_ARE = {
	rut: optional('rut', 'text', 'rut'),
	firstName: optional('name', 'text', 'compliance.nombre'),
	secondName: optional('name', 'text', 'compliance.segundoNombre'),
	surname: optional('name', 'text', 'compliance.apellido'),
	secondSurname: optional('name', 'text', 'compliance.segundoApellido'),
	compliance: optional('complianceRisk', 'object', 'compliance'),
	screeningState: optional('complianceRisk', 'text', 'compliance.estado'),
	// The bulletin's section: absent or empty, a profile without Bureau data excuses the bulletin's keys.
	bulletin: optional('bulletin', 'object', 'boletinComercial'),
};

/** The rows whose absence the answer's own reasons can excuse (leftOutFields). */
const ROWS = [...Object.values(K), ...SUMMARY_COUNT_KEYS];
const JUDICIAL_PARTS = ['activeCivilCases', 'activeCollectionCases', 'activeLaborCases'];

/**
 * The V2 summary's rows, and the keys the spec shows there that the package does not read.
 * @internal
 */
export const SUMMARY_V2_KEYS: KeyTable = {
	keys: [...ROWS, ...Object.values(AS_THEY_ARE)],
	alsoKnown: [
		...under('', 'identificacion judicial cobranzaLaboral legal deudaBancaria bienes creditScoring ratings'),
		...under('identificacion', 'inicioActividades autorizadoMonedaExtranjera empresaMenor observaciones notas actividadEconomicaVigente documentosTimbrados cantidadActividades cantidadDocumentos ultimaActualizacion tamanoEmpresaSii'),
		...under('boletinComercial', 'variacion ultimaActualizacion'),
		...under('judicial', 'casosCivilesPresentados casosCivilesConcluidos cobranzaPresentados cobranzaConcluidos laboralPresentados laboralConcluidos casosActuales casosArchivados casosConcluidos todosLosCasos casosQuiebraResumen posturasActivasPresentadas posturasActivasPresentadasResumen ultimaActualizacionCiviles ultimaActualizacionCobranza ultimaActualizacionLaboral'),
		...under('deudaBancaria', 'periodo deudaDirectaComercial deudaDirectaHipotecaria deudaDirectaVigente deudaIndirectaCastigada deudaIndirectaVencida deudaIndirectaVigente leasingMoroso leasingVigente lineaCredito variacion'),
		...under('creditScoring', 'ponderacionFinanciero maxPonderacionFinanciero ponderacionJudicial maxPonderacionJudicial ponderacionCobranzaLaboral maxPonderacionCobranzaLaboral ponderacionBoletin maxPonderacionBoletin cantidadAyudantes nombresAyudantes'),
		...under('compliance', 'tipoPersona resumen'),
	],
};

const KNOWN = knownOf(SUMMARY_V2_KEYS);

/**
 * The data source behind each section, as ayudantesFallidos names it (the spec's examples:
 * judicial, commertialBulletin, laborCollection); a section named by its own key counts too.
 */
const HELPER_OF: Record<string, string> = {
	identificacion: 'sii',
	boletinComercial: 'commertialBulletin',
	judicial: 'judicial',
	cobranzaLaboral: 'laborCollection',
	deudaBancaria: 'bankDebt',
	bienes: 'assets',
	creditScoring: 'creditScoring',
	compliance: 'compliance',
};

/**
 * The answer's own reason for lacking a key: a section whose helper failed; a profile loaded
 * without Bureau data (incluyeBureau false, and only then: absent, it says nothing) lacks the
 * SourceC fields (spec §2.2 bulletin rule 1) and may lack the whole bulletin (rule 2). A missing
 * section is excused only while no unknown section of the answer carries its keys: unknown is never
 * excused, it is the section under another name (Check Answers maps it).
 */
function excusesOf(d: PlainObject): (key: string, section?: string) => string | undefined {
	const failedHelpers = valueIn(d, K.failedHelpers);
	const failed = new Set((Array.isArray(failedHelpers) ? failedHelpers : []).map((h) => String(h).toLowerCase()));
	const withoutBureau = valueIn(d, K.includesBureau) === false;
	const bulletin = valueIn(d, AS_THEY_ARE.bulletin);
	const elsewhere = new Map<string, boolean>();
	const carried = (section: string) => d[section] === undefined && (elsewhere.get(section) ?? elsewhere.set(section, sectionsCarrying(d, section, KNOWN).length > 0).get(section)!);
	// `section`: the path's first key, when the caller has it split already (a row's parts).
	return (path, section = path.split('.')[0]) => {
		const helper = HELPER_OF[section] ?? '';
		if (carried(section)) return undefined;
		if (failed.has(section.toLowerCase()) || failed.has(helper.toLowerCase())) return `its data source failed (ayudantesFallidos: ${helper || section})`;
		if (!withoutBureau || section !== 'boletinComercial') return undefined;
		if (bulletin === undefined || (isPlainObject(bulletin) && Object.keys(bulletin).length === 0)) return 'the profile was loaded without Bureau data (incluyeBureau false), and the service then may send no commercial bulletin';
		return path.endsWith('SourceC') ? 'the profile was loaded without Bureau data (incluyeBureau false), so the service sends no SourceC figures' : undefined;
	};
}

/** The simplified record of a V2 summary answer, under the user's Answer Key Names. */
export function simplifiedFromApiV2(answer: unknown, requestedRut?: string, names: KeyNames = NO_KEY_NAMES): SimplifiedSummary {
	return readAnswer(SUMMARY_V2, answer, names, requestedRut).record;
}

/**
 * The V2 summary's reader, on the answer under the spec's names.
 * @internal
 */
export function readApiV2(data: unknown, requestedRut?: string): SummaryRead {
	const d = obj(data);
	const failedHelpers = valueIn(d, K.failedHelpers);
	const excuse = excusesOf(d);
	const r = new Reading(data, excuse);
	const state = valueIn(data, AS_THEY_ARE.screeningState);
	// NO PROCESADO means no screening ran: the record's risk and counts are placeholders, not
	// results, so they read as unknown (and are not looked for). Without an estado the record is taken at its word.
	const screened = typeof state !== 'string' || state.trim().toUpperCase() === 'PROCESADO';
	const complianceRisk = screened ? r.str(K.complianceRisk) : null;
	// A null compliance section is the service saying it has none: nothing to look for in it.
	const lists = screened && valueIn(data, AS_THEY_ARE.compliance) !== null ? countsRead(r) : NO_COUNTS;
	const nameOf = (row: keyof typeof AS_THEY_ARE) => valueIn(data, AS_THEY_ARE[row]);

	const activeCivilCases = r.num(K.activeCivilCases);
	const activeCollectionCases = r.num(K.activeCollectionCases);
	const activeLaborCases = r.num(K.activeLaborCases);
	r.derived('activeJudicialCases', ...JUDICIAL_PARTS);
	const bulletin = {
		bulletinCasesSourceA: r.num(K.bulletinCasesSourceA),
		bulletinCasesSourceB: r.num(K.bulletinCasesSourceB),
		bulletinCasesSourceC: r.num(K.bulletinCasesSourceC),
		bulletinAmountSourceA: r.num(K.bulletinAmountSourceA),
		bulletinAmountSourceB: r.num(K.bulletinAmountSourceB),
		bulletinAmountSourceC: r.num(K.bulletinAmountSourceC),
	};
	// A bulletin key lacked with no Bureau flag to excuse it: unknown is not false, so the flag is missed too.
	for (const field of new Set(r.lacks.filter((l) => l.key.startsWith('boletinComercial.')).map((l) => l.field))) r.bool({ ...K.includesBureau, field });

	const record: SimplifiedSummary = {
		rut: str(valueIn(data, AS_THEY_ARE.rut)) ?? requestedRut ?? '',
		name: r.str(K.name) ?? joinName(nameOf('firstName'), nameOf('secondName'), nameOf('surname'), nameOf('secondSurname')),
		unreadFields: [],
		readNote: null,
		leftOutFields: [],
		isLegalEntity: r.bool(K.isLegalEntity),
		activityStatus: r.str(K.activityStatus),
		hasActivities: r.yesNo(K.hasActivities),
		classificationLabel: r.str(K.classificationLabel),
		classificationPercentage: r.num(K.classificationPercentage),
		...bulletin,
		activeCivilCases,
		activeCollectionCases,
		activeLaborCases,
		activeJudicialCases: sum(activeCivilCases, activeCollectionCases, activeLaborCases),
		bankruptcy: anyTrue(r.bool(K.bankruptcyBulletin), r.bool(K.bankruptcyScore), positive(r.num(K.bankruptcyCases))),
		overdueBankDebt: sum(r.num(K.overdueDebt), r.num(K.lateDebt)),
		writtenOffBankDebt: r.num(K.writtenOffBankDebt),
		complianceRisk,
		...lists,
		failedHelpers: Array.isArray(failedHelpers) ? failedHelpers.map(String) : [],
		loadedOn: r.str(K.loadedOn),
		...AMOUNT_UNITS,
	};
	if (!Array.isArray(failedHelpers)) r.at(K.failedHelpers);
	// A field is left out where one of its keys is, by the answer's own reason; the judicial sum with its parts.
	const leftOut = valueIn(d, K.includesBureau) === false || (Array.isArray(failedHelpers) && failedHelpers.length) ? ROWS.filter((row) => excuse(row.from[0], row.parts[0][0]) !== undefined).map((row) => row.field) : [];
	if (leftOut.some((f) => JUDICIAL_PARTS.includes(f))) leftOut.push('activeJudicialCases');
	return { record: withReadNote(record, r.unreadFields, leftOut), lacks: r.lacks, excused: r.excused, found: [...r.found] };
}

/** The V2 summary (GET /helper/resumen?rut={rut}, free), read into the simplified record. */
export const SUMMARY_V2: Read<SummaryRead> = { name: 'Summary (V2)', endpoint: V2.summary, keys: SUMMARY_V2_KEYS, read: readApiV2, summary: true };
