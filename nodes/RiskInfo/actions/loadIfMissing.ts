/**
 * Load RUT If Not Loaded: a free read that, when the service says the RUT is not loaded and the
 * user allowed it, makes the paid load (load.ts, shared by every item of the execution that
 * needs the same load) and reads again. Any other failure of the read is reported as it is.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ServiceError } from '../../shared/errors';
import type { Transport } from '../transport';
import type { LoadChoice } from './load';
import { loadRut, loadV1, loadV2 } from './load';
import { readBoolean } from './parameters';
import type { Answer, Plan, Step } from './types';

const loadIfMissingProperty: INodeProperties = {
	displayName: 'Load RUT If Not Loaded',
	name: 'loadIfMissing',
	type: 'boolean',
	default: false,
	description:
		'Whether to load the RUT into the account when the service says it is not loaded yet, then read again. Reading a loaded RUT is free; a load is a paid call. The output then tells whether a load happened (loadedNow).',
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

/** The load the user allows, or null when reading must not load. */
function readLoadChoice(this: IExecuteFunctions, itemIndex: number): LoadChoice | null {
	if (!readBoolean.call(this, itemIndex, loadIfMissingProperty)) return null;
	return {
		isMonitoring: readBoolean.call(this, itemIndex, loadIsMonitoringProperty),
		includeBureau: readBoolean.call(this, itemIndex, loadIncludeBureauProperty),
	};
}

async function readMaybeLoading(api: Transport, plan: Plan): Promise<Answer> {
	const load = plan.choices.loadIfMissing as LoadChoice | null;
	const first = await api.request(plan.request).then(
		(response) => ({ response }),
		(error: unknown) => ({ error }),
	);
	if ('response' in first) return { response: first.response, extra: load ? { loadedNow: false } : undefined };
	if (!load || !plan.rut || !(first.error instanceof ServiceError && first.error.notLoaded)) throw first.error;
	await loadRut(api, plan.request.root === 'v2' ? loadV2 : loadV1, plan.rut, load);
	return { response: await api.request({ ...plan.request, afterLoad: true }), extra: { loadedNow: true } };
}

export const loadIfMissing: Step = {
	properties: [loadIfMissingProperty, loadIsMonitoringProperty, loadIncludeBureauProperty],
	prepare(itemIndex, plan) {
		plan.choices.loadIfMissing = readLoadChoice.call(this, itemIndex);
	},
	send: readMaybeLoading,
};
