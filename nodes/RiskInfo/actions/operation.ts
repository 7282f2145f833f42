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
	placeRut(plan);
	return plan;
}

/**
 * `{rut}` in the spec's path is the item's RUT, in the path or in the query after `?`. Such a
 * request is a read about that RUT, so a 404 answer means the RUT is not loaded.
 */
function placeRut(plan: Plan): void {
	const [path, search] = plan.request.path.split('?');
	const fill = (text: string) => text.replace('{rut}', () => plan.rut!);
	if (!plan.request.path.includes('{rut}')) return;
	plan.request.path = fill(path);
	plan.request.rut = plan.rut;
	if (search === undefined) return;
	const query = Object.fromEntries([...new URLSearchParams(search)].map(([key, value]) => [key, fill(value)]));
	plan.request.query = { ...query, ...plan.request.query };
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
