'use strict';
// The queue-mode e2e's delivery checks (b), (c) and (e). `ctx` holds the started stack, the
// main's API key, the probe workflow's URL on each webhook processor and the single process.
const { nodeItems } = require('./n8n');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');
const { PROBE_TRIGGER, KINDS, complianceEvent, send, sendAtRate, executionsByWebhookId, percentile } = require('./deliveries');
const { measureRepeats, assertPromised } = require('./repeats');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until every execution of `ids` has finished; resolves the grouping. */
async function settled(n8n, apiKey, workflowId, ids, timeoutMs = 120_000) {
	return await waitFor(
		`executions of webhooks ${ids[0]}…${ids[ids.length - 1]} still running or missing`,
		async () => {
			const byId = await executionsByWebhookId(n8n, apiKey, workflowId);
			const all = ids.flatMap((id) => byId.get(id) ?? []);
			return ids.every((id) => byId.has(id)) && all.every((e) => e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status)) ? byId : undefined;
		},
		timeoutMs,
		1000,
	);
}

/**
 * Waits until every webhook in `expected` (id → executions its answers said it started) has that
 * many executions, all finished; resolves the grouping, or the last one seen after `timeoutMs`
 * (the caller's counts then show what is off).
 */
async function executionsAsAnswered(n8n, apiKey, workflowId, expected, timeoutMs = 120_000) {
	let last = new Map();
	const done = (e) => e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status);
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await wait(1000)) {
		last = await executionsByWebhookId(n8n, apiKey, workflowId);
		if ([...expected].every(([id, n]) => (last.get(id)?.length ?? 0) === n && last.get(id)?.every(done) !== false)) return last;
	}
	return last;
}

/** (b) Events of each kind, alternately to each webhook processor; then a wrong and a missing token. */
async function checkDeliveries(ctx) {
	const { stack, main, apiKey, probe, urls, token } = ctx;
	const ids = Array.from({ length: 6 }, (_, i) => 810001 + i);
	const sent = new Map();
	for (const [i, id] of ids.entries()) {
		const event = complianceEvent(id, KINDS[i % KINDS.length]);
		const answer = await send(urls[i % urls.length], event, token);
		assert(answer.status === 200, `webhook-${(i % urls.length) + 1} answered ${answer.status} to webhook ${id}: ${JSON.stringify(answer.body).slice(0, 300)}`);
		sent.set(id, event);
	}
	const byId = await settled(main, apiKey, probe.id, ids);
	const perWorker = new Map();
	for (const id of ids) {
		const runs = byId.get(id);
		assert(runs.length === 1, `webhook ${id} started ${runs.length} executions`);
		const [exec] = runs;
		assert(exec.status === 'success', `execution ${exec.id} of webhook ${id} ended ${exec.status}`);
		const worker = workerOf(stack, exec.id);
		assert(worker, `no worker's log says it started execution ${exec.id}`);
		perWorker.set(worker.name, (perWorker.get(worker.name) ?? 0) + 1);
		const got = nodeItems(exec, PROBE_TRIGGER)[0].json;
		const ev = sent.get(id);
		const status = String(ev.estado ?? ev.status).trim().toUpperCase();
		assert(got.webhookId === id && got.status === status, `webhook ${id}: the event is ${JSON.stringify(got).slice(0, 300)}`);
		assert(got.fullName === (ev.nombreCompleto ?? ev.fullName), `webhook ${id}: fullName ${got.fullName}`);
		if (status === 'SUCCESS') assert(got.risk === (ev.riesgo ?? ev.risk), `webhook ${id}: risk ${got.risk}, the service sent ${ev.riesgo ?? ev.risk}`);
		assert(Object.keys(got)[0] === 'webhookId' && Object.keys(got)[1] === 'status', `webhook ${id}: the event does not start with webhookId, status`);
	}

	const before = (await main.allExecutions(apiKey, probe.id)).length;
	const fresh = complianceEvent(819999, 'critical');
	const wrong = await send(urls[1], fresh, `${token}-wrong`);
	const none = await send(urls[0], fresh, undefined);
	assert(wrong.status === 401 && none.status === 401, `a wrong token was answered ${wrong.status}, a missing one ${none.status}`);
	await wait(3000);
	const after = (await main.allExecutions(apiKey, probe.id)).length;
	assert(after === before, `${after - before} executions started without the right token`);
	// The same event with the right token does start one, so the count above could have moved.
	const right = await send(urls[1], fresh, token);
	assert(right.status === 200, `the right token was answered ${right.status}`);
	await settled(main, apiKey, probe.id, [819999]);
	const split = [...perWorker].map(([w, n]) => `${w.replace(/^n8n /, '')} ${n}`).join(', ');
	return `${ids.length} deliveries (SUCCESS critical, SUCCESS no match, FAILED) alternately to webhook-1 and webhook-2: each answered 200 and ran once, on a worker (${split}), with the normalised event; wrong token 401 (webhook-2), no token 401 (webhook-1), nothing started; the same event with the right token ran`;
}

