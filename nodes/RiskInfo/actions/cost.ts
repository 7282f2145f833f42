/**
 * What items say about spending. A run that paid marks the item each paid call was made for
 * (`paid`); a dry run marks each item that would need a paid call (`wouldPay`) and, once per
 * distinct paid call, which one it would make (`wouldPayFor`). Counting `paid` totals what a run
 * spent, counting `wouldPayFor` what it would spend, identical loads shared as the run shares them.
 * A load that takes a monitoring place beyond the plan's is marked once too (`monitoringOverPlan`).
 */
import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Transport } from '../transport';
import { readBoolean } from './parameters';
import type { Answer, PaidCall, Plan, Step } from './types';

const dryRunProperty: INodeProperties = {
	displayName: 'Dry Run (Estimate Cost)',
	name: 'dryRun',
	type: 'boolean',
	default: false,
	description:
		'Whether to send nothing paid and only tell, per item, whether running for real would pay (wouldPay) and for which paid call (wouldPayFor). Only free reads are sent.',
};

/** The Dry Run switch, shown with `show` where the operation pays only on some choice. */
export function dryRunProperties(show?: IDisplayOptions['show']): INodeProperties[] {
	return [show ? { ...dryRunProperty, displayOptions: { show } } : dryRunProperty];
}

export function readDryRun(this: IExecuteFunctions, itemIndex: number): boolean {
	return readBoolean.call(this, itemIndex, dryRunProperty);
}

/** The Dry Run switch of an operation that always pays, and the free check it makes instead. */
export function dryRun(estimate: (api: Transport, plan: Plan) => Promise<Answer>): Step {
	return {
		properties: dryRunProperties(),
		prepare(itemIndex, plan) {
			plan.choices.dryRun = readDryRun.call(this, itemIndex);
		},
		estimate,
	};
}

/**
 * A dry run's verdict for one item. `claim` names the paid call the item would need: the first
 * item of the run to need it would make it (`wouldPayFor`), later ones would share it.
 */
export function wouldPay(api: Transport, call: false): IDataObject;
export function wouldPay(api: Transport, call: PaidCall, claim: string): IDataObject;
export function wouldPay(api: Transport, call: PaidCall | false, claim?: string): IDataObject {
	if (call === false) return { dryRun: true, wouldPay: false };
	// The overloads make every paid call name its claim.
	const first = api.claimFirst(`${call}:${claim!}`);
	return first ? { dryRun: true, wouldPay: true, wouldPayFor: call } : { dryRun: true, wouldPay: true };
}

/** The fields that count one call: only one item per call carries them. */
const COUNTED = ['paid', 'wouldPayFor', 'monitoringOverPlan'];

/**
 * `extra` added to every item of an answer, except that a paid call is marked on the first item
 * only (Split Into Items gives several items for one call).
 */
export function withExtra(items: INodeExecutionData[], extra: IDataObject): INodeExecutionData[] {
	const rest = uncounted(extra);
	return items.map((item, i) => ({ ...item, json: { ...item.json, ...(i === 0 ? extra : rest) } }));
}

/** The item's JSON without the marks of a paid call, for items that shared another item's call. */
export function uncounted(json: IDataObject): IDataObject {
	if (!COUNTED.some((key) => key in json)) return json;
	const copy = { ...json };
	for (const key of COUNTED) delete copy[key];
	return copy;
}

/** A dry run's item with what the run would do to the account's plan (Transport.plan's summary), when the plan was read. */
export function withPlanSummary(json: IDataObject, summary: IDataObject | undefined): IDataObject {
	return summary && json.dryRun === true ? { ...json, ...summary } : json;
}
