/**
 * The Simplify parameter: a switch that, when on, reshapes the answer into a flat record. The
 * summaries of both API versions give the simplified record through the service's readers
 * (shared/service/summaryV2.ts, summaryV1.ts); Account → Get Usage gives its own flat record
 * (shared/service/usage.ts) with the same switch.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { KeyNames } from '../../shared/service/keyNames';
import type { SimplifiedSummary } from '../../shared/service/record';
import { simplifiedFromApiV1 } from '../../shared/service/summaryV1';
import { simplifiedFromApiV2 } from '../../shared/service/summaryV2';
import { readBoolean } from './parameters';
import type { ItemRequest, Step } from './types';

/**
 * A Simplify switch: a flat record in plain names when on. A node added from node version 2 on
 * starts with it on, since the flat record is what most workflows act on; n8n fills a saved node's
 * missing value from its own version's default, so a saved version 1 node keeps what it returned.
 */
export function simplifyFlag(description: string, reshape: (data: unknown, asked: ItemRequest, names: KeyNames) => unknown, hint?: string): Step {
	const before: INodeProperties = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description,
		...(hint ? { hint } : {}),
		displayOptions: { show: { '@version': [1] } },
	};
	const now: INodeProperties = { ...before, default: true, displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } } };
	return {
		properties: [before, now],
		prepare(itemIndex, asked, nodeVersion) {
			asked.choices.simplify = readBoolean.call(this, itemIndex, nodeVersion >= 2 ? now : before);
		},
		reshape: (data, asked, names) => (asked.choices.simplify === true ? reshape(data, asked, names) : data),
	};
}

/** The units of the simplified record's numbers, shown under Simplify: the record's names do not carry them. */
const SIMPLIFIED_UNITS =
	'Units: overdueBankDebt and writtenOffBankDebt in thousands of CLP; bulletinAmountSourceA/B/C in CLP; classificationPercentage in percent; the other numbers are counts of cases or matches. Bulletin sources, as the service names them: SourceA and SourceB are its own, SourceC the external credit bureau\'s (only with Include Bureau Data).';

function summarySimplify(description: string, mapping: (data: unknown, rut: string | undefined, names: KeyNames) => SimplifiedSummary): Step {
	return simplifyFlag(description, (data, asked, names) => mapping(data, asked.rut, names), SIMPLIFIED_UNITS);
}

/** Simplify on the API V2 summary (RUT → Get Summary). */
export const simplifySummaryApiV2 = summarySimplify(
	'Whether to return one flat record of the indicators people act on (name, classification, bulletin cases and amounts, active cases, bankruptcy, overdue bank debt, compliance risk, failed data sources) instead of the full nested summary',
	simplifiedFromApiV2,
);

/** Simplify on the API V1 summary (RUT (V1) → Get Summary): the same record as on V2. */
export const simplifySummaryApiV1 = summarySimplify(
	'Whether to return one flat record of the main indicators instead of the full summary. It has the same fields as Simplify on API version V2.',
	simplifiedFromApiV1,
);

