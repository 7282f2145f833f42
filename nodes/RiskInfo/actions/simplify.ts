import type { SimplifiedSummary } from './simplified';

/**
 * The V2 summary (spec §2.2) as the flat SimplifiedSummary. Every section may be missing
 * or null when a helper failed, so each field falls back to null rather than throwing;
 * docs/simplified.md lists each field with its V2 and V1 source.
 */
export function simplifyV2(data: unknown, requestedRut?: string): SimplifiedSummary {
	const d = obj(data);
	const id = obj(d.identificacion);
	const bulletin = obj(d.boletinComercial);
	const judicial = obj(d.judicial);
	const bank = obj(d.deudaBancaria);
	const score = obj(d.creditScoring);
	const compliance = obj(d.compliance);
	const lists = obj(compliance.resumen);

	const activeCivilCases = num(judicial.casosCivilesActivos);
	const activeCollectionCases = num(judicial.cobranzaActivos);
	const activeLaborCases = num(judicial.laboralActivos);

	return {
		rut: str(d.rut) ?? requestedRut ?? '',
		name: str(id.razonSocial) ?? personName(compliance),
		isLegalEntity: bool(d.esPersonaJuridica),
		activityStatus: str(id.situacionActual),
		hasActivities: yesNo(id.presentaActividades),
		classificationLabel: str(score.etiquetaClasificacion),
		classificationPercentage: num(score.porcentajeClasificacion),
		bulletinCasesSourceA: num(bulletin.casosSourceA),
		bulletinCasesSourceB: num(bulletin.casosSourceB),
		bulletinCasesSourceC: num(bulletin.casosSourceC),
		// The spec spells the amounts with a capital M; accept the lower-case spelling too.
		bulletinAmountSourceA: num(bulletin.MontoSourceA ?? bulletin.montoSourceA),
		bulletinAmountSourceB: num(bulletin.MontoSourceB ?? bulletin.montoSourceB),
		bulletinAmountSourceC: num(bulletin.MontoSourceC ?? bulletin.montoSourceC),
		activeCivilCases,
		activeCollectionCases,
		activeLaborCases,
		activeJudicialCases: sum(activeCivilCases, activeCollectionCases, activeLaborCases),
		bankruptcy: anyTrue(bool(judicial.boletinConcursal), bool(score.judicialBankruptcy), positive(judicial.casosQuiebra)),
		overdueBankDebt: sum(num(bank.deudaDirectaVencida), num(bank.deudaDirectaMorosa)),
		writtenOffBankDebt: num(bank.deudaDirectaCastigada),
		complianceRisk: str(compliance.riesgo),
		compliancePepChile: listCount(lists.pepChile),
		compliancePepRelatives: listCount(lists.pepChileFamiliares),
		compliancePublicOfficials: listCount(lists.funcionariosPublicos),
		complianceInternationalLists: listCount(lists.listasInternacionales),
		complianceCriminal: listCount(lists.penal),
		complianceCorporateMesh: listCount(lists.mallaSocietaria),
		complianceNews: listCount(lists.noticias),
		failedHelpers: Array.isArray(d.ayudantesFallidos) ? d.ayudantesFallidos.map(String) : [],
		loadedOn: str(d.fechaCarga),
	};
}

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj {
	return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
}

function str(value: unknown): string | null {
	if (typeof value === 'string') return value.trim() === '' ? null : value;
	return typeof value === 'number' ? String(value) : null;
}

/** Numbers sometimes arrive as numeric strings (e.g. appraisals); anything else is "no value". */
function num(value: unknown): number | null {
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return null;
}

function bool(value: unknown): boolean | null {
	return typeof value === 'boolean' ? value : null;
}

function yesNo(value: unknown): boolean | null {
	const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
	if (text === 'SI' || text === 'SÍ') return true;
	if (text === 'NO') return false;
	return bool(value);
}

function positive(value: unknown): boolean | null {
	const n = num(value);
	return n === null ? null : n > 0;
}

/** The sum of the known parts; null only when none is known. */
function sum(...values: Array<number | null>): number | null {
	const known = values.filter((v): v is number => v !== null);
	return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** True if any signal says so, false if some signal exists and none says so, else null. */
function anyTrue(...values: Array<boolean | null>): boolean | null {
	if (values.includes(true)) return true;
	return values.includes(false) ? false : null;
}

/** A resumen entry's count; the no-match form writes totalResults instead of totalResultados. */
function listCount(entry: unknown): number | null {
	const e = obj(entry);
	return num(e.totalResultados ?? e.totalResults);
}

function personName(compliance: Obj): string | null {
	const parts = [compliance.nombre, compliance.segundoNombre, compliance.apellido, compliance.segundoApellido]
		.map(str)
		.filter((p): p is string => p !== null);
	return parts.length ? parts.join(' ') : null;
}
