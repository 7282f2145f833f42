import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ApiRoot } from '../transport';
import {
	findList,
	isoDatesProperty,
	loadIfMissingProperties,
	maybeIso,
	readLoadChoice,
	readBoolean,
	readMaybeLoading,
	readRut,
	rutProperty,
	splitProperty,
	toItems,
} from './common';
import type { LoadChoice } from './common';
import type { ApiVersion, Operation } from './types';

/**
 * Most operations are a free GET about one RUT. Each is written as data (a path and a few
 * flags) in its resource's file and served by this one function.
 */
export interface ReadDefinition {
	value: string;
	name: string;
	action: string;
	description: string;
	version: ApiVersion;
	/** Defaults to the version's own root. */
	root?: ApiRoot;
	path: (rut: string) => string;
	/** Whether the answer is a list of cases, which users can split into items. */
	list?: boolean;
}

interface ReadParams extends IDataObject {
	rut: string;
	isoDates: boolean;
	split: boolean;
	load: LoadChoice | null;
}

export function readOperation(def: ReadDefinition): Operation<ReadParams> {
	return {
		value: def.value,
		name: def.name,
		action: def.action,
		description: def.description,
		properties: [
			rutProperty,
			...loadIfMissingProperties,
			...(def.list ? [splitProperty] : []),
			isoDatesProperty,
		],
		prepare(this: IExecuteFunctions, i: number): ReadParams {
			return {
				rut: readRut.call(this, i),
				isoDates: readBoolean.call(this, i, isoDatesProperty),
				split: def.list ? readBoolean.call(this, i, splitProperty) : false,
				load: readLoadChoice.call(this, i),
			};
		},
		async execute(this: IExecuteFunctions, p, api, i) {
			const req = { method: 'GET' as const, root: def.root ?? def.version, path: def.path(p.rut), rut: p.rut };
			const { response, loadedNow } = await readMaybeLoading(api, def.version, req, p.load, i);
			const data = maybeIso(response.data, p.isoDates);
			const extra = p.load ? { loadedNow } : undefined;
			if (!p.split) return toItems(data, extra);
			// An answer whose list can't be told apart is kept whole rather than dropped.
			const list = findList(data);
			if (!list) return toItems(data, extra);
			return list.map((entry) =>
				toItems(entry !== null && typeof entry === 'object' ? entry : { value: entry as string }, extra)[0],
			);
		},
	};
}
