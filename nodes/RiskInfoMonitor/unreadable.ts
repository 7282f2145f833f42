/**
 * Fields the Monitor watches that a read could not give it: watched fields (and, under Any Change,
 * the rest of the record it fingerprints) the service's answer did not carry where the spec puts
 * them, or that the answer itself says it left out (a failed data source, a profile without Bureau
 * data). The Monitor cannot see them change, and says so once rather than go blind in silence.
 * What the answer held instead comes from the answer as the transport handed it over, secrets
 * already taken out (shared/redact.ts).
 */
import { createHash } from 'node:crypto';

import type { SummaryRead } from '../shared/service/summaryV2';
import { FIELDS, FINGERPRINTED, OTHER_LABELS, sourcesOf, watchedFields, type ChangeKind } from './fields';

/** What an item shows of one lack: enough to see a rename, never a whole answer. */
const MAX_LACKS_SHOWN = 12;

export interface UnreadField {
	field: string;
	label: string;
	/** Each key the spec shows that the answer lacked, and what it held there instead. */
	lacked: Array<{ key: string; found: string }>;
	/** Why the answer itself says it left the field out; absent when it said nothing. */
	why?: string;
}

export interface Unreadable {
	fields: UnreadField[];
	/** 36 bits of SHA-256 over the fields' names (and whether the answer gave a reason): remembered, so a set is reported once. */
	hash: string;
	/** The names hashed, "field" or "field*" (a reason given), joined by commas: remembered once per set (memory.ts). */
	names: string;
}

interface Watched {
	name: string;
	label: string;
	sources: string[];
}

/** What the chosen kinds watch: their fields, and under Any Change each field of the fingerprinted rest. */
function watchedOf(kinds: ReadonlySet<ChangeKind>): Watched[] {
	const fields = watchedFields(kinds).map((f) => ({ name: f.name, label: f.label, sources: sourcesOf(f) }));
	if (!kinds.has('anyChange')) return fields;
	return [...fields, ...FINGERPRINTED.map((name) => ({ name: String(name), label: OTHER_LABELS[String(name)] ?? String(name), sources: [String(name)] }))];
}

/** The fields of the chosen kinds this read could not give; undefined when it gave them all. */
export function unreadableOf(read: SummaryRead, kinds: ReadonlySet<ChangeKind>): Unreadable | undefined {
	const { record, lacks, excused } = read;
	const unread = new Set(record.unreadFields);
	const excusedFields = new Set(excused.map((e) => e.field));
	let room = MAX_LACKS_SHOWN;
	const fields: UnreadField[] = [];
	for (const w of watchedOf(kinds)) {
		if (w.sources.some((s) => unread.has(s))) {
			const keys = new Set<string>();
			const lacked = lacks.filter((l) => w.sources.includes(l.field) && !keys.has(l.key) && keys.add(l.key)).slice(0, Math.max(room, 0));
			room -= lacked.length;
			fields.push({ field: w.name, label: w.label, lacked: lacked.map(({ key, found }) => ({ key, found })) });
		} else if (w.sources.every((s) => excusedFields.has(s))) {
			// Hidden only when the answer left out every part of it: without SourceC, the bulletin is still watched over A and B.
			const why = [...new Set(excused.filter((e) => w.sources.includes(e.field)).map((e) => e.why))].join('; ');
			fields.push({ field: w.name, label: w.label, lacked: [], why });
		}
	}
	if (!fields.length) return undefined;
	const names = fields.map((f) => (f.why === undefined ? f.field : `${f.field}*`)).join(',');
	return { fields, hash: createHash('sha256').update(names).digest('base64url').slice(0, 6), names };
}

/** The labels of the fields of a set of unread fields, from its names as remembered. */
export function labelsOf(names: string): string[] {
	return names.split(',').map((n) => n.replace(/\*$/, '')).map((n) => FIELDS.find((f) => f.name === n)?.label ?? OTHER_LABELS[n] ?? n);
}
