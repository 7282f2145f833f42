// One emitted shape for every form of the compliance event (English or Spanish keys, SUCCESS or
// FAILED, the no-match form), following the screening's tables in shared/service/screening.ts; refuses what is not an event.

import { isPlainObject as isRecord, put, type PlainObject } from '../shared/objects';
import type { Key } from '../shared/service/keys';
import { FAILURE, HEAD, LISTS, SUCCESS_FIELDS, SUMMARY_ENTRY, SUMMARY_KEYS } from '../shared/service/screening';
import { sameJson } from './sameJson';

/** Said in English before the service's own words (error, details), which are usually Spanish. */
const FAILED_MESSAGE =
	'The service could not complete this screening, so it has no result; loading the profile again is a new paid call, so ask the service if it keeps failing. The service\'s own words, often in Spanish, follow in error and details.';

const hasOwn = (record: PlainObject, key: string) => Object.prototype.hasOwnProperty.call(record, key);

export interface NormalisedEvent {
	/** The emitted shape: head, then profile, summary and lists (or error and details), then extra. */
	event: PlainObject;
	/** Trimmed text, so 5521 and "5521" name the same screening. */
	webhookId: string;
	status: string;
	/** Overall risk, lower-cased, for the filter; null when absent or not a string. */
	risk: string | null;
}

export type Validation = { ok: true; value: NormalisedEvent } | { ok: false; error: string; message: string };

/** Tracks which keys of a received record were understood, so the rest can be kept under `extra`. */
class UnderstoodKeys {
	/** Keys of the source that were understood. */
	private readonly used = new Set<string>();

	constructor(private readonly source: PlainObject) {}

	/** The first of `names` the source has, with a usable value. */
	private find(names: string[], usable?: (value: unknown) => boolean): string | undefined {
		for (const name of names) {
			if (!hasOwn(this.source, name)) continue;
			const value = this.source[name];
			if (value !== undefined && (!usable || usable(value))) return name;
		}
		return undefined;
	}

	peek(names: string[], usable?: (value: unknown) => boolean): { name: string; value: unknown } | undefined {
		const name = this.find(names, usable);
		return name === undefined ? undefined : { name, value: this.source[name] };
	}

	take(names: string[], usable?: (value: unknown) => boolean): unknown {
		const name = this.find(names, usable);
		if (name === undefined) return undefined;
		this.use(name, names);
		return this.source[name];
	}

	/**
	 * Marks the chosen name used, and with it every other of its `names` carrying the same value
	 * (the service sends some fields twice, e.g. estado and status); one that disagrees is kept.
	 * `names` holds the chosen one, which agrees with itself; one the source lacks changes nothing in rest().
	 */
	use(name: string, names: string[]): void {
		const value = this.source[name];
		for (const other of names) if (sameJson(this.source[other], value)) this.used.add(other);
	}

	rest(): PlainObject | undefined {
		const keys = Object.keys(this.source).filter((key) => !this.used.has(key));
		if (keys.length === 0) return undefined;
		const extra: PlainObject = {};
		for (const key of keys) put(extra, key, this.source[key]);
		return extra;
	}
}

/** A field table and the tables its fields map each element with, nested. */
function withNested(fields: Key[]): Key[][] {
	return [fields, ...fields.flatMap((field) => (field.each ? withNested(field.each) : []))];
}

/**
 * Every name each list table (and the tables nested in it) reads, for telling what goes under
 * `extra`. Each name is read by one field only (test/trigger/events.test.ts checks the
 * tables), so a name is either understood or left over.
 */
const TABLE_NAMES: ReadonlyMap<Key[], ReadonlySet<string>> = new Map(
	[...LISTS.map((spec) => spec.fields), SUMMARY_ENTRY].flatMap(withNested).map((fields) => [fields, new Set(fields.flatMap((field) => field.from))]),
);

/**
 * A value no table maps, kept whole, as a copy in which every record's keys are in sorted order:
 * the tables fix the order of what they lay out and this fixes the rest, so one content gives one
 * event (and one repeat key, repeats.ts) whatever order the delivery's keys came in. It recurses as
 * deep as the value, which receive.ts has refused past MAX_DEPTH levels.
 */
function canonical(value: unknown): unknown {
	if (typeof value !== 'object' || value === null) return value;
	if (Array.isArray(value)) return value.map(canonical);
	const out: PlainObject = {};
	for (const key of Object.keys(value).sort()) put(out, key, canonical((value as PlainObject)[key]));
	return out;
}

/** A field's value: mapped element by element where the table says how, otherwise kept. */
function fieldValue(value: unknown, each: Key[] | undefined): unknown {
	return each && Array.isArray(value) ? value.map((v) => mapRecord(v, each)) : canonical(value ?? null);
}

/**
 * A record maps field by field; anything that is not a record is kept whole. It recurses only as
 * deep as the field tables nest `each` (a corporate-mesh partner, an official's relation). Reads
 * each key of the record once more to find what no field understood, without allocating a key
 * list per record (a large delivery holds tens of thousands of records).
 */
