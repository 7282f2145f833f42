import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { Transport } from '../transport';
import { findOperation } from './registry';
import type { ApiVersion } from './types';

/**
 * The one item loop of the action node. It checks every item before sending anything,
 * sends one request per distinct prepared request, runs them in a bounded pool, and gives
 * every input item its output (or its error item) in input order, paired to itself.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const options = this.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const parallel = clamp(Number(options.requestsInParallel ?? 5), 1, 50);
	const api = new Transport(this, {
		maxAttempts: clamp(Number(options.maxAttempts ?? 4), 1, 10),
		maxWaitSeconds: clamp(Number(options.maxWaitSeconds ?? 60), 0, 600),
	});
	const continueOnFail = this.continueOnFail();

	// 1. Read and check every item first: a bad item never costs a call, and without
	//    Continue On Fail it stops the node before anything is sent.
	const keys: Array<string | Error> = [];
	const jobs = new Map<string, { first: number; run: () => Promise<INodeExecutionData[]> }>();
	for (let i = 0; i < items.length; i++) {
		try {
			const version = this.getNodeParameter('apiVersion', i) as ApiVersion;
			const resource = this.getNodeParameter('resource', i) as string;
			const operationName = this.getNodeParameter('operation', i) as string;
			const operation = findOperation(version, resource, operationName);
			if (!operation) {
				throw new NodeOperationError(this.getNode(), `Unknown operation ${version} ${resource} ${operationName}`, { itemIndex: i });
			}
			const params = operation.prepare.call(this, i);
			const key = `${version}.${resource}.${operationName}:${JSON.stringify(params)}`;
			if (!jobs.has(key)) {
				jobs.set(key, { first: i, run: async () => await operation.execute.call(this, params, api, i) });
			}
			keys.push(key);
		} catch (error) {
			if (!continueOnFail) throw withItem(error, i);
			keys.push(error as Error);
		}
	}

	// 2. Run each distinct request once, `parallel` at a time, in order of first appearance.
	const results = await runPool([...jobs.values()], parallel, !continueOnFail);

	// 3. Fan the results out to the items that asked for them.
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		const key = keys[i];
		const first = typeof key === 'string' ? jobs.get(key)!.first : i;
		const result = typeof key === 'string' ? results.get(first) : { error: key };
		if (result === undefined) continue; // only when stopping on an earlier error, rethrown below
		if ('error' in result) {
			if (!continueOnFail) throw withItem(result.error, i);
			out.push({ json: errorJson(result.error, i), pairedItem: { item: i } });
			continue;
		}
		// Items that shared a request get their own top-level objects, so a later node that edits one
		// item in place does not edit the others.
		const shared = i !== first;
		for (const item of result.items) {
			const own = shared ? { json: { ...item.json }, ...(item.binary ? { binary: { ...item.binary } } : {}) } : {};
			out.push({ ...item, ...own, pairedItem: { item: i } });
		}
	}
	const failure = continueOnFail ? undefined : [...results.values()].find((r) => 'error' in r);
	if (failure && 'error' in failure) throw failure.error;
	return [out];
}

type Outcome = { items: INodeExecutionData[] } | { error: Error };

async function runPool(
	jobs: Array<{ first: number; run: () => Promise<INodeExecutionData[]> }>,
	parallel: number,
	stopOnError: boolean,
): Promise<Map<number, Outcome>> {
	const results = new Map<number, Outcome>();
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < jobs.length) {
			const job = jobs[next++];
			try {
				results.set(job.first, { items: await job.run() });
			} catch (error) {
				results.set(job.first, { error: withItem(error, job.first) });
				if (stopOnError) stopped = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
	return results;
}

function withItem(error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return error instanceof Error ? error : new Error(String(error));
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

function clamp(value: number, min: number, max: number): number {
	return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;
}
