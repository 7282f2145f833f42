import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { convertDatesToIso } from '../../shared/dates';
import { inputError } from '../../shared/errors';
import { RutFormatError, normalizeRut } from '../../shared/rut';
import type { ApiRequest, ApiResponse, Transport } from '../transport';
import type { ApiVersion } from './types';

/** Parameters and helpers shared by many operations; each is defined here once. */

export const rutProperty: INodeProperties = {
	displayName: 'RUT',
	name: 'rut',
	type: 'string',
	required: true,
	default: '',
	placeholder: '12.345.678-5',
	description:
		'The taxpayer\'s RUT, with or without dots and hyphen (e.g. 12.345.678-5 or 123456785). It is checked before anything is sent.',
};

/** The item's RUT in the spec form, or an error naming the item, the field and the value. */
export function readRut(this: IExecuteFunctions, itemIndex: number, name = 'rut', label = 'RUT'): string {
	const value = this.getNodeParameter(name, itemIndex, '') as unknown;
	try {
		return normalizeRut(value);
	} catch (error) {
		const reason = error instanceof RutFormatError ? error.reason : String(error);
		throw inputError(
			this.getNode(),
			itemIndex,
			label,
			`"${String(value)}" is not a valid RUT: ${reason}`,
			'Write it as 12.345.678-5, 12345678-5 or 123456785; the last character is the check digit (0-9 or K).',
		);
	}
}

/** Boolean text as sheets and CSV files write it; anything else is not a boolean. */
export function parseBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 1 || value === 0) return value === 1;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	if (text === 'true' || text === '1') return true;
	if (text === 'false' || text === '0') return false;
	return undefined;
}

/**
 * The item's value of a boolean parameter. n8n does not check the type of an expression's
 * result, and the text "false" from a sheet would otherwise count as true, which on a paid
 * flag means paying for a load nobody asked for.
 */
export function readBoolean(this: IExecuteFunctions, itemIndex: number, property: INodeProperties): boolean {
	const value = this.getNodeParameter(property.name, itemIndex, property.default) as unknown;
	const parsed = parseBoolean(value);
	if (parsed !== undefined) return parsed;
	throw inputError(
		this.getNode(),
		itemIndex,
		property.displayName,
		`must be true or false, not ${value === undefined ? 'empty' : JSON.stringify(value)}`,
		'Use true or false; from a sheet or a text field, the words "true" and "false" (or 1 and 0) work too.',
	);
}

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

export const loadIfMissingProperties: INodeProperties[] = [loadIfMissingProperty, loadIsMonitoringProperty, loadIncludeBureauProperty];

export interface LoadChoice extends IDataObject {
	isMonitoring: boolean;
	includeBureau: boolean;
}

export function readLoadChoice(this: IExecuteFunctions, itemIndex: number): LoadChoice | null {
	if (!readBoolean.call(this, itemIndex, loadIfMissingProperty)) return null;
	return {
		isMonitoring: readBoolean.call(this, itemIndex, loadIsMonitoringProperty),
		includeBureau: readBoolean.call(this, itemIndex, loadIncludeBureauProperty),
	};
}

/** The RUT load of each version, shared by the Load operations and "Load RUT If Not Loaded". */
export function loadRequest(version: ApiVersion, rut: string, choice: LoadChoice): ApiRequest {
	return {
		method: 'POST',
		root: version,
		path: version === 'v2' ? '/helper/cargarRut' : '/helper/loadRut',
		body: { rut, isMonitoring: choice.isMonitoring, includeBureau: choice.includeBureau },
		paid: true,
	};
}

export function loadRut(api: Transport, version: ApiVersion, rut: string, choice: LoadChoice, itemIndex: number) {
	const key = `${version}:${rut}:${choice.isMonitoring}:${choice.includeBureau}`;
	return api.loadOnce(key, itemIndex, loadRequest(version, rut, choice));
}

/**
 * A free read; when the service says the RUT is not loaded and the user allowed it, one paid
 * load (shared by every item of the execution that needs the same RUT) and the read again.
 */
export async function readMaybeLoading(
	api: Transport,
	version: ApiVersion,
	req: ApiRequest,
	load: LoadChoice | null,
	itemIndex: number,
): Promise<{ response: ApiResponse; loadedNow: boolean }> {
	const first = await api.request(req, itemIndex).then(
		(response) => ({ response }),
		(error: unknown) => ({ error }),
	);
	if ('response' in first) return { response: first.response, loadedNow: false };
	const notLoaded = first.error instanceof NodeApiError && String(first.error.httpCode) === '404';
	if (!load || !req.rut || !notLoaded) throw first.error;
	await loadRut(api, version, req.rut, load, itemIndex);
	return { response: await api.request({ ...req, afterLoad: true }, itemIndex), loadedNow: true };
}

export const isoDatesProperty: INodeProperties = {
	displayName: 'Convert Dates to ISO 8601',
	name: 'isoDates',
	type: 'boolean',
	default: false,
	description:
		'Whether to rewrite the service\'s dates (DD-MM-YYYY, DD-MM-YYYY HH:mm:ss, MM/YYYY) as ISO 8601 (YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss, YYYY-MM), which sort and compare correctly',
};

export const splitProperty: INodeProperties = {
	displayName: 'Split Into Items',
	name: 'split',
	type: 'boolean',
	default: false,
	description:
		'Whether to output one item per case instead of one item holding the whole list. A RUT with no cases then gives no item; leave this off to get one item per RUT, with an empty list when it is clean.',
};

/** The list inside a list response: the data itself, or its one array-valued field. */
export function findList(data: unknown): unknown[] | undefined {
	if (Array.isArray(data)) return data;
	if (data === null || typeof data !== 'object') return undefined;
	const arrays = Object.values(data).filter(Array.isArray);
	return arrays.length === 1 ? arrays[0] : undefined;
}

/** Turns service data into output items (without pairing: the router pairs). */
export function toItems(data: unknown, extra?: IDataObject): INodeExecutionData[] {
	const json: IDataObject =
		data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : { data: data as IDataObject[] };
	return [{ json: extra ? { ...json, ...extra } : json }];
}

export function maybeIso<T>(data: T, iso: boolean): T {
	return iso ? convertDatesToIso(data) : data;
}
