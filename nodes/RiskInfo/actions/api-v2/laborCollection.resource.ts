/** V2 Labor Collection: what an employer owes its workers' pension funds, and its labor fines. */
import { V2 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { pages } from '../pages';
import { isoDates, rutStep, splitIntoItems, splitItems } from '../steps';
import type { Resource } from '../types';

const infractionPages = pages({
	pageParameter: 'page',
	page: 'page',
	totalPages: 'totalPages',
	totalEntries: 'cantidad',
	entries: 'casos',
	totalAs: 'totalInfractions',
	splittable: true,
});

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
			...V2.pensionArrears,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getPensionInfractions',
			name: 'Get Pension Infractions',
			action: 'Get pension infractions',
			description:
				'Infractions the pension institutions found against the employer: institution, amount and months owed, read page by page. Free for a loaded RUT. Documented by the service beyond the interface spec.',
			...V2.pensionInfractions,
			steps: [rutStep, infractionPages.step, loadIfMissing, isoDates],
			send: infractionPages.send,
			estimate: infractionPages.estimate,
			items: infractionPages.items,
		},
		{
			value: 'getLaborFines',
			name: 'Get Labor Fines (Multa Laboral)',
			action: 'Get labor fines',
			description: 'Fines imposed by the labor authority, paid and outstanding',
			...V2.laborFines,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
	],
};
