'use strict';
// Issue 22 points 7 and 8, in a real n8n: what a delivery nested very deep, and one that inflates
// past n8n's body limit, get end to end. Needs only the running n8n's URL, an API key for its
// public API and the token of the webhook credential the e2e imported (under the examples' id);
// it creates and activates a workflow of its own (a lone Risk Info Trigger), so it depends on
// nothing else the e2e sets up.
const crypto = require('node:crypto');
const { gzipSync } = require('node:zlib');
const { assert, waitFor } = require('./checks');
const { CREDENTIAL_IDS } = require('./setup');
const { fetchText, nodeItems } = require('./n8n');

const TRIGGER_TYPE = 'n8n-nodes-riskinfo.riskInfoTrigger';
const MiB = 1024 * 1024;
/** n8n's default N8N_PAYLOAD_SIZE_MAX (16 MiB), and the trigger's own ceiling for bodies it inflates. */
const LIMIT = 16 * MiB;
/** Long enough for n8n to have saved an execution a delivery started, had it started one. */
const SETTLE_MS = 3000;

async function api(baseUrl, apiKey, method, p, body) {
	const res = await fetchText(`${baseUrl}${p}`, {
		method,
		headers: { accept: 'application/json', 'x-n8n-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
		body: body ? JSON.stringify(body) : undefined,
		signal: AbortSignal.timeout(30_000),
	});
	if (res.status !== 200) throw new Error(`${method} ${p} answered ${res.status}: ${res.text.slice(0, 300)}`);
	return res.json;
}

async function createTriggerWorkflow(baseUrl, apiKey, credentialId) {
	const webhookId = crypto.randomUUID();
	const wf = await api(baseUrl, apiKey, 'POST', '/api/v1/workflows', {
		name: 'e2e: hostile deliveries',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Risk Info Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1.1,
				position: [0, 0],
				webhookId,
				parameters: {},
				credentials: { riskInfoWebhookAuthApi: { id: credentialId, name: 'Risk Info webhook (sandbox)' } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
	});
	await api(baseUrl, apiKey, 'POST', `/api/v1/workflows/${wf.id}/activate`);
	const url = `${baseUrl}/webhook/${webhookId}/riskinfo-compliance`;
	// Activation answers before the webhook is registered; until then n8n answers 404.
	await waitFor('the trigger of the new workflow did not answer', async () => (await post(url, { 'Content-Type': 'application/json' }, '{}')).status === 401, 30_000);
	return { id: wf.id, url };
}

async function post(url, headers, body) {
	return await fetchText(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(120_000) });
}

/** How deeply objects and arrays nest in `value`, counted without recursion (JSON.stringify overflows at ~4,400). */
function nesting(value) {
	let max = 0;
	const stack = [[value, 0]];
	while (stack.length) {
		const [v, depth] = stack.pop();
		if (v === null || typeof v !== 'object') continue;
		max = Math.max(max, depth + 1);
		for (const child of Object.values(v)) stack.push([child, depth + 1]);
	}
	return max;
}

const deepJson = (levels, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

/** A FAILED event as JSON text, with `extraJson` (raw JSON text) under an unknown field. */
function eventJson(webhookId, extraJson) {
	return `{"webhookId":${webhookId},"estado":"FAILED","nombreCompleto":"Servicios Hondos SpA","error":"e2e","detalle":"e2e","nivelDetalle":${extraJson}}`;
}

const serviceForm = (token) => ({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Authorization: `Bearer ${token}` });

async function executionCount(baseUrl, apiKey, workflowId) {
	const q = new URLSearchParams({ workflowId, includeData: 'false', limit: '250' });
	return (await api(baseUrl, apiKey, 'GET', `/api/v1/executions?${q}`)).data.length;
}

/** Sends, waits, and asserts the answer and that no execution was recorded; returns "<status> <error>". */
async function expectNothingStarted(ctx, what, headers, body, expected) {
	const before = await executionCount(ctx.baseUrl, ctx.apiKey, ctx.wf.id);
	const answer = await post(ctx.wf.url, headers, body);
	const got = `${answer.status} ${answer.json?.error ?? answer.json?.message ?? answer.text.slice(0, 80)}`;
	await new Promise((r) => setTimeout(r, SETTLE_MS));
	const after = await executionCount(ctx.baseUrl, ctx.apiKey, ctx.wf.id);
	assert(answer.status === expected.status, `${what}: answered ${got}, expected ${expected.status}`);
	if (expected.error) assert(answer.json?.error === expected.error, `${what}: answered ${got}, expected error "${expected.error}"`);
	if (expected.message) assert(String(answer.json?.message).includes(expected.message), `${what}: answered ${got}, expected the message "${expected.message}"`);
	assert(after === before, `${what}: answered ${got}, but ${after - before} executions were recorded`);
	return `${what}: ${got}, no execution`;
}

/** Point 7: a 5,000-deep value is refused (400 too_deep) and starts nothing; 100 levels are saved and read back whole. */
async function checkDeepValue(ctx) {
	const id = 910_000 + crypto.randomInt(80_000);
	const refused = await expectNothingStarted(
		ctx,
		'a value 5,000 levels deep in an unknown field',
		serviceForm(ctx.hookToken),
		gzipSync(eventJson(id, deepJson(5_000))),
		{ status: 400, error: 'too_deep' },
	);
	// The event is level 1, so its field holds 99 levels: the deepest event the trigger accepts.
	const fitsId = id + 1;
	const fits = await post(ctx.wf.url, serviceForm(ctx.hookToken), gzipSync(eventJson(fitsId, deepJson(99, '"fondo"'))));
	assert(fits.status === 200, `an event nesting 100 levels was answered ${fits.status}: ${fits.text.slice(0, 200)}`);
	const summary = await waitFor(
		`no execution recorded for webhook ${fitsId}`,
		async () => {
			const q = new URLSearchParams({ workflowId: ctx.wf.id, includeData: 'false', limit: '50' });
			return (await api(ctx.baseUrl, ctx.apiKey, 'GET', `/api/v1/executions?${q}`)).data.find((e) => e.finished || e.status === 'success' || e.status === 'error');
		},
		30_000,
	);
	const exec = await api(ctx.baseUrl, ctx.apiKey, 'GET', `/api/v1/executions/${summary.id}?includeData=true`);
	assert(exec.status === 'success', `the execution for webhook ${fitsId} is ${exec.status}`);
	const item = nodeItems(exec, 'Risk Info Trigger')?.[0]?.json;
	assert(item && item.webhookId === fitsId, `execution ${exec.id} holds ${JSON.stringify(item)?.slice(0, 200)}`);
	const kept = item.extra?.nivelDetalle;
	assert(nesting(kept) === 99 && JSON.stringify(kept) === deepJson(99, '"fondo"'), `execution ${exec.id} read back a value nesting ${nesting(kept)} levels, not the 99 sent`);
	return `${refused}; an event nesting 100 levels: 200, execution ${exec.id} saved and read back through the public API with the value whole`;
}

/** Point 8: bodies that inflate past 16 MiB, in each form, as a real n8n answers them. */
async function checkOversize(ctx) {
	const json = `{"webhookId":${920_000 + crypto.randomInt(80_000)},"estado":"FAILED","error":"e2e","detalle":"${'A'.repeat(LIMIT + MiB)}"}`;
	const gz = gzipSync(json);
	const auth = { Authorization: `Bearer ${ctx.hookToken}` };
	const lines = [];
	// The service's own form: n8n inflates and parses the body before any node runs, and answers
	// its body limit with a 500 of its own.
	lines.push(
		await expectNothingStarted(ctx, `service form (gzip ${Math.round(gz.length / 1024)} KiB inflating to ${(json.length / MiB).toFixed(0)} MiB)`, serviceForm(ctx.hookToken), gz, {
			status: 500,
			message: 'There was a problem executing the workflow',
		}),
	);
	// The same bytes without Content-Encoding reach the trigger still compressed; it inflates them
	// itself and stops at 16 MiB.
	lines.push(await expectNothingStarted(ctx, 'the same gzip as Content-Type: application/gzip', { ...auth, 'Content-Type': 'application/gzip' }, gz, { status: 413, error: 'body_too_large' }));
	// Uncompressed, n8n's body limit answers first again.
	lines.push(
		await expectNothingStarted(ctx, `uncompressed application/json of ${(json.length / MiB).toFixed(0)} MiB`, { ...auth, 'Content-Type': 'application/json' }, Buffer.from(json), {
			status: 500,
			message: 'There was a problem executing the workflow',
		}),
	);
	return lines.join('; ');
}

/**
 * Gzip the trigger inflates itself (a Content-Type n8n does not parse), made of several members as
 * RFC 1952 allows: n8n's Node 24 inflates one member per stream, so this is where that is shown.
 */
async function checkMembers(ctx) {
	const id = 1_000_000 + crypto.randomInt(80_000);
	const json = eventJson(id, '{"membros":2}');
	const half = Math.floor(json.length / 2);
	const headers = { Authorization: `Bearer ${ctx.hookToken}`, 'Content-Type': 'application/gzip' };
	const two = await post(ctx.wf.url, headers, Buffer.concat([gzipSync(json.slice(0, half)), gzipSync(json.slice(half))]));
	assert(two.status === 200, `a body of two gzip members was answered ${two.status}: ${two.text.slice(0, 200)}`);
	const exec = await waitFor(
		`no execution recorded for webhook ${id}`,
		async () => {
			const q = new URLSearchParams({ workflowId: ctx.wf.id, includeData: 'true', limit: '20' });
			const runs = (await api(ctx.baseUrl, ctx.apiKey, 'GET', `/api/v1/executions?${q}`)).data;
			return runs.find((e) => nodeItems(e, 'Risk Info Trigger')?.[0]?.json?.webhookId === id);
		},
		30_000,
	);
	assert(exec.status === 'success', `the execution for webhook ${id} is ${exec.status}`);
	const many = Buffer.concat(Array.from({ length: 65 }, (_, i) => gzipSync(i === 0 ? json : ' ')));
	const refused = await expectNothingStarted(ctx, 'a body of 65 gzip members', headers, many, { status: 400, error: 'bad_gzip', message: 'more than 64 gzip members' });
	return `two members as application/gzip: 200, execution ${exec.id} with webhook ${id}; ${refused}`;
}

/**
 * Runs the checks as (g), (h) and (i) through the e2e's `check(id, title, fn)`.
 * @param {{ baseUrl: string, apiKey: string, hookToken: string, check: Function, credentialId?: string }} o
 */
async function checkHostileDeliveries(o) {
	let ctx;
	const ready = async () => (ctx ??= { ...o, wf: await createTriggerWorkflow(o.baseUrl, o.apiKey, o.credentialId ?? CREDENTIAL_IDS.hook) });
	await o.check('g', 'a delivery nested 5,000 levels deep is refused, 100 levels are saved', async () => checkDeepValue(await ready()));
	await o.check('h', 'deliveries that inflate past 16 MiB, in each body form', async () => checkOversize(await ready()));
	await o.check('i', 'gzip of several members, inflated by the trigger itself on n8n\'s Node', async () => checkMembers(await ready()));
}

module.exports = { checkHostileDeliveries };
