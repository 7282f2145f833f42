'use strict';
// Compliance deliveries as the service sends them (gzip JSON, bearer token), sent by the e2e to
// chosen webhook processes, and the executions they started, read back from n8n.
const crypto = require('node:crypto');
const { nodeItems, fetchText } = require('./n8n');
const { loadSandbox, RISKINFO_TRIGGER, CREDENTIAL_IDS } = require('./setup');

const PROBE_TRIGGER = 'Compliance Result';

/**
 * The Risk Info Trigger as the e2e's workflows hold it: the version a user adds today, named
 * PROBE_TRIGGER, checking deliveries with the sandbox's webhook credential.
 */
function probeTriggerNode(webhookId, parameters, id = crypto.randomUUID()) {
	return {
		id,
		name: PROBE_TRIGGER,
		type: RISKINFO_TRIGGER,
		typeVersion: 1.1,
		position: [0, 0],
		webhookId,
		parameters,
		credentials: { riskInfoWebhookAuthApi: { id: CREDENTIAL_IDS.hook, name: 'Risk Info webhook (sandbox)' } },
	};
}

/**
 * A workflow with nothing but a Risk Info Trigger (every result, one item per event, Ignore
 * Repeated Deliveries on): each execution it records is one delivery the trigger let through.
 */
function probeWorkflow(id, webhookId) {
	return {
		id,
		name: 'Queue probe: every compliance result',
		// Answered on receipt, as n8n's own Webhook probe below is, so the load figures compare the same thing.
		nodes: [probeTriggerNode(webhookId, { authentication: 'credential', events: 'all', minimumRisk: 'any', output: 'event', ignoreRepeatedDeliveries: true, respond: 'immediately' }, `${webhookId}-node`)],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The same deliveries into n8n's own Webhook node, the baseline for answer times: n8n exempts
 * its own Webhook node from the expression isolate it builds for every other trigger's delivery.
 */
function coreWebhookWorkflow(id, webhookId) {
	return {
		id,
		name: "Queue probe: n8n's own Webhook node",
		nodes: [
			{
				id: `${webhookId}-node`,
				name: CORE_TRIGGER,
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				parameters: { httpMethod: 'POST', path: 'riskinfo-core-probe', responseMode: 'onReceived', options: {} },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}
const CORE_TRIGGER = 'Webhook';

/** The production URL of a probe workflow (either kind) on the n8n or webhook processor at `baseUrl`. */
const probeUrl = (baseUrl, wf) =>
	wf.nodes[0].type === RISKINFO_TRIGGER ? `${baseUrl}/webhook/${wf.nodes[0].webhookId}/riskinfo-compliance` : `${baseUrl}/webhook/${wf.nodes[0].parameters.path}`;

const KINDS = ['critical', 'noMatch', 'failed'];

/** The event the sandbox would send for webhook `id`: SUCCESS with a critical match, SUCCESS without matches, or FAILED. */
function complianceEvent(id, kind = 'critical') {
	const { buildComplianceEvent, KNOWN_NAMES } = loadSandbox();
	const outcome = { critical: 'success', noMatch: 'nomatch', failed: 'failed' }[kind];
	return buildComplianceEvent(outcome, { webhookId: id, fullName: KNOWN_NAMES[kind], isJuridicalPerson: true, searchErrors: 0 });
}

/** One POST of `event`, gzip and bearer as the service sends it; resolves { status, ms, body } (status 0: no answer). */
async function send(url, event, token, timeoutMs = 60_000) {
	const { encodeDelivery } = loadSandbox();
	const { headers, body } = encodeDelivery(event, token === undefined ? { type: 'none' } : { type: 'bearer', token });
	const t0 = performance.now();
	try {
		const res = await fetchText(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
		return { status: res.status, ms: performance.now() - t0, body: res.json ?? res.text };
	} catch (err) {
		return { status: 0, ms: performance.now() - t0, body: String(err && err.message) };
	}
}

/** Sends `jobs` ({ url, event }) at `perSecond`, without waiting for answers before the next; resolves the answers in order. */
async function sendAtRate(jobs, perSecond, token) {
	const t0 = performance.now();
	return await Promise.all(
		jobs.map(async (job, i) => {
			const due = t0 + (i * 1000) / perSecond - performance.now();
			if (due > 0) await new Promise((r) => setTimeout(r, due));
			return { ...job, sentAt: Date.now(), ...(await send(job.url, job.event, token)) };
		}),
	);
}

/** The webhookId an execution of either probe workflow received. */
function webhookIdOf(execution) {
	const risk = nodeItems(execution, PROBE_TRIGGER)?.[0]?.json;
	return risk ? risk.webhookId : nodeItems(execution, CORE_TRIGGER)?.[0]?.json?.body?.webhookId;
}

/** Executions of a probe workflow grouped by the webhookId they received. */
async function executionsByWebhookId(n8n, apiKey, workflowId) {
	const byId = new Map();
	for (const e of await n8n.allExecutions(apiKey, workflowId, { includeData: true })) {
		const id = webhookIdOf(e);
		if (!byId.has(id)) byId.set(id, []);
		byId.get(id).push(e);
	}
	return byId;
}

function percentile(values, p) {
	const sorted = [...values].sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

module.exports = { probeTriggerNode, probeWorkflow, coreWebhookWorkflow, probeUrl, PROBE_TRIGGER, KINDS, complianceEvent, send, sendAtRate, executionsByWebhookId, percentile };
