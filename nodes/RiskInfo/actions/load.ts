/**
 * RUT → Load, the same paid operation on both versions (V2 POST /helper/cargarRut, V1 POST
 * /helper/loadRut), and the one way a RUT is loaded: Load RUT If Not Loaded (loadIfMissing.ts)
 * sends the same request, so within one execution the same load is paid for once.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { isPlainObject } from '../../shared/objects';
import type { ApiRequest, Transport } from '../transport';
import { readBoolean } from './parameters';
import { rutStep } from './steps';
import type { Operation, Step } from './types';

/** The load's flags, as the spec's body names them. */
export interface LoadChoice extends IDataObject {
	isMonitoring: boolean;
	includeBureau: boolean;
}

/** The paid load of a RUT; the transport sends the same load once per execution and shares it. */
export function loadRut(api: Transport, load: Pick<ApiRequest, 'method' | 'root' | 'path'>, rutToLoad: string, choice: LoadChoice) {
	const body = { rut: rutToLoad, isMonitoring: choice.isMonitoring, includeBureau: choice.includeBureau };
	return api.loadOnce(`${load.root}:${JSON.stringify(body)}`, { method: load.method, root: load.root, path: load.path, body, paid: true });
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

/** The load's flags; the RUT goes in the body with them, and the answer is shaped around it. */
const loadFlags: Step = {
	properties: [isMonitoringProperty, includeBureauProperty],
	prepare(itemIndex, plan) {
		plan.choices.load = {
			isMonitoring: readBoolean.call(this, itemIndex, isMonitoringProperty),
			includeBureau: readBoolean.call(this, itemIndex, includeBureauProperty),
		};
	},
	send: async (api, plan) => ({ response: await loadRut(api, plan.request, plan.rut!, plan.choices.load as LoadChoice) }),
	// The spec does not show the load's answer, so the RUT is added for the nodes that follow.
	items: (data, _answer, plan) => [{ json: { rut: plan.rut, ...(isPlainObject(data) ? (data as IDataObject) : { response: data as IDataObject }) } }],
};

export const loadV2: Operation = {
	value: 'load',
	name: 'Load',
	action: 'Load a RUT',
	description: 'Loads the RUT into the account so its information can be read (POST /helper/cargarRut). This is a paid call; reading a loaded RUT is free.',
	method: 'POST',
	root: 'v2',
	path: '/helper/cargarRut',
	paid: true,
	steps: [rutStep, loadFlags],
};

export const loadV1: Operation = {
	...loadV2,
	// V1 actions are marked, so the node panel's search results (which have no group labels) tell them apart.
	action: 'Load a RUT (V1)',
	description: 'Loads the RUT into the account so its information can be read (POST /helper/loadRut). This is a paid call; reading a loaded RUT is free.',
	root: 'v1',
	path: '/helper/loadRut',
};
