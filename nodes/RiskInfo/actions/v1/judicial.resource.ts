import { readOperation } from '../read';
import type { Resource } from '../types';

export const judicial: Resource = {
	value: 'v1Judicial',
	name: 'Judicial (V1)',
	description: 'Court cases in which the RUT takes part',
	operations: [
		readOperation({
			value: 'getCivilCases',
			name: 'Get Civil Cases',
			action: 'Get civil cases (V1)',
			description: 'Civil court cases of a loaded RUT (GET /helper/{rut}/getCivilCases)',
			version: 'v1',
			path: (rut) => `/helper/${rut}/getCivilCases`,
			list: true,
		}),
		readOperation({
			value: 'getCollectionCases',
			name: 'Get Collection Cases (Cobranza)',
			action: 'Get collection cases (V1)',
			description: 'Debt collection court cases (cobranza) of a loaded RUT (GET /helper/{rut}/getCobranzaCases)',
			version: 'v1',
			path: (rut) => `/helper/${rut}/getCobranzaCases`,
			list: true,
		}),
		readOperation({
			value: 'getLaborCases',
			name: 'Get Labor Cases',
			action: 'Get labor cases (V1)',
			description: 'Labor court cases of a loaded RUT (GET /helper/{rut}/getLaboralCases)',
			version: 'v1',
			path: (rut) => `/helper/${rut}/getLaboralCases`,
			list: true,
		}),
	],
};
