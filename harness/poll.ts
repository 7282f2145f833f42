// A workflow with a polling trigger, as an active n8n runs it: one Workflow object kept between
// polls (n8n keeps it while the workflow is active, and with it the node's static data), each poll
// run by n8n-core's own PollTriggerExecutor in a PollContext with real HTTP, the first one as
// activation does it (errors thrown), the later ones as the cron does (errors reported). What a
// poll emits runs through WorkflowExecute from the trigger, in 'trigger' mode, like the
// execution n8n starts for it. Static data is saved the way n8n 2.40.7 does by default (on
// emit, when marked changed); `savedByContent` counts what its durable poll cursors would save
// (a poll whose static data differs from before it).
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, PollContext, PollTriggerExecutor } from 'n8n-core';
import { Workflow, type IDataObject, type INode, type INodeExecutionData, type IWorkflowBase } from 'n8n-workflow';

import { NodeTypesRegistry, TestCredentialsHelper, additionalData, runWorkflow, type WorkflowInput, type WorkflowResult } from './workflow';

export interface PollOutcome {
	/** What the poll emitted (its first output), or null when it returned nothing. */
	items: INodeExecutionData[] | null;
	/** The execution the emitted items started. */
	run?: WorkflowResult;
	/** An error a later poll reported (n8n records it as a failed execution). */
	error?: Error;
}

export class PolledWorkflow {
	readonly workflow: Workflow;
	private readonly node: INode;
	private polls = 0;
	/** Static data as n8n last saved it, and how many times it did. */
	saved: IDataObject | undefined;
	saves = 0;
	savedByContent = 0;

	constructor(
		private readonly input: WorkflowInput & { pollNode: string; staticData?: IDataObject },
		private readonly budgetMs?: number,
	) {
		this.workflow = new Workflow({
			id: 'polled-workflow',
			name: 'polled',
			nodes: input.nodes,
			connections: input.connections,
			nodeTypes: new NodeTypesRegistry(input.nodeTypes),
			active: true,
			staticData: input.staticData ?? {},
			settings: { executionOrder: 'v1' },
		});
		const node = this.workflow.getNode(input.pollNode);
		if (!node) throw new Error(`No node "${input.pollNode}"`);
		this.node = node;
	}

	/** The trigger's static data now (what the next poll sees). */
	staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/** One tick of the poll's schedule; the first one is the poll n8n runs when it activates the workflow. */
	async poll(): Promise<PollOutcome> {
		const first = this.polls++ === 0;
		const workflowData = { id: this.workflow.id, name: this.workflow.name, nodes: this.input.nodes, connections: this.input.connections } as unknown as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks('trigger', 'poll', workflowData);
		const data = additionalData(new TestCredentialsHelper(this.input.credentials ?? {}), hooks);
		const before = JSON.stringify(this.staticData());
		const outcome: PollOutcome = { items: null };
		let started: Promise<WorkflowResult> | undefined;
		const emit = (emitted: INodeExecutionData[][]) => {
			// n8n's __emit: save the static data if it was marked changed, then start the execution.
			this.save();
			outcome.items = emitted[0] ?? [];
			started = runWorkflow({ ...this.input, startNode: this.node.name, triggerItems: outcome.items, mode: 'trigger' });
		};
		const emitError = (error: Error) => (outcome.error = error);
		const context = new PollContext(this.workflow, this.node, data, 'trigger', first ? 'activate' : 'update', emit, emitError, undefined, undefined, undefined, this.budgetMs === undefined ? undefined : () => this.budgetMs!);
		await Container.get(PollTriggerExecutor).create(this.workflow, this.node, context, () => true)(first);
		if (started) outcome.run = await started;
		if (JSON.stringify(this.staticData()) !== before) this.savedByContent++;
		return outcome;
	}

	private save(): void {
		const all = this.workflow.staticData;
		if (all.__dataChanged !== true) return;
		this.saved = JSON.parse(JSON.stringify(all)) as IDataObject;
		this.saves++;
		all.__dataChanged = false;
	}

	/** A user saving a credential anew between polls: n8n reads it afresh for each poll. */
	editCredential(type: string, fields: IDataObject): void {
		const credentials = (this.input.credentials ??= {});
		credentials[type] = { ...credentials[type], ...fields } as (typeof credentials)[string];
	}

	/** Fetch Test Event in the editor: n8n runs the workflow manually, which polls in 'manual' mode. */
	async fetchTestEvent(): Promise<WorkflowResult> {
		return await runWorkflow({ ...this.input, startNode: this.node.name, mode: 'manual' });
	}
}
