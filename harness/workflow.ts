// Runs workflow JSON in-process through n8n's own engine (WorkflowExecute from n8n-core), the way
// n8n's node-test-harness does, but with real HTTP: our nodes talk to a live server (the sandbox)
// through n8n-core's request helpers, and the credential's `authenticate` block is applied by a
// credentials helper that does what n8n's CLI CredentialsHelper does for the generic type.
import * as path from 'node:path';
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
	type IRequestOptionsSimplified,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '..');
const PKG = require(path.join(ROOT, 'package.json')) as {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
};

export const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
export const NO_OP = 'n8n-nodes-base.noOp';

/** Stand-in for n8n's Manual Trigger: hands the engine's start item on. */
class ManualTriggerStandIn implements INodeType {
	description = {
		displayName: 'Manual Trigger',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Starts the workflow in a test',
		defaults: { name: 'When clicking ‘Execute workflow’' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/** Stand-in for n8n's No Operation node (the benchmark's sink). */
class NoOpStandIn implements INodeType {
	description = {
		displayName: 'No Operation, do nothing',
		name: 'noOp',
		group: ['organization'],
		version: 1,
		description: 'No Operation',
		defaults: { name: 'No Operation, do nothing' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

type Loaded<T> = { name: string; type: T };

/** dist/nodes/X/Y.node.js (what n8n loads) -> nodes/X/Y.node.ts (what jest can run unbuilt). */
function sourceOf(distPath: string): string {
	return path.join(ROOT, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
}

function instantiateAll<T>(file: string): T[] {
	const mod = require(file) as Record<string, unknown>;
	const out: T[] = [];
	for (const exported of Object.values(mod)) {
		if (typeof exported === 'function' && /^class\s/.test(Function.prototype.toString.call(exported))) {
			out.push(new (exported as new () => T)());
		}
	}
	if (!out.length) throw new Error(`${path.relative(ROOT, file)} exports no class`);
	return out;
}

let packageTypes:
	| { nodes: Array<Loaded<INodeType | IVersionedNodeType>>; credentials: Array<Loaded<ICredentialType>>; missing: string[] }
	| undefined;

/** Our package's node and credential types, found through package.json's `n8n` section like n8n does. */
export function loadPackageTypes() {
	if (packageTypes) return packageTypes;
	const nodes: Array<Loaded<INodeType | IVersionedNodeType>> = [];
	const credentials: Array<Loaded<ICredentialType>> = [];
	const missing: string[] = [];
	for (const p of PKG.n8n.nodes) {
		const file = sourceOf(p);
		try {
			for (const t of instantiateAll<INodeType | IVersionedNodeType>(file)) {
				const name = 'nodeVersions' in t ? t.description.name : (t as INodeType).description.name;
				nodes.push({ name: `${PKG.name}.${name}`, type: t });
			}
		} catch (err) {
			missing.push(`${path.relative(ROOT, file)}: ${(err as Error).message.split('\n')[0]}`);
		}
	}
	for (const p of PKG.n8n.credentials) {
		const file = sourceOf(p);
		try {
			for (const t of instantiateAll<ICredentialType>(file)) credentials.push({ name: t.name, type: t });
		} catch (err) {
			missing.push(`${path.relative(ROOT, file)}: ${(err as Error).message.split('\n')[0]}`);
		}
	}
	packageTypes = { nodes, credentials, missing };
	return packageTypes;
}
// When a test file imports the harness, not lazily inside its first test: mutation testing counts
// module-level code that runs inside a test as reached by that test (test/MUTANTS.md), so every
// module-level mutant of the nodes was run against the first test of each workflow test file.
loadPackageTypes();

export class NodeTypesRegistry implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(extra: Record<string, INodeType | IVersionedNodeType> = {}) {
		this.types.set(MANUAL_TRIGGER, new ManualTriggerStandIn());
		this.types.set(NO_OP, new NoOpStandIn());
		for (const { name, type } of loadPackageTypes().nodes) this.types.set(name, type);
		for (const [name, type] of Object.entries(extra)) this.types.set(name, type);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const t = this.types.get(nodeType);
		if (!t) throw new Error(`Unknown node type "${nodeType}"${this.hint()}`);
		return t;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		const known: IDataObject = {};
		for (const name of this.types.keys()) known[name] = { className: name, sourcePath: '' };
		return known;
	}

	private hint() {
		const { missing } = loadPackageTypes();
		return missing.length ? ` (not loadable: ${missing.join('; ')})` : '';
	}
}

/**
 * Credentials by type name. `authenticate` does what n8n's CLI CredentialsHelper does: a function
 * is called; a generic block has each key and value resolved as an expression over $credentials and
 * written into the request option it names (headers, qs, body, auth).
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly types = new Map<string, ICredentialType>();

	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
		for (const { name, type } of loadPackageTypes().credentials) this.types.set(name, type);
	}

	private type(name: string): ICredentialType {
		const t = this.types.get(name);
		if (!t) throw new Error(`Unknown credential type "${name}"`);
		return t;
	}

	getParentTypes(name: string): string[] {
		const ext = this.types.get(name)?.extends ?? [];
		return ext.flatMap((p) => [p, ...this.getParentTypes(p)]);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (authenticate && authenticate.type === 'generic') {
			if (!workflow || !node) throw new Error('generic authenticate needs the workflow and node');
			const resolve = (v: string) => {
				const r = workflow.expression.getSimpleParameterValue(node, v, 'internal', { $credentials: credentials }, undefined, '');
				return r ? String(r) : '';
			};
			const target = requestOptions as unknown as Record<string, Record<string, string>>;
			for (const [outerKey, entries] of Object.entries(authenticate.properties)) {
				target[outerKey] ??= {};
				for (const [k, v] of Object.entries(entries as Record<string, string>)) target[outerKey][resolve(k)] = resolve(v);
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('getCredentials is not used by these tests');
	}

	async getDecrypted(_a: IWorkflowExecuteAdditionalData, _n: unknown, type: string): Promise<ICredentialDataDecryptedObject> {
		const stored = this.data[type];
		if (!stored) throw new Error(`No test credentials of type "${type}"`);
		// Like n8n: fields the user never set take the credential type's defaults.
		const withDefaults = NodeHelpers.getNodeParameters(this.type(type).properties, stored as never, true, false, null, null);
		return { ...(withDefaults as ICredentialDataDecryptedObject), ...stored };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}
}

const BASE = 'http://127.0.0.1:5678';

export function additionalData(credentialsHelper: ICredentialsHelper, hooks: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
	const notHere = (what: string) => () => {
		throw new Error(`${what} is not available in the test harness`);
	};
	return {
		credentialsHelper,
		hooks,
		executeWorkflow: notHere('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${BASE}/rest`,
		instanceBaseUrl: `${BASE}/`,
		formBaseUrl: `${BASE}/form`,
		formWaitingBaseUrl: `${BASE}/form-waiting`,
		formTestBaseUrl: `${BASE}/form-test`,
		webhookBaseUrl: `${BASE}/webhook`,
		webhookWaitingBaseUrl: `${BASE}/webhook-waiting`,
		webhookTestBaseUrl: `${BASE}/webhook-test`,
		mcpBaseUrl: `${BASE}/mcp`,
		mcpTestBaseUrl: `${BASE}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notHere('startRunnerTask'),
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface WorkflowInput {
	nodes: INode[];
	connections: IConnections;
	/** Credential data by credential type name, e.g. { riskInfoApi: { baseUrl, accessToken, clientId } }. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Items the start node hands on; one empty item by default, like n8n. */
	triggerItems?: INodeExecutionData[];
	/** Name of the node to start from; the first trigger-like node by default. */
	startNode?: string;
	mode?: WorkflowExecuteMode;
	/** Extra node types (e.g. a stand-in) by full type name. */
	nodeTypes?: Record<string, INodeType | IVersionedNodeType>;
}

export interface WorkflowResult {
	/** Output items of each node's last run, per output index. */
	outputs: Record<string, INodeExecutionData[][]>;
	/** Output 0 of each node's last run, the common case. */
	items: Record<string, INodeExecutionData[]>;
	/** Error messages of nodes that failed, by node name. */
	nodeErrors: Record<string, Error>;
	/** The error that stopped the workflow, if any. */
	error?: Error;
	executionOrder: string[];
	run: IRun;
}

/** Accepts a whole exported workflow JSON too (only nodes and connections are used). */
export async function runWorkflow(input: WorkflowInput): Promise<WorkflowResult> {
	const nodeTypes = new NodeTypesRegistry(input.nodeTypes);
	const credentialsHelper = new TestCredentialsHelper(input.credentials ?? {});
	const mode = input.mode ?? 'manual';
	const workflowData = {
		id: 'test-workflow',
		name: 'test',
		active: false,
		nodes: input.nodes,
		connections: input.connections,
		settings: { executionOrder: 'v1' },
		createdAt: new Date(),
		updatedAt: new Date(),
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: input.nodes,
		connections: input.connections,
		nodeTypes,
		active: false,
		settings: workflowData.settings,
	});

	const hooks = new ExecutionLifecycleHooks(mode, 'test-execution', workflowData);
	const executionOrder: string[] = [];
	hooks.addHandler('nodeExecuteAfter', (nodeName: string) => {
		executionOrder.push(nodeName);
	});
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (run: IRun) => resolveRun(run));

	const start = input.startNode
		? workflow.getNode(input.startNode)
		: (input.nodes.find((n) => n.type === MANUAL_TRIGGER) ?? workflow.getStartNode());
	if (!start) throw new Error('The workflow has no start node');

	const runExecutionData: IRunExecutionData = {
		resultData: { runData: {} },
		executionData: {
			metadata: {},
			contextData: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node: start, data: { main: [input.triggerItems ?? [{ json: {} }]] }, source: null }],
		},
	} as unknown as IRunExecutionData;

	const execute = new WorkflowExecute(additionalData(credentialsHelper, hooks), mode, runExecutionData);
	await execute.processRunExecutionData(workflow);
	const run = await finished;

	const outputs: Record<string, INodeExecutionData[][]> = {};
	const items: Record<string, INodeExecutionData[]> = {};
	const nodeErrors: Record<string, Error> = {};
	for (const [name, runs] of Object.entries(run.data.resultData.runData)) {
		const last = runs[runs.length - 1];
		if (last?.error) nodeErrors[name] = last.error;
		const main = (last?.data?.main ?? []).map((o) => o ?? []);
		outputs[name] = main;
		items[name] = main[0] ?? [];
	}
	return { outputs, items, nodeErrors, error: run.data.resultData.error, executionOrder, run };
}

/** The engine's in-memory binary data, as bytes. */
export function binaryBuffer(item: INodeExecutionData, key = 'data'): Buffer {
	const b = item.binary?.[key];
	if (!b) throw new Error(`item has no binary "${key}"`);
	return Buffer.from(b.data, 'base64');
}

export interface RiskInfoRun {
	parameters: IDataObject;
	/** The items the start node hands on, one per RUT or name. */
	inputs?: IDataObject[];
	/** The Risk Info API credential's data. */
	access: { baseUrl: string; accessToken: string; clientIdentifier: string; answerKeyNames?: string };
	/** Node name (default "Risk Info") and settings such as continueOnFail or onError. */
	node?: Partial<INode>;
	/** The Risk Info node type to run instead of the package's, e.g. one a test loaded itself. */
	type?: INodeType;
}

/** Start → Risk Info: the workflow most tests run. */
export async function runRiskInfo(o: RiskInfoRun): Promise<WorkflowResult> {
	const name = o.node?.name ?? 'Risk Info';
	return await runWorkflow({
		nodes: [
			{ id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: '2',
				type: `${PKG.name}.riskInfo`,
				typeVersion: 1,
				position: [200, 0],
				parameters: o.parameters as INode['parameters'],
				credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } },
				...o.node,
				name,
			},
		],
		connections: { Start: { main: [[{ node: name, type: 'main', index: 0 }]] } },
		credentials: { riskInfoApi: o.access },
		triggerItems: (o.inputs ?? [{}]).map((json) => ({ json })),
		nodeTypes: o.type ? { [`${PKG.name}.riskInfo`]: o.type } : undefined,
	});
}

