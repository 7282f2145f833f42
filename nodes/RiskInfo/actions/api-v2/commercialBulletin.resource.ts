/**
 * V2 Commercial Bulletin: the Dicom/Equifax cases of a RUT and who looked it up. Both reads come
 * from the service's public documentation, not the interface spec (addendum A1, A2).
 */
import { V2 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { pages } from '../pages';
import { isoDates, rutStep, splitIntoItemsOf, splitItemsOf, type SplittableList } from '../steps';
import type { Resource } from '../types';

const BEYOND_SPEC = 'Documented by the service beyond the interface spec.';

const CASES_OR_QUERIES: SplittableList[] = [
	{ name: 'Cases', value: 'cases', field: 'casos', description: 'One item per unpaid debt or protested document' },
	{ name: 'Queries', value: 'queries', field: 'consultas', description: 'One item per time someone looked the RUT up in the bulletin' },
];

const queryPages = pages({
	pageParameter: 'page',
	page: 'page',
	totalPages: 'totalPages',
	totalEntries: 'cantidad',
	entries: 'casos',
	totalAs: 'totalQueries',
});

export const commercialBulletin: Resource = {
	value: 'commercialBulletin',
	name: 'Commercial Bulletin',
	description: 'Unpaid debts and protested documents in the commercial bulletin (Dicom/Equifax), and who looked the RUT up',
	operations: [
		{
			value: 'getDicomCases',
			name: 'Get Dicom Cases',
			action: 'Get Dicom cases',
			description: `Unpaid debts and protested documents of the RUT in the bulletin, with the list of who looked it up. Free for a loaded RUT. ${BEYOND_SPEC}`,
			...V2.dicomCases,
			steps: [rutStep, loadIfMissing, splitIntoItemsOf(CASES_OR_QUERIES), isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItemsOf(CASES_OR_QUERIES),
		},
		{
			value: 'getDicomQueries',
			name: 'Get Dicom Queries',
			action: 'Get Dicom queries',
			description: `Who looked the RUT up in the bulletin and when, one item per query, read page by page. Each item says how many queries there are in all (totalQueries). Free for a loaded RUT. ${BEYOND_SPEC}`,
			...V2.dicomQueries,
			steps: [rutStep, queryPages.step, loadIfMissing, isoDates],
			send: queryPages.send,
			estimate: queryPages.estimate,
			items: queryPages.items,
		},
	],
};
