/**
 * The commercial bulletin's cases (GET /helper/boletin/{rut}/boletinDicom, free; addendum A1), and
 * the summary's bulletin figures by source they are set against in the Monitor's evidence.
 */
import { V2 } from './endpoints';
import { NO_KEY_NAMES, type KeyNames, type Read } from './keyNames';
import { key, optional, recordsOf, valueOf, type KeyTable } from './keys';
import type { SimplifiedSummary } from './record';
import { sourceNames } from './slots';
import { line, num } from './values';

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

/**
 * What the reader reads of each case.
 * @internal
 */
export const DICOM_CASE_KEYS: KeyTable = { lists: ['casos'], keys: Object.values(DICOM) };

/**
 * The bulletin's unpaid cases: those not marked as no longer active.
 * @internal
 */
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

export const DICOM_CASES: Read<BulletinCase[]> = { name: 'Commercial bulletin cases', endpoint: V2.dicomCases, keys: DICOM_CASE_KEYS, read: unpaidBulletinCases };
