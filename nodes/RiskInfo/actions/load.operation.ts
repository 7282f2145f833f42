import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { loadRequest, loadRut, readBoolean, readRut, rutProperty, toItems } from './common';
import type { LoadChoice } from './common';
import type { ApiVersion, Operation } from './types';

interface LoadParams extends IDataObject {
	rut: string;
	choice: LoadChoice;
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

/**
 * RUT → Load, the same operation on both versions (V2 POST /helper/cargarRut, V1 POST
 * /helper/loadRut). A paid call: the same load asked for by several items is sent once.
 */
export function loadOperation(version: ApiVersion): Operation<LoadParams> {
	const path = loadRequest(version, '', { isMonitoring: false, includeBureau: false }).path;
	return {
		value: 'load',
		name: 'Load',
		// V1 actions are marked, so the node panel's search results (which have no group labels) tell them apart.
		action: version === 'v1' ? 'Load a RUT (V1)' : 'Load a RUT',
		description: `Loads the RUT into the account so its information can be read (POST ${path}). This is a paid call; reading a loaded RUT is free.`,
		properties: [
			rutProperty,
			isMonitoringProperty,
			includeBureauProperty,
		],
		prepare(this: IExecuteFunctions, i) {
			return {
				rut: readRut.call(this, i),
				choice: {
					isMonitoring: readBoolean.call(this, i, isMonitoringProperty),
					includeBureau: readBoolean.call(this, i, includeBureauProperty),
				},
			};
		},
		async execute(p, api, i) {
			const { data } = await loadRut(api, version, p.rut, p.choice, i);
			// The spec does not show the load's answer, so the RUT is added for the nodes that follow.
			const json = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : { response: data as IDataObject };
			return toItems({ rut: p.rut, ...json });
		},
	};
}
