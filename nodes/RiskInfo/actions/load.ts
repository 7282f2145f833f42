/**
 * RUT → Load, the same paid operation on both versions (V2 POST /helper/cargarRut, V1 POST
 * /helper/loadRut), and the one way a RUT is loaded: Load RUT If Not Loaded (loadIfMissing.ts)
 * sends the same request, so within one execution the same load is paid for once. A dry run
 * asks a free read whether the RUT is loaded instead. Both know the account's plan (GET /usage,
 * read once per run): a load may stop at the look-ups it has left, and a monitoring load beyond
 * its monitoring places is marked.
 */
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { isNotLoadedError } from '../../shared/errors';
import { isPlainObject } from '../../shared/objects';
import { V1, V2, requestFor, type Endpoint } from '../../shared/service/endpoints';
import { withMeaning } from '../../shared/service/values';
import { accountPlan } from '../../shared/service/usage';
import type { ApiRequest, ApiRoot, Transport } from '../../shared/transport';
import { dryRun, paidWords, wouldPay } from './cost';
import { readBoolean } from './parameters';
import { loadRutStep } from './steps';
import type { Outcome, ItemMaker, LoadChoice, Operation, ItemRequest, Sender, Step } from './types';

function loadBody(rutToLoad: string, choice: LoadChoice) {
	return { rut: rutToLoad, isMonitoring: choice.isMonitoring, includeBureau: choice.includeBureau };
}

type LoadCall = Pick<Endpoint, 'method' | 'root' | 'path'>;

/** Identical loads (same version, RUT and flags) are one paid call in a run. */
const loadKey = (load: LoadCall, body: IDataObject) => `${load.root}:${JSON.stringify(body)}`;

/**
 * The paid load of a RUT; the transport sends the same load once per execution and shares it.
 * `paid` is set for the caller that sent it.
 */
export async function loadRut(api: Transport, load: LoadCall, rutToLoad: string, choice: LoadChoice): Promise<Outcome> {
	const body = loadBody(rutToLoad, choice);
	// The plan is read before a monitoring load is sent, so the places it reports are those before the run's.
	if (choice.isMonitoring) await accountPlan(api).read();
	const request: ApiRequest = { method: load.method, root: load.root, path: load.path, body, paid: true, ...(choice.stopAtPlan ? { withinPlan: accountPlan(api) } : {}) };
	const { response, sentHere } = await api.once(loadKey(load, body), request);
	if (!sentHere) return { response };
	return { response, extra: { paid: paidWords('rutLoad'), ...(choice.isMonitoring && accountPlan(api).takePlace() === true ? { monitoringOverPlan: true } : {}) } };
}

/**
 * A dry run's verdict on the load of a RUT that is not loaded: shared like the real load, counted
 * against the plan (read beforehand by the dry run) like it, and marked when its monitoring place
 * would be beyond the plan's.
 */
export function wouldLoad(api: Transport, load: LoadCall, rutToLoad: string, choice: LoadChoice): IDataObject {
	const verdict = wouldPay(api, 'rutLoad', loadKey(load, loadBody(rutToLoad, choice)));
	if (verdict.wouldPayFor === undefined) return verdict;
	return accountPlan(api).estimateLoad(choice.isMonitoring) === true ? { ...verdict, monitoringOverPlan: true } : verdict;
}

/**
 * The smallest free read about a RUT on each version, which tells whether it is loaded: the
 * pension-arrears list, empty for most RUTs (the summary is kilobytes).
 */
const PROBES: Record<'v2' | 'v1', Endpoint> = { v2: V2.pensionArrears, v1: V1.pensionArrears };

async function isLoaded(api: Transport, root: ApiRoot, rut: string): Promise<boolean> {
	const probe = PROBES[root === 'v2' ? 'v2' : 'v1'];
	return await api.once(`probe:${probe.root}:${rut}`, requestFor(probe, rut)).then(
		() => true,
		(error: unknown) => {
			if (isNotLoadedError(error)) return false;
			throw error;
		},
	);
}

/** RUT Load's dry run: it would pay unless the RUT is already loaded. */
async function estimateLoad(api: Transport, asked: ItemRequest): Promise<Outcome> {
	const choice = asked.choices.load!;
	await accountPlan(api).read();
	const verdict = (await isLoaded(api, asked.request.root, asked.rut!))
		? { ...wouldPay(api, false), alreadyLoaded: true }
		: wouldLoad(api, asked.request, asked.rut!, choice);
	return { extra: { ...loadBody(asked.rut!, choice), ...verdict } };
}

