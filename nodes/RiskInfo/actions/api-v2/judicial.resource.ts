/** V2 Judicial: the court cases of a RUT, one list per kind of court. */
import { V2 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep, splitIntoItems, splitItems } from '../steps';
import type { Resource } from '../types';

export const judicial: Resource = {
	value: 'judicial',
	name: 'Judicial',
	description: 'Court cases in which the RUT takes part',
	operations: [
		{
			value: 'getCivilCases',
			name: 'Get Civil Cases',
			action: 'Get civil cases',
			description: 'Civil court cases of the RUT',
			...V2.civilCases,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getCollectionCases',
			name: 'Get Collection Cases (Cobranza)',
			action: 'Get collection cases',
			description: 'Debt collection court cases of the RUT',
			...V2.collectionCases,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getLaborCases',
			name: 'Get Labor Cases',
			action: 'Get labor cases',
			description: 'Labor court cases of the RUT',
			...V2.laborCases,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
	],
};
