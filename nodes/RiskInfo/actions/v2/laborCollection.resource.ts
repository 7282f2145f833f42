/** V2 Labor Collection: what an employer owes its workers' pension funds, and its labor fines. */
import { loadIfMissing } from '../loadIfMissing';
import { isoDates, rutStep, splitIntoItems } from '../steps';
import type { Resource } from '../types';

export const laborCollection: Resource = {
	value: 'laborCollection',
	name: 'Labor Collection',
	description: 'Unpaid pension contributions and labor fines of an employer (Cobranza Laboral)',
	operations: [
		{
			value: 'getPensionArrears',
			name: 'Get Pension Arrears (Mora Previsional)',
			action: 'Get pension arrears',
			description:
				'Pension contributions the employer owes for its workers',
			method: 'GET',
			root: 'v2',
			path: '/helper/cobranzaLaboral/{rut}/moraPrevisional',
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
		},
		{
			value: 'getLaborFines',
			name: 'Get Labor Fines (Multa Laboral)',
			action: 'Get labor fines',
			description: 'Fines imposed by the labor authority, paid and outstanding',
			method: 'GET',
			root: 'v2',
			path: '/helper/cobranzaLaboral/{rut}/multaLaboral',
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
		},
	],
};
