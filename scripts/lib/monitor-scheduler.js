'use strict';
// The Risk Info Monitor under n8n's durable scheduler (SCHEDULER_ENV: the four settings on, a
// short poll timeout), in a real n8n (single process, or queue mode's main with the workers),
// polling every 20 s (pollEvery(20)):
//   (t) a portfolio larger than one poll can read within n8n's poll budget is read over several
//       polls, none of them abandoned by n8n's poll timeout; n8n (in queue mode, its main, which
//       alone polls) stopped and started again in the middle of a round, after a poll that emitted
//       nothing, loses nothing: the first poll after the restart reads on where the round stopped,
//       and a RUT read before the stop and changed while n8n was down is reported once (had its
//       baseline been lost, its next read would have taken the change as the new baseline,
//       silently); no other RUT is reported. In queue mode that execution runs on a worker.
// Under the scheduler, the poll n8n runs when a workflow is published is a test, without a budget,
// whose static data n8n does not keep: the first scheduled poll takes the baselines again.
const fs = require('node:fs');
const { nodeItems } = require('./n8n');
const { assert, waitFor } = require('./checks');
const { loadSandbox, CREDENTIAL_IDS, RISKINFO_MONITOR } = require('./setup');
const { workerOf } = require('./queue');

/** The durable scheduler for polling triggers, with durable poll cursors, as docs/monitor.md tells users to set it. */
const SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	// Short, so the portfolio below does not fit in one poll: n8n gives the node 5 s of it.
	N8N_SCHEDULER_POLL_TIMEOUT: '10',
};

/**
 * Poll times for a poll every `step` seconds (a divisor of 60) from second `offset`: n8n refuses a
 * poll time more often than once a minute, not several of them. The e2e's Monitors poll so, to wait
 * less for what each poll shows.
 */
const pollEvery = (step, offset = 0) => ({ item: Array.from({ length: 60 / step }, (_, k) => ({ mode: 'custom', cronExpression: `${k * step + offset} * * * * *` })) });

const SUMMARY = '/api/clients/v2/helper/resumen';
const PORTFOLIO = 8;
/** With one read at a time and this latency, about 4 reads start within the first 80% of n8n's 5 s budget. */
const LATENCY_MS = 1200;

/** Resolves once `count()` has not moved for 3 s: the poll under way has ended. */
async function quiet(count) {
	for (let last = -1; count() !== last; await new Promise((r) => setTimeout(r, 3000))) last = count();
}
/** What n8n logs when a poll outlives N8N_SCHEDULER_POLL_TIMEOUT. */
const ABANDONED = 'Poll exceeded its timeout and was abandoned';

function monitorWorkflow(ruts) {
	return {
		name: 'Monitor under the durable scheduler',
		settings: {},
		nodes: [
			{
				id: 'c0ffee00-0000-4000-8000-000000000001',
				name: 'Portfolio Changed',
				type: RISKINFO_MONITOR,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: pollEvery(20),
					source: 'list',
					ruts: ruts.join('\n'),
					changeKinds: ['complianceRisk'],
					direction: 'worse',
					options: { requestsInParallel: 1 },
				},
				credentials: { riskInfoApi: { id: CREDENTIAL_IDS.api, name: 'Risk Info (sandbox)' } },
			},
		],
		connections: {},
	};
}

/**
 * @param {object} o
 * @param {import('./n8n').N8n} o.n8n the n8n that polls, started with SCHEDULER_ENV (a single process, or
 *   queue mode's main); it is stopped and started again
 * @param {string} o.apiKey
 * @param {object} o.sandbox the sandbox the credential CREDENTIAL_IDS.api points at
 * @param {(line: string) => void} o.step
 * @param {object} [o.stack] queue mode: the started stack (lib/queue.js), whose workers run the change's execution
 */
