'use strict';
// Issue 48 in a real n8n: an AI agent outside n8n builds a Risk Info workflow through n8n's own
// instance MCP server and its workflow-builder tools (n8n 2.40: search_nodes, get_node_types,
// validate_workflow, create_workflow_from_code), with no model: the calls an agent would make,
// checked for what it needs to find and configure our nodes. n8n's search matches node names and
// codex aliases and shows builderHint; get_node_types shows the parameters with their hints
// (nodes/shared/builderHints.ts). MCP access is off by default: the owner turns it on (n8n's
// PATCH /rest/mcp/settings) and takes the MCP API key the settings page shows (GET
// /rest/mcp/api-key); the builder tools are on by default (N8N_MCP_BUILDER_ENABLED).
const { assert } = require('./checks');
const { connect } = require('./mcp');
const { nodeItems } = require('./n8n');
const { loadSandbox, sandboxSummary } = require('./setup');

const ACTION = 'n8n-nodes-riskinfo.riskInfo';
const TRIGGER = 'n8n-nodes-riskinfo.riskInfoTrigger';
const MONITOR = 'n8n-nodes-riskinfo.riskInfoMonitor';
const TOOL = 'n8n-nodes-riskinfo.riskInfoTool';
const TOOLS = ['search_nodes', 'get_node_types', 'validate_workflow', 'create_workflow_from_code'];

/** What an agent would ask, and which of our nodes must be among the first three results. */
const SEARCHES = [
	{ query: 'screen supplier by RUT', node: ACTION },
	{ query: 'Chile company risk', node: ACTION },
	{ query: 'credit score Chile', node: ACTION },
	{ query: 'court cases Chile', node: ACTION },
	{ query: 'compliance screening webhook', node: TRIGGER },
	{ query: 'alert when supplier risk changes', node: MONITOR },
	{ query: 'company risk Chile', node: TOOL, usage: 'agentTool' },
	// What operations staff in Chile type, in Spanish (the codex aliases carry these words).
	{ query: 'riesgo proveedor', node: ACTION },
	{ query: 'consultar RUT', node: ACTION },
	{ query: 'riesgo empresa', node: ACTION },
	{ query: 'lista de cumplimiento', node: ACTION },
	{ query: 'resultado de cumplimiento', node: TRIGGER },
	{ query: 'monitorear RUT', node: MONITOR },
	{ query: 'monitorear proveedores', node: MONITOR },
	{ query: 'consultar RUT', node: TOOL, usage: 'agentTool' },
];

async function callTool(client, name, args) {
	const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
	const text = (result.content ?? []).map((c) => (c.type === 'text' ? c.text : JSON.stringify(c))).join('\n');
	assert(result.isError !== true, `${name} answered an error: ${text.slice(0, 400)}`);
	return { text, data: result.structuredContent };
}

/** The node ids a search section lists, in order, without the related nodes it appends. */
const ranked = (section) => [...section.matchAll(/^- (\S+)(?: \[TRIGGER\])?$/gm)].map((m) => m[1]);
/** One result's block: from its "- id" line to the next result. */
const block = (section, id) => section.split(/\n(?=- )/).find((b) => /^- (\S+)(?: \[TRIGGER\])?\n/.exec(b)?.[1] === id) ?? '';

