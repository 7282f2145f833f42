/**
 * Where every operation's item requests are built, keyed and run: an operation's steps read an item
 * into its request (before any HTTP), items asking for the same thing share one, and each is sent
 * the way its operation's entry says (`send`, `estimate`) and its answer becomes items
 * (the steps' reshapes, then `items`). The router asks for one request per item and runs them in its
 * pool.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { requestFor, withRut } from '../../shared/service/endpoints';
import { keyNamesOf } from '../../shared/service/keyNames';
import type { Transport } from '../../shared/transport';
import { paidWords, withExtra } from './cost';
import { oneItem } from './steps';
import type { Outcome, Operation, ItemRequest } from './types';

/** The operation's parameters, in the order its steps list them. */
export function propertiesOf(operation: Operation): INodeProperties[] {
	return operation.steps.flatMap((step) => step.properties);
}

/** The distinct item requests of one execution, in order of first appearance: the first item that asked for each, and how to run it. */
export class ItemRequests {
	readonly jobs: Array<{ first: number; run: () => Promise<INodeExecutionData[]> }> = [];
	/** Per operation, the job of each item request (as JSON, which fully determines the result). */
	private readonly byOperation = new Map<Operation, Map<string, number>>();

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly api: Transport,
		private readonly nodeVersion: number,
	) {}

	/** ItemRequests item `itemIndex`, throwing its input error before anything is sent; returns its job's index. */
	add(operation: Operation, itemIndex: number): number {
		const asked = requestOfItem.call(this.context, operation, itemIndex, this.nodeVersion);
		const key = JSON.stringify(asked);
		let jobs = this.byOperation.get(operation);
		if (!jobs) this.byOperation.set(operation, (jobs = new Map()));
		let job = jobs.get(key);
		if (job === undefined) {
			job = this.jobs.push({ first: itemIndex, run: async () => await runRequest.call(this.context, operation, asked, this.api) }) - 1;
			jobs.set(key, job);
		}
		return job;
	}
}

/**
 * Reads and checks one item; throws an input error for it (its index, the field) before anything is sent.
 * @internal
 */
export function requestOfItem(this: IExecuteFunctions, operation: Operation, itemIndex: number, nodeVersion: number): ItemRequest {
	const asked: ItemRequest = { request: requestFor(operation), choices: {} };
	for (const step of operation.steps) step.prepare?.call(this, itemIndex, asked, nodeVersion);
	if (asked.rut !== undefined) asked.request = withRut(asked.request, asked.rut);
	return asked;
}

async function runRequest(this: IExecuteFunctions, operation: Operation, asked: ItemRequest, api: Transport): Promise<INodeExecutionData[]> {
	const { response, extra } = await send(operation, asked, api);
	if (!response) return [{ json: { ...extra } }];
	let data = response.data;
	const names = await keyNamesOf(api);
	for (const step of operation.steps) if (step.reshape) data = step.reshape(data, asked, names);
	const items = operation.items ? await operation.items.call(this, data, response, asked) : [oneItem(data)];
	return extra ? withExtra(items, extra) : items;
}

/** A dry run asks the operation's estimate; otherwise its own sender, or the plain request. */
async function send(operation: Operation, asked: ItemRequest, api: Transport): Promise<Outcome> {
	if (asked.choices.dryRun === true && operation.estimate) return await operation.estimate(api, asked);
	if (operation.send) return await operation.send(api, asked);
	const response = await api.request(asked.request);
	return { response, extra: operation.paid ? { paid: paidWords(operation.paid) } : undefined };
}
