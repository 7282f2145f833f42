/**
 * The V2 judicial reads (civil, labor and collection cases; spec §4.1, answer not shown): one reader
 * and one table for the three. Where the spec shows nothing each is read defensively: the V2
 * names, the V1 names of the same records, a list or an object holding one.
 */
import { V2 } from './endpoints';
import type { Read } from './keyNames';
import { key, recordsOf, valueOf, type KeyTable } from './keys';
import { line, recordsIn } from './values';

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

/**
 * What the reader reads of each case.
 * @internal
 */
export const COURT_CASE_KEYS: KeyTable = { lists: ['casos', 'causas', 'data'], keys: Object.values(CASE) };

/**
 * The cases of a judicial read that are still active (not concluded, archived or closed).
 * @internal
 */
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

const courtCases = (name: string, endpoint: Read['endpoint']): Read<CourtCase[]> => ({ name, endpoint, keys: COURT_CASE_KEYS, read: activeCases });

export const CIVIL_CASES = courtCases('Civil cases', V2.civilCases);
export const LABOR_CASES = courtCases('Labor cases', V2.laborCases);
export const COLLECTION_CASES = courtCases('Collection cases', V2.collectionCases);
