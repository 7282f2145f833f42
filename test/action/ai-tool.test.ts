// The Risk Info node as a tool for AI agents and MCP clients, built and called the way
// n8n builds and calls it: n8n turns a `usableAsTool` node into a "<name>Tool" node type whose only
// output is ai_tool (convertNodeToAiTool, in n8n's server package, ported below), and n8n-core's
// getInputConnectionData turns each connected tool node into a LangChain tool (createNodeAsTool:
// name from the node's name, description from the operation's action or the node's Description,
// input schema from its $fromAI() calls) whose invocation runs the node's execute(). Here a stand-in
// for the MCP Server Trigger (or an AI Agent) asks n8n-core for its tools inside a real execution
// and calls them against the sandbox. The real n8n's own conversion is checked by `npm run e2e`
// (scripts/lib/mcp.js), through a real MCP client.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deepCopy, NodeConnectionTypes, nodeNameToToolName } from 'n8n-workflow';
import type { IExecuteFunctions, INode, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/RiskInfo/actions/registry';
import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { MANUAL_TRIGGER, runWorkflow } from '../../harness/workflow';
import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { rawGet } from './context';

const TOOL_TYPE = 'n8n-nodes-riskinfo.riskInfoTool';
const HOST_TYPE = 'test.toolHost';
const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'risk-tools-mcp.json');
const PAID = new Set(['load', 'loadProfile']);

/** What n8n-core hands a parent node for each tool node: a LangChain structured tool. */
interface Tool {
	name: string;
	description: string;
	schema: { shape: Record<string, { description?: string; _def: { typeName: string } }> };
	invoke(args: Record<string, unknown>): Promise<string>;
}

/**
 * n8n 2.40.7's convertNodeToAiTool (packages/cli/src/tool-generation/ai-tools.ts), for a node with
 * resource and operation and no callout: "Tool" appended to the name and display name, no main
 * input, one ai_tool output, and a "Tool Description" choice (automatic by default) before the
 * node's own parameters.
 */
function asTool(nodeType: INodeType): INodeType {
	const d = deepCopy(nodeType.description) as INodeTypeDescription;
	d.name += 'Tool';
	d.displayName += ' Tool';
	d.inputs = [];
	d.outputs = [NodeConnectionTypes.AiTool];
	delete d.usableAsTool;
	const descriptionType: INodeProperties = {
		displayName: 'Tool Description',
		name: 'descriptionType',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Set Automatically', value: 'auto', description: 'Automatically set based on resource and operation' },
			{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
		],
		default: 'auto',
	};
	const toolDescription: INodeProperties = {
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: d.description,
		required: true,
		typeOptions: { rows: 2 },
		displayOptions: { show: { descriptionType: ['manual'] } },
		description: 'Explain to the LLM what this tool does',
	};
	d.properties = [descriptionType, toolDescription, ...d.properties];
	return Object.create(nodeType, { description: { value: d } }) as INodeType;
}

const sb = useSandbox();
const access = () => ({ baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId });

/**
 * Runs Start → host with `toolNodes` connected to the host's ai_tool input, inside n8n's engine;
 * the host asks n8n-core for its tools and hands them to `use` in the order of `toolNodes` (found
 * by the name n8n gives a node's tool), and `use`'s result is returned.
 */
async function withTools<T>(toolNodes: INode[], use: (tools: Tool[]) => Promise<T>): Promise<T> {
	let outcome: { value: T } | { error: unknown } | undefined;
	class ToolHost implements INodeType {
		description = {
			displayName: 'Tool host (MCP Server Trigger stand-in)',
			name: 'toolHost',
			group: ['transform'],
			version: 1,
			description: 'Asks n8n for the tools connected to it and uses them',
			defaults: { name: 'Tool Host' },
			inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, displayName: 'Tools' }],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		} as unknown as INodeTypeDescription;

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Tool[];
			try {
				const ordered = toolNodes.map((n) => tools.find((t) => t.name === nodeNameToToolName(n)));
				if (tools.length !== toolNodes.length || ordered.includes(undefined)) throw new Error(`n8n gave the tools ${tools.map((t) => t.name).join(', ')}`);
				outcome = { value: await use(ordered as Tool[]) };
			} catch (error) {
				outcome = { error };
			}
			return [[{ json: {} }]];
		}
	}
	const host: INode = { id: 'host', name: 'Tool Host', type: HOST_TYPE, typeVersion: 1, position: [200, 0], parameters: {} };
	const nodes: INode[] = [
		{ id: 'start', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} },
		host,
		...toolNodes.map((n) => ({ ...n, credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } } })),
	];
	const connections: Record<string, object> = { Start: { main: [[{ node: host.name, type: 'main', index: 0 }]] } };
	for (const n of toolNodes) connections[n.name] = { ai_tool: [[{ node: host.name, type: 'ai_tool', index: 0 }]] };
	const run = await runWorkflow({
		nodes,
		connections: connections as never,
		credentials: { riskInfoApi: access() },
		nodeTypes: { [TOOL_TYPE]: asTool(new RiskInfo()), [HOST_TYPE]: new ToolHost() },
	});
	if (!outcome) throw run.error ?? new Error(`the host never ran: ${JSON.stringify(run.nodeErrors)}`);
	if ('error' in outcome) throw outcome.error;
	return outcome.value;
}

