/**
 * V1 Credit Score. The spec's reference sample reads it under /api/external/v1 while every other
 * V1 path lives under /api/v1; accounts differ, so the user can pick the root.
 */
import type { INodeProperties } from 'n8n-workflow';

import { V1 } from '../../../shared/service/endpoints';
import type { ApiRoot } from '../../../shared/transport';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { readChoice } from '../parameters';
import { isoDates, rutStep } from '../steps';
import type { Resource, Step } from '../types';

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

const servicePath: Step = {
	properties: [rootProperty],
	prepare(itemIndex, asked) {
		asked.request.root = readChoice.call(this, itemIndex, rootProperty, 'a known root') as ApiRoot;
	},
};

export const creditScore: Resource = {
	value: 'v1CreditScore',
	name: 'Credit Score (V1)',
	description: 'The credit-scoring record of a RUT',
	operations: [
		{
			value: 'get',
			name: 'Get',
			action: 'Get a credit score (V1)',
			description:
				'The credit-scoring record of a loaded RUT: weights, percentages and classification label',
			...V1.creditScore,
			steps: [rutStep, loadIfMissing, isoDates, servicePath],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
		},
	],
};
