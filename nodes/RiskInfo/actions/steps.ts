/**
 * The steps many operations list: the RUT, dates as ISO 8601 and Split Into Items. Steps
 * particular to one operation live beside its entry.
 */
import type { INodeProperties } from 'n8n-workflow';

import { convertDatesToIso } from '../../shared/dates';
import { itemPerEntry, oneItem } from './output';
import { readBoolean, readRut, rutProperty } from './parameters';
import type { Plan, Step } from './types';

/** The item's RUT, checked; `{rut}` in the operation's path stands for it. */
export const rutStep: Step = {
	properties: [rutProperty],
	prepare(itemIndex, plan) {
		plan.rut = readRut.call(this, itemIndex);
	},
};

/** A yes/no parameter: its value is kept in the plan's choices under the parameter's name. */
export function flag(property: INodeProperties, effect: Omit<Step, 'properties' | 'prepare'> = {}): Step {
	return {
		properties: [property],
		prepare(itemIndex, plan) {
			plan.choices[property.name] = readBoolean.call(this, itemIndex, property);
		},
		...effect,
	};
}

export const isoDatesProperty: INodeProperties = {
	displayName: 'Convert Dates to ISO 8601',
	name: 'isoDates',
	type: 'boolean',
	default: false,
	description:
		'Whether to rewrite the service\'s dates (DD-MM-YYYY, DD-MM-YYYY HH:mm:ss, MM/YYYY) as ISO 8601 (YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss, YYYY-MM), which sort and compare correctly',
};

export const isoDates: Step = flag(isoDatesProperty, {
	reshape: (data, plan: Plan) => (plan.choices.isoDates === true ? convertDatesToIso(data) : data),
});

export const splitIntoItems: Step = flag(
	{
		displayName: 'Split Into Items',
		name: 'split',
		type: 'boolean',
		default: false,
		description:
			'Whether to output one item per case instead of one item holding the whole list. A RUT with no cases then gives no item; leave this off to get one item per RUT, with an empty list when it is clean.',
	},
	{ items: (data, _answer, plan) => (plan.choices.split === true ? itemPerEntry(data) : [oneItem(data)]) },
);