async function checkMonitorScheduler({ n8n, apiKey, sandbox, step, stack }) {
	const { formatRut } = loadSandbox();
	const ruts = Array.from({ length: PORTFOLIO }, (_, i) => formatRut(31_000_001 + i * 7919));
	for (const rut of ruts) sandbox.loadRut(rut);
	const reads = (from) => sandbox.requests.slice(from).filter((r) => r.path === SUMMARY && ruts.includes(r.query.rut));
	const paidBefore = sandbox.usage().paidLoads;
	const logStart = fs.statSync(n8n.logFile).size;
	const who = stack ? "n8n's main" : 'n8n';

	const created = await n8n.rest('POST', '/api/v1/workflows', { apiKey, body: monitorWorkflow(ruts) });
	assert(created.status === 200, `creating the workflow answered ${created.status}: ${created.text.slice(0, 300)}`);
	const id = created.json.id;
	sandbox.configure({ latencyMs: LATENCY_MS });
	const start = sandbox.requests.length;
	const on = await n8n.rest('POST', `/api/v1/workflows/${id}/activate`, { apiKey });
	assert(on.status === 200, `activating answered ${on.status}: ${on.text.slice(0, 300)}`);
	try {
		// The test poll of publishing (n8n gives it no budget: it reads them all, and n8n keeps
		// nothing of it), then the first scheduled poll, which may overlap it: from the first RUT
		// on, its baselines kept though nothing was emitted. The round is partly done.
		await waitFor('the test poll and the first scheduled poll did not read', () => reads(start).length > PORTFOLIO, 150_000, 250);
		await quiet(() => reads(start).length);
		const readBefore = reads(start).length;
		step(`(t) ${readBefore} reads, none reported; stopping ${who}, making ${ruts[0]} critical, starting it`);
		await n8n.stop();
		// The first RUT in turn, which the first scheduled poll read first.
		const changed = ruts[0];
		assert(sandbox.changeRut(changed, 'criticalRisk').length > 0, `${changed} could not be made critical`);
		const restartedAt = sandbox.requests.length;
		await n8n.start({ timeoutMs: 180_000 });

		// The round goes on where it stopped, not from the first RUT as it would with nothing kept.
		await waitFor('no poll after the restart', () => reads(restartedAt).length > 0, 150_000, 250);
		const resumed = reads(restartedAt)[0].query.rut;
		assert(resumed !== ruts[0], `the first poll after the restart began with ${resumed}, the first RUT: the round started over`);
		const isChange = (e) => nodeItems(e, 'Portfolio Changed')?.some((i) => i.json.rut === changed && i.json.status === 'changed');
		const exec = await waitFor(`no execution reported the change of ${changed} within 2 minutes of the restart`, async () => (await n8n.executions(apiKey, id)).find((e) => e.status === 'success' && isChange(e)), 120_000, 1000);
		// (w) and (m) wait for a poll more to see a change not reported twice; here, nothing but it reported.
		const all = await n8n.executions(apiKey, id);
		const reported = all.flatMap((e) => (nodeItems(e, 'Portfolio Changed') ?? []).map((i) => `${i.json.rut} ${i.json.status}`));
		assert(all.length === 1 && reported.length === 1, `${all.length} executions reported ${reported.join(', ')} (only ${changed} changed expected)`);

		const after = reads(restartedAt);
		const log = fs.readFileSync(n8n.logFile, 'utf8').slice(logStart);
		assert(!log.includes(ABANDONED), `n8n abandoned a poll: "${ABANDONED}" in its log`);
		const paid = sandbox.usage().paidLoads - paidBefore;
		assert(paid === 0, `the polls paid for ${paid} loads`);
		let where = '';
		if (stack) {
			const worker = workerOf(stack, exec.id);
			assert(worker, `no worker's log says it started execution ${exec.id}`);
			where = `, run by ${worker.name}`;
		}
		return (
			`${PORTFOLIO} RUTs at ${LATENCY_MS} ms a read, one at a time, N8N_SCHEDULER_POLL_TIMEOUT=10 (a 5 s budget), a poll every 20 s: ${readBefore} reads by the test poll and the first scheduled poll, which emitted nothing; ` +
			`after ${who} restarted the round went on at ${resumed}, and ${changed}, changed while it was down, was reported once (execution ${exec.id}${where}), nothing else (${after.length} reads after the restart); no poll abandoned; 0 paid`
		);
	} finally {
		sandbox.configure({ latencyMs: 0 });
		await n8n.rest('POST', `/api/v1/workflows/${id}/deactivate`, { apiKey }).catch(() => undefined);
	}
}

module.exports = { SCHEDULER_ENV, checkMonitorScheduler, pollEvery };
