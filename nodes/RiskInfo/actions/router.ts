/**
 * The one item loop of the action node: check every item before sending anything, run each
 * distinct request once in a bounded pool, then give every input item its output (or its error
 * item) in input order, paired to itself. Below the loop, where each item's request is built,
 * keyed and run (ItemRequests).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { leavingError } from '../../shared/errors';
import { runPool } from '../../shared/pool';
import { requestFor, withRut } from '../../shared/service/endpoints';
import { keyNamesOf } from '../../shared/service/keyNames';
import { accountPlan } from '../../shared/service/usage';
import { Transport } from '../../shared/transport';
import { paidWords, uncounted, withExtra, withPlanSummary } from './cost';
import { readRequestOptions } from './parameters';
import { findOperation } from './registry';
import { oneItem } from './steps';
import type { ApiVersion, ItemRequest, Operation, Outcome } from './types';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const options = readRequestOptions.call(this);
	const api = new Transport(this, { ...options, paidCallCount: this.getContext('node') });
	const continueOnFail = this.continueOnFail();
	// Read once: n8n copies the whole node on every getNode().
	const node = this.getNode();
	const requests = new ItemRequests(this, api, node.typeVersion);

	// 1. Check: a bad item never costs a call, and without Continue On Fail it stops the node
	//    before anything is sent. Items asking for the same thing share one job.
	const jobOf: Array<number | Error> = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const version = this.getNodeParameter('apiVersion', i) as ApiVersion;
			const resource = this.getNodeParameter('resource', i) as string;
			const operationName = this.getNodeParameter('operation', i) as string;
			const operation = findOperation(version, resource, operationName);
			if (!operation) {
				// leavingError (below, both ways) marks the item.
				throw new NodeOperationError(node, `Unknown operation ${version} ${resource} ${operationName}`);
			}
			jobOf.push(requests.add(operation, i));
		} catch (error) {
			if (!continueOnFail) throw leavingError(node, error, i);
			jobOf.push(error as Error);
		}
	}

	// 2. A credential whose Answer Key Names cannot be used fails the node, whatever Continue On
	//    Fail says: every item would read wrong. Nothing has been sent yet.
	if (requests.jobs.length) await keyNamesOf(api).catch((error: unknown) => Promise.reject(leavingError(node, error)));

	// 3. Run each distinct request once, `parallel` at a time, in order of first appearance.
	const { jobs } = requests;
	const results = await runPool(
		jobs.map((job) => job.run),
		options.requestsInParallel,
		{ stopOnError: !continueOnFail },
	);

	// 4. Fan the results out to the items that asked for them. A dry run's items also say what
	//    the whole run would do to the account's plan, which is known only now.
	const planSummary = accountPlan(api).dryRunSummary();
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		const job = jobOf[i];
		const result = typeof job === 'number' ? results[job] : { error: job };
		// Only jobs after a failed one are left unrun (the pool stops), and the failed job's first
		// item comes before theirs in input order: the node has already thrown for it just below.
		if (result === undefined) continue;
		if ('error' in result) {
			const error = leavingError(node, result.error, i);
			if (!continueOnFail) throw error;
			out.push({ json: errorJson(error, i), pairedItem: { item: i } });
			continue;
		}
		// Items that shared a request get their own top-level objects, so a later node that edits one
		// item in place does not edit the others. A paid call is marked on the first item that asked
		// for it only, so counting the marks counts each paid call once.
		const shared = typeof job === 'number' && jobs[job].first !== i;
		for (const item of result.value) {
			const json = withPlanSummary(shared ? { ...uncounted(item.json) } : item.json, planSummary);
			const binary = shared && item.binary ? { ...item.binary } : item.binary;
			// Written out rather than spread from the item: on Node 20 an object spread from another and
			// then given a key of its own gets a hidden class of its own, one per output item (bench/NOTES.md).
			out.push(binary ? { json, binary, pairedItem: { item: i } } : { json, pairedItem: { item: i } });
		}
	}
	return [out];
}

/**
 * `error` and `details` only: n8n's "Continue (using error output)" sends an item to the error
 * output when its json has no other keys (and then adds the input item's fields to it).
 */
function errorJson(error: Error, itemIndex: number): IDataObject {
	const e = error as Error & { description?: string | null; httpCode?: string | null };
	const details: IDataObject = { itemIndex };
	if (e.httpCode) details.httpCode = e.httpCode;
	if (e.description) details.description = e.description;
	return { error: e.message, details };
}

// Where every operation's item requests are built, keyed and run: an operation's steps read an item
// into its request (before any HTTP), items asking for the same thing share one, and each is sent
// the way its operation's entry says (`send`, `estimate`) and its answer becomes items
// (the steps' reshapes, then `items`). The router asks for one request per item and runs them in its
// pool.

/**
 * The distinct item requests of one execution, in order of first appearance: the first item that asked for each, and how to run it.
 * @public Exported for test/action/steps.test.ts, which runs one alone.
 */
export class ItemRequests {
	readonly jobs: Array<{ first: number; run: () => Promise<INodeExecutionData[]> }> = [];
	/** Per operation, the job of each item request (as JSON, which fully determines the result). */
	private readonly byOperation = new Map<Operation, Map<string, number>>();

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly api: Transport,
		private readonly nodeVersion: number,
	) {}

	/** Builds the request of item `itemIndex`, throwing its input error before anything is sent; returns its job's index. */
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
