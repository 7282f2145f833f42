import { readOperation } from '../read';
import type { Resource } from '../types';
import { loadProfile } from './loadProfile.operation';

export const compliance: Resource = {
	value: 'compliance',
	name: 'Compliance',
	description: 'Screening of names against PEP, sanctions, criminal and news lists',
	operations: [
		readOperation({
			value: 'getByRut',
			name: 'Get by RUT',
			action: 'Get compliance by RUT',
			description: 'The compliance screening held for a loaded RUT (GET /helper/compliance/{rut})',
			version: 'v2',
			path: (rut) => `/helper/compliance/${rut}`,
		}),
		loadProfile,
	],
};
