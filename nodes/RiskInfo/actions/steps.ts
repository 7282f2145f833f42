/**
 * The steps many operations list: the RUT, dates as ISO 8601 and Split Into Items. Steps
 * particular to one operation live beside its entry.
 */
import type { INodeProperties } from 'n8n-workflow';

import { convertDatesToIso } from './dates';
import { isPlainObject } from '../../shared/objects';
import type { SimplifiedSummary } from '../../shared/simplified';
import { itemPerEntry, oneItem } from './output';
import { readBoolean, readChoice, readRut, rutProperty } from './parameters';
import type { FlagChoice, Plan, Step } from './types';

/** The item's RUT, checked; `{rut}` in the operation's path stands for it. */
export const rutStep: Step = {
	properties: [rutProperty],
	prepare(itemIndex, plan) {
		plan.rut = readRut.call(this, itemIndex);
	},
};

/** A yes/no parameter: its value is kept in the plan's choices under the parameter's name. */
export function flag(property: INodeProperties & { name: FlagChoice }, effect: Omit<Step, 'properties' | 'prepare'> = {}): Step {
	return {
		properties: [property],
		prepare(itemIndex, plan) {
			plan.choices[property.name] = readBoolean.call(this, itemIndex, property);
		},
		...effect,
	};
}

/**
 * A Simplify switch: a flat record in plain names when on. A node added from node version 2 on
 * starts with it on, since the flat record is what most workflows act on; n8n fills a saved node's
 * missing value from its own version's default, so a saved version 1 node keeps what it returned.
 * That filling (when n8n builds the workflow) is what makes the value the version's: prepare() must
 * not ask this.getNode() for the version, which deep-copies the node through a fresh WeakMap on every
 * call and, once per item, raised a run's peak memory by a third (bench/NOTES.md).
 */
export function simplifyFlag(description: string, reshape: (data: unknown, plan: Plan) => unknown, hint?: string): Step {
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
		prepare(itemIndex, plan) {
			// n8n has filled in the version's default; before's is a fallback for a context that fills in nothing.
			plan.choices.simplify = readBoolean.call(this, itemIndex, before);
		},
		reshape: (data, plan) => (plan.choices.simplify === true ? reshape(data, plan) : data),
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

export const isoDates: Step = flag(isoDatesProperty, {
	reshape: (data, plan: Plan) => (plan.choices.isoDates === true ? convertDatesToIso(data) : data),
});

export const splitProperty: INodeProperties & { name: 'split' } = {
	displayName: 'Split Into Items',
	name: 'split',
	type: 'boolean',
	default: false,
	description:
		'Whether to output one item per case instead of one item holding the whole list. A RUT with no cases then gives no item; leave this off to get one item per RUT, with an empty list when it is clean.',
};

export const splitIntoItems: Step = flag(splitProperty, {
	items: (data, _answer, plan) => (plan.choices.split === true ? itemPerEntry(data) : [oneItem(data)]),
});

/** A list of an answer that holds several; `field` is the service's name for it. */
export interface SplittableList {
	name: string;
	value: string;
	field: string;
	description: string;
}

/**
 * Split Into Items for an answer holding more than one list: the user picks which list becomes
 * one item per entry, the first by default. Unsplit, the item holds every list.
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
		prepare(itemIndex, plan) {
			plan.choices.split = readBoolean.call(this, itemIndex, splitProperty);
			if (plan.choices.split) plan.choices.splitList = readChoice.call(this, itemIndex, listProperty, 'a list to split');
		},
		items(data, _answer, plan) {
			const list = lists.find((l) => l.value === plan.choices.splitList);
			const entries = plan.choices.split === true && list && isPlainObject(data) ? data[list.field] : undefined;
			return Array.isArray(entries) ? itemPerEntry(entries) : [oneItem(data)];
		},
	};
}

/** The units of the simplified record's numbers, shown under Simplify: the record's names do not carry them. */
const SIMPLIFIED_UNITS =
	'Units: overdueBankDebt and writtenOffBankDebt in thousands of CLP; bulletinAmountSourceA/B/C in CLP; classificationPercentage in percent; the other numbers are counts of cases or matches. Bulletin sources, as the service names them: SourceA and SourceB are its own, SourceC the external credit bureau\'s (only with Include Bureau Data).';

/** The Simplify parameter of a summary: the version's mapping (v2/simplify.ts, v1/simplify.ts) when on. */
export function simplifyStep(description: string, simplify: (data: unknown, rut?: string) => SimplifiedSummary): Step {
	return simplifyFlag(description, (data, plan) => simplify(data, plan.rut), SIMPLIFIED_UNITS);
}
