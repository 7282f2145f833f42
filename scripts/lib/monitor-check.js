'use strict';
// The e2e's check of the Risk Info Monitor where users run it: the example "supplier monitoring →
// alert", activated in a real n8n, polls the sandbox every minute; a change made through the
// sandbox's control endpoint (as `npm start`'s banner tells users) is seen within two polls and
// emitted once, routed by the example's IF, and nothing is paid. In queue mode, also: the polls
// run on the main only (its log says so, the workers' never do), the execution on a worker.
const fs = require('node:fs');
const { nodeItems } = require('./n8n');
const { loadSandbox, RISKINFO_MONITOR } = require('./setup');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');

const SUMMARY = '/api/clients/v2/helper/resumen';
/** What n8n-core's PollTriggerExecutor logs (scope poll-trigger, debug) each time it polls. */
const POLLED = 'Poll trigger initiated for workflow';
/** What n8n's durable scheduler logs (scope scheduler, debug) after each poll it ran, with the workflow's id. */
const SCHEDULED = /Poll returned (no )?new data/;

const readsOf = (sandbox, rut, from) => sandbox.requests.slice(from).filter((r) => r.path === SUMMARY && r.query.rut === rut).length;

/**
 * @param {object} o
 * @param {import('./n8n').N8n} o.n8n the process whose API activates the workflow (the main in queue mode)
 * @param {string} o.apiKey
 * @param {object} o.sandbox the sandbox the example's credential points at
 * @param {{ id: string, json: object }} o.wf the example
 * @param {object} [o.stack] queue mode: the started stack (lib/queue.js), its main and workers logging polls
 */
async function checkMonitor({ n8n, apiKey, sandbox, wf, stack }) {
	const { KNOWN_RUTS } = loadSandbox();
	const monitor = wf.json.nodes.find((n) => n.type === RISKINFO_MONITOR).name;
	const ifNode = wf.json.connections[monitor].main[0][0].node;
	const watched = Object.values(KNOWN_RUTS);
	// Sandbox setup, as `npm start` does it: the known RUTs monitored in the account, no paid load.
	for (const rut of watched) sandbox.loadRut(rut, { isMonitoring: true });
	const paidBefore = sandbox.usage().paidLoads;
	const start = sandbox.requests.length;

	const on = await n8n.rest('POST', `/api/v1/workflows/${wf.id}/activate`, { apiKey });
	assert(on.status === 200, `activating "${wf.json.name}" answered ${on.status}: ${on.text.slice(0, 300)}`);
	try {
		// Activation polls once: every watched RUT read, its baseline set, nothing emitted. Under n8n's
		// durable scheduler that poll is a test whose static data n8n does not keep, and the first
		// scheduled poll takes the baselines again: wait for it too.
		await waitFor('the first two polls did not read every monitored RUT', () => watched.every((rut) => readsOf(sandbox, rut, start) >= 2), 150_000, 250);
		await new Promise((r) => setTimeout(r, 2000));

		const rut = KNOWN_RUTS.clean;
		const res = await fetch(`${sandbox.url}/_sandbox/ruts/${rut}/changes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ change: 'criticalRisk' }) });
		assert(res.status === 200, `the sandbox's control endpoint answered ${res.status}`);
		const changedAt = sandbox.requests.length;
		const changedTime = Date.now();

		const isChange = (e) => nodeItems(e, monitor)?.some((i) => i.json.rut === rut && i.json.status === 'changed');
		const exec = await waitFor(
			`no execution of "${wf.json.name}" reported the change of ${rut} within 3 minutes`,
			async () => (await n8n.executions(apiKey, wf.id)).find((e) => e.status === 'success' && isChange(e)),
			180_000,
			1000,
		);
		const polls = readsOf(sandbox, rut, changedAt);
		assert(polls >= 1 && polls <= 2, `the change was reported after ${polls} polls read ${rut}`);
		const seenAfter = Math.round((Date.now() - changedTime) / 1000);
		const items = nodeItems(exec, monitor).map((i) => i.json);
		assert(items.length === 1, `the execution started with ${items.length} items: ${JSON.stringify(items).slice(0, 500)}`);
		const [item] = items;
		const expected = [{ field: 'complianceRisk', before: 'free', after: 'critical' }];
		assert(JSON.stringify(item.changes) === JSON.stringify(expected), `the item's changes are ${JSON.stringify(item.changes)}`);
		assert(/^.+ \(76\.111\.111-6\): compliance risk free → critical$/.test(item.summary), `the item's summary is ${JSON.stringify(item.summary)}`);
		const alerted = nodeItems(exec, ifNode, 0) ?? [];
		assert(alerted.length === 1 && alerted[0].json.rut === rut, `"${ifNode}" let ${alerted.length} items through to the alert`);

		// One poll more: the same change is not emitted again.
		const detected = sandbox.requests.length;
		await waitFor('no further poll read the changed RUT', () => readsOf(sandbox, rut, detected) >= 1, 90_000, 500);
		await new Promise((r) => setTimeout(r, 5000));
		const all = await n8n.executions(apiKey, wf.id, { includeData: false });
		assert(all.length === 1, `${all.length} executions of "${wf.json.name}" (one expected): ${all.map((e) => `${e.id} ${e.mode} ${e.status}`).join(', ')}`);
		const paid = sandbox.usage().paidLoads - paidBefore;
		assert(paid === 0, `the Monitor's polls paid for ${paid} loads`);

		let where = '';
		if (stack) {
			const worker = workerOf(stack, exec.id);
			assert(worker, `no worker's log says it started execution ${exec.id}`);
			const polled = (l) => (l.includes(POLLED) && l.includes(wf.json.name)) || (SCHEDULED.test(l) && l.includes(`"workflowId":"${wf.id}"`));
			const pollLines = (p) => fs.readFileSync(p.logFile, 'utf8').split('\n').filter(polled).length;
			const onMain = pollLines(stack.main);
			const onWorkers = stack.workers.map(pollLines);
			assert(onMain >= 3, `the main's log records ${onMain} polls of "${wf.json.name}"`);
			assert(onWorkers.every((n) => n === 0), `workers' logs record polls: ${onWorkers.join(', ')}`);
			where = `; ${onMain} polls logged by the main, none by the workers; execution ${exec.id} ran on ${worker.name}`;
		}
		return `the first two polls read all ${watched.length} monitored RUTs and emitted nothing; ${rut} made critical through /_sandbox/: reported by the poll after (${polls} read${polls > 1 ? 's' : ''} of it, ${seenAfter} s), one item "${item.summary}", let through by "${ifNode}"; one more poll emitted nothing (1 execution in all), 0 paid${where}`;
	} finally {
		await n8n.rest('POST', `/api/v1/workflows/${wf.id}/deactivate`, { apiKey });
	}
}

module.exports = { checkMonitor };
