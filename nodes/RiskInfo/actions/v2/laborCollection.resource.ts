import { readOperation } from '../read';
import type { Resource } from '../types';

export const laborCollection: Resource = {
	value: 'laborCollection',
	name: 'Labor Collection',
	description: 'Unpaid pension contributions and labor fines of an employer (Cobranza Laboral)',
	operations: [
		readOperation({
			value: 'getPensionArrears',
			name: 'Get Pension Arrears (Mora Previsional)',
			action: 'Get pension arrears',
			description:
				'Pension contributions the employer owes for its workers (GET /helper/cobranzaLaboral/{rut}/moraPrevisional)',
			version: 'v2',
			path: (rut) => `/helper/cobranzaLaboral/${rut}/moraPrevisional`,
			list: true,
		}),
		readOperation({
			value: 'getLaborFines',
			name: 'Get Labor Fines (Multa Laboral)',
			action: 'Get labor fines',
			description: 'Fines imposed by the labor authority, paid and outstanding (GET /helper/cobranzaLaboral/{rut}/multaLaboral)',
			version: 'v2',
			path: (rut) => `/helper/cobranzaLaboral/${rut}/multaLaboral`,
			list: true,
		}),
	],
};
