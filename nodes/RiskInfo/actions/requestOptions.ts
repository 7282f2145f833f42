/**
 * Request Options: how often a request is tried, how long the node waits in total, how many
 * requests run at once, and how many paid calls one run may make. The one home of their defaults
 * and bounds, for the panel and the router.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PARAMETER_HINTS } from '../../shared/builderHints';
import { RETRY_DEFAULTS } from '../../shared/transport';

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
