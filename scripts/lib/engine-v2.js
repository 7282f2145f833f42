'use strict';
// n8n's execution engine 2.0, which a workflow opts into with settings.engineType "v2" (n8n's
// engine-v2 module, keeping its executions in a Postgres of its own). It answers webhooks only on
// receipt and refuses a delivery to any trigger set otherwise with a 400, which the service would
// see and the user never would. Checked in an n8n of its own, beside the e2e's:
//   (v1) a workflow with the Risk Info Trigger at its defaults (Respond: When the Workflow Has
//        Finished, Ignore Repeated Deliveries on, which engine 2.0 cannot keep) is refused when it
//        is published, with a message saying what to change, and a delivery to its URL starts nothing
//   (v2) changed as it says, it is published; a delivery is answered 200 and its execution, run
//        by engine 2.0, holds the event
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { assert, waitFor } = require('./checks');
const { freePort, installPackage, nodeItems } = require('./n8n');
const { n8nProcess, startWithOwner } = require('./launch');
const { importWorkflows, CREDENTIAL_IDS } = require('./setup');
const { ensureServicePackages, startPostgres } = require('./services');
const { PROBE_TRIGGER, complianceEvent, probeTriggerNode, send } = require('./deliveries');

// n8n's REST API gives an execution's run data as the text n8n stores, flatted's format.
const flatted = require('flatted');

const OWNER = { email: 'engine@example.com', firstName: 'Engine', lastName: 'Two', password: 'Engine-2-sandbox' };

/** A workflow on engine 2.0: the Risk Info Trigger (its defaults, or the parameters given) and nothing after it. */
function engineWorkflow(name, parameters) {
	const webhookId = crypto.randomUUID();
	return {
		id: `riskinfoEngine${parameters ? 'Changed' : 'Default'}`,
		name,
		nodes: [probeTriggerNode(webhookId, parameters ?? {})],
		connections: {},
		settings: { executionOrder: 'v1', engineType: 'v2' },
	};
}

const hookUrl = (n8n, wf) => `${n8n.url}/webhook/${wf.nodes[0].webhookId}/riskinfo-compliance`;

/** Engine 2.0's executions of a workflow, oldest first, read from its own database. */
async function engineExecutions(pg, workflowId) {
	const r = await pg.psql(`select id || ' ' || status from workflow_execution where workflow_id = '${workflowId}' order by created_at`);
	if (r.code !== 0) throw new Error(`reading engine 2.0's executions failed: ${r.output.slice(0, 300)}`);
	return r.output.split('\n').filter(Boolean).map((l) => ({ id: l.split(' ')[0], status: l.split(' ')[1] }));
}

/**
 * Runs (v1) and (v2) through `check` in an n8n of `runtime` with engine 2.0 on, in `dir`, with
 * `tarball` installed; `hookToken` is the webhook credential's secret.
 */
