/**
 * The steps many operations list: the RUT, dates as ISO 8601 (and the conversion itself), Split
 * Into Items with the item makers it and every other operation use, and Simplify. Steps particular
 * to one operation live beside its entry.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../../shared/objects';
import type { KeyNames } from '../../shared/service/keyNames';
import type { SimplifiedSummary } from '../../shared/service/record';
import { listsIn } from '../../shared/service/values';
import { readBoolean, readChoice, readRut, rutLocator, rutProperty, type RutMode } from './parameters';
import type { FlagChoice, ItemMaker, ItemRequest, Step } from './types';

/**
 * The item's RUT, checked; `{rut}` in the operation's path stands for it. From node version 3 it
 * starts in the mode given: From List for a read, By RUT for a load.
 */
function rutStepFor(mode: RutMode): Step {
	return {
		properties: [rutProperty, rutLocator(mode)],
		prepare(itemIndex, asked) {
			asked.rut = readRut.call(this, itemIndex);
		},
	};
}

/** A read's RUT: reads are free for the RUTs already loaded, which From List offers. */
export const rutStep = rutStepFor('list');
/** A load's RUT, which is not in the account yet. */
export const loadRutStep = rutStepFor('id');

/** A yes/no parameter: its value is kept in the item request's choices under the parameter's name. */
export function flag(property: INodeProperties & { name: FlagChoice }, reshape?: Step['reshape']): Step {
	return {
		properties: [property],
		prepare(itemIndex, asked) {
			asked.choices[property.name] = readBoolean.call(this, itemIndex, property);
		},
		...(reshape ? { reshape } : {}),
	};
}

export const isoDatesProperty: INodeProperties & { name: 'isoDates' } = {
	displayName: 'Convert Dates to ISO 8601',
	name: 'isoDates',
	type: 'boolean',
	default: false,
	description:
		'Whether to rewrite the service\'s dates (DD-MM-YYYY, DD/MM/YYYY, DD-MM-YYYY HH:mm:ss, MM/YYYY) as ISO 8601 (YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss, YYYY-MM), which sort and compare correctly. Dates already in ISO 8601 stay as they are.',
};

export const isoDates: Step = flag(isoDatesProperty, (data, asked: ItemRequest) => (asked.choices.isoDates === true ? convertDatesToIso(data) : data));

export const splitProperty: INodeProperties & { name: 'split' } = {
	displayName: 'Split Into Items',
	name: 'split',
	type: 'boolean',
	default: false,
	description:
		'Whether to output one item per case instead of one item holding the whole list. A RUT with no cases then gives no item; leave this off to get one item per RUT, with an empty list when it is clean.',
};

export const splitIntoItems: Step = flag(splitProperty);

/** Split Into Items' items: one per entry of the answer's list when on, else one holding it all. */
export const splitItems: ItemMaker = (data, _response, asked) => (asked.choices.split === true ? itemPerEntry(data) : [oneItem(data)]);

/** A list of an answer that holds several; `field` is the service's name for it. */
export interface SplittableList {
	name: string;
	value: string;
	field: string;
	description: string;
}

/**
 * Split Into Items for an answer holding more than one list: the user picks which list becomes
 * one item per entry, the first by default (its items: splitItemsOf).
 */
export function splitIntoItemsOf(lists: SplittableList[]): Step {
	const splitProperty: INodeProperties = {
		displayName: 'Split Into Items',
		name: 'split',
		type: 'boolean',
		default: false,
		description: `Whether to output one item per entry of one list (${lists.map((l) => l.name.toLowerCase()).join(' or ')}) instead of one item holding them all. An empty list then gives no item.`,
	};
	// A plain name, so n8n's lint (and its verification) can see that the list has a default.
	const firstList = lists[0].value;
	const listProperty: INodeProperties = {
		displayName: 'List to Split',
		name: 'splitList',
		type: 'options',
		options: lists.map(({ name, value, description }) => ({ name, value, description })),
		default: firstList,
		displayOptions: { show: { split: [true] } },
		description: 'Which list gives one item per entry; the other lists are left out of those items',
	};
	return {
		properties: [splitProperty, listProperty],
		prepare(itemIndex, asked) {
			asked.choices.split = readBoolean.call(this, itemIndex, splitProperty);
			if (asked.choices.split) asked.choices.splitList = readChoice.call(this, itemIndex, listProperty, 'a list to split');
		},
	};
}

/** The items of splitIntoItemsOf(lists): one per entry of the chosen list when on; unsplit, one item holding every list. */
export function splitItemsOf(lists: SplittableList[]): ItemMaker {
	return (data, _response, asked) => {
		const list = lists.find((l) => l.value === asked.choices.splitList);
		const entries = asked.choices.split === true && list && isPlainObject(data) ? data[list.field] : undefined;
		return Array.isArray(entries) ? itemPerEntry(entries) : [oneItem(data)];
	};
}

