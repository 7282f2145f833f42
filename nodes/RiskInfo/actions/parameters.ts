/**
 * Reading one item's parameters. n8n does not check the type of an expression's result, so
 * each reader accepts what sheets and CSV files hand over and turns anything else into an input
 * error for the item naming the field and the value, before any call is sent. Request Options,
 * the parameters of the whole run, are read here too.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PARAMETER_HINTS, RUT_HINT, RUT_LOCATOR_HINT } from '../../shared/builderHints';
import { inputError, shown } from '../../shared/errors';
import { isPlainObject } from '../../shared/objects';
import { RUT_FIELD_CHECKS, RutFormatError, normaliseRut, rutAdvice } from '../../shared/rut';
import { RETRY_DEFAULTS } from '../../shared/transport';

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

// Request Options: how often a request is tried, how long the node waits in total, how many
// requests run at once, and how many paid calls one run may make. The one home of their defaults
// and bounds, for the panel and the router.

const LIMITS = {
	maxAttempts: { default: RETRY_DEFAULTS.maxAttempts, min: 1, max: 10 },
	maxWaitSeconds: { default: RETRY_DEFAULTS.maxWaitSeconds, min: 0, max: 600 },
	requestsInParallel: { default: 5, min: 1, max: 50 },
} as const;

type Name = keyof typeof LIMITS;

const bounded = (name: Name) => ({
	name,
	type: 'number' as const,
	typeOptions: { minValue: LIMITS[name].min, maxValue: LIMITS[name].max },
	default: LIMITS[name].default,
});

export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Maximum Attempts',
			...bounded('maxAttempts'),
			description:
				'How many times a request is tried when the service is busy or failing (429, 408, 5xx, connection errors). Paid loads are repeated only when they certainly did not run.',
		},
		{
			displayName: 'Maximum Total Wait (Seconds)',
			...bounded('maxWaitSeconds'),
			description: 'The longest the node waits between retries of one request, in total, before it reports the error',
		},
		{
			displayName: 'Maximum Paid Loads per Run',
			name: 'maxPaidLoads',
			builderHint: PARAMETER_HINTS.maxPaidLoads,
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			// What n8n fills in when the option is added: one load goes through, so the first try works.
			default: 1,
			description:
				'The most paid calls this node makes in one run: RUT loads (also those Load RUT If Not Loaded makes) and compliance profile loads, identical loads counted once. Past it, an item that needs another paid call gets an error and nothing is sent for it. Starts at 1; leave the field empty (or remove the option) for no cap; 0 allows no paid call.',
			hint: 'Set a cap before running a large list: a sheet of thousands of RUTs can otherwise spend a month\'s budget in one click. Dry Run (Estimate Cost) tells what a run would pay.',
		},
		{
			displayName: 'Requests in Parallel',
			...bounded('requestsInParallel'),
			description:
				'How many requests run at the same time. Items that ask for the same thing share one request. Lower it if the service rate-limits you.',
		},
	],
};

export interface RequestOptions extends Record<Name, number> {
	/** undefined: no cap. */
	maxPaidLoads?: number;
}

/** The node's Request Options, each a whole number within its bounds (an expression may give anything). */
export function readRequestOptions(this: IExecuteFunctions): RequestOptions {
	const options = this.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const read = (name: Name) => {
		const value = Number(options[name] ?? LIMITS[name].default);
		const { min, max } = LIMITS[name];
		return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;
	};
	return {
		maxAttempts: read('maxAttempts'),
		maxWaitSeconds: read('maxWaitSeconds'),
		requestsInParallel: read('requestsInParallel'),
		maxPaidLoads: readCap(options.maxPaidLoads),
	};
}

/**
 * The cap as a whole number, rounded down; empty means no cap. Anything else an expression may
 * give (text, a negative number) allows no paid call rather than an unknown number of them.
 */
function readCap(value: unknown): number | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const cap = Number(value);
	if (cap === Infinity) return undefined;
	return Number.isFinite(cap) ? Math.max(0, Math.floor(cap)) : 0;
}
