'use strict';
// The queue-mode e2e's delivery checks (b), (c) and (e). `ctx` holds the started stack, the
// main's API key, the probe workflow's URL on each webhook processor and the single process.
const { nodeItems } = require('./n8n');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');
const { PROBE_TRIGGER, KINDS, complianceEvent, send, sendAtRate, executionsByWebhookId, percentile } = require('./deliveries');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const count = (ids, byId) => ids.reduce((n, id) => n + (byId.get(id)?.length ?? 0), 0);

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
 * (c) What Ignore Repeated Deliveries holds across webhook processors. n8n keeps a workflow's
 * static data as one value that each webhook process reads when a delivery arrives and writes
 * back before answering; concurrent deliveries overwrite each other's write (last write wins).
 * The README states the resulting guarantee; this measures it and asserts exactly that.
 */
async function checkRepeats(ctx) {
	const { main, apiKey, probe, urls, token, step } = ctx;
	const other = (i) => urls[(i + 1) % urls.length];

	// 1. One delivery, answered, then the same to the other processor.
	const first = complianceEvent(820001, 'critical');
	const a = await send(urls[0], first, token);
	const b = await send(urls[1], first, token);
	assert(a.status === 200 && b.status === 200, `the delivery and its repeat were answered ${a.status} and ${b.status}`);

	// 2. 50 pairs, each pair sent to both processors at the same moment, one pair after the other.
	const pairIds = Array.from({ length: 50 }, (_, i) => 821001 + i);
	for (const id of pairIds) {
		const event = complianceEvent(id, 'critical');
		const answers = await Promise.all(urls.map((u) => send(u, event, token)));
		assert(answers.every((x) => x.status === 200), `pair ${id} was answered ${answers.map((x) => x.status)}`);
	}

	// 3. 50 different deliveries at once (alternating processors), then each repeated to the other
	//    processor, one at a time; then all again, one at a time.
	const burstIds = Array.from({ length: 50 }, (_, i) => 822001 + i);
	const burst = burstIds.map((id, i) => ({ url: urls[i % urls.length], event: complianceEvent(id, 'noMatch') }));
	const burstAnswers = await Promise.all(burst.map((j) => send(j.url, j.event, token)));
	assert(burstAnswers.every((x) => x.status === 200 && x.body?.emitted === 1), `the burst was answered ${JSON.stringify(burstAnswers.map((x) => [x.status, x.body?.emitted]))}`);
	let repeatsRun = 0;
	for (const [i, j] of burst.entries()) {
		const r = await send(other(i), j.event, token);
		assert(r.status === 200, `the repeat of ${burstIds[i]} was answered ${r.status}`);
		repeatsRun += r.body?.emitted ?? 0;
	}
	let thirdRun = 0;
	for (const [i, j] of burst.entries()) thirdRun += (await send(urls[i % urls.length], j.event, token)).body?.emitted ?? 0;

	const byId = await settled(main, apiKey, probe.id, [820001, ...pairIds, ...burstIds]);
	const firstRuns = byId.get(820001).length;
	const pairCounts = pairIds.map((id) => byId.get(id)?.length ?? 0);
	const pairsTwice = pairCounts.filter((n) => n === 2).length;
	const burstTotal = count(burstIds, byId);
	step(
		`(c) measured: a delivery and its repeat to the other processor after the answer → ${firstRuns} executions; 50 simultaneous pairs → ${pairCounts.reduce((x, y) => x + y, 0)} executions (${pairsTwice} pairs ran twice); ` +
			`50 concurrent different deliveries → ${count(burstIds, byId) - repeatsRun - thirdRun} executions, their repeats one at a time → ${repeatsRun} ran again, a third round after a quiet moment → ${thirdRun} ran again`,
	);
	// The guarantee as the README states it:
	assert(a.body?.emitted === 1 && b.body?.emitted === 0, `the first delivery was answered ${JSON.stringify(a.body)}, its repeat to webhook-2 ${JSON.stringify(b.body)}`);
	assert(firstRuns === 1, `a repeat sent to the other processor after the first was answered started ${firstRuns - 1} more executions`);
	assert(pairCounts.every((n) => n >= 1 && n <= 2), `pairs started ${JSON.stringify(pairCounts)} executions (each must start one or two)`);
	assert(burstTotal === 50 + repeatsRun + thirdRun, `the burst and its repeats started ${burstTotal} executions, the answers said ${50 + repeatsRun + thirdRun}`);
	assert(thirdRun === 0, `${thirdRun} deliveries repeated after a quiet moment ran again`);
	assert(byId.get(820001).concat(...pairIds.map((id) => byId.get(id)), ...burstIds.map((id) => byId.get(id))).every((e) => e.status === 'success'), 'an execution did not succeed');
	return `a repeat to the other processor after the first was answered: dropped (1 execution); 50 simultaneous pairs: ${pairsTwice} ran twice, none lost; 50 concurrent deliveries: each ran once, ${repeatsRun} of their later repeats ran again, a third round after a quiet moment: ${thirdRun}`;
}

/** Sends 300 deliveries at 30/s to `urls` in turn and waits for their executions; the figures and the counts. */
async function measureLoad(n8n, apiKey, workflowId, urls, token, firstId) {
	const ids = Array.from({ length: 300 }, (_, i) => firstId + i);
	const jobs = ids.map((id, i) => ({ id, url: urls[i % urls.length], event: complianceEvent(id, 'critical') }));
	const answers = await sendAtRate(jobs, 30, token);
	const answered = answers.filter((x) => x.status === 200);
	// Only deliveries answered 200 must have started an execution.
	const byId = await settled(n8n, apiKey, workflowId, answered.map((x) => x.id), 300_000).catch(async () => await executionsByWebhookId(n8n, apiKey, workflowId));
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

module.exports = { checkDeliveries, checkRepeats, checkLoad, settled };