export interface ListSearch {
	access: RiskInfoRun['access'];
	filter?: string;
	paginationToken?: string;
	/** The node's parameters as the editor holds them; a version 3 V2 Get Summary by default. */
	parameters?: IDataObject;
}

/**
 * The RUT picker's From List as n8n's editor asks for it (the server's list search): the node's
 * listSearch method called in n8n-core's LoadOptionsContext, with real HTTP and the credential.
 */
export async function searchLoadedRuts(o: ListSearch): Promise<INodeListSearchResult> {
	const nodeTypes = new NodeTypesRegistry();
	const node: INode = {
		id: '2',
		name: 'Risk Info',
		type: `${PKG.name}.riskInfo`,
		typeVersion: 3,
		position: [0, 0],
		parameters: (o.parameters ?? { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' }) as INode['parameters'],
		credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, nodeTypes, active: false });
	const workflowData = { id: 'list-search', name: 'list search', nodes: [node], connections: {} } as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks('manual', 'list-search', workflowData);
	const context = new LoadOptionsContext(workflow, node, additionalData(new TestCredentialsHelper({ riskInfoApi: o.access }), hooks), 'parameters.rut');
	const search = nodeTypes.getByNameAndVersion(node.type, node.typeVersion).methods?.listSearch?.searchLoadedRuts;
	if (!search) throw new Error('The Risk Info node has no list search "searchLoadedRuts"');
	return await search.call(context, o.filter, o.paginationToken);
}
