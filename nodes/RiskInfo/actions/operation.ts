/**
 * Where every operation's plans are built, keyed and run: an operation's steps read an item into
 * a plan (before any HTTP), items asking for the same thing share one plan, and each plan is sent
 * the way its operation's entry says (`send`, `estimate`, `followUp`) and its answer becomes items
 * (the steps' reshapes, then `items`). The router asks for one plan per item and runs them in its
 * pool.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiRequest, Transport } from '../../shared/transport';
import { paidWords, withExtra } from './cost';
import { oneItem } from './output';
import type { Answer, Answered, Execution, Operation, Plan } from './types';

/** The operation's parameters, in the order its steps list them. */
export function propertiesOf(operation: Operation): INodeProperties[] {
	return operation.steps.flatMap((step) => step.properties);
}

/** A distinct plan of the execution: the first item that asked for it, and how to run it. */
export interface Job {
	first: number;
	run: () => Promise<INodeExecutionData[]>;
}

/** The distinct plans of one execution, in order of first appearance. */
export class Plans {
	readonly jobs: Job[] = [];
	/** Per operation, the job of each plan (as JSON, which fully determines the result). */
	private readonly byOperation = new Map<Operation, Map<string, number>>();

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly api: Transport,
		private readonly execution: Execution,
	) {}

	/** Plans item `itemIndex`, throwing its input error before anything is sent; returns its job's index. */
	add(operation: Operation, itemIndex: number): number {
		const plan = planItem.call(this.context, operation, itemIndex, this.execution);
		const key = JSON.stringify(plan);
		let jobs = this.byOperation.get(operation);
		if (!jobs) this.byOperation.set(operation, (jobs = new Map()));
		let job = jobs.get(key);
		if (job === undefined) {
			job = this.jobs.push({ first: itemIndex, run: async () => await runPlan.call(this.context, operation, plan, this.api) }) - 1;
			jobs.set(key, job);
		}
		return job;
	}
}

/**
 * Reads and checks one item; throws an input error naming the item before anything is sent.
 * @internal
 */
export function planItem(this: IExecuteFunctions, operation: Operation, itemIndex: number, execution: Execution): Plan {
	const request: ApiRequest = { method: operation.method, root: operation.root, path: operation.path };
	if (operation.paid) request.paid = true;
	const plan: Plan = { request, choices: {} };
	for (const step of operation.steps) step.prepare?.call(this, itemIndex, plan, execution);
	if (plan.rut !== undefined) plan.request = withRut(plan.request, plan.rut);
	return plan;
}

/** The operation's request for one RUT at its defaults: how the Monitor reads the summary it watches. */
export function requestFor(operation: Operation, rut: string): ApiRequest {
	return withRut({ method: operation.method, root: operation.root, path: operation.path }, rut);
}

/**
 * `{rut}` in the spec's path is the RUT, in the path or in the query after `?`. Such a request is
 * a read about that RUT, so a 404 answer means the RUT is not loaded.
 */
function withRut(request: ApiRequest, rut: string): ApiRequest {
	if (!request.path.includes('{rut}')) return request;
	const [path, search] = request.path.split('?');
	const fill = (text: string) => text.replace('{rut}', () => rut);
	const placed: ApiRequest = { ...request, path: fill(path), rut };
	if (search === undefined) return placed;
	const query = Object.fromEntries([...new URLSearchParams(search)].map(([key, value]) => [key, fill(value)]));
	return { ...placed, query: { ...query, ...request.query } };
}

async function runPlan(this: IExecuteFunctions, operation: Operation, plan: Plan, api: Transport): Promise<INodeExecutionData[]> {
	let answer = await send(operation, plan, api);
	// A dry run's estimate may have no answer to follow up; a paged read's further pages follow a real one.
	if (operation.followUp && isAnswered(answer)) answer = await operation.followUp(api, plan, answer);
	const { response, extra } = answer;
	if (!response) return [{ json: { ...extra } }];
	let data = response.data;
	for (const step of operation.steps) if (step.reshape) data = step.reshape(data, plan);
	const items = operation.items ? await operation.items.call(this, data, { response, extra }, plan) : [oneItem(data)];
	return extra ? withExtra(items, extra) : items;
}

function isAnswered(answer: Answer): answer is Answered {
	return answer.response !== undefined;
}

/** A dry run asks the operation's estimate; otherwise its own sender, or the plain request. */
async function send(operation: Operation, plan: Plan, api: Transport): Promise<Answer> {
	if (plan.choices.dryRun === true && operation.estimate) return await operation.estimate(api, plan);
	if (operation.send) return await operation.send(api, plan);
	const response = await api.request(plan.request);
	return { response, extra: operation.paid ? { paid: paidWords(operation.paid) } : undefined };
}
