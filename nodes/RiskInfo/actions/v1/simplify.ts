import type { SimplifiedSummary } from '../simplified';

/**
 * The V1 summary (spec §2.3) as the same flat record Simplify gives on V2, so the nodes after
 * this one need not change when a workflow switches API versions. Where V1 has no such data,
 * the field is null (or empty), never a guess.
 */

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/** The tax authority writes yes/no as SI / NO. */
function yesNo(v: unknown): boolean | null {
	const s = typeof v === 'string' ? v.trim().toUpperCase() : '';
	if (s === 'SI' || s === 'SÍ') return true;
	if (s === 'NO') return false;
	return null;
}

/** Adds the values that exist; null only when none does. */
function sum(...values: Array<number | null>): number | null {
	const present = values.filter((v): v is number => v !== null);
	return present.length ? present.reduce((a, b) => a + b, 0) : null;
}

/** compliance.summary[].table names (accents and case ignored) → our field. */
const COMPLIANCE_TABLES: Record<string, keyof SimplifiedSummary> = {
	'pep chile': 'compliancePepChile',
	'familiares pep': 'compliancePepRelatives',
	'funcionarios publicos': 'compliancePublicOfficials',
	'listas internacionales': 'complianceInternationalLists',
	penal: 'complianceCriminal',
	'socios y sociedades': 'complianceCorporateMesh',
	noticias: 'complianceNews',
};

const tableKey = (table: string) =>
	table
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.trim()
		.toLowerCase()
		.replace(/\s+/g, ' ');

/** Bankruptcy: boletinConcursalSummary when the service gives it as a boolean, else the credit score's flag. */
function bankruptcy(data: Obj): boolean | null {
	const concursal = bool(data.boletinConcursalSummary);
	if (concursal !== null) return concursal;
	return bool(obj(data.creditScoring).judicialBankruptcy);
}

/** V2's esPersonaJuridica has no V1 field; the compliance record's person type says the same where it exists. */
function isLegalEntity(compliance: Obj): boolean | null {
	if (compliance.personType === 'juridical') return true;
	if (compliance.personType === 'natural') return false;
	return null;
}

export function simplifyV1(summary: unknown): SimplifiedSummary {
	const data = obj(summary);
	const sii = obj(data.sii);
	const score = obj(data.creditScoring);
	const bulletin = obj(data.boletinComercialSummary);
	const judicial = obj(data.judicialSummary);
	const bank = obj(data.deudaBancariaSummary);
	const compliance = obj(data.compliance);
	const hasCompliance = Object.keys(compliance).length > 0;

	const civil = num(judicial.civilActiveCases);
	const collection = num(judicial.cobranzaActiveCases);
	const labor = num(judicial.laboralActiveCases);

	const out: SimplifiedSummary = {
		rut: str(data.rut) ?? '',
		name: str(sii.razonSocial),
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
		activeCivilCases: civil,
		activeCollectionCases: collection,
		activeLaborCases: labor,
		activeJudicialCases: sum(civil, collection, labor),
		bankruptcy: bankruptcy(data),
		overdueBankDebt: sum(num(bank.deudaDirectaVencida), num(bank.deudaDirectaMorosa)),
		writtenOffBankDebt: num(bank.deudaDirectaCastigada),
		complianceRisk: hasCompliance ? str(compliance.risk) : null,
		compliancePepChile: null,
		compliancePepRelatives: null,
		compliancePublicOfficials: null,
		complianceInternationalLists: null,
		complianceCriminal: null,
		complianceCorporateMesh: null,
		complianceNews: null,
		// V1 does not report which helpers failed.
		failedHelpers: [],
		loadedOn: str(data.fechaCarga),
	};
	if (Array.isArray(compliance.summary)) {
		for (const row of compliance.summary.map(obj)) {
			const field = typeof row.table === 'string' ? COMPLIANCE_TABLES[tableKey(row.table)] : undefined;
			if (field) out[field] = num(row.countResults);
		}
	}
	return out;
}
