/**
 * The one function that serves every operation: its steps read an item into a plan (before any
 * HTTP), the plan's request is sent, and the answer becomes items. The router calls it for each
 * distinct plan; nothing here knows about other items.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiRequest, Transport } from '../../shared/transport';
import { paidWords, withExtra } from './cost';
import { oneItem } from './output';
import type { Answer, Answered, Operation, Plan } from './types';

/** The hooks of which an operation may have one step only: two would leave it unclear which one runs. */
const ONE_EACH = ['send', 'estimate', 'followUp', 'items'] as const;

/**
 * Checks how an operation combines its steps; throws at once for a table that breaks a rule. The
 * hooks named in ONE_EACH are each offered by at most one step; reshapes run in the order the
 * steps are listed, which is also the order of their parameters in the panel.
 */
export function checkSteps(operation: Operation): Operation {
	for (const hook of ONE_EACH) {
		const offering = operation.steps.filter((step) => step[hook] !== undefined).length;
		if (offering > 1) throw new Error(`Operation ${operation.value}: ${offering} steps have ${hook}(); at most one may`);
	}
	return operation;
}

/** The operation's parameters, in the order its steps list them. */
export function propertiesOf(operation: Operation): INodeProperties[] {
	return operation.steps.flatMap((step) => step.properties);
}

/** Reads and checks one item; throws an input error naming the item before anything is sent. */
export function planItem(this: IExecuteFunctions, operation: Operation, itemIndex: number): Plan {
	const request: ApiRequest = { method: operation.method, root: operation.root, path: operation.path };
	if (operation.paid) request.paid = true;
	const plan: Plan = { request, choices: {} };
	for (const step of operation.steps) step.prepare?.call(this, itemIndex, plan);
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

export async function runPlan(this: IExecuteFunctions, operation: Operation, plan: Plan, api: Transport): Promise<INodeExecutionData[]> {
	let answer = await send(operation, plan, api);
	// A dry run's estimate may have no answer to follow up; a paged read's further pages follow a real one.
	for (const step of operation.steps) if (step.followUp && isAnswered(answer)) answer = await step.followUp(api, plan, answer);
	const { response, extra } = answer;
	if (!response) return [{ json: { ...extra } }];
	let data = response.data;
	for (const step of operation.steps) if (step.reshape) data = step.reshape(data, plan);
	const maker = operation.steps.find((step) => step.items);
	const items = maker?.items ? await maker.items.call(this, data, { response, extra }, plan) : [oneItem(data)];
	return extra ? withExtra(items, extra) : items;
}

function isAnswered(answer: Answer): answer is Answered {
	return answer.response !== undefined;
}

/** A dry run asks the step that can estimate; otherwise the step that sends in its own way, or the plain request. */
async function send(operation: Operation, plan: Plan, api: Transport): Promise<Answer> {
	const estimator = plan.choices.dryRun === true ? operation.steps.find((step) => step.estimate) : undefined;
	if (estimator?.estimate) return await estimator.estimate(api, plan);
	const sender = operation.steps.find((step) => step.send);
	if (sender?.send) return await sender.send(api, plan);
	const response = await api.request(plan.request);
	return { response, extra: operation.paid ? { paid: paidWords(operation.paid) } : undefined };
}
