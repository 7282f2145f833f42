/**
 * Watched fields the service's answer did not carry where the spec puts them (absent, or a
 * section of another type, with no failed data source to explain it): the Monitor cannot see them
 * change, and says so once rather than go blind in silence. What the answer held instead comes
 * from the answer as the transport handed it over, secrets already taken out (shared/redact.ts).
 */
import { createHash } from 'node:crypto';

import type { SimplifiedSummary } from '../shared/service/record';
import type { Lack } from '../shared/service/values';
import { sourcesOf, unreadIn, watchedFields, type ChangeKind } from './fields';

/** What an item shows of one lack: enough to see a rename, never a whole answer. */
const MAX_LACKS_SHOWN = 12;

interface UnreadField {
	field: string;
	label: string;
	/** Each key the spec shows that the answer lacked, and what it held there instead. */
	lacked: Array<{ key: string; found: string }>;
}

export interface Unreadable {
	fields: UnreadField[];
	/** 36 bits of SHA-256 over the fields' names: remembered, so a set is reported once. */
	hash: string;
}

/** The watched fields of the chosen kinds that this read could not read; undefined when it read them all. */
export function unreadableOf(record: SimplifiedSummary, lacks: Lack[], kinds: ReadonlySet<ChangeKind>): Unreadable | undefined {
	const fields = watchedFields(kinds).filter((f) => unreadIn(record, f));
	if (!fields.length) return undefined;
	let room = MAX_LACKS_SHOWN;
	const shown = fields.map((f) => {
		const sources = sourcesOf(f);
		const keys = new Set<string>();
		const lacked = lacks.filter((l) => sources.includes(l.field) && !keys.has(l.key) && keys.add(l.key)).slice(0, Math.max(room, 0));
		room -= lacked.length;
		return { field: f.name, label: f.label, lacked: lacked.map(({ key, found }) => ({ key, found })) };
	});
	const hash = createHash('sha256').update(fields.map((f) => f.name).join(',')).digest('base64url').slice(0, 6);
	return { fields: shown, hash };
}
