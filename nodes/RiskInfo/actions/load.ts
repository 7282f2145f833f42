/**
 * RUT → Load, the same paid operation on both versions (V2 POST /helper/cargarRut, V1 POST
 * /helper/loadRut), and the one way a RUT is loaded: Load RUT If Not Loaded (below, readOrLoad)
 * sends the same request, so within one execution the same load is paid for once. A dry run
 * asks a free read whether the RUT is loaded instead. Both know the account's plan (GET /usage,
 * read once per run): a load may stop at the look-ups it has left, and a monitoring load beyond
 * its monitoring places is marked.
 */
import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PARAMETER_HINTS } from '../../shared/builderHints';
import { isNotLoadedError } from '../../shared/errors';
import { isPlainObject } from '../../shared/objects';
import { V1, V2, requestFor, type Endpoint } from '../../shared/service/endpoints';
import { accountPlan } from '../../shared/service/usage';
import { withMeaning } from '../../shared/service/values';
import type { ApiRequest, ApiRoot, Transport } from '../../shared/transport';
import { dryRun, dryRunProperties, loadIfMissingNotices, paidWords, readDryRun, wouldPay } from './cost';
import { readBoolean } from './parameters';
import { loadRutStep } from './steps';
import type { ItemMaker, ItemRequest, LoadChoice, Operation, Outcome, Sender, Step } from './types';

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
async function loadRut(api: Transport, load: LoadCall, rutToLoad: string, choice: LoadChoice): Promise<Outcome> {
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
function wouldLoad(api: Transport, load: LoadCall, rutToLoad: string, choice: LoadChoice): IDataObject {
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
function stopAtPlanProperty(show?: IDisplayOptions['show']): INodeProperties {
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
const loadFor = (root: ApiRoot): Operation => (root === 'v2' ? loadApiV2 : loadApiV1);

// Load RUT If Not Loaded: a free read that, when the service says the RUT is not loaded and the
// user allowed it, makes the paid load (loadRut above, shared by every item of the execution that
// needs the same load) and reads again. Any other failure of the read is reported as it is.
// Its dry run makes the free read only and says which items would need the load, and what the
// plan has left. A read that offers it lists the step (its parameters) and names readOrLoad and
// estimateReadOrLoad as its sender and estimate.

const loadIfMissingProperty: INodeProperties = {
	displayName: 'Load RUT If Not Loaded',
	name: 'loadIfMissing',
	type: 'boolean',
	default: false,
	builderHint: PARAMETER_HINTS.loadIfMissing,
	description:
		'Whether to load the RUT when the service says it is not loaded yet (a paid call), then read again. The output tells whether a load happened (loadedNow).',
};

const loadIsMonitoringProperty: INodeProperties = {
	displayName: 'Monitor the RUT',
	name: 'loadIsMonitoring',
	type: 'boolean',
	default: false,
	displayOptions: { show: { loadIfMissing: [true] } },
	description: 'Whether a load made by this node flags the RUT for monitoring (isMonitoring)',
};

const loadIncludeBureauProperty: INodeProperties = {
	displayName: 'Include Bureau Data',
	name: 'loadIncludeBureau',
	type: 'boolean',
	default: false,
	displayOptions: { show: { loadIfMissing: [true] } },
	description: 'Whether a load made by this node includes the credit bureau\'s data (includeBureau)',
};

const loadStopAtPlanProperty = stopAtPlanProperty({ loadIfMissing: [true] });

/** The load the user allows, or null when reading must not load. */
function readLoadChoice(this: IExecuteFunctions, itemIndex: number): LoadChoice | null {
	if (!readBoolean.call(this, itemIndex, loadIfMissingProperty)) return null;
	return {
		isMonitoring: readBoolean.call(this, itemIndex, loadIsMonitoringProperty),
		includeBureau: readBoolean.call(this, itemIndex, loadIncludeBureauProperty),
		stopAtPlan: readBoolean.call(this, itemIndex, loadStopAtPlanProperty),
	};
}

/** The free read, or the service's "not loaded" as `notLoaded`; any other failure is thrown. */
async function readLoaded(api: Transport, asked: ItemRequest, load: LoadChoice | null): Promise<Outcome | 'notLoaded'> {
	const first = await api.request(asked.request).then(
		(response) => ({ response }),
		(error: unknown) => ({ error }),
	);
	if ('response' in first) return { response: first.response };
	if (!load || !asked.rut || !isNotLoadedError(first.error)) throw first.error;
	return 'notLoaded';
}

/**
 * The sender of a read offering Load RUT If Not Loaded: the free read, and when the RUT is not
 * loaded and the user allowed it, the paid load and the read again.
 */
export async function readOrLoad(api: Transport, asked: ItemRequest): Promise<Outcome> {
	const load = asked.choices.loadIfMissing ?? null;
	const read = await readLoaded(api, asked, load);
	if (read !== 'notLoaded') return { response: read.response, extra: load ? { loadedNow: false } : undefined };
	const { extra } = await loadRut(api, loadFor(asked.request.root), asked.rut!, load!);
	return { response: await api.request({ ...asked.request, afterLoad: true }), extra: { loadedNow: true, ...extra } };
}

/** readOrLoad's dry run: the read's data when the RUT is loaded, else that the load would be paid. */
export async function estimateReadOrLoad(api: Transport, asked: ItemRequest): Promise<Outcome> {
	const load = asked.choices.loadIfMissing!;
	await accountPlan(api).read();
	const read = await readLoaded(api, asked, load);
	if (read !== 'notLoaded') return { response: read.response, extra: wouldPay(api, false) };
	return { extra: { rut: asked.rut, ...wouldLoad(api, loadFor(asked.request.root), asked.rut!, load) } };
}

/** The parameters: whether to load, the load's flags, the notices of what it costs, Dry Run. */
export const loadIfMissing: Step = {
	properties: [
		loadIfMissingProperty,
		...loadIfMissingNotices(),
		loadIsMonitoringProperty,
		loadIncludeBureauProperty,
		loadStopAtPlanProperty,
		...dryRunProperties({ loadIfMissing: [true] }),
	],
	prepare(itemIndex, asked) {
		const load = readLoadChoice.call(this, itemIndex);
		asked.choices.loadIfMissing = load;
		// Without the load nothing can be paid, so there is nothing to estimate.
		if (load && readDryRun.call(this, itemIndex)) asked.choices.dryRun = true;
	},
};
