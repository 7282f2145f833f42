/**
 * What the panel and the items say about spending. Every paid operation, and Load RUT If Not
 * Loaded when on, shows a notice saying that it pays and what caps the run. A run that paid marks
 * the item each paid call was made for (`paid`); a dry run marks each item that would need a paid
 * call (`wouldPay`) and, once per distinct paid call, which one it would make (`wouldPayFor`).
 * Counting `paid` totals what a run spent, counting `wouldPayFor` what it would spend, identical
 * loads shared as the run shares them. A load that takes a monitoring place beyond the plan's is
 * marked once too (`monitoringOverPlan`).
 */
import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { PARAMETER_HINTS } from '../../shared/builderHints';
import type { PaidCall } from '../../shared/service/endpoints';
import type { Transport } from '../../shared/transport';
import { readBoolean } from './parameters';
import type { Step } from './types';

/** Each paid call in words: what items say in `paid` and `wouldPayFor`, and what the panel says it costs. */
const PAID_CALLS: Record<PaidCall, { words: string; eachItem: string }> = {
	rutLoad: {
		words: 'RUT load',
		eachItem: 'each item loads its RUT into the account, a paid call (identical loads in one run are paid once)',
	},
	complianceProfile: {
		words: 'compliance profile load',
		eachItem: 'each item screens a name, a paid call (a repeat of a profile that is still active is refused and not charged)',
	},
};

/** The paid call as items name it, e.g. "RUT load". */
export const paidWords = (call: PaidCall): string => PAID_CALLS[call].words;

const CAP = 'requestOptions.maxPaidLoads';
// Set means any value, an expression included (n8n shows every notice whose condition is an expression).
const CAP_SET = [{ _cnd: { exists: true as const } }];

/** Stop When the Plan Runs Out (load.ts), where the operation offers it. */
const STOP_AT_PLAN = { stopAtPlan: [true] };

/**
 * The notice that a choice spends money, and how the run is capped: one notice shows, as Maximum
 * Paid Loads per Run is set, or else the plan's look-ups stop the run, or nothing does. `spends`
 * says what pays, as a sentence after "Paid: ".
 */
function paidNotices(name: string, spends: string, show: IDisplayOptions['show'] = {}): INodeProperties[] {
	const notice = (suffix: string, text: string, displayOptions: IDisplayOptions): INodeProperties => ({
		displayName: `Paid: ${spends}. ${text}`,
		name: `${name}${suffix}`,
		type: 'notice',
		default: '',
		displayOptions,
	});
	return [
		notice('Capped', 'This run stops before it makes more paid calls than Maximum Paid Loads per Run (Request Options) allows.', {
			show: { ...show, [CAP]: CAP_SET },
		}),
		notice(
			'Plan',
			"This run stops at the look-ups the plan has left (Stop When the Plan Runs Out); add Maximum Paid Loads per Run under Request Options for a cap of your own.",
			{ show: { ...show, ...STOP_AT_PLAN }, hide: { [CAP]: CAP_SET } },
		),
		notice('Uncapped', 'No cap is set: add Maximum Paid Loads per Run under Request Options to limit what one run can spend.', {
			show,
			hide: { [CAP]: CAP_SET, ...STOP_AT_PLAN },
		}),
	];
}

/** The notices of an operation that pays for every item it sends. */
export const paidOperationNotices = (call: PaidCall): INodeProperties[] => paidNotices('paidNotice', PAID_CALLS[call].eachItem);

/** The notices of Load RUT If Not Loaded, shown while it is on. */
export const loadIfMissingNotices = (): INodeProperties[] =>
	paidNotices('loadIfMissingNotice', 'each RUT the account has not loaded yet is loaded first, a paid call; reading a loaded RUT is free', {
		loadIfMissing: [true],
	});

const dryRunProperty: INodeProperties = {
	displayName: 'Dry Run (Estimate Cost)',
	name: 'dryRun',
	type: 'boolean',
	default: false,
	builderHint: PARAMETER_HINTS.dryRun,
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

/** The Dry Run switch of an operation that always pays; the free check it makes instead is the operation's `estimate`. */
export const dryRun: Step = {
	properties: dryRunProperties(),
	prepare(itemIndex, asked) {
		asked.choices.dryRun = readDryRun.call(this, itemIndex);
	},
};

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
	return first ? { dryRun: true, wouldPay: true, wouldPayFor: paidWords(call) } : { dryRun: true, wouldPay: true };
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

/** A dry run's item with what the run would do to the account's plan (accountPlan's dryRunSummary), when the plan was read. */
export function withPlanSummary(json: IDataObject, summary: IDataObject | undefined): IDataObject {
	return summary && json.dryRun === true ? { ...json, ...summary } : json;
}