/** A tool call's error, as n8n's MCP Server Trigger words it for the client (`${name}: ${message}`). */
async function toolError(tool: Tool, args: Record<string, unknown>): Promise<Error> {
	try {
		const answer = await tool.invoke(args);
		throw new Error(`the tool answered instead of failing: ${answer.slice(0, 300)}`);
	} catch (error) {
		return error as Error;
	}
}

const isPlain = (text: string) => !/\n\s+at |\.ts:\d+|\.js:\d+|node_modules/.test(text);

const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as { nodes: INode[] };
const exampleTools = example.nodes.filter((n) => n.type === TOOL_TYPE);
const byOperation = (op: string) => exampleTools.find((n) => n.parameters.operation === op)!;

describe('every operation as a tool, with its description set automatically', () => {
	const operations = (['v2', 'v1'] as const).flatMap((version) =>
		RESOURCES[version].flatMap((resource) => resource.operations.map((operation) => ({ version, resource, operation }))),
	);
	const nodes: INode[] = operations.map(({ version, resource, operation }, i) => ({
		id: `tool-${i}`,
		name: `${version} ${resource.name} ${operation.name}`,
		type: TOOL_TYPE,
		typeVersion: 1,
		position: [0, 200],
		parameters: { apiVersion: version, resource: resource.value, operation: operation.value },
	}));

	test('is named after its node and described by its own action, so a model can tell them apart', async () => {
		const tools = await withTools(nodes, async (t) => t);
		expect(tools).toHaveLength(operations.length);
		operations.forEach(({ operation }, i) => {
			const tool = tools[i];
			// n8n's tool names allow letters, digits, _ and - only; the node's words survive.
			expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
			expect(tool.name.split('_')).toEqual(expect.arrayContaining(operation.name.split(/[^A-Za-z0-9-]+/).filter(Boolean)));
			// Not n8n's fallbacks: the node's generic description, or the raw "getSummary rut".
			expect(tool.description).toContain(operation.action);
			expect(tool.description).not.toContain(operation.value);
			expect(tool.description).not.toBe(new RiskInfo().description.description);
		});
		expect(new Set(tools.map((t) => t.description)).size).toBe(tools.length);
		// A legacy operation says it is one.
		operations.forEach(({ version }, i) => expect(tools[i].description.includes('(V1)')).toBe(version === 'v1'));
	});
});

