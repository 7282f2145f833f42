/** V1 Judicial: the court cases of a RUT, one list per kind of court, or all of them in one read. */
import { V1 } from '../../../shared/service/endpoints';
import { isPlainObject } from '../../../shared/objects';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { flag, isoDates, itemPerEntry, oneItem, rutStep, splitIntoItems, splitItems, splitProperty } from '../steps';
import type { ItemMaker, Resource } from '../types';

/** The lists of the all-cases read, as the service names them, and what each item says its case is. */
const CASE_LISTS = [
	['civil', 'civil'],
	['cobranza', 'collection'],
	['laboral', 'labor'],
] as const;

/** Split Into Items for all cases (its items: allCasesItems). */
const splitAllCases = flag({
	...splitProperty,
	description:
		'Whether to output one item per case, civil, collection and labor alike, each saying which it is (caseType), instead of one item holding the three lists. A RUT with no cases then gives no item.',
});

/** Split, one item per case of the three lists, in that order, each saying its kind (caseType) and the RUT. */
const allCasesItems: ItemMaker = (data, _response, asked) => {
	if (asked.choices.split !== true || !isPlainObject(data)) return [oneItem(data)];
	return CASE_LISTS.flatMap(([list, caseType]) =>
		itemPerEntry(Array.isArray(data[list]) ? data[list] : []).map((item) => ({ json: { rut: data.rut ?? asked.rut, caseType, ...item.json } })),
	);
};

export const judicial: Resource = {
	value: 'v1Judicial',
	name: 'Judicial (V1)',
	description: 'Court cases in which the RUT takes part',
	operations: [
		{
			value: 'getAllCases',
			name: 'Get All Cases',
			action: 'Get all court cases (V1)',
			description:
				'Civil, collection and labor court cases of a loaded RUT in one read. Free for a loaded RUT. Documented by the service beyond the interface spec.',
			...V1.allCases,
			steps: [rutStep, loadIfMissing, splitAllCases, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: allCasesItems,
		},
		{
			value: 'getCivilCases',
			name: 'Get Civil Cases',
			action: 'Get civil cases (V1)',
			description: 'Civil court cases of a loaded RUT',
			...V1.civilCases,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getCollectionCases',
			name: 'Get Collection Cases (Cobranza)',
			action: 'Get collection cases (V1)',
			description: 'Debt collection court cases (cobranza) of a loaded RUT',
			...V1.collectionCases,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getLaborCases',
			name: 'Get Labor Cases',
			action: 'Get labor cases (V1)',
			description: 'Labor court cases of a loaded RUT',
			...V1.laborCases,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
	],
};
