/** V1 Labor Collection: what an employer owes its workers' pension funds, and its labor fines. */
import { V1 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep, splitIntoItems, splitItems } from '../steps';
import type { Resource } from '../types';

export const laborCollection: Resource = {
	value: 'v1LaborCollection',
	name: 'Labor Collection (V1)',
	description: 'Unpaid pension contributions and labor fines of an employer',
	operations: [
		{
			value: 'getPensionArrears',
			name: 'Get Pension Arrears (Mora Previsional)',
			action: 'Get pension arrears (V1)',
			description:
				'Unpaid pension contributions of employees (mora previsional) of a loaded RUT',
			...V1.pensionArrears,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getLaborFines',
			name: 'Get Labor Fines (Multa Laboral)',
			action: 'Get labor fines (V1)',
			description: 'Fines from the labor authority (multa laboral) of a loaded RUT',
			...V1.laborFines,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
	],
};
