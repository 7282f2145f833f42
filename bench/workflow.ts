// The workflows the benchmark runs through n8n's engine: Start → Risk Info (or No Operation).
import type { IConnections, IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { MANUAL_TRIGGER, NO_OP } from '../harness/workflow';
import { MINIMAL_NODE, MinimalHttpNode } from './minimal-node';

export interface ServiceAccess {
	baseUrl: string;
	accessToken: string;
	clientIdentifier: string;
}

export interface WorkflowJob {
	/** Replaces the Risk Info node with n8n's No Operation node (the memory baseline). */
	noop?: boolean;
	/** Replaces the Risk Info node with the minimal node that only calls n8n's HTTP helper. */
	minimal?: boolean;
	/** Risk Info parameters besides the RUT, which every item carries in `$json.rut`. */
	parameters: IDataObject;
	/** The Risk Info node's type version: 1 unless given (3 is what a node added today has). */
	typeVersion?: number;
	parallel: number;
}

/** `inputs`, when given, are the trigger's items instead of one `{ rut }` per RUT. */
export function buildWorkflow(job: WorkflowJob, access: ServiceAccess, ruts: string[], inputs?: IDataObject[]) {
	const start: INode = { id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} };
	const step = (type: string, parameters: INode['parameters'], credentials?: INode['credentials'], typeVersion = 1): INode => ({
		id: '2',
		name: 'Step',
		type,
		typeVersion,
		position: [200, 0],
		parameters,
		...(credentials ? { credentials } : {}),
	});
	const riskInfoCredential = { riskInfoApi: { id: '1', name: 'Risk Info' } };
	const middle = job.noop
		? step(NO_OP, {})
		: job.minimal
			? step(MINIMAL_NODE, { rut: '={{ $json.rut }}', parallel: job.parallel }, riskInfoCredential)
			: step(
					'n8n-nodes-riskinfo.riskInfo',
					{ rut: '={{ $json.rut }}', ...job.parameters, requestOptions: { requestsInParallel: job.parallel } },
					riskInfoCredential,
					job.typeVersion,
				);
	const connections: IConnections = { Start: { main: [[{ node: 'Step', type: 'main', index: 0 }]] } };
	const triggerItems: INodeExecutionData[] = inputs ? inputs.map((json) => ({ json })) : ruts.map((rut) => ({ json: { rut } }));
	return {
		nodes: [start, middle],
		connections,
		credentials: { riskInfoApi: { ...access } },
		triggerItems,
		nodeTypes: { [MINIMAL_NODE]: new MinimalHttpNode() },
	};
}

export const GET_SUMMARY: IDataObject = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' };

/**
 * Get Summary as a node added today has it (node version 3, Simplify on by default): the same
 * expression, written in the RUT's By RUT mode, and every other parameter left at its default.
 */
export const GET_SUMMARY_V3 = {
	typeVersion: 3,
	parameters: { ...GET_SUMMARY, rut: { __rl: true, mode: 'id', value: '={{ $json.rut }}' } } as IDataObject,
};
