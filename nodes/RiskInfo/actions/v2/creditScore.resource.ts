import { readOperation } from '../read';
import type { Resource } from '../types';

export const creditScore: Resource = {
	value: 'creditScore',
	name: 'Credit Score',
	description: 'The service\'s credit classification of a RUT',
	operations: [
		readOperation({
			value: 'get',
			name: 'Get',
			action: 'Get a credit score',
			description: 'Classification label and percentage with the weight of each data source (GET /creditScore/{rut})',
			version: 'v2',
			path: (rut) => `/creditScore/${rut}`,
		}),
	],
};
