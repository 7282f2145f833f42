/**
 * The API V2 summary (spec §2.2) as the simplified record (record.ts), the same record the V1
 * summary gives (summaryV1.ts); the action node's Simplify, the Monitor and the RUT picker read it here.
 * Every section may be missing or null when a helper failed, so each field falls back to null
 * rather than throwing. docs/simplified-summary.md lists each field with its V2 and V1 source.
 */
import type { Transport } from '../transport';
import { V2, requestFor } from './endpoints';
import { AMOUNT_UNITS, type SimplifiedSummary } from './record';
import { countsFromSummary } from './screening';
import { anyTrue, bool, joinName, num, obj, positive, str, sum, yesNo } from './values';

/** A RUT's simplified record, from its V2 summary: a free read of a loaded RUT. */
export async function readSummary(api: Transport, rut: string): Promise<SimplifiedSummary> {
	return simplifiedFromApiV2((await api.request(requestFor(V2.summary, rut))).data, rut);
}

export function simplifiedFromApiV2(data: unknown, requestedRut?: string): SimplifiedSummary {
	const d = obj(data);
	const id = obj(d.identificacion);
	const bulletin = obj(d.boletinComercial);
	const judicial = obj(d.judicial);
	const bank = obj(d.deudaBancaria);
	const score = obj(d.creditScoring);
	const compliance = obj(d.compliance);
	// NO PROCESADO means no screening ran: the record's risk and counts are placeholders, not
	// results, so they read as unknown. Without an estado the record is taken at its word.
	const screened = typeof compliance.estado !== 'string' || compliance.estado.trim().toUpperCase() === 'PROCESADO';
	const lists = countsFromSummary(screened ? compliance.resumen : undefined);

	const activeCivilCases = num(judicial.casosCivilesActivos);
	const activeCollectionCases = num(judicial.cobranzaActivos);
	const activeLaborCases = num(judicial.laboralActivos);

	return {
		rut: str(d.rut) ?? requestedRut ?? '',
		name: str(id.razonSocial) ?? joinName(compliance.nombre, compliance.segundoNombre, compliance.apellido, compliance.segundoApellido),
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
		complianceRisk: screened ? str(compliance.riesgo) : null,
		...lists,
		failedHelpers: Array.isArray(d.ayudantesFallidos) ? d.ayudantesFallidos.map(String) : [],
		loadedOn: str(d.fechaCarga),
		...AMOUNT_UNITS,
	};
}

