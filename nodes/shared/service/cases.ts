/**
 * The readers of the case lists and the credit score, in plain names: the V2 judicial reads
 * (civil, labor, collection; spec §4.1, answer not shown), the commercial bulletin's cases
 * (addendum A1) and the V2 credit score (answer not shown). Where the spec shows nothing each is
 * read defensively: the V2 names, the V1 names of the same records, a list or an object holding one.
 */
import type { SimplifiedSummary } from './record';
import { first, line, num, obj, recordsIn } from './values';

export interface CourtCase {
	court: string | null;
	caseNumber: string | null;
	parties: string | null;
	filedOn: string | null;
	state: string | null;
}

const CLOSED = /conclu|archiv|termin|fallad|cerrad/i;

/** The cases of a judicial read that are still active (not concluded, archived or closed). */
export function activeCases(data: unknown): CourtCase[] {
	const cases = recordsIn(data, ['casos', 'causas', 'data']).map((c) => ({
		court: line(first(c, ['tribunal', 'corte'])),
		caseNumber: line(first(c, ['rol', 'rit', 'ruc'])),
		parties: line(c.caratulado) ?? line(recordsIn(c.litigantes, []).map((l) => line(l.nombre)).filter(Boolean).join(', ')),
		filedOn: line(first(c, ['fechaIngreso', 'fecha'])),
		state: line(first(c, ['estado', 'estadoCausa'])),
	}));
	return cases.filter((c) => !CLOSED.test(c.state ?? ''));
}

export interface BulletinCase {
	amount: number | null;
	creditor: string | null;
	documentKind: string | null;
	date: string | null;
}

/** One commercial-bulletin source's figures in the summary: its cases and their unpaid amount (CLP). */
export interface BulletinSource {
	source: 'SourceA' | 'SourceB' | 'SourceC';
	cases: number | null;
	amount: number | null;
}

/** The summary's bulletin figures by source, in the simplified record; SourceC's are null without Bureau data. */
export function bulletinBySource(record: SimplifiedSummary): BulletinSource[] {
	return (['SourceA', 'SourceB', 'SourceC'] as const).map((source) => ({
		source,
		cases: record[`bulletinCases${source}`],
		amount: record[`bulletinAmount${source}`],
	}));
}

/**
 * The source whose cases the Dicom read lists. The spec names the bulletin's sources only by
 * letter and does not say which one the addendum's Dicom (Equifax) read is; the sandbox makes it
 * SourceA (sandbox/README.md), and its unpaid cases then add up to SourceA's figures.
 */
export const DICOM_SOURCE = 'SourceA';

/** The bulletin's unpaid cases (GET /helper/boletin/{rut}/boletinDicom): those not marked as no longer active. */
export function unpaidBulletinCases(data: unknown): BulletinCase[] {
	return recordsIn(data, ['casos'])
		.filter((c) => c.deudaActiva !== false)
		.map((c) => ({
			amount: num(c.montoImpago),
			creditor: line(c.nombreLibrador),
			documentKind: line(first(c, ['tipoDocumento', 'tipoDeuda'])),
			date: line(first(c, ['fechaEquifax', 'fechaVisibilidad'])),
		}));
}

const WEIGHTS: Array<{ source: string; weight: string[]; max: string[] }> = [
	{ source: 'financial', weight: ['ponderacionFinanciero', 'ponderacionFinanzas'], max: ['maxPonderacionFinanciero', 'maxPonderacionFinanzas'] },
	{ source: 'judicial', weight: ['ponderacionJudicial'], max: ['maxPonderacionJudicial'] },
	{ source: 'labor collection', weight: ['ponderacionCobranzaLaboral'], max: ['maxPonderacionCobranzaLaboral'] },
	{ source: 'commercial bulletin', weight: ['ponderacionBoletin', 'ponderacionBoletinComercial'], max: ['maxPonderacionBoletin', 'maxPonderacionBoletinComercial'] },
];

/** The credit score: its label, percentage and period, and the weight of each data source that has one. */
export function creditScore(data: unknown) {
	const record = obj(data);
	return {
		label: line(record.etiquetaClasificacion),
		percentage: num(record.porcentajeClasificacion),
		period: line(record.periodo),
		weights: WEIGHTS.map((w) => ({ source: w.source, weight: num(first(record, w.weight)), max: num(first(record, w.max)) })).filter((w) => w.weight !== null),
	};
}
