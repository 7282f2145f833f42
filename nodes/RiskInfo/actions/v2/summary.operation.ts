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
import { simplifyV2 } from '../simplify';
import type { Operation } from '../types';

interface SummaryParams extends IDataObject {
	rut: string;
	simplify: boolean;
	isoDates: boolean;
	load: LoadChoice | null;
}

const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return one flat record of the indicators people act on (name, classification, bulletin cases and amounts, active cases, bankruptcy, overdue bank debt, compliance risk, failed data sources) instead of the full nested summary',
};

/** The only V2 read whose RUT travels in the query string, and the one with Simplify. */
export const getSummary: Operation<SummaryParams> = {
	value: 'getSummary',
	name: 'Get Summary',
	action: 'Get a RUT summary',
	description:
		'Everything known about the RUT in one record: tax identification, commercial bulletin, judicial, labor collection, legal, bank debt, assets, credit score, ratings and compliance (GET /helper/resumen)',
	properties: [
		rutProperty,
		simplifyProperty,
		...loadIfMissingProperties,
		isoDatesProperty,
	],
	prepare(this: IExecuteFunctions, i) {
		return {
			rut: readRut.call(this, i),
			simplify: readBoolean.call(this, i, simplifyProperty),
			isoDates: readBoolean.call(this, i, isoDatesProperty),
			load: readLoadChoice.call(this, i),
		};
	},
	async execute(p, api, i) {
		const req = { method: 'GET' as const, root: 'v2' as const, path: '/helper/resumen', query: { rut: p.rut }, rut: p.rut };
		const { response, loadedNow } = await readMaybeLoading(api, 'v2', req, p.load, i);
		const data = p.simplify ? simplifyV2(response.data, p.rut) : response.data;
		return toItems(maybeIso(data, p.isoDates), p.load ? { loadedNow } : undefined);
	},
};
