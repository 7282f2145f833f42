/**
 * Output shaping shared by the operations: the service's data as one item, or as one item per
 * entry of its list. The router pairs the items to their inputs.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { isPlainObject } from '../../shared/objects';
import { listsIn } from '../../shared/service/values';

/** The data as one item: an object is the item's JSON, anything else goes under `data`. */
export function oneItem(data: unknown): INodeExecutionData {
	return { json: isPlainObject(data) ? (data as IDataObject) : { data: data as IDataObject[] } };
}

/**
 * The list inside a list response: the data itself, or its one array-valued field.
 * @internal
 */
export function findList(data: unknown): unknown[] | undefined {
	const lists = listsIn(data);
	return lists.length === 1 ? lists[0] : undefined;
}

/** One item per entry of the data's list; an answer whose list can't be told apart is kept whole rather than dropped. */
export function itemPerEntry(data: unknown): INodeExecutionData[] {
	const list = findList(data);
	if (!list) return [oneItem(data)];
	return list.map((entry) => oneItem(entry !== null && typeof entry === 'object' ? entry : { value: entry as string }));
}
