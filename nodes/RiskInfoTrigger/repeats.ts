/**
 * Ignore Repeated Deliveries. webhook() works out a key for the delivery and hands it to execute()
 * on the first item; execute() records it in n8n's own store of processed items (the one behind
 * the Remove Duplicates node, a database row per workflow and node) and emits nothing for a key
 * already there. That store is open to execute() only, not to webhook(), so a repeat still starts
 * an execution: one in which the trigger emits nothing and no other node runs.
 *
 * n8n's helper reads the row, then writes it back whole with the key added (findOne, then
 * update), so two recordings that overlap lose one key. In a process they take turns; across
 * processes (queue mode) each reads its key back once a concurrent recording has had time to land,
 * and writes it again if that recording overwrote it.
 */
import { createHash } from 'node:crypto';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { NormalisedEvent } from './normalise';

/**
 * How many deliveries are remembered; the oldest are forgotten first.
 * @internal
 */
export const REMEMBERED = 1000;

/** Beside the item's `json`, so the user's data never holds it; it travels with the item to a worker. */
const KEY_FIELD = 'riskInfoDeliveryKey';

/**
 * A retry repeats the same content under the same webhookId and status, but a monitoring profile
 * may be delivered again under that webhookId with other findings (spec §6.2 has esPerfilNuevo;
 * §6 is silent on re-deliveries), which must not be taken for a retry. So the key is a digest of
 * the whole normalised event, whose JSON is the same whatever the delivery's key order and field
 * names (normalise.ts), with the webhookId as trimmed text: 5521 and " 5521 " are one screening.
 * A digest, so a huge webhookId grows nothing that is kept.
 */
export function deliveryKey(n: NormalisedEvent): string {
	const text = JSON.stringify({ ...n.event, webhookId: n.webhookId });
	return createHash('sha256').update(text, 'utf8').digest('base64url');
}

/** The items webhook() emits, the first carrying the delivery's key. */
export function withKey(items: INodeExecutionData[], key: string): INodeExecutionData[] {
	return items.map((item, i) => (i === 0 ? { ...item, [KEY_FIELD]: key } : item));
}

/**
 * In execute(): the items without the key, or none when the key was recorded before. Items that
 * carry no key (the option off, a test run) pass as they are.
 */
export async function unlessRepeated(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const key = items[0]?.[KEY_FIELD];
	if (typeof key !== 'string') return items;
	const first = { ...items[0] };
	delete first[KEY_FIELD];
	if (await isNew(ctx, key)) return [first, ...items.slice(1)];
	markRepeat(ctx, first.json.webhookId);
	return [];
}

/** The custom execution data a repeat's execution carries (n8n's Executions list can filter on it). */
const REPEAT_DATA_KEY = 'riskInfoDelivery';

/**
 * n8n answers the service before execute() can know a delivery is a repeat, or with an empty
 * body once the workflow has run, so the repeat is told where people look: its execution.
 */
function markRepeat(ctx: IExecuteFunctions, webhookId: unknown): void {
	const text = `repeat of webhookId ${String(webhookId).slice(0, 100)}, already received: nothing ran`;
	ctx.customData.set(REPEAT_DATA_KEY, text);
	ctx.addExecutionHints({ message: `A repeated delivery (${text}; Ignore Repeated Deliveries).`, location: 'outputPane' });
}

/**
 * The recording under way per workflow and trigger node in this process, so that the next waits
 * for it: an order only, each entry gone once its recording ends.
 * @internal
 */
export const recording = new Map<string, Promise<unknown>>();

async function inTurn<T>(turn: string, work: () => Promise<T>): Promise<T> {
	const mine = (recording.get(turn) ?? Promise.resolve()).then(work);
	const settled = mine.then(() => undefined, () => undefined);
	recording.set(turn, settled);
	void settled.then(() => recording.get(turn) === settled && recording.delete(turn));
	return await mine;
}

/** Read-backs after the first recording, each writing the key again if it was overwritten. */
const READ_BACKS = 3;
/** The longest wait before a read-back: a store slowed to seconds (a starved n8n) must not hold the run. */
const MAX_WAIT_MS = 1000;

async function isNew(ctx: IExecuteFunctions, key: string): Promise<boolean> {
	const turn = `${ctx.getWorkflow().id}|${ctx.getNode().id}`;
	let took = 0;
	const call = async () =>
		await inTurn(turn, async () => {
			const started = Date.now();
			const result = await ctx.helpers.checkProcessedAndRecord([key], 'node', { mode: 'entries', maxEntries: REMEMBERED });
			took = Date.now() - started;
			return result;
		});
	const result = await call()
		// The first two deliveries to a workflow, recorded at once on two processes, both find no row and
		// both insert one: the second insert fails. The row is there now, so recording again works.
		.catch(call)
		.catch((error: unknown) => {
			throw new NodeOperationError(ctx.getNode(), `Ignore Repeated Deliveries could not record this delivery in n8n's store of processed items: ${error instanceof Error ? error.message : String(error)}`, {
				description: "The delivery did not run. Check n8n's database, or turn Ignore Repeated Deliveries off to let deliveries through without it.",
			});
		});
	if (result.new.length === 0) return false;
	// Another process's recording that read the row before ours wrote it lands about as long after
	// as ours took: read back after twice that. A read-back that fails leaves the key as recorded.
	for (let i = 0; i < READ_BACKS; i++) {
		await sleep(Math.min(2 * took, MAX_WAIT_MS));
		const again = await call().catch(() => undefined);
		if (again?.new.length !== 1) break;
	}
	return true;
}
