import { readOperation } from '../read';
import type { Resource } from '../types';

export const judicial: Resource = {
	value: 'judicial',
	name: 'Judicial',
	description: 'Court cases in which the RUT takes part',
	operations: [
		readOperation({
			value: 'getCivilCases',
			name: 'Get Civil Cases',
			action: 'Get civil cases',
			description: 'Civil court cases of the RUT (GET /helper/judicial/{rut}/civil)',
			version: 'v2',
			path: (rut) => `/helper/judicial/${rut}/civil`,
			list: true,
		}),
		readOperation({
			value: 'getCollectionCases',
			name: 'Get Collection Cases (Cobranza)',
			action: 'Get collection cases',
			description: 'Debt collection court cases of the RUT (GET /helper/judicial/{rut}/cobranza)',
			version: 'v2',
			path: (rut) => `/helper/judicial/${rut}/cobranza`,
			list: true,
		}),
		readOperation({
			value: 'getLaborCases',
			name: 'Get Labor Cases',
			action: 'Get labor cases',
			description: 'Labor court cases of the RUT (GET /helper/judicial/{rut}/laboral)',
			version: 'v2',
			path: (rut) => `/helper/judicial/${rut}/laboral`,
			list: true,
		}),
	],
};