/**
 * (c) What Ignore Repeated Deliveries holds across webhook processors: lib/repeats.js's scenarios,
 * every repeat sent to the other processor and every pair to both at once, under both Respond
 * settings; the counts printed, and held to what docs/repeated-deliveries.md promises (the same as in one process).
 */
async function checkRepeats(ctx) {
	const { main, apiKey, token, stack, step } = ctx;
	const m = await measureRepeats({ n8n: main, apiKey, token }, stack.webhooks.map((h) => h.url));
	step(`(c) measured: ${m.summary}`);
	assertPromised(m, { queue: true });
	// With the settings docs/queue-mode.md gives webhook processors, n8n sends every answer it holds.
	const keeps = stack.webhooks.every((h) => h.extraEnv?.N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED);
	assert(!keeps || m.unanswered.length === 0, `${m.unanswered.length} of ${m.sentAfter} deliveries answered when finished got no answer within 20 s, with N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED set`);
	return m.summary;
}

/** Sends 300 deliveries at 30/s to `urls` in turn and waits for their executions; the figures and the counts. */
async function measureLoad(n8n, apiKey, workflowId, urls, token, firstId) {
	const ids = Array.from({ length: 300 }, (_, i) => firstId + i);
	const jobs = ids.map((id, i) => ({ id, url: urls[i % urls.length], event: complianceEvent(id, 'critical') }));
	const answers = await sendAtRate(jobs, 30, token);
	const answered = answers.filter((x) => x.status === 200);
	// A delivery answered 200 started as many executions as it says it emitted (n8n's own Webhook node: one).
	const byId = await executionsAsAnswered(n8n, apiKey, workflowId, new Map(answered.map((x) => [x.id, x.body?.emitted ?? 1])), 300_000);
	const runs = ids.map((id) => byId.get(id) ?? []);
	const ms = answers.map((x) => x.ms);
	const start = Math.min(...answers.map((x) => x.sentAt));
	const end = Math.max(start, ...runs.flat().map((e) => Date.parse(e.stoppedAt)).filter(Number.isFinite));
	return {
		answered: answered.length,
		other: [...new Set(answers.filter((x) => x.status !== 200).map((x) => `${x.status} ${JSON.stringify(x.body).slice(0, 80)}`))],
		lost: answered.filter((x) => !byId.get(x.id)?.length).length,
		duplicates: runs.reduce((n, r) => n + Math.max(0, r.length - 1), 0),
		succeeded: runs.flat().filter((e) => e.status === 'success').length,
		p50: percentile(ms, 50),
		p95: percentile(ms, 95),
		perSecond: runs.flat().length / ((end - start) / 1000),
	};
}

/**
 * (e) The same 300 deliveries against queue mode (both processors) and the single process, and,
 * as the baseline, into n8n's own Webhook node in the single process. Counts asserted (every one
 * answered 200 and run exactly once, in each), times printed.
 */
async function checkLoad(ctx) {
	const { main, apiKey, probe, urls, token, single, step } = ctx;
	const runs = [
		['queue mode', await measureLoad(main, apiKey, probe.id, urls, token, 830001)],
		['single process', await measureLoad(single.n8n, single.apiKey, probe.id, [ctx.singleUrl], token, 830001)],
		["n8n's own Webhook node in the single process", await measureLoad(single.n8n, single.apiKey, ctx.coreProbe.id, [ctx.coreUrl], token, 840001)],
	];
	const f = (x) => `${x.answered}/300 answered 200${x.other.length ? ` (others: ${x.other.join('; ')})` : ''}, p50 ${Math.round(x.p50)} ms, p95 ${Math.round(x.p95)} ms, ${x.perSecond.toFixed(1)} executions/s`;
	const [q, s] = [runs[0][1], runs[1][1]];
	const line = `${runs.map(([name, x]) => `${name}: ${f(x)}`).join('; ')}; queue/single: p50 ${(q.p50 / s.p50).toFixed(2)}×, p95 ${(q.p95 / s.p95).toFixed(2)}×, executions/s ${(q.perSecond / s.perSecond).toFixed(2)}×`;
	step(`(e) ${line}`);
	for (const [name, x] of runs) {
		assert(x.answered === 300, `${name}: ${300 - x.answered} of 300 deliveries were not answered 200: ${x.other.join('; ')}`);
		assert(x.lost === 0 && x.duplicates === 0 && x.succeeded === 300, `${name}: ${x.succeeded} executions succeeded, ${x.lost} deliveries started none, ${x.duplicates} duplicates`);
	}
	return `300 of 300 answered 200 and run once each, 0 duplicates, 0 lost, in each; ${line}`;
}

module.exports = { checkDeliveries, checkRepeats, checkLoad };
