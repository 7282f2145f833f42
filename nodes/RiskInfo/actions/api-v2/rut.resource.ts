/** V2 RUT: the summary of a RUT, and the paid load (shared with V1, in ../load.ts). */
import { V2 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadApiV2, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep, simplifySummaryApiV2 } from '../steps';
import type { Operation, Resource } from '../types';

/** The summary, a free read of a loaded RUT. */
const getSummary: Operation = {
	value: 'getSummary',
	name: 'Get Summary',
	action: 'Get a RUT summary',
	description:
		'Everything known about the RUT in one record: tax identification, commercial bulletin, judicial, labor collection, legal, bank debt, assets, credit score, ratings and compliance',
	...V2.summary,
	steps: [rutStep, simplifySummaryApiV2, loadIfMissing, isoDates],
	send: readOrLoad,
	estimate: estimateReadOrLoad,
};

export const rut: Resource = {
	value: 'rut',
	name: 'RUT',
	description: 'Load a taxpayer into the account and read its summary',
	operations: [getSummary, loadApiV2],
};
