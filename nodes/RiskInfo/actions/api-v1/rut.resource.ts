/** V1 RUT: the summary, the downloadable report and the tax identification of a RUT, and the paid load (in ../load.ts). */
import type { INodeProperties } from 'n8n-workflow';

import { V1 } from '../../../shared/service/endpoints';
import { simplifiedFromApiV1 } from '../../../shared/service/summaryV1';
import { estimateReadOrLoad, loadApiV1, loadIfMissing, readOrLoad } from '../load';
import { readBoolean } from '../parameters';
import { isoDates, rutStep, summarySimplify } from '../steps';
import type { Resource, Step } from '../types';
import { jsonIsoDates, reportFormat, reportItems } from './downloadSummary';

/** Simplify on the V1 summary: the same record as on V2. */
const simplifySummaryApiV1 = summarySimplify(
	'Whether to return one flat record of the main indicators instead of the full summary. It has the same fields as Simplify on API version V2.',
	simplifiedFromApiV1,
);

const completeProperty: INodeProperties = {
	displayName: 'Include Corporate Mesh and Gazette Data',
	name: 'complete',
	type: 'boolean',
	default: false,
	description:
		'Whether to add the corporate mesh, the official gazette and the company-in-a-day registry to the summary (complete=true)',
};

/** The service reads the string "true"; leaving it out gives the plain summary. */
const complete: Step = {
	properties: [completeProperty],
	prepare(itemIndex, asked) {
		if (readBoolean.call(this, itemIndex, completeProperty)) asked.request.query = { ...asked.request.query, complete: 'true' };
	},
};

export const rut: Resource = {
	value: 'v1Rut',
	name: 'RUT (V1)',
	description: 'Load a RUT and read its summary, report and tax identification',
	// Alphabetical, as in n8n's own nodes; a new node starts on the free summary, not the paid load.
	defaultOperation: 'getSummary',
	operations: [
		{
			value: 'downloadSummary',
			name: 'Download Summary',
			action: 'Download the summary report of a RUT (V1)',
			description:
				'The summary report of a loaded RUT as a PDF file, ready to email or upload, or as JSON. V1 only.',
			...V1.downloadSummary,
			steps: [rutStep, reportFormat, loadIfMissing, jsonIsoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: reportItems,
		},
		{
			value: 'getIdentification',
			name: 'Get Identification',
			action: 'Get the tax identification of a RUT (V1)',
			description:
				'The tax authority\'s (SII) record of a loaded RUT: name, activities, stamped documents. V1 only.',
			...V1.identification,
			steps: [rutStep, loadIfMissing, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
		},
		{
			value: 'getSummary',
			name: 'Get Summary',
			action: 'Get a RUT summary (V1)',
			description: 'Everything known about a loaded RUT in one record. Free for a loaded RUT.',
			...V1.summary,
			steps: [rutStep, complete, simplifySummaryApiV1, loadIfMissing, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
		},
		loadApiV1,
	],
};
