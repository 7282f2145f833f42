// n8n 2.40.7's path for a production delivery to the Risk Info Trigger, in-process: the trigger's
// webhook() in n8n-core's WebhookContext, then its execution in n8n-core's WorkflowExecute, where
// the trigger's execute() reaches n8n's store of processed items through n8n-core's own helpers.
// What n8n's CLI does around them is reproduced from its source (n8n 2.40.7, in
// .runtime/n8n/node_modules/n8n/dist):
//  - queue mode: the items travel to a worker through the execution's database record (here: a
//    JSON round trip);
//  - deduplication/deduplication-helper.js, the store behind checkProcessedAndRecord: one row per
//    workflow and node (primary key), holding the md5 of each value recorded, the newest last,
//    trimmed to maxEntries; a call reads the row (findOne), then inserts it when there was none or
//    writes it back whole (update), each a round trip to the database, so calls can interleave;
//  - several processes (webhook processors, workers) share that database, each running its own
//    copy of the package's code (here: the trigger's modules loaded anew, with their own state).
import { createHash } from 'node:crypto';

import { DataDeduplicationService, ExecutionLifecycleHooks, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type DeduplicationItemTypes,
	type DeduplicationScope,
	type ICheckProcessedContextData,
	type ICheckProcessedOptions,
	type IConnections,
	type IDataDeduplicator,
	type IDataObject,
	type IDeduplicationOutput,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type IRun,
	type IWebhookData,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { NO_OP, NodeTypesRegistry, TestCredentialsHelper } from '../../harness/workflow';
import { isolated } from '../helpers/isolated';
import { BEARER_CREDENTIAL, delivery } from './forms';

const TRIGGER = 'Risk Info Trigger';
const TRIGGER_TYPE = 'n8n-nodes-riskinfo.riskInfoTrigger';
const NEXT = 'Next Step';

/** A database round trip: other executions' calls may run meanwhile. */
const roundTrip = async () => await new Promise((resolve) => setImmediate(resolve));

interface Row {
	mode: string;
	data: string[];
}

/** n8n's processed-data store (entries mode), a table of rows held as the database holds them: JSON. */
class ProcessedDataStore implements IDataDeduplicator {
	readonly rows = new Map<string, string>();
	/** Workflows whose database calls fail, as when the database is locked or gone. */
	readonly unreachable = new Set<string>();

	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope: DeduplicationScope, contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<IDeduplicationOutput> {
		if (this.unreachable.has(contextData.workflow.id)) throw new Error('SQLITE_BUSY: database is locked');
		const id = `${contextData.workflow.id}|${scope === 'node' ? `n:${contextData.node!.id}` : ''}`;
		const hashed = items.map((item) => createHash('md5').update(String(item)).digest('base64'));
		await roundTrip();
		const stored = this.rows.get(id);
		if (stored === undefined) {
			if (options.maxEntries) hashed.splice(0, hashed.length - options.maxEntries);
			await roundTrip();
			if (this.rows.has(id)) throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
			this.rows.set(id, JSON.stringify({ mode: options.mode, data: hashed }));
			return { new: items, processed: [] };
		}
		const row = JSON.parse(stored) as Row;
		const seen = new Set(row.data);
		const result: IDeduplicationOutput = { new: [], processed: [] };
		hashed.forEach((hash, i) => {
			if (seen.has(hash)) result.processed.push(items[i]);
			else {
				result.new.push(items[i]);
				row.data.push(hash);
			}
		});
		if (options.maxEntries) row.data.splice(0, row.data.length - options.maxEntries);
		await roundTrip();
		this.rows.set(id, JSON.stringify(row));
		return result;
	}

	async removeProcessed(): Promise<void> {
		throw new Error('not used by the trigger');
	}

	async clearAllProcessedItems(): Promise<void> {
		throw new Error('not used by the trigger');
	}

	async getProcessedDataCount(): Promise<number> {
		throw new Error('not used by the trigger');
	}
}

/** The store of this test file's process, as n8n's start, webhook and worker commands set it up. */
export const processedData = new ProcessedDataStore();
void DataDeduplicationService.init(processedData);

export interface Delivered {
	status: number;
	answer: unknown;
	/** The finished execution the delivery started, if it started one. */
	run?: IRun;
}

export interface ProductionOptions {
	params?: IDataObject;
	/** 'queue': the execution travels through its database record to a worker. */
	topology?: 'single' | 'queue';
	mode?: WorkflowExecuteMode;
	/** n8n processes sharing the database: the deliveries go to each in turn. */
	processes?: number;
}

/** The trigger as another n8n process has it: the package's code loaded anew, with its own module state. */
const triggerOfAnotherProcess = (): INodeType =>
	isolated(() => {
		const { RiskInfoTrigger } = require('../../nodes/RiskInfoTrigger/RiskInfoTrigger.node') as typeof import('../../nodes/RiskInfoTrigger/RiskInfoTrigger.node');
		return new RiskInfoTrigger();
	});

let workflows = 0;

export class ProductionWebhook {
	readonly id = `wf-production-${++workflows}`;
	private readonly processes: NodeTypesRegistry[];
	private deliveries = 0;
	private readonly credentialsHelper = new TestCredentialsHelper({ riskInfoWebhookAuthApi: BEARER_CREDENTIAL });
	private readonly nodes: INode[];
	private readonly connections: IConnections = { [TRIGGER]: { main: [[{ node: NEXT, type: 'main', index: 0 }]] } };
	private executions = 0;

	constructor(private readonly options: ProductionOptions = {}) {
		this.processes = Array.from({ length: options.processes ?? 1 }, (_, i) => new NodeTypesRegistry(i === 0 ? {} : { [TRIGGER_TYPE]: triggerOfAnotherProcess() }));
		this.nodes = [
			{
				id: 'trigger',
				name: TRIGGER,
				type: TRIGGER_TYPE,
				typeVersion: 1.1,
				position: [0, 0],
				parameters: (options.params ?? {}) as INode['parameters'],
				credentials: { riskInfoWebhookAuthApi: { id: '1', name: 'Risk Info Webhook Auth' } },
				webhookId: 'production-model',
			},
			{ id: 'next', name: NEXT, type: NO_OP, typeVersion: 1, position: [200, 0], parameters: {} },
		];
	}

	/** The trigger's parameters, as the user changes and publishes them again. */
	set params(params: IDataObject) {
		this.nodes[0].parameters = params as INode['parameters'];
	}

	/** What n8n's store holds for this workflow's trigger, as the database holds it; null before anything was recorded. */
	get stored(): string | null {
		return processedData.rows.get(`${this.id}|n:trigger`) ?? null;
	}

	private workflow(nodeTypes: NodeTypesRegistry): Workflow {
		return new Workflow({ id: this.id, name: 'production', nodes: this.nodes, connections: this.connections, active: true, nodeTypes, settings: { executionOrder: 'v1' } });
	}

	private additionalData(extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			currentNodeExecutionIndex: 0,
			webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
			webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			restApiUrl: 'http://127.0.0.1:5678/rest',
			variables: {},
			...extra,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	/** One delivery of `event` (the object, or its JSON text as sent), answered, and its execution run to the end. */
	async deliver(event: object | string): Promise<Delivered> {
		const mode = this.options.mode ?? 'webhook';
		const text = typeof event === 'string' ? event : JSON.stringify(event);
		const { headers } = delivery(JSON.parse(text) as object);
		// What n8n's body parser leaves on the request: inflated bytes, parsed JSON.
		const req = { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), contentType: 'application/json', rawBody: Buffer.from(text), body: JSON.parse(text) as unknown };
		let refused: { status: number; body: string } | undefined;
		const res = {
			writeHead: (status: number) => (refused = { status, body: '' }),
			end: (b: string) => refused && (refused.body = b),
		};

		const nodeTypes = this.processes[this.deliveries++ % this.processes.length];
		const workflow = this.workflow(nodeTypes);
		const node = workflow.getNode(TRIGGER)!;
		const webhookData = { httpMethod: 'POST', node: TRIGGER, path: 'riskinfo-compliance', workflowId: workflow.id, webhookDescription: {} } as unknown as IWebhookData;
		const context = new WebhookContext(workflow, node, this.additionalData({ httpRequest: req, httpResponse: res } as never), mode, webhookData, [], null);
		const result = await nodeTypes.getByNameAndVersion(node.type, node.typeVersion).webhook!.call(context);
		if (result.noWebhookResponse) return { status: refused?.status ?? 0, answer: refused && JSON.parse(refused.body) };
		if (!result.workflowData) return { status: 200, answer: result.webhookResponse };
		let items: INodeExecutionData[][] = result.workflowData;
		// The execution record, written by the webhook process and read by a worker.
		if (this.options.topology === 'queue') items = JSON.parse(JSON.stringify(items)) as INodeExecutionData[][];
		return { status: 200, answer: result.webhookResponse, run: await this.execute(workflow, items, mode) };
	}

	private async execute(workflow: Workflow, items: INodeExecutionData[][], mode: WorkflowExecuteMode): Promise<IRun> {
		const workflowData = { id: workflow.id, name: workflow.name, nodes: this.nodes, connections: this.connections } as unknown as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks(mode, `exec-${++this.executions}`, workflowData);
		let done: (run: IRun) => void = () => {};
		const finished = new Promise<IRun>((resolve) => (done = resolve));
		hooks.addHandler('workflowExecuteAfter', (run: IRun) => done(run));
		const start = workflow.getNode(TRIGGER)!;
		const runExecutionData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: start, data: { main: items }, source: null }] } });
		await new WorkflowExecute(this.additionalData({ hooks }), mode, runExecutionData).processRunExecutionData(workflow);
		return await finished;
	}
}

/** The items a node handed on in a run (first output); none when it did not run. */
export function output(run: IRun | undefined, node: 'trigger' | 'next'): INodeExecutionData[] {
	const runs = run?.data.resultData.runData[node === 'trigger' ? TRIGGER : NEXT] ?? [];
	return runs[runs.length - 1]?.data?.main?.[0] ?? [];
}

/** Whether the workflow's nodes after the trigger ran: what "the delivery ran" means for a user. */
export const ran = (d: Delivered): boolean => d.run !== undefined && d.run.data.resultData.runData[NEXT] !== undefined;
