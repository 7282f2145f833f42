/**
 * Load RUT If Not Loaded: a free read that, when the service says the RUT is not loaded and the
 * user allowed it, makes the paid load (load.ts, shared by every item of the execution that
 * needs the same load) and reads again. Any other failure of the read is reported as it is.
 * Its dry run makes the free read only and says which items would need the load, and what the
 * plan has left. A read that offers it lists the step (its parameters) and names readOrLoad and
 * estimateReadOrLoad as its sender and estimate.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PARAMETER_HINTS } from '../../shared/builderHints';
import { isNotLoadedError } from '../../shared/errors';
import { accountPlan } from '../../shared/service/usage';
import type { Transport } from '../../shared/transport';
import { dryRunProperties, loadIfMissingNotices, readDryRun, wouldPay } from './cost';
import { loadFor, loadRut, stopAtPlanProperty, wouldLoad } from './load';
import { readBoolean } from './parameters';
import type { Outcome, LoadChoice, ItemRequest, Step } from './types';

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
