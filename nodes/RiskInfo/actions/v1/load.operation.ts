import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { loadRut, readRut, rutProperty, toItems } from '../common';
import type { LoadChoice } from '../common';
import type { Operation } from '../types';

interface LoadParams extends IDataObject {
	rut: string;
	choice: LoadChoice;
}

/** POST /helper/loadRut: a paid call, so it goes through the execution-wide load memo. */
export const load: Operation<LoadParams> = {
	value: 'load',
	name: 'Load',
	action: 'Load a RUT',
	description:
		'Load a RUT into the account so its information can be read (POST /helper/loadRut). This is a paid call; reading a loaded RUT is free.',
	properties: [
		rutProperty,
		{
			displayName: 'Monitor the RUT',
			name: 'isMonitoring',
			type: 'boolean',
			default: false,
			description: 'Whether the service keeps the RUT under monitoring (isMonitoring)',
		},
		{
			displayName: 'Include Bureau Data',
			name: 'includeBureau',
			type: 'boolean',
			default: false,
			description: 'Whether the load includes the credit bureau\'s data (includeBureau), which adds the third bulletin source',
		},
	],
	prepare(this: IExecuteFunctions, i: number): LoadParams {
		return {
			rut: readRut.call(this, i),
			choice: {
				isMonitoring: this.getNodeParameter('isMonitoring', i, false) as boolean,
				includeBureau: this.getNodeParameter('includeBureau', i, false) as boolean,
			},
		};
	},
	async execute(p, api, i) {
		const { data } = await loadRut(api, 'v1', p.rut, p.choice, i);
		// The spec does not show the load's answer; the RUT is added for the nodes that follow,
		// in the same shape as V2's Load.
		const said = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : { response: data as IDataObject };
		return toItems({ rut: p.rut, ...said });
	},
};
