/**
 * The one function that serves every operation: its steps read an item into a plan (before any
 * HTTP), the plan's request is sent, and the answer becomes items. The router calls it for each
 * distinct plan; nothing here knows about other items.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiRequest, Transport } from '../transport';
import { oneItem } from './output';
import type { Answer, Operation, Plan } from './types';

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
	const sender = operation.steps.find((step) => step.send);
	let answer: Answer = sender?.send ? await sender.send(api, plan) : { response: await api.request(plan.request) };
	for (const step of operation.steps) if (step.followUp) answer = await step.followUp(api, plan, answer);
	let data = answer.response.data;
	for (const step of operation.steps) if (step.reshape) data = step.reshape(data, plan);
	const maker = operation.steps.find((step) => step.items);
	const items = maker?.items ? await maker.items.call(this, data, answer, plan) : [oneItem(data)];
	const extra = answer.extra;
	return extra ? items.map((item) => ({ ...item, json: { ...item.json, ...extra } })) : items;
}
