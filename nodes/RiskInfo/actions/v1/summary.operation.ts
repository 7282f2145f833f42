import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	isoDatesProperty,
	loadIfMissingProperties,
	maybeIso,
	readBoolean,
	readLoadChoice,
	readMaybeLoading,
	readRut,
	rutProperty,
	toItems,
} from '../common';
import type { LoadChoice } from '../common';
import type { Operation } from '../types';
import { simplifyV1 } from './simplify';

interface SummaryParams extends IDataObject {
	rut: string;
	complete: boolean;
	simplify: boolean;
	isoDates: boolean;
	load: LoadChoice | null;
}

const completeProperty: INodeProperties = {
	displayName: 'Include Corporate Mesh and Gazette Data',
	name: 'complete',
	type: 'boolean',
	default: false,
	description:
		'Whether to add the corporate mesh, the official gazette and the company-in-a-day registry to the summary (complete=true)',
};

const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return one flat record of the main indicators instead of the full summary. It has the same fields as Simplify on API version V2.',
};

export const getSummary: Operation<SummaryParams> = {
	value: 'getSummary',
	name: 'Get Summary',
	action: 'Get a RUT summary (V1)',
	description: 'Everything known about a loaded RUT in one record (GET /helper/{rut}/summary). Free for a loaded RUT.',
	properties: [
		rutProperty,
		completeProperty,
		simplifyProperty,
		...loadIfMissingProperties,
		isoDatesProperty,
	],
	prepare(this: IExecuteFunctions, i: number): SummaryParams {
		return {
			rut: readRut.call(this, i),
			complete: readBoolean.call(this, i, completeProperty),
			simplify: readBoolean.call(this, i, simplifyProperty),
			isoDates: readBoolean.call(this, i, isoDatesProperty),
			load: readLoadChoice.call(this, i),
		};
	},
	async execute(p, api, i) {
		const req = {
			method: 'GET' as const,
			root: 'v1' as const,
			path: `/helper/${p.rut}/summary`,
			// The service reads the string "true"; leaving it out gives the plain summary.
			query: p.complete ? { complete: 'true' } : undefined,
			rut: p.rut,
		};
		const { response, loadedNow } = await readMaybeLoading(api, 'v1', req, p.load, i);
		const data = p.simplify ? simplifyV1(response.data, p.rut) : response.data;
		return toItems(maybeIso(data, p.isoDates), p.load ? { loadedNow } : undefined);
	},
};
