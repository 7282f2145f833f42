/**
 * The V2 compliance read (GET /helper/compliance/{rut}, free; the Monitor's evidence): the
 * screening's risk and its findings list by list, read with the lists' tables of screening.ts.
 */
import type { PlainObject } from '../objects';
import { V2 } from './endpoints';
import type { Read } from './keyNames';
import { key, optional, valueOf, type KeyTable } from './keys';
import { LISTS, RISK, SUMMARY_KEYS, resultCount } from './screening';
import { first, line, obj, recordsIn } from './values';

export interface ListFindings {
	list: string;
	/** The service's count, or the findings listed when it gives none. */
	results: number;
	findings: Array<{ name: string | null; detail: string | null }>;
}

const NAME_KEYS = ['name', 'nombre', 'nombreSociedad'];

const SUMMARY = key('lists', 'object', ...SUMMARY_KEYS);

/** The compliance read's rows: its risk and summary, and each list's findings and total when it has them. */
const COMPLIANCE_KEYS: KeyTable = {
	keys: [RISK, SUMMARY, ...LISTS.flatMap((l) => [optional(l.key, 'list', ...l.items), optional(l.key, 'number', ...l.total)])],
};

/** Its risk, and its findings list by list, worst first, lists with none left out. */
function findingsByList(data: unknown): { risk: string | null; lists: ListFindings[] } {
	const record = obj(data);
	const summary = obj(valueOf(record, SUMMARY));
	const lists = [...LISTS].sort((a, b) => a.severity - b.severity).map((spec) => {
		const fromOf = (field: string) => spec.fields.find((f) => f.field === field)?.from ?? [field];
		const findings = recordsIn(record, spec.items).map((found: PlainObject) => ({
			name: line(first(found, NAME_KEYS)),
			detail: [...new Set(spec.detail.map((field) => line(first(found, fromOf(field)))).filter((v): v is string => v !== null))].join(', ') || null,
		}));
		return { list: spec.shortLabel, results: resultCount(first(summary, spec.summary)) ?? findings.length, findings };
	});
	return { risk: line(valueOf(record, RISK)), lists: lists.filter((l) => l.results > 0 || l.findings.length > 0) };
}

export const COMPLIANCE: Read<ReturnType<typeof findingsByList>> = { name: 'Compliance', endpoint: V2.compliance, keys: COMPLIANCE_KEYS, read: findingsByList };