const isMonitoringProperty: INodeProperties = {
	displayName: 'Monitor the RUT',
	name: 'isMonitoring',
	type: 'boolean',
	default: false,
	description: 'Whether the service keeps the RUT under monitoring and its profile stays on the web platform (isMonitoring)',
};

const includeBureauProperty: INodeProperties = {
	displayName: 'Include Bureau Data',
	name: 'includeBureau',
	type: 'boolean',
	default: false,
	description: 'Whether to include the external credit bureau\'s data, which adds the third commercial-bulletin source (includeBureau)',
};

/** Stop When the Plan Runs Out, shown with `show` where the load depends on another choice. */
export function stopAtPlanProperty(show?: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Stop When the Plan Runs Out',
		name: 'stopAtPlan',
		type: 'boolean',
		default: false,
		...(show ? { displayOptions: { show } } : {}),
		description:
			'Whether to refuse a RUT load once this run has used the paid look-ups the account\'s plan has left (read once per run from Account → Get Usage, free). Past them an item that needs a load gets an error and nothing is sent for it. Maximum Paid Loads per Run still applies: the smaller of the two stops the run.',
	};
}

const stopAtPlan = stopAtPlanProperty();

/** The load's flags; the RUT goes in the body with them, and the answer is shaped around it. */
const loadFlags: Step = {
	properties: [isMonitoringProperty, includeBureauProperty, stopAtPlan],
	prepare(itemIndex, asked, nodeVersion) {
		asked.choices.load = {
			isMonitoring: readBoolean.call(this, itemIndex, isMonitoringProperty),
			includeBureau: readBoolean.call(this, itemIndex, includeBureauProperty),
			stopAtPlan: readBoolean.call(this, itemIndex, stopAtPlan),
		};
		asked.choices.loadItemInEnglish = nodeVersion >= 2.1;
	},
};

/** The load, sent once per execution for every item asking for the same one. */
const sendLoad: Sender = async (api, asked) => await loadRut(api, asked.request, asked.rut!, asked.choices.load!);

/** The spec does not show the load's answer, so the RUT is added for the nodes that follow. */
const loadedItem: ItemMaker = (data, _response, asked) => [
	{ json: asked.choices.loadItemInEnglish ? loadItem(data, asked) : { rut: asked.rut, ...(isPlainObject(data) ? (data as IDataObject) : { response: data as IDataObject }) } },
];

/**
 * The service's answer to a load does not say whether the RUT was loaded before, and the Load
 * operation reads nothing first (that would be a call of its own for every load): its item says
 * what a reload costs and how to avoid one.
 */
const RELOAD_NOTE =
	'Every RUT load is charged, also of a RUT that was already loaded (it refreshes its data). To pay only for RUTs not loaded yet, read them with Load RUT If Not Loaded, or run the load with Dry Run first (free), which says alreadyLoaded.';

/**
 * A load's item from node version 2.1 on: English names like every other item, the service's
 * message with its English meaning, what a reload costs, and the service's own answer (its
 * Spanish message, fechaCarga or createdAt) kept whole under `response`. Version 2 nodes keep the
 * service's keys at the top, so saved workflows that read them go on working.
 */
function loadItem(data: unknown, asked: ItemRequest): IDataObject {
	const answer = isPlainObject(data) ? (data as IDataObject) : {};
	const choice = asked.choices.load!;
	return {
		rut: asked.rut,
		isMonitoring: choice.isMonitoring,
		includeBureau: choice.includeBureau,
		loadedOn: answer.fechaCarga ?? answer.createdAt ?? null,
		message: typeof answer.message === 'string' ? withMeaning(answer.message) : null,
		note: RELOAD_NOTE,
		response: data as IDataObject,
	};
}

export const loadApiV2: Operation = {
	value: 'load',
	name: 'Load',
	action: 'Load a RUT',
	description: 'Loads the RUT into the account so its information can be read; reading a loaded RUT is then free',
	...V2.load,
	steps: [loadRutStep, loadFlags, dryRun],
	send: sendLoad,
	estimate: estimateLoad,
	items: loadedItem,
};

export const loadApiV1: Operation = {
	...loadApiV2,
	// V1 actions are marked, so the node panel's search results (which have no group labels) tell them apart.
	action: 'Load a RUT (V1)',
	...V1.load,
};

/** The load of the version a read belongs to (V1's credit-score root included). */
export const loadFor = (root: ApiRoot): Operation => (root === 'v2' ? loadApiV2 : loadApiV1);
