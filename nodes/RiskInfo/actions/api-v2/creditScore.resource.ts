/** V2 Credit Score: the service's classification of a RUT. */
import { V2 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep } from '../steps';
import type { Resource } from '../types';

export const creditScore: Resource = {
	value: 'creditScore',
	name: 'Credit Score',
	description: 'The service\'s credit classification of a RUT',
	operations: [
		{
			value: 'get',
			name: 'Get',
			action: 'Get a credit score',
			description: 'Classification label and percentage with the weight of each data source',
			...V2.creditScore,
			steps: [rutStep, loadIfMissing, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
		},
	],
};
