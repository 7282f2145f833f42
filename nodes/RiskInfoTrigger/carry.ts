/**
 * Why the trigger records deliveries in execute(), not in webhook(), in n8n 2.40.7:
 * - What webhook() writes to static data is lost once the workflow has some: while starting the
 *   execution, WorkflowRunner wraps the same static-data object a second time, which clears the
 *   "changed" flag before the webhook server looks at it.
 * - What an execution writes is saved when it ends, by n8n itself, whole: in a single process on
 *   top of the static data read from the database when the execution began; on a queue worker on
 *   top of nothing, because the execution's record keeps the workflow without its static data.
 * So the first emitted item carries the delivery's key and the list webhook() saw to execute(),
 * which restores the list, adds the key, and takes the carrier off the item.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { DeliveryKey } from './dedup';
import { DEDUP_WINDOW, KEY_FORM, remember, remembered, restore } from './dedup';

/** Beside `json`, not in it, so the user's data never holds it; plain JSON, so it survives the trip to a worker. */
const CARRIER = 'riskInfoDelivery';

interface Carried {
	key: string;
	remembered: string[];
}

/** The items webhook() emits: the first carries the key and what was remembered when it arrived. */
export function carryDelivery(items: INodeExecutionData[], k: DeliveryKey, staticData: IDataObject): INodeExecutionData[] {
	const carried: Carried = { key: k.key, remembered: remembered(staticData) };
	return items.map((item, i) => (i === 0 ? { ...item, [CARRIER]: carried as unknown as IDataObject } : item));
}

function isCarried(value: unknown): value is Carried {
	const c = value as Carried;
	return typeof c === 'object' && c !== null && typeof c.key === 'string' && KEY_FORM.test(c.key) && Array.isArray(c.remembered);
}

/**
 * In execute(): records what the items carry into the execution's static data and hands the
 * items on without it. Only a key of the form deliveryKey() makes is added and the list stays
 * within the window, so nothing an item holds can grow the static data.
 */
export function recordCarried(staticData: IDataObject, items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => {
		if (!(CARRIER in item)) return item;
		const { [CARRIER]: carried, ...rest } = item;
		if (isCarried(carried)) {
			restore(staticData, carried.remembered.slice(-DEDUP_WINDOW).filter((k): k is string => typeof k === 'string'));
			remember(staticData, carried.key);
		}
		return rest as INodeExecutionData;
	});
}
