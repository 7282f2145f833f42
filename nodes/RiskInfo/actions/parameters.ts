/**
 * Reading one item's parameters. n8n does not check the type of an expression's result, so
 * each reader accepts what sheets and CSV files hand over and turns anything else into an input
 * error for the item naming the field and the value, before any call is sent.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { RUT_HINT, RUT_LOCATOR_HINT } from '../../shared/builderHints';
import { inputError, shown } from '../../shared/errors';
import { isPlainObject } from '../../shared/objects';
import { RUT_FIELD_CHECKS, RutFormatError, normaliseRut, rutAdvice } from '../../shared/rut';

const RUT_DESCRIPTION = 'The taxpayer\'s RUT, with or without dots and hyphen (e.g. 12.345.678-5 or 123456785). It is checked before anything is sent.';

/** The RUT as node versions 1 to 2.1 have it: text, or an expression. */
export const rutProperty: INodeProperties = {
	displayName: 'RUT',
	name: 'rut',
	type: 'string',
	required: true,
	default: '',
	placeholder: '12.345.678-5',
	builderHint: RUT_HINT,
	description: RUT_DESCRIPTION,
	displayOptions: { show: { '@version': [{ _cnd: { lt: 3 } }] } },
};

export type RutMode = 'list' | 'id';

/**
 * The RUT from node version 3: picked from the account's loaded RUTs (From List, the default for
 * reads, which are free only for a loaded RUT) or written (By RUT, the default for a load, whose
 * RUT is not in the account yet). An expression works in either. The value is the RUT itself, so
 * readRut reads both modes alike.
 */
export function rutLocator(defaultMode: RutMode): INodeProperties {
	return {
		displayName: 'RUT',
		name: 'rut',
		type: 'resourceLocator',
		required: true,
		default: { mode: defaultMode, value: '' },
		builderHint: RUT_LOCATOR_HINT,
		description: `${RUT_DESCRIPTION} From List offers the RUTs loaded into the account, searchable by name or RUT`,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a loaded RUT...',
				typeOptions: { searchListMethod: 'searchLoadedRuts', searchable: true },
			},
			{
				// n8n's editor labels a mode named id "By ID" whatever this says (n8n 2.40); id is
				// n8n's name for a mode that takes the identifier itself, the one its AI builder writes.
				displayName: 'By RUT',
				name: 'id',
				type: 'string',
				placeholder: '12.345.678-5',
				hint: 'The RUT itself, with its check digit: 12.345.678-5, 12345678-5 or 123456785. Its form is checked as you type, its check digit when the node runs, before anything is sent.',
				// What normaliseRut refuses for its form is flagged while it is typed, in readRut's
				// words; readRut stays the one check, and the only one that can compute the check digit.
				validation: RUT_FIELD_CHECKS,
			},
		],
	};
}

/** The item's RUT in the spec form, or an error for the item naming the field and the value. */
export function readRut(this: IExecuteFunctions, itemIndex: number, name = 'rut', label = 'RUT'): string {
	const raw = this.getNodeParameter(name, itemIndex, '') as unknown;
	// From node version 3 a resource locator, whose every mode holds the RUT itself: its value is
	// what n8n's extractValue would give, without looking the property up again for every item.
	const value = isPlainObject(raw) && 'mode' in raw && 'value' in raw ? raw.value : raw;
	try {
		return normaliseRut(value);
	} catch (error) {
		const reason = error instanceof RutFormatError ? error.reason : shown(error);
		throw inputError(this.getNode(), itemIndex, label, `"${shown(value)}" is not a valid RUT: ${reason}`, rutAdvice(error));
	}
}

/** Boolean text as sheets and CSV files write it; anything else is not a boolean. */
export function parseBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 1 || value === 0) return value === 1;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	if (text === 'true' || text === '1') return true;
	if (text === 'false' || text === '0') return false;
	return undefined;
}

/**
 * The item's value of a boolean parameter. The text "false" from a sheet would otherwise count
 * as true, which on a paid flag means paying for a load nobody asked for.
 */
export function readBoolean(this: IExecuteFunctions, itemIndex: number, property: INodeProperties): boolean {
	const value = this.getNodeParameter(property.name, itemIndex, property.default) as unknown;
	const parsed = parseBoolean(value);
	if (parsed !== undefined) return parsed;
	throw inputError(
		this.getNode(),
		itemIndex,
		property.displayName,
		`must be true or false, not ${value === undefined ? 'empty' : quoted(value)}`,
		'Use true or false; from a sheet or a text field, the words "true" and "false" (or 1 and 0) work too.',
	);
}

/** JSON shows text in quotes and objects as written; what JSON cannot write is shown as text. */
function quoted(value: unknown): string {
	try {
		return JSON.stringify(value) ?? shown(value);
	} catch {
		return shown(value);
	}
}

/** The item's value of an options parameter, which an expression may set to anything. */
export function readChoice(
	this: IExecuteFunctions,
	itemIndex: number,
	property: INodeProperties,
	/** What the value should have been, e.g. "a format". */
	kind: string,
): string {
	const allowed = (property.options ?? []).map((o) => ('value' in o ? o.value : undefined));
	const value = this.getNodeParameter(property.name, itemIndex, property.default) as unknown;
	if (typeof value === 'string' && allowed.includes(value)) return value;
	throw inputError(
		this.getNode(),
		itemIndex,
		property.displayName,
		`"${shown(value)}" is not ${kind}`,
		`Use ${allowed.map((v) => `"${String(v)}"`).join(' or ')}.`,
	);
}
