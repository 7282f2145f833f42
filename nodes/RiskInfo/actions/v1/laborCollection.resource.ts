import { readOperation } from '../read';
import type { Resource } from '../types';

export const laborCollection: Resource = {
	value: 'v1LaborCollection',
	name: 'Labor Collection (V1)',
	description: 'Unpaid pension contributions and labor fines of an employer',
	operations: [
		readOperation({
			value: 'getPensionArrears',
			name: 'Get Pension Arrears (Mora Previsional)',
			action: 'Get pension arrears (V1)',
			description:
				'Unpaid pension contributions of employees (mora previsional) of a loaded RUT (GET /helper/{rut}/getMoraPrevisionalCases)',
			version: 'v1',
			path: (rut) => `/helper/${rut}/getMoraPrevisionalCases`,
			list: true,
		}),
		readOperation({
			value: 'getLaborFines',
			name: 'Get Labor Fines (Multa Laboral)',
			action: 'Get labor fines (V1)',
			description: 'Fines from the labor authority (multa laboral) of a loaded RUT (GET /helper/{rut}/getMultaLaboralCases)',
			version: 'v1',
			path: (rut) => `/helper/${rut}/getMultaLaboralCases`,
			list: true,
		}),
	],
};