/**
 * The service writes dates as DD-MM-YYYY, stamps as DD-MM-YYYY HH:mm:ss and periods as
 * MM/YYYY (V2) or YYYY-MM (V1 credit score); the pension infractions write DD/MM/YYYY, and the V1
 * lists ISO 8601 under /api/v1 but stamps under /api/external/v1. Users sorting or comparing in
 * n8n want ISO 8601, whichever form arrived.
 */
const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const SLASHED_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const STAMP = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const PERIOD = /^(\d{2})\/(\d{4})$/;

/**
 * One value: returns the ISO form, or the value unchanged when it is not a service date (ISO 8601 already is).
 * @internal
 */
export function toIsoDate(value: string): string {
	let m = STAMP.exec(value);
	if (m) return `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}`;
	m = DATE.exec(value) ?? SLASHED_DATE.exec(value);
	if (m) return `${m[3]}-${m[2]}-${m[1]}`;
	m = PERIOD.exec(value);
	if (m) return `${m[2]}-${m[1]}`;
	return value;
}

/**
 * Walks a JSON value and rewrites every service date it finds; returns a new value.
 * @internal
 */
export function convertDatesToIso<T>(value: T): T {
	if (typeof value === 'string') return toIsoDate(value) as T;
	if (Array.isArray(value)) return value.map((v) => convertDatesToIso(v)) as T;
	if (value !== null && typeof value === 'object') {
		const out: PlainObject = {};
		for (const [k, v] of Object.entries(value)) out[k] = convertDatesToIso(v);
		return out as T;
	}
	return value;
}

// Output shaping shared by the operations: the service's data as one item, or as one item per
// entry of its list. The router pairs the items to their inputs.

/** The data as one item: an object is the item's JSON, anything else goes under `data`. */
export function oneItem(data: unknown): INodeExecutionData {
	return { json: isPlainObject(data) ? (data as IDataObject) : { data: data as IDataObject[] } };
}

/**
 * The list inside a list response: the data itself, or its one array-valued field.
 * @internal
 */
export function findList(data: unknown): unknown[] | undefined {
	const lists = listsIn(data);
	return lists.length === 1 ? lists[0] : undefined;
}

/** One item per entry of the data's list; an answer whose list can't be told apart is kept whole rather than dropped. */
export function itemPerEntry(data: unknown): INodeExecutionData[] {
	const list = findList(data);
	if (!list) return [oneItem(data)];
	return list.map((entry) => oneItem(entry !== null && typeof entry === 'object' ? entry : { value: entry as string }));
}

// The Simplify parameter: a switch that, when on, reshapes the answer into a flat record. The
// summaries of both API versions give the simplified record through the service's readers
// (shared/service/summaryV2.ts, summaryV1.ts), each RUT resource passing its version's; Account →
// Get Usage gives its own flat record (shared/service/usage.ts) with the same switch.

/**
 * A Simplify switch: a flat record in plain names when on. A node added from node version 2 on
 * starts with it on, since the flat record is what most workflows act on; n8n fills a saved node's
 * missing value from its own version's default, so a saved version 1 node keeps what it returned.
 */
export function simplifyFlag(description: string, reshape: (data: unknown, asked: ItemRequest, names: KeyNames) => unknown, hint?: string): Step {
	const before: INodeProperties = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description,
		...(hint ? { hint } : {}),
		displayOptions: { show: { '@version': [1] } },
	};
	const now: INodeProperties = { ...before, default: true, displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } } };
	return {
		properties: [before, now],
		prepare(itemIndex, asked, nodeVersion) {
			asked.choices.simplify = readBoolean.call(this, itemIndex, nodeVersion >= 2 ? now : before);
		},
		reshape: (data, asked, names) => (asked.choices.simplify === true ? reshape(data, asked, names) : data),
	};
}

/** The units of the simplified record's numbers, shown under Simplify: the record's names do not carry them. */
const SIMPLIFIED_UNITS =
	'Units: overdueBankDebt and writtenOffBankDebt in thousands of CLP; bulletinAmountSourceA/B/C in CLP; classificationPercentage in percent; the other numbers are counts of cases or matches. Bulletin sources, as the service names them: SourceA and SourceB are its own, SourceC the external credit bureau\'s (only with Include Bureau Data).';

/** Simplify on a summary of either API version: the simplified record of its reader (each RUT resource gives its own). */
export function summarySimplify(description: string, mapping: (data: unknown, rut: string | undefined, names: KeyNames) => SimplifiedSummary): Step {
	return simplifyFlag(description, (data, asked, names) => mapping(data, asked.rut, names), SIMPLIFIED_UNITS);
}

