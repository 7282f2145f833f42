/**
 * The readers of the case lists and the credit score, in plain names: the V2 judicial reads
 * (civil, labor, collection; spec §4.1, answer not shown), the commercial bulletin's cases
 * (addendum A1) and the V2 credit score (answer not shown). Where the spec shows nothing each is
 * read defensively: the V2 names, the V1 names of the same records, a list or an object holding one.
 */
import { NO_KEY_NAMES, type KeyNames } from './keyNames';
import { key, optional, recordsOf, valueOf, type KeyTable } from './keys';
import type { SimplifiedSummary } from './record';
import { sourceNames } from './slots';
import { line, num, obj, recordsIn } from './values';

export interface CourtCase {
	court: string | null;
	caseNumber: string | null;
	parties: string | null;
	filedOn: string | null;
	state: string | null;
}

const CLOSED = /conclu|archiv|termin|fallad|cerrad/i;

const CASE = {
	court: key('court', 'text', 'tribunal', 'corte'),
	caseNumber: key('caseNumber', 'text', 'rol', 'rit', 'ruc'),
	// A case's parties: its title (caratulado), or else the names of its litigants.
	parties: key('parties', 'any', 'caratulado', 'litigantes'),
	filedOn: key('filedOn', 'text', 'fechaIngreso', 'fecha'),
	state: key('state', 'text', 'estado', 'estadoCausa'),
};

/** What a judicial read's reader reads of each case (V2 civil, labor and collection reads). */
export const COURT_CASE_KEYS: KeyTable = { lists: ['casos', 'causas', 'data'], keys: Object.values(CASE) };

/** The cases of a judicial read that are still active (not concluded, archived or closed). */
export function activeCases(data: unknown): CourtCase[] {
	const cases = recordsOf(data, COURT_CASE_KEYS).map((c) => {
		const parties = valueOf(c, CASE.parties);
		return {
			court: line(valueOf(c, CASE.court)),
			caseNumber: line(valueOf(c, CASE.caseNumber)),
			parties: Array.isArray(parties) ? line(recordsIn(parties, []).map((l) => line(l.nombre)).filter(Boolean).join(', ')) : line(parties),
			filedOn: line(valueOf(c, CASE.filedOn)),
			state: line(valueOf(c, CASE.state)),
		};
	});
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
	/** What people are told it is: the service's own name for it where Answer Key Names gives one, else the spec's word. */
	name: string;
	cases: number | null;
	amount: number | null;
}

/** The summary's bulletin figures by source, in the simplified record; SourceC's are null without Bureau data. */
export function bulletinBySource(record: SimplifiedSummary, names: KeyNames = NO_KEY_NAMES): BulletinSource[] {
	const called = sourceNames(names);
	return (['SourceA', 'SourceB', 'SourceC'] as const).map((source) => ({
		source,
		name: called[source] ?? source,
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

const DICOM = {
	amount: key('amount', 'number', 'montoImpago'),
	creditor: key('creditor', 'text', 'nombreLibrador'),
	documentKind: key('documentKind', 'text', 'tipoDocumento', 'tipoDeuda'),
	date: key('date', 'text', 'fechaEquifax', 'fechaVisibilidad'),
	active: optional('active', 'boolean', 'deudaActiva'),
};

/** What the bulletin's cases reader reads of each case (addendum A1). */
export const DICOM_CASE_KEYS: KeyTable = { lists: ['casos'], keys: Object.values(DICOM) };

/** The bulletin's unpaid cases (GET /helper/boletin/{rut}/boletinDicom): those not marked as no longer active. */
export function unpaidBulletinCases(data: unknown): BulletinCase[] {
	return recordsOf(data, DICOM_CASE_KEYS)
		.filter((c) => valueOf(c, DICOM.active) !== false)
		.map((c) => ({
			amount: num(valueOf(c, DICOM.amount)),
			creditor: line(valueOf(c, DICOM.creditor)),
			documentKind: line(valueOf(c, DICOM.documentKind)),
			date: line(valueOf(c, DICOM.date)),
		}));
}

const SCORE = {
	label: key('label', 'text', 'etiquetaClasificacion'),
	percentage: key('percentage', 'number', 'porcentajeClasificacion'),
	period: key('period', 'text', 'periodo'),
};

/** Each data source's weight in the score and its maximum; a source the score leaves out is left out. */
const WEIGHTS = [
	{ source: 'financial', weight: optional('weights', 'number', 'ponderacionFinanciero', 'ponderacionFinanzas'), max: optional('weights', 'number', 'maxPonderacionFinanciero', 'maxPonderacionFinanzas') },
	{ source: 'judicial', weight: optional('weights', 'number', 'ponderacionJudicial'), max: optional('weights', 'number', 'maxPonderacionJudicial') },
	{ source: 'labor collection', weight: optional('weights', 'number', 'ponderacionCobranzaLaboral'), max: optional('weights', 'number', 'maxPonderacionCobranzaLaboral') },
	{ source: 'commercial bulletin', weight: optional('weights', 'number', 'ponderacionBoletin', 'ponderacionBoletinComercial'), max: optional('weights', 'number', 'maxPonderacionBoletin', 'maxPonderacionBoletinComercial') },
];

/** What the credit score's reader reads (V2 GET /creditScore/{rut}). */
export const CREDIT_SCORE_KEYS: KeyTable = { keys: [...Object.values(SCORE), ...WEIGHTS.flatMap((w) => [w.weight, w.max])] };

/** The credit score: its label, percentage and period, and the weight of each data source that has one. */
export function creditScore(data: unknown) {
	const record = obj(data);
	return {
		label: line(valueOf(record, SCORE.label)),
		percentage: num(valueOf(record, SCORE.percentage)),
		period: line(valueOf(record, SCORE.period)),
		weights: WEIGHTS.map((w) => ({ source: w.source, weight: num(valueOf(record, w.weight)), max: num(valueOf(record, w.max)) })).filter((w) => w.weight !== null),
	};
}
