/**
 * The one item loop of the action node: check every item before sending anything, run each
 * distinct request once in a bounded pool, then give every input item its output (or its error
 * item) in input order, paired to itself.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { leavingError } from '../../shared/errors';
import { runPool } from '../../shared/pool';
import { keyNamesOf } from '../../shared/service/keyNames';
import { accountPlan } from '../../shared/service/usage';
import { Transport } from '../../shared/transport';
import { uncounted, withPlanSummary } from './cost';
import { ItemRequests } from './operation';
import { findOperation } from './registry';
import { readRequestOptions } from './parameters';
import type { ApiVersion } from './types';

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
	const outcomes = await runPool(
		jobs.map((job) => job.run),
		options.requestsInParallel,
		{ stopOnError: !continueOnFail },
	);

	// 4. Fan the outcomes out to the items that asked for them. A dry run's items also say what
	//    the whole run would do to the account's plan, which is known only now.
	const planSummary = accountPlan(api).dryRunSummary();
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		const job = jobOf[i];
		const outcome = typeof job === 'number' ? outcomes[job] : { error: job };
		// Only jobs after a failed one are left unrun (the pool stops), and the failed job's first
		// item comes before theirs in input order: the node has already thrown for it just below.
		if (outcome === undefined) continue;
		if ('error' in outcome) {
			const error = leavingError(node, outcome.error, i);
			if (!continueOnFail) throw error;
			out.push({ json: errorJson(error, i), pairedItem: { item: i } });
			continue;
		}
		// Items that shared a request get their own top-level objects, so a later node that edits one
		// item in place does not edit the others. A paid call is marked on the first item that asked
		// for it only, so counting the marks counts each paid call once.
		const shared = typeof job === 'number' && jobs[job].first !== i;
		for (const item of outcome.value) {
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
