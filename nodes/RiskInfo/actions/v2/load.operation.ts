import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { loadRut, readRut, rutProperty, toItems } from '../common';
import type { Operation } from '../types';

interface LoadParams extends IDataObject {
	rut: string;
	isMonitoring: boolean;
	includeBureau: boolean;
}

/** A paid load; the same load asked for by several items is sent once (memoized in the transport). */
export const load: Operation<LoadParams> = {
	value: 'load',
	name: 'Load',
	action: 'Load a RUT',
	description:
		'Loads the RUT into the account so its information can be read (POST /helper/cargarRut). This is a paid call; reading a loaded RUT is free.',
	properties: [
		rutProperty,
		{
			displayName: 'Monitor the RUT',
			name: 'isMonitoring',
			type: 'boolean',
			default: false,
			description: 'Whether the service keeps the RUT under monitoring and its profile stays on the web platform (isMonitoring)',
		},
		{
			displayName: 'Include Bureau Data',
			name: 'includeBureau',
			type: 'boolean',
			default: false,
			description:
				'Whether to include the external credit bureau\'s data, which adds the third commercial-bulletin source (includeBureau)',
		},
	],
	prepare(this: IExecuteFunctions, i) {
		return {
			rut: readRut.call(this, i),
			isMonitoring: this.getNodeParameter('isMonitoring', i, false) as boolean,
			includeBureau: this.getNodeParameter('includeBureau', i, false) as boolean,
		};
	},
	async execute(p, api, i) {
		const { data } = await loadRut(api, 'v2', p.rut, { isMonitoring: p.isMonitoring, includeBureau: p.includeBureau }, i);
		// The spec does not show the load's answer, so the RUT is added for the nodes that follow.
		const json = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : { response: data as IDataObject };
		return toItems({ rut: p.rut, ...json });
	},
};
