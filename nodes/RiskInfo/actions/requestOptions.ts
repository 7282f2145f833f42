/**
 * Request Options: how often a request is tried, how long the node waits in total, and how many
 * requests run at once. The one home of their defaults and bounds, for the panel and the router.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

const LIMITS = {
	maxAttempts: { default: 4, min: 1, max: 10 },
	maxWaitSeconds: { default: 60, min: 0, max: 600 },
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
			displayName: 'Requests in Parallel',
			...bounded('requestsInParallel'),
			description:
				'How many requests run at the same time. Items that ask for the same thing share one request. Lower it if the service rate-limits you.',
		},
	],
};

/** The node's Request Options, each a whole number within its bounds (an expression may give anything). */
export function readRequestOptions(this: IExecuteFunctions): Record<Name, number> {
	const options = this.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const read = (name: Name) => {
		const value = Number(options[name] ?? LIMITS[name].default);
		const { min, max } = LIMITS[name];
		return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;
	};
	return { maxAttempts: read('maxAttempts'), maxWaitSeconds: read('maxWaitSeconds'), requestsInParallel: read('requestsInParallel') };
}
