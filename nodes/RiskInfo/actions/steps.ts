/**
 * The steps many operations list: the RUT, dates as ISO 8601 and Split Into Items, with the item
 * makers of the last. Steps particular to one operation live beside its entry; Simplify has a
 * folder of its own (simplify/).
 */
import type { INodeProperties } from 'n8n-workflow';

import { convertDatesToIso } from './dates';
import { isPlainObject } from '../../shared/objects';
import { itemPerEntry, oneItem } from './output';
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

/** A yes/no parameter: its value is kept in the plan's choices under the parameter's name. */
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
