import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError } from '../../../shared/errors';
import { readOperation } from '../read';
import type { ReadDefinition } from '../read';
import type { Operation, Resource } from '../types';

/**
 * The spec's reference sample reads the credit score under /api/external/v1 while every other
 * V1 path lives under /api/v1; accounts differ, so the user can pick the root.
 */
const definition: Omit<ReadDefinition, 'root'> = {
	value: 'get',
	name: 'Get',
	action: 'Get a credit score (V1)',
	description:
		'The credit-scoring record of a loaded RUT: weights, percentages and classification label (GET /notification/creditScoring/{rut}/getByRut)',
	version: 'v1',
	path: (rut) => `/notification/creditScoring/${rut}/getByRut`,
};

const byRoot = {
	v1External: readOperation({ ...definition, root: 'v1External' }),
	v1: readOperation({ ...definition, root: 'v1' }),
};
type Root = keyof typeof byRoot;

const rootProperty: INodeProperties = {
	displayName: 'Service Path',
	name: 'creditScoreRoot',
	type: 'options',
	options: [
		{
			name: 'External Path',
			value: 'v1External',
			description: '/api/external/v1, where the service\'s reference sample reads the credit score',
		},
		{ name: 'Standard Path', value: 'v1', description: '/api/v1, the root of every other V1 operation' },
	],
	default: 'v1External',
	description: 'Which V1 root serves the credit score for your account. Keep the default unless the service told you otherwise.',
};

const base = byRoot.v1External;

const get: Operation = {
	...base,
	properties: [...base.properties, rootProperty],
	prepare(this: IExecuteFunctions, i: number) {
		const root = this.getNodeParameter('creditScoreRoot', i, 'v1External') as unknown;
		if (typeof root !== 'string' || !Object.hasOwn(byRoot, root)) {
			throw inputError(this.getNode(), i, 'Service Path', `"${String(root)}" is not a known root`, 'Use "v1External" or "v1".');
		}
		return { ...base.prepare.call(this, i), root };
	},
	async execute(this: IExecuteFunctions, p, api, i) {
		const { root, ...params } = p;
		const operation = byRoot[root as Root];
		return await operation.execute.call(this, params as Parameters<typeof operation.execute>[0], api, i);
	},
};

export const creditScore: Resource = {
	value: 'v1CreditScore',
	name: 'Credit Score (V1)',
	description: 'The credit-scoring record of a RUT',
	operations: [get],
};
