/**
 * Why the trigger records deliveries in execute(), not in webhook(), in n8n 2.40.7:
 * - What webhook() writes to static data is lost once the workflow has some: while starting the
 *   execution, WorkflowRunner wraps the same static-data object a second time, which clears the
 *   "changed" flag before the webhook server looks at it.
 * - What an execution writes is saved when it ends, by n8n itself, whole: in a single process on
 *   top of the static data read from the database when the execution began; on a queue worker on
 *   top of nothing, because the execution's record keeps the workflow without its static data.
 * So the first emitted item carries the delivery's key and what webhook() saw remembered to
 * execute(), which restores that, adds the key, and takes the carrier off the item.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { DeliveryKey, Remembered } from './dedup';
import { asKey, DEDUP_WINDOW, merged, readRemembered, remembered, store, withKey } from './dedup';

/** Beside `json`, not in it, so the user's data never holds it; plain JSON, so it survives the trip to a worker. */
const CARRIER = 'riskInfoDelivery';

/** `remembered` is what versions before the packed keys carried: a list as they stored it. */
interface Carried {
	key: string;
	keys?: string;
	earlier?: string[];
	remembered?: string[];
}

/** The items webhook() emits: the first carries the key and what was remembered when it arrived (`seen`). */
export function carryDelivery(items: INodeExecutionData[], k: DeliveryKey, seen: Remembered): INodeExecutionData[] {
	const carried: Carried = { key: k.key, keys: seen.keys, ...(seen.earlier.length ? { earlier: seen.earlier } : {}) };
	return items.map((item, i) => (i === 0 ? { ...item, [CARRIER]: carried as unknown as IDataObject } : item));
}

/** The newest entries a carried list may hold; anything not a list holds none. */
function lastOf(list: unknown): unknown[] {
	return Array.isArray(list) ? list.slice(-DEDUP_WINDOW) : [];
}

/**
 * In execute(): records what the items carry into the execution's static data and hands the
 * items on without it. Only a key of the form deliveryKey() makes is added, and what was seen is
 * read as static data is (readRemembered), so nothing an item holds can grow the static data
 * past the window.
 */
export function recordCarried(staticData: IDataObject, items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => {
		if (!(CARRIER in item)) return item;
		const { [CARRIER]: value, ...rest } = item;
		const carried = (typeof value === 'object' && value !== null ? value : {}) as unknown as Carried;
		const key = asKey(carried.key);
		// Without what was remembered, recording the key would save a list of one over the whole.
		if (key !== undefined && (typeof carried.keys === 'string' || Array.isArray(carried.remembered))) {
			const list = [...lastOf(carried.remembered), ...lastOf(carried.earlier)];
			store(staticData, withKey(merged(remembered(staticData), readRemembered(carried.keys, list)), key));
		}
		return rest as INodeExecutionData;
	});
}
