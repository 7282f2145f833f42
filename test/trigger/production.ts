// n8n 2.40.7's path for a production delivery to the Risk Info Trigger, in-process: the trigger's
// webhook() in n8n-core's WebhookContext, its execution in n8n-core's WorkflowExecute, static data
// in n8n-workflow's Workflow (an ObservableObject). What n8n's CLI does around them, and which
// decides what static data reaches the database, is reproduced from its source (n8n 2.40.7, in
// .runtime/n8n/node_modules/n8n/dist):
//  - webhooks/live-webhooks.js: the workflow and its static data are loaded from the database and
//    a Workflow is built on them; after the answer, workflowStaticDataService.saveStaticData saves
//    that Workflow's static data if its `__dataChanged` flag is set;
//  - workflow-runner.js, run(): establishContextForPersistence builds a second Workflow on the same
//    static-data object (which sets the flag back to false), then prepareNewExecution reloads the
//    static data from the database for the execution;
//  - queue mode: the execution's database record keeps the workflow without its static data
//    (executions/execution-data/types.js, toWorkflowSnapshot), and the worker runs a webhook's
//    execution with the static data of that record (scaling/job-processor.js; the job does not ask
//    for a reload): it starts empty. The items travel through the record (here: a JSON round trip);
//  - execution-lifecycle-hooks.js: workflowExecuteAfter saves the static data WorkflowExecute hands
//    it (only when changed), in a single process as on a worker.
import { ExecutionLifecycleHooks, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IRun,
	type IWebhookData,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { NO_OP, NodeTypesRegistry, TestCredentialsHelper } from '../../harness/workflow';
import { BEARER_CREDENTIAL, delivery } from './forms';

const TRIGGER = 'Risk Info Trigger';
const NEXT = 'Next Step';

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
}

export class ProductionWebhook {
	/** The workflow row's static-data column, as the database holds it (JSON text, or null). */
	stored: string | null = null;
	private readonly nodeTypes = new NodeTypesRegistry();
	private readonly credentialsHelper = new TestCredentialsHelper({ riskInfoWebhookAuthApi: BEARER_CREDENTIAL });
	private readonly nodes: INode[];
	private readonly connections: IConnections = { [TRIGGER]: { main: [[{ node: NEXT, type: 'main', index: 0 }]] } };
	private executions = 0;

	constructor(private readonly options: ProductionOptions = {}) {
		this.nodes = [
			{
				id: 'trigger',
				name: TRIGGER,
				type: 'n8n-nodes-riskinfo.riskInfoTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: (options.params ?? {}) as INode['parameters'],
				credentials: { riskInfoWebhookAuthApi: { id: '1', name: 'Risk Info Webhook Auth' } },
				webhookId: 'production-model',
			},
			{ id: 'next', name: NEXT, type: NO_OP, typeVersion: 1, position: [200, 0], parameters: {} },
		];
	}

	/** The trigger's remembered deliveries as the database holds them: keys of 16 characters, packed. */
	get remembered(): string[] {
		const data = this.load() as IDataObject | null;
		const node = data?.[`node:${TRIGGER}`] as IDataObject | undefined;
		const packed = (node?.deliveryKeys as string | undefined) ?? '';
		return packed.match(/.{1,16}/g) ?? [];
	}

	private load(): IDataObject | null {
		return this.stored === null ? null : (JSON.parse(this.stored) as IDataObject);
	}

	private workflow(staticData: IDataObject | null): Workflow {
		return new Workflow({
			id: 'wf-production',
			name: 'production',
			nodes: this.nodes,
			connections: this.connections,
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: staticData as IDataObject,
			settings: { executionOrder: 'v1' },
		});
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

	/** One delivery of `event`, answered, and its execution run to the end. */
	async deliver(event: object): Promise<Delivered> {
		const mode = this.options.mode ?? 'webhook';
		const { headers } = delivery(event);
		const text = JSON.stringify(event);
		// What n8n's body parser leaves on the request: inflated bytes, parsed JSON.
		const req = { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), contentType: 'application/json', rawBody: Buffer.from(text), body: JSON.parse(text) };
		let refused: { status: number; body: string } | undefined;
		const res = {
			writeHead: (status: number) => (refused = { status, body: '' }),
			end: (b: string) => refused && (refused.body = b),
		};

		// live-webhooks.js
		const raw = this.load();
		const webhookWorkflow = this.workflow(raw);
		const node = webhookWorkflow.getNode(TRIGGER)!;
		const webhookData = { httpMethod: 'POST', node: TRIGGER, path: 'riskinfo-compliance', workflowId: webhookWorkflow.id, webhookDescription: {} } as unknown as IWebhookData;
		const context = new WebhookContext(webhookWorkflow, node, this.additionalData({ httpRequest: req, httpResponse: res } as never), mode, webhookData, [], null);
		const result = await this.nodeTypes.getByNameAndVersion(node.type, 1).webhook!.call(context);
		if (result.noWebhookResponse) return { status: refused?.status ?? 0, answer: refused && JSON.parse(refused.body) };
		if (!result.workflowData) {
			await this.saveStaticData(webhookWorkflow);
			return { status: 200, answer: result.webhookResponse };
		}

		// workflow-runner.js, run(): the second wrap of the same object, then the reload.
		this.workflow(raw);
		let executionStatic = this.load();
		let items: INodeExecutionData[][] = result.workflowData;
		if (this.options.topology === 'queue') {
			// The execution record, written by the webhook process and read by a worker.
			items = JSON.parse(JSON.stringify(items)) as INodeExecutionData[][];
			executionStatic = null;
		}
		// The answer is sent, then live-webhooks.js saves the webhook's Workflow if it is flagged.
		await this.saveStaticData(webhookWorkflow);
		const run = await this.execute(executionStatic, items, mode);
		return { status: 200, answer: result.webhookResponse, run };
	}

	/** workflow-static-data.service.js, saveStaticData. */
	private async saveStaticData(workflow: Workflow): Promise<void> {
		if (workflow.staticData.__dataChanged === true) this.stored = JSON.stringify(workflow.staticData);
	}

	private async execute(staticData: IDataObject | null, items: INodeExecutionData[][], mode: WorkflowExecuteMode): Promise<IRun> {
		const workflow = this.workflow(staticData);
		const workflowData = { id: workflow.id, name: workflow.name, nodes: this.nodes, connections: this.connections } as unknown as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks(mode, `exec-${++this.executions}`, workflowData);
		let done: (run: IRun) => void = () => {};
		const finished = new Promise<IRun>((resolve) => (done = resolve));
		hooks.addHandler('workflowExecuteAfter', (run: IRun, newStaticData?: IDataObject) => {
			// hookFunctionsSave / hookFunctionsSaveWorker: never for manual executions.
			if (newStaticData && mode !== 'manual') this.stored = JSON.stringify(newStaticData);
			done(run);
		});
		const start = workflow.getNode(TRIGGER)!;
		const runExecutionData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: start, data: { main: items }, source: null }] } });
		await new WorkflowExecute(this.additionalData({ hooks }), mode, runExecutionData).processRunExecutionData(workflow);
		return await finished;
	}
}

/** The items a node handed on in a run (first output). */
export function output(run: IRun | undefined, node: 'trigger' | 'next'): INodeExecutionData[] {
	const runs = run?.data.resultData.runData[node === 'trigger' ? TRIGGER : NEXT] ?? [];
	return runs[runs.length - 1]?.data?.main?.[0] ?? [];
}