async function checkSearch(client) {
	const lines = [];
	for (const usage of ['workflow', 'agentTool']) {
		const searches = SEARCHES.filter((s) => (s.usage ?? 'workflow') === usage);
		const { text } = await callTool(client, 'search_nodes', { queries: searches.map((s) => s.query), usage });
		for (const s of searches) {
			const section = text.split('\n\n---\n\n').find((x) => x.startsWith(`## "${s.query}"`)) ?? '';
			const ids = ranked(section);
			const at = ids.indexOf(s.node);
			assert(at >= 0 && at < 3, `search_nodes("${s.query}"${usage === 'agentTool' ? ', agentTool' : ''}) ranks ${s.node} ${at < 0 ? 'nowhere' : `#${at + 1}`}: ${ids.slice(0, 5).join(', ')}`);
			const found = block(section, s.node);
			assert(/@builderHint \S/.test(found), `search_nodes("${s.query}") shows no builder hint for ${s.node}:\n${found.slice(0, 600)}`);
			if (s.node === ACTION || s.node === TOOL) {
				assert(/^\s+- rut:$/m.test(found) && /^\s+- getSummary$/m.test(found), `search_nodes("${s.query}") gives ${s.node} without the rut / getSummary discriminators:\n${found.slice(0, 1200)}`);
				assert(/- load\n\s+.*\n\s+@builderHint Paid:/.test(found), `search_nodes("${s.query}") does not mark the paid load for the builder:\n${found.slice(0, 1500)}`);
			}
			lines.push(`"${s.query}"${usage === 'agentTool' ? ' (agentTool)' : ''} → #${at + 1} ${s.node.split('.')[1]}`);
		}
	}
	return lines.join('; ');
}

async function checkNodeTypes(client) {
	const { text } = await callTool(client, 'get_node_types', { nodeIds: [{ nodeId: ACTION, resource: 'rut', operation: 'getSummary' }] });
	const expect = [
		['rut', /\brut\??:\s*string\b/, /check digit/],
		['loadIfMissing', /\bloadIfMissing\??:\s*boolean\b/, /paid call/],
		['dryRun', /\bdryRun\??:\s*boolean\b/, /nothing paid is sent/],
		['apiVersion', /\bapiVersion\??:\s*['"]v2['"]/, /Use "v2"/],
	];
	const missing = expect.filter(([, type, hint]) => !type.test(text) || !hint.test(text)).map(([name]) => name);
	assert(missing.length === 0, `get_node_types for ${ACTION} rut/getSummary lacks ${missing.join(', ')} with its type and hint:\n${text.slice(0, 3000)}`);
	return `${text.length} characters of TypeScript: ${expect.map(([n]) => n).join(', ')} with their types and our hints`;
}

/**
 * The workflow an agent writes in n8n's workflow SDK: Manual Trigger → Get Summary → IF critical,
 * at the node's default version (3), whose RUT is a resource locator given By ID (mode id).
 */
function workflowCode(name, rut, extra = {}) {
	const parameters = JSON.stringify({ apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: { __rl: true, mode: 'id', value: rut }, loadIfMissing: true, ...extra });
	return `import { workflow, node, trigger, ifElse, expr } from '@n8n/workflow-sdk';

const start = trigger({ type: 'n8n-nodes-base.manualTrigger', version: 1, config: { name: 'Start' } });
const summary = node({ type: '${ACTION}', version: 3, config: { name: 'Get Supplier Summary', parameters: ${parameters} } });
const critical = ifElse({
  version: 2.2,
  config: {
    name: 'Is Critical?',
    parameters: {
      conditions: {
        options: { caseSensitive: true, typeValidation: 'loose' },
        conditions: [{ leftValue: expr('{{ $json.complianceRisk }}'), rightValue: 'critical', operator: { type: 'string', operation: 'equals' } }],
        combinator: 'and'
      }
    }
  }
});

export default workflow('riskinfo-builder', '${name}').add(start).to(summary).to(critical);
`;
}

async function validateAndCreate(client, code, name) {
	const { text, data } = await callTool(client, 'validate_workflow', { code });
	const valid = data?.valid ?? JSON.parse(text).valid;
	assert(valid === true, `validate_workflow finds "${name}" invalid: ${text.slice(0, 800)}`);
	const created = await callTool(client, 'create_workflow_from_code', { code, name, versionName: 'Built through MCP' });
	const out = created.data ?? JSON.parse(created.text);
	assert(out.workflowId, `create_workflow_from_code answered no workflow: ${created.text.slice(0, 600)}`);
	const cred = (out.autoAssignedCredentials ?? []).find((c) => c.credentialType === 'riskInfoApi');
	assert(cred, `create_workflow_from_code gave the Risk Info node no credential: ${created.text.slice(0, 600)}`);
	return { id: out.workflowId, credential: cred.credentialName, warnings: (data?.warnings ?? []).length };
}

/** The items a node put out on an output of a finished execution. */
function outputs(execution, nodeName, output = 0) {
	const items = nodeItems(execution, nodeName, output);
	assert(items, `"${nodeName}" did not run (execution ${execution.id}, ${execution.status}): ${JSON.stringify(execution.data?.resultData?.error ?? {}).slice(0, 400)}`);
	return items.map((i) => i.json);
}

async function checkBuildAndRun(ctx) {
	const { KNOWN_RUTS } = loadSandbox();
	const rut = KNOWN_RUTS.critical;
	ctx.sandbox.loadRut(rut);
	const name = 'Supplier risk check (built through MCP)';
	const wf = await validateAndCreate(ctx.client, workflowCode(name, rut), name);
	const paidBefore = ctx.sandbox.usage().paidLoads;
	const run = await ctx.n8n.runFromEditor(ctx.cookie, ctx.apiKey, wf.id, 'Start');
	assert(run.status === 'success', `the created workflow ended ${run.status}: ${JSON.stringify(run.data?.resultData?.error ?? {}).slice(0, 400)}`);
	const [item] = outputs(run, 'Get Supplier Summary');
	const raw = await sandboxSummary(ctx.sandbox, rut);
	assert(item?.rut === rut && item.complianceRisk === raw.compliance?.riesgo && item.name === raw.identificacion?.razonSocial, `the summary item is ${JSON.stringify(item).slice(0, 300)}; the sandbox says ${rut}, ${raw.identificacion?.razonSocial}, risk ${raw.compliance?.riesgo}`);
	const [onTrue, onFalse] = [outputs(run, 'Is Critical?', 0), outputs(run, 'Is Critical?', 1)];
	assert(onTrue.length === 1 && onFalse.length === 0, `IF critical sent ${onTrue.length} item(s) to true and ${onFalse.length} to false for a ${item.complianceRisk} risk`);
	assert(ctx.sandbox.usage().paidLoads === paidBefore, 'reading a loaded RUT paid for a load');

	// The paid variant, as a careful agent tries it first: a RUT the account lacks, Dry Run on.
	const unloaded = '11111111-1';
	const dryName = 'Supplier risk check, dry run (built through MCP)';
	const dry = await validateAndCreate(ctx.client, workflowCode(dryName, unloaded, { dryRun: true }), dryName);
	const before = ctx.sandbox.usage().paidLoads;
	const dryRun = await ctx.n8n.runFromEditor(ctx.cookie, ctx.apiKey, dry.id, 'Start');
	const [estimate] = outputs(dryRun, 'Get Supplier Summary');
	const paid = ctx.sandbox.usage().paidLoads - before;
	assert(dryRun.status === 'success' && estimate?.wouldPay === true && paid === 0, `the dry run ended ${dryRun.status}, answered ${JSON.stringify(estimate).slice(0, 300)} and paid for ${paid} loads`);
	return `validated and created with "${wf.credential}" assigned (${wf.warnings} warnings); run: ${rut} "${item.name}", complianceRisk ${item.complianceRisk} → IF true; dry run of ${unloaded} with Load If Not Loaded: wouldPay ${estimate.wouldPay} (${estimate.wouldPayFor}), 0 paid loads`;
}

/** Turns on instance MCP access as the owner does on the settings page, and connects with its key. */
async function connectBuilder(n8n, cookie) {
	const on = await n8n.rest('PATCH', '/rest/mcp/settings', { cookie, body: { mcpAccessEnabled: true } });
	assert(on.status === 200 && on.json?.data?.mcpAccessEnabled === true, `turning MCP access on answered ${on.status}: ${on.text.slice(0, 300)}`);
	const key = await n8n.rest('GET', '/rest/mcp/api-key', { cookie });
	const token = key.json?.data?.apiKey;
	assert(key.status === 200 && token && !token.includes('*'), `the MCP API key answered ${key.status}: ${key.text.slice(0, 200).replace(/[\w-]{20,}/g, '…')}`);
	const client = await connect(`${n8n.url}/mcp-server/http`, token);
	const listed = (await client.listTools()).tools.map((t) => t.name);
	const missing = TOOLS.filter((t) => !listed.includes(t));
	assert(missing.length === 0, `n8n's MCP server lacks the workflow-builder tools ${missing.join(', ')} (it lists ${listed.join(', ')})`);
	return client;
}

/**
 * The builder checks, each through `check(id, title, fn)`.
 * @param {{ n8n: object, cookie: string, apiKey: string, sandbox: object, check: Function }} o
 */
async function checkMcpBuilder(o) {
	const started = Date.now();
	const ctx = { ...o };
	let ready;
	const steps = [
		['n1', "n8n's builder search finds our nodes by what people ask, with their discriminators and hints", (c) => checkSearch(c.client)],
		['n2', "n8n's get_node_types gives the action node's parameters with their types and our hints", (c) => checkNodeTypes(c.client)],
		['n3', 'a workflow in n8n\'s workflow SDK, validated and created by n8n\'s tools, runs against the sandbox; its dry run pays nothing', checkBuildAndRun],
	];
	try {
		for (const [id, title, fn] of steps) {
			await o.check(id, title, async () => fn(await (ready ??= connectBuilder(o.n8n, o.cookie).then((client) => Object.assign(ctx, { client })))));
		}
	} finally {
		await ctx.client?.close().catch(() => {});
		process.stdout.write(`[mcp-builder] checks took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
	}
}

module.exports = { checkMcpBuilder, connectBuilder };
