/**
 * Reading one item's parameters. n8n does not check the type of an expression's result, so
 * each reader accepts what sheets and CSV files hand over and turns anything else into an input
 * error naming the item, the field and the value, before any call is sent.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { RUT_HINT } from '../../shared/builderHints';
import { inputError, shown } from '../../shared/errors';
import { RutFormatError, normaliseRut } from '../../shared/rut';

export const rutProperty: INodeProperties = {
	displayName: 'RUT',
	name: 'rut',
	type: 'string',
	required: true,
	default: '',
	placeholder: '12.345.678-5',
	builderHint: RUT_HINT,
	description:
		'The taxpayer\'s RUT, with or without dots and hyphen (e.g. 12.345.678-5 or 123456785). It is checked before anything is sent.',
};

const HOW_TO_WRITE = 'Write a RUT as 12.345.678-5, 12345678-5 or 123456785; the last character is the check digit (0-9 or K).';
/** Any character may be the typo, so the only safe advice is to read the whole RUT again where it came from. */
const CHECK_AGAINST_SOURCE =
	'A character of this RUT is probably mistyped, and it can be any of them. Check the whole RUT against its source (the invoice, the contract, the taxpayer\'s own records) and correct it there; changing only the check digit would point at another taxpayer.';

/** The item's RUT in the spec form, or an error naming the item, the field and the value. */
export function readRut(this: IExecuteFunctions, itemIndex: number, name = 'rut', label = 'RUT'): string {
	const value = this.getNodeParameter(name, itemIndex, '') as unknown;
	try {
		return normaliseRut(value);
	} catch (error) {
		const reason = error instanceof RutFormatError ? error.reason : shown(error);
		const hint = error instanceof RutFormatError && error.mismatch ? CHECK_AGAINST_SOURCE : HOW_TO_WRITE;
		throw inputError(this.getNode(), itemIndex, label, `"${shown(value)}" is not a valid RUT: ${reason}`, hint);
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
