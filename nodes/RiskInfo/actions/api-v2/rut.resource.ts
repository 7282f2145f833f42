/** V2 RUT: the summary of a RUT, and the paid load (shared with V1, in ../load.ts). */
import { V2 } from '../../../shared/service/endpoints';
import { simplifiedFromApiV2 } from '../../../shared/service/summaryV2';
import { estimateReadOrLoad, loadApiV2, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep, summarySimplify } from '../steps';
import type { Operation, Resource } from '../types';

/** Simplify on the summary: the simplified record of the V2 reader. */
const simplifySummaryApiV2 = summarySimplify(
	'Whether to return one flat record of the indicators people act on (name, classification, bulletin cases and amounts, active cases, bankruptcy, overdue bank debt, compliance risk, failed data sources) instead of the full nested summary',
	simplifiedFromApiV2,
);

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