async function checkEngineV2({ runtime, dir, tarball, hookToken, check, step }) {
	await ensureServicePackages(step);
	const pg = await startPostgres(path.join(dir, 'postgres'), { log: step });
	const userFolder = path.join(dir, 'home');
	fs.mkdirSync(userFolder, { recursive: true });
	await installPackage(userFolder, tarball);
	const n8n = await n8nProcess(runtime, {
		userFolder,
		logFile: path.join(dir, 'n8n.log'),
		extraEnv: {
			N8N_ENABLED_MODULES: 'engine-v2',
			N8N_ENGINE_DATABASE_URL: `postgres://n8n@127.0.0.1:${pg.port}/n8n`,
			N8N_ENGINE_HOST: '127.0.0.1',
			N8N_ENGINE_PORT: String(await freePort()),
			N8N_ENGINE_CONTROL_PLANE_PORT: String(await freePort()),
		},
	});
	const byDefault = engineWorkflow('Engine 2.0: Risk Info Trigger at its defaults');
	const changed = engineWorkflow('Engine 2.0: Risk Info Trigger as the refusal says', { respond: 'immediately', ignoreRepeatedDeliveries: false });
	try {
		const credentials = path.join(userFolder, 'credentials-import.json');
		fs.writeFileSync(credentials, JSON.stringify([{ id: CREDENTIAL_IDS.hook, name: 'Risk Info webhook (sandbox)', type: 'riskInfoWebhookAuthApi', data: { method: 'bearer', token: hookToken } }]), { mode: 0o600 });
		await n8n.importCredentials(credentials);
		await importWorkflows(n8n, [byDefault, changed]);
		step('starting n8n with engine 2.0');
		const cookie = await startWithOwner(n8n, OWNER);
		const apiKey = await n8n.createApiKey(cookie);

		await check('v1', 'engine 2.0, the trigger at its defaults: refused when published, saying what to change', async () => {
			const res = await n8n.rest('POST', `/api/v1/workflows/${byDefault.id}/activate`, { apiKey });
			assert(res.status === 200 || (res.status >= 400 && res.status < 500), `publishing answered ${res.status}: ${res.text.slice(0, 300)}`);
			// n8n 2.40 on publishes in the background; the editor shows how it went from here.
			const said =
				res.status === 200
					? await waitFor('the publication did not settle', async () => {
							const s = await n8n.rest('GET', `/rest/workflows/${byDefault.id}/publication-status`, { cookie });
							const status = s.json?.data?.status;
							if (status === 'in_progress' || s.status !== 200) return undefined;
							assert(status === 'failed', `the publication ended ${status}: ${s.text.slice(0, 300)}`);
							return s.json.data.triggers.map((t) => t.errorMessage).join(' / ');
						}, 60_000)
					: (res.json?.message ?? res.text);
			assert(/engine 2\.0.*set Respond to Immediately and turn Ignore Repeated Deliveries off/.test(said), `publishing was refused with "${said.slice(0, 300)}"`);
			const delivery = await send(hookUrl(n8n, byDefault), complianceEvent(crypto.randomInt(800_000, 900_000)), hookToken);
			assert(delivery.status === 404, `a delivery to its URL was answered ${delivery.status}: ${JSON.stringify(delivery.body).slice(0, 200)}`);
			assert((await engineExecutions(pg, byDefault.id)).length === 0, 'a delivery started an execution');
			return `publishing failed with "${said.slice(0, 200)}"; a delivery to its URL is answered 404 and starts nothing`;
		});

		await check('v2', 'engine 2.0, the trigger changed as that message says: a delivery runs', async () => {
			const res = await n8n.rest('POST', `/api/v1/workflows/${changed.id}/activate`, { apiKey });
			assert(res.status === 200, `publishing answered ${res.status}: ${res.text.slice(0, 300)}`);
			const url = hookUrl(n8n, changed);
			// Publishing answers before the webhook is registered; until then n8n answers 404.
			await waitFor(`the workflow did not answer at ${url}`, async () => (await send(url, {}, undefined)).status === 401, 60_000);
			const id = crypto.randomInt(800_000, 900_000);
			const delivery = await send(url, complianceEvent(id), hookToken);
			assert(delivery.status === 200, `the delivery was answered ${delivery.status}: ${JSON.stringify(delivery.body).slice(0, 300)}`);
			const [run] = await waitFor('engine 2.0 finished no execution', async () => {
				const runs = await engineExecutions(pg, changed.id);
				return runs.length && !['queued', 'running'].includes(runs[0].status) && runs;
			}, 60_000);
			assert(run.status === 'completed', `engine 2.0's execution ${run.id} ended ${run.status}`);
			const exec = await n8n.rest('GET', `/rest/executions/${run.id}`, { cookie });
			assert(exec.status === 200, `reading execution ${run.id} answered ${exec.status}: ${exec.text.slice(0, 300)}`);
			const items = nodeItems({ data: flatted.parse(exec.json.data.data) }, PROBE_TRIGGER) ?? [];
			assert(items.length === 1 && items[0].json.webhookId === id && items[0].json.status === 'SUCCESS', `execution ${run.id}'s trigger gave ${JSON.stringify(items).slice(0, 300)}`);
			return `answered 200; engine 2.0's execution ${run.id} completed, its trigger giving webhook ${id}'s SUCCESS event`;
		});
	} finally {
		await n8n.stop();
		await pg.stop();
	}
}

module.exports = { checkEngineV2 };