describe('the MCP example\'s tools (examples/risk-tools-mcp.json)', () => {
	test('are the free reads the issue names, with Simplify on and nothing that can pay', () => {
		const exposed = exampleTools.map((n) => `${String(n.parameters.resource)}.${String(n.parameters.operation)}`);
		expect(exposed).toEqual(expect.arrayContaining(['rut.getSummary', 'judicial.getCivilCases', 'compliance.getByRut', 'account.getUsage']));
		for (const n of exampleTools) {
			expect([n.name, PAID.has(String(n.parameters.operation))]).toEqual([n.name, false]);
			expect([n.name, n.parameters.loadIfMissing === true]).toEqual([n.name, false]);
			expect(RESOURCES.v2.find((r) => r.value === n.parameters.resource)?.operations.some((o) => o.value === n.parameters.operation)).toBe(true);
		}
		expect(byOperation('getSummary').parameters.simplify).toBe(true);
	});

	test('show the model a name, the example\'s description and a RUT input that tells the format and that reads are free', async () => {
		const tools = await withTools(exampleTools, async (t) => t);
		// The node's name with _ for spaces: "Get Risk Summary" is Get_Risk_Summary to the model.
		expect(tools.map((t) => t.name)).toEqual(exampleTools.map((n) => n.name.replace(/ /g, '_')));
		tools.forEach((tool, i) => {
			const node = exampleTools[i];
			expect(tool.description).toBe(node.parameters.toolDescription);
			expect(tool.description.length).toBeGreaterThan(80);
			const inputs = Object.keys(tool.schema.shape);
			if (node.parameters.operation === 'getUsage') {
				expect(inputs).toEqual([]);
				return;
			}
			expect(inputs).toEqual(['rut']);
			const rut = tool.schema.shape.rut;
			expect(rut._def.typeName).toBe('ZodString');
			expect(rut.description).toMatch(/76111111-6/);
			expect(rut.description).toMatch(/check digit \(0-9 or K\)/);
			expect(rut.description).toMatch(/already loaded into the account is free/);
			expect(tool.description).toMatch(/Free for a RUT already loaded/);
		});
		expect(tools.map((t) => t.name).sort()).toEqual(['Get_Account_Usage', 'Get_Civil_Cases', 'Get_Compliance_by_RUT', 'Get_Risk_Summary']);
	});

	test('answer the model with the sandbox\'s data: Get Summary one simplified record, Get Usage the plan as one flat record', async () => {
		const rut = KNOWN_RUTS.indebted;
		const raw = (await rawGet(sb, `/api/clients/v2/helper/resumen?rut=${rut}`)).body.data;
		sb.configure({ plan: { lookups: 120, monitoringPlaces: 4, start: '2025-07', end: '2026-06' } });
		sb.resetLog();
		const [summary, usage] = await withTools([byOperation('getSummary'), byOperation('getUsage')], async ([s, u]) => [
			JSON.parse(await s.invoke({ rut: '76.222.222-1' })),
			JSON.parse(await u.invoke({})),
		]);
		expect(summary).toHaveLength(1);
		expect(summary[0]).toMatchObject({ rut, name: raw.identificacion.razonSocial, activeCivilCases: raw.judicial.casosCivilesActivos });
		// A flat record: no nested section of the full summary reaches the model.
		expect(Object.values(summary[0]).every((v) => v === null || typeof v !== 'object' || Array.isArray(v))).toBe(true);
		// The RUTs of this file were loaded as test setup, without a paid look-up or monitoring.
		expect(usage).toEqual([
			expect.objectContaining({
				paidLookupsContracted: 120,
				paidLookupsUsed: 0,
				paidLookupsRemaining: 120,
				monitoringPlacesContracted: 4,
				monitoringPlacesUsed: 0,
				monitoringPlacesOverPlan: 0,
				planStart: '2025-07',
				planEnd: '2026-06',
			}),
		]);
		expect(Object.values(usage[0]).every((v) => v === null || typeof v !== 'object')).toBe(true);
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/clients/v2/helper/resumen', 'GET /api/clients/v2/usage']);
		expect(sb.usage().paidLoads).toBe(0);
	});
});

describe('errors on the tool path', () => {
	const summaryNode = () => byOperation('getSummary');

	test('a malformed RUT from the model: a plain message saying what is wrong, and no request', async () => {
		const errors = await withTools([summaryNode()], async ([tool]) => [await toolError(tool, { rut: '76222222-5' }), await toolError(tool, { rut: 'Acme SpA' })]);
		expect(errors[0].message).toMatch(/^RUT "76222222-5" is not a valid RUT: the check digit does not match the number\n\nDetails: A character of this RUT is probably mistyped.*Check the whole RUT against its source/s);
		// No suggested check digit or corrected RUT: following one would read (and maybe load) another taxpayer.
		expect(errors[0].message).not.toMatch(/76\.?222\.?222-?1|expected|Write/);
		expect(errors[1].message).toMatch(/^RUT "Acme SpA" is not a valid RUT: this is not a RUT at all; a RUT is a number/);
		// What the MCP Server Trigger sends the client: a sentence naming the tool, no class name.
		const node = summaryNode();
		for (const e of errors) expect(`${e.name}: ${e.message}`).toMatch(new RegExp(`^The tool "${node.name}" could not answer: RUT "`));
		expect(errors[1].message.indexOf('not a RUT at all')).toBeLessThan(errors[1].message.indexOf('check digit'));
		for (const e of errors) expect([e.message, isPlain(e.message)]).toEqual([e.message, true]);
		expect(sb.requests).toHaveLength(0);
	});

	test('a RUT the account has not loaded: a plain message, one free read, no load, no token', async () => {
		const rut = '11111111-1';
		const error = await withTools([summaryNode()], async ([tool]) => await toolError(tool, { rut }));
		expect(error.message).toMatch(new RegExp(`^RUT ${rut} is not loaded in this account\\.`));
		expect(isPlain(error.message)).toBe(true);
		expect(error.message).not.toContain(sb.token);
		expect(sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /api/clients/v2/helper/resumen 404']);
		expect(sb.usage().paidLoads).toBe(0);
	});

	test('with On Error set to continue, the model gets the error as data, still a plain message', async () => {
		const node = { ...summaryNode(), onError: 'continueRegularOutput' as const };
		const answer = await withTools([node], async ([tool]) => JSON.parse(await tool.invoke({ rut: '76222222-5' })));
		expect(answer).toEqual([{ error: expect.stringMatching(/^RUT "76222222-5" is not a valid RUT: the check digit does not match the number/), details: expect.any(Object) }]);
		expect(isPlain(JSON.stringify(answer))).toBe(true);
		expect(sb.requests).toHaveLength(0);
	});
});