function mapRecord(raw: unknown, fields: Key[]): unknown {
	if (!isRecord(raw)) return canonical(raw);
	const out: PlainObject = {};
	/** Aliases present beside the chosen name with another value: kept under `extra`. Rare. */
	let disagreeing: Set<string> | undefined;
	for (const field of fields) {
		const names = field.from;
		let value: unknown = undefined;
		for (let i = 0; i < names.length; i++) {
			const found = raw[names[i]];
			if (found === undefined || !hasOwn(raw, names[i])) continue;
			value = found;
			for (let j = i + 1; j < names.length; j++) {
				if (hasOwn(raw, names[j]) && !sameJson(raw[names[j]], found)) (disagreeing ??= new Set()).add(names[j]);
			}
			break;
		}
		put(out, field.field, fieldValue(value, field.each));
	}
	const understood = TABLE_NAMES.get(fields)!;
	let extra: PlainObject | undefined;
	// for...in also visits inherited enumerable keys, which a JSON body cannot give; they are not the record's.
	for (const key in raw) {
		if (understood.has(key) && !disagreeing?.has(key)) continue;
		if (hasOwn(raw, key)) put((extra ??= {}), key, raw[key]);
	}
	if (extra) put(out, 'extra', canonical(extra));
	return out;
}

/** What no table maps goes under `extra`. */
function putExtra(out: PlainObject, understood: UnderstoodKeys): void {
	const extra = understood.rest();
	if (extra) put(out, 'extra', canonical(extra));
}

const unknownSummaryEntry = (): PlainObject => ({ total: null, risk: null });

/**
 * Spec §6.2 gives public officials a default ({totalResultados 0, riesgo free}), so there a
 * missing entry is a clean check; for the other categories a missing entry says nothing.
 */
function missingSummaryEntry(key: string): PlainObject {
	return key === 'publicOfficials' ? { total: 0, risk: 'free' } : unknownSummaryEntry();
}

function mapSummary(understood: UnderstoodKeys): PlainObject {
	const found = understood.peek(SUMMARY_KEYS);
	const source = found && isRecord(found.value) ? found.value : undefined;
	if (found && (source || found.value === null)) understood.use(found.name, SUMMARY_KEYS);

	const out: PlainObject = {};
	const inner = source ? new UnderstoodKeys(source) : undefined;
	for (const spec of LISTS) {
		const entry = inner?.peek(spec.summary);
		if (entry && isRecord(entry.value)) {
			inner!.use(entry.name, spec.summary);
			put(out, spec.key, mapRecord(entry.value, SUMMARY_ENTRY));
		} else if (!entry || entry.value === null) {
			if (entry) inner!.use(entry.name, spec.summary);
			put(out, spec.key, missingSummaryEntry(spec.key));
		} else {
			// A stray value is not the absence the spec's default covers: unknown, and kept under extra.
			put(out, spec.key, unknownSummaryEntry());
		}
	}
	if (inner) putExtra(out, inner);
	return out;
}

function mapLists(understood: UnderstoodKeys): PlainObject {
	const out: PlainObject = {};
	for (const spec of LISTS) {
		const found = understood.peek(spec.items);
		let items: unknown[] = [];
		if (found && (Array.isArray(found.value) || found.value === null)) {
			understood.use(found.name, spec.items);
			items = Array.isArray(found.value) ? found.value.map((item) => mapRecord(item, spec.fields)) : [];
		}
		const total = understood.peek(spec.total);
		let count = items.length;
		if (total && (typeof total.value === 'number' || total.value === null)) {
			understood.use(total.name, spec.total);
			// A number parsed from JSON is finite.
			if (typeof total.value === 'number') count = total.value;
		}
		put(out, spec.key, { total: count, items });
	}
	return out;
}

function isWebhookId(value: unknown): boolean {
	return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
}

function describe(value: unknown): string {
	if (Array.isArray(value)) return 'an array';
	if (value === null) return 'null';
	return `a ${typeof value}`;
}

export function normaliseEvent(payload: unknown): Validation {
	if (!isRecord(payload)) {
		return { ok: false, error: 'not_an_object', message: `The body must be a JSON object, but it is ${describe(payload)}.` };
	}
	const understood = new UnderstoodKeys(payload);
	const webhookId = understood.take(HEAD.webhookId, isWebhookId);
	const rawStatus = understood.take(HEAD.status, (v) => typeof v === 'string' && v.trim() !== '');
	const problems: string[] = [];
	if (webhookId === undefined) problems.push('"webhookId" (a number)');
	const status = typeof rawStatus === 'string' ? rawStatus.trim().toUpperCase() : '';
	if (!status) problems.push('"status" or "estado" (SUCCESS or FAILED)');
	if (problems.length) {
		return { ok: false, error: 'missing_fields', message: `The event lacks ${problems.join(' and ')}.` };
	}

	const event: PlainObject = {};
	put(event, 'webhookId', webhookId);
	put(event, 'status', status);
	put(event, 'fullName', fieldValue(understood.take(HEAD.fullName), undefined));

	let risk: string | null = null;
	if (status === 'FAILED') {
		put(event, 'message', FAILED_MESSAGE);
		for (const field of FAILURE) put(event, field.field, fieldValue(understood.take(field.from), field.each));
	} else {
		for (const field of SUCCESS_FIELDS) put(event, field.field, fieldValue(understood.take(field.from), field.each));
		if (typeof event.risk === 'string') risk = event.risk.trim().toLowerCase();
		put(event, 'summary', mapSummary(understood));
		put(event, 'lists', mapLists(understood));
	}
	putExtra(event, understood);

	return { ok: true, value: { event, status, risk, webhookId: String(webhookId).trim() } };
}
