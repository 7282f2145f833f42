/**
 * The API V2 summary (spec §2.2) as the simplified record (record.ts), the same record the V1
 * summary gives (summaryV1.ts); the action node's Simplify, the Monitor and the RUT picker read it here.
 * A section may be null or missing when its data source (helper) failed, so each field falls back to
 * null rather than throwing; a key the spec shows that is missing with no such reason is noted in
 * `unreadFields` (values.ts, Reading). docs/simplified-summary.md lists each field with its V2 and V1 source.
 */
import { isPlainObject, type PlainObject } from '../objects';
import type { Transport } from '../transport';
import { V2, requestFor } from './endpoints';
import { AMOUNT_UNITS, type SimplifiedSummary } from './record';
import { countsFromSummary } from './screening';
import { Reading, anyTrue, joinName, obj, positive, str, sum, type Lack } from './values';

/** What a summary read gives: the record, and the spec's keys its answer lacked (the record's unreadFields, in detail). */
export interface SummaryRead {
	record: SimplifiedSummary;
	lacks: Lack[];
	/** The spec's keys the answer had where they were looked for. */
	found: string[];
}

/** A RUT's simplified record, from its V2 summary: a free read of a loaded RUT. */
export async function readSummary(api: Transport, rut: string): Promise<SummaryRead> {
	return readApiV2((await api.request(requestFor(V2.summary, rut))).data, rut);
}

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
 * Keys an answer may lack for a reason it gives: a section whose helper failed; without Bureau
 * data, the SourceC fields (spec §2.2 bulletin rule 1) and an empty bulletin (rule 2).
 */
function excusesOf(d: PlainObject): (key: string) => boolean {
	const failed = new Set((Array.isArray(d.ayudantesFallidos) ? d.ayudantesFallidos : []).map((h) => String(h).toLowerCase()));
	const withoutBureau = d.incluyeBureau !== true;
	const bulletin = d.boletinComercial;
	const emptyBulletin = bulletin === undefined || (isPlainObject(bulletin) && Object.keys(bulletin).length === 0);
	return (key) => {
		const section = key.split('.')[0];
		if (failed.has(section.toLowerCase()) || failed.has((HELPER_OF[section] ?? '').toLowerCase())) return true;
		return withoutBureau && section === 'boletinComercial' && (emptyBulletin || key.endsWith('SourceC'));
	};
}

export function simplifiedFromApiV2(data: unknown, requestedRut?: string): SimplifiedSummary {
	return readApiV2(data, requestedRut).record;
}

export function readApiV2(data: unknown, requestedRut?: string): SummaryRead {
	const d = obj(data);
	const r = new Reading(data, excusesOf(d));
	const compliance = obj(d.compliance);
	// NO PROCESADO means no screening ran: the record's risk and counts are placeholders, not
	// results, so they read as unknown (and are not looked for). Without an estado the record is taken at its word.
	const screened = typeof compliance.estado !== 'string' || compliance.estado.trim().toUpperCase() === 'PROCESADO';
	const complianceRisk = screened ? r.str('complianceRisk', 'compliance', 'riesgo') : null;
	// A null compliance section is the service saying it has none: nothing to look for in it.
	const lists = screened && d.compliance !== null ? countsFromSummary(compliance.resumen, r) : countsFromSummary(undefined);

	const activeCivilCases = r.num('activeCivilCases', 'judicial', 'casosCivilesActivos');
	const activeCollectionCases = r.num('activeCollectionCases', 'judicial', 'cobranzaActivos');
	const activeLaborCases = r.num('activeLaborCases', 'judicial', 'laboralActivos');
	r.derived('activeJudicialCases', 'activeCivilCases', 'activeCollectionCases', 'activeLaborCases');
	const bulletin = obj(d.boletinComercial);
	// The spec spells the amounts with a capital M; accept the lower-case spelling too.
	const amount = (source: string) => {
		const key = (bulletin[`Monto${source}`] ?? null) === null && bulletin[`monto${source}`] !== undefined ? `monto${source}` : `Monto${source}`;
		return r.num(`bulletinAmount${source}`, 'boletinComercial', key);
	};

	const record: SimplifiedSummary = {
		rut: str(d.rut) ?? requestedRut ?? '',
		name: r.str('name', 'identificacion', 'razonSocial') ?? joinName(compliance.nombre, compliance.segundoNombre, compliance.apellido, compliance.segundoApellido),
		isLegalEntity: r.bool('isLegalEntity', 'esPersonaJuridica'),
		activityStatus: r.str('activityStatus', 'identificacion', 'situacionActual'),
		hasActivities: r.yesNo('hasActivities', 'identificacion', 'presentaActividades'),
		classificationLabel: r.str('classificationLabel', 'creditScoring', 'etiquetaClasificacion'),
		classificationPercentage: r.num('classificationPercentage', 'creditScoring', 'porcentajeClasificacion'),
		bulletinCasesSourceA: r.num('bulletinCasesSourceA', 'boletinComercial', 'casosSourceA'),
		bulletinCasesSourceB: r.num('bulletinCasesSourceB', 'boletinComercial', 'casosSourceB'),
		bulletinCasesSourceC: r.num('bulletinCasesSourceC', 'boletinComercial', 'casosSourceC'),
		bulletinAmountSourceA: amount('SourceA'),
		bulletinAmountSourceB: amount('SourceB'),
		bulletinAmountSourceC: amount('SourceC'),
		activeCivilCases,
		activeCollectionCases,
		activeLaborCases,
		activeJudicialCases: sum(activeCivilCases, activeCollectionCases, activeLaborCases),
		bankruptcy: anyTrue(
			r.bool('bankruptcy', 'judicial', 'boletinConcursal'),
			r.bool('bankruptcy', 'creditScoring', 'judicialBankruptcy'),
			positive(r.num('bankruptcy', 'judicial', 'casosQuiebra')),
		),
		overdueBankDebt: sum(r.num('overdueBankDebt', 'deudaBancaria', 'deudaDirectaVencida'), r.num('overdueBankDebt', 'deudaBancaria', 'deudaDirectaMorosa')),
		writtenOffBankDebt: r.num('writtenOffBankDebt', 'deudaBancaria', 'deudaDirectaCastigada'),
		complianceRisk,
		...lists,
		failedHelpers: Array.isArray(d.ayudantesFallidos) ? d.ayudantesFallidos.map(String) : [],
		loadedOn: r.str('loadedOn', 'fechaCarga'),
		...AMOUNT_UNITS,
		unreadFields: [],
	};
	if (!Array.isArray(d.ayudantesFallidos)) r.at('failedHelpers', 'ayudantesFallidos');
	record.unreadFields = r.unreadFields;
	return { record, lacks: r.lacks, found: [...r.found] };
}
