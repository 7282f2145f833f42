'use strict';
// Ignore Repeated Deliveries in a real n8n: which repeats of a delivery run a second time (the
// trigger emits the event, so the workflow's nodes after it run), counted from n8n's own execution
// records. A repeat the trigger recognises still starts an execution, in which it emits nothing:
// those are counted apart. Used by the single-process e2e (check r, through
// checkRepeatedDeliveries) and by the queue-mode e2e's check (c), which sends to both webhook
// processors. Each scenario runs against workflows this module creates and publishes through
// n8n's public API, so it depends on nothing else the e2e sets up but the webhook credential.
const crypto = require('node:crypto');
const { assert, waitFor } = require('./checks');
const { PROBE_TRIGGER, complianceEvent, probeTriggerNode, send, executionsByWebhookId } = require('./deliveries');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const DONE = ['success', 'error', 'crashed', 'canceled'];
/** How long the execution list must stay unchanged, everything finished, to count as settled. */
const QUIET_MS = 2000;
/** The slow workflows' Wait: long enough that a repeat sent on the answer arrives mid-execution. */
const SLOW_SECONDS = 2;
/** How long a delivery answered when the workflow has finished may wait for its answer. */
const ANSWER_WAIT_MS = 20_000;

let nextId = 700_000 + crypto.randomInt(90_000) * 10;
const freshIds = (n) => Array.from({ length: n }, () => nextId++);

/**
 * Creates and publishes a workflow: a Risk Info Trigger (every result, one item per event,
 * Ignore Repeated Deliveries on, Respond as given or its default), followed by a 2-second Wait ('slow'), a Stop
 * and Error ('fails') or nothing. Resolves { id, name, urls } with its Production URL on every
 * base URL given, once each answers.
 */
async function createWorkflow(n8n, apiKey, baseUrls, { name, respond, then }) {
	const webhookId = crypto.randomUUID();
	// The version a user adds today; Respond left out takes its default, When Finished.
	const nodes = [probeTriggerNode(webhookId, { events: 'all', output: 'event', ignoreRepeatedDeliveries: true, ...(respond && { respond }) })];
	if (then === 'slow') nodes.push({ id: crypto.randomUUID(), name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [220, 0], webhookId: crypto.randomUUID(), parameters: { resume: 'timeInterval', amount: SLOW_SECONDS, unit: 'seconds' } });
	if (then === 'fails') nodes.push({ id: crypto.randomUUID(), name: 'Fail', type: 'n8n-nodes-base.stopAndError', typeVersion: 1, position: [220, 0], parameters: { errorMessage: 'e2e: the workflow fails' } });
	const connections = nodes.length > 1 ? { [PROBE_TRIGGER]: { main: [[{ node: nodes[1].name, type: 'main', index: 0 }]] } } : {};
	const created = await n8n.rest('POST', '/api/v1/workflows', { apiKey, body: { name, nodes, connections, settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' } } });
	assert(created.status === 200, `creating "${name}" answered ${created.status}: ${created.text.slice(0, 300)}`);
	const { id } = created.json;
	const published = await n8n.rest('POST', `/api/v1/workflows/${id}/activate`, { apiKey });
	assert(published.status === 200, `publishing "${name}" answered ${published.status}: ${published.text.slice(0, 300)}`);
	const urls = baseUrls.map((b) => `${b}/webhook/${webhookId}/riskinfo-compliance`);
	// Publishing answers before the webhook is registered; until then n8n answers 404.
	for (const url of urls) await waitFor(`"${name}" did not answer at ${url}`, async () => (await send(url, {}, undefined)).status === 401, 60_000);
	return { id, name, urls };
}

/**
 * Waits until every execution of the workflow has finished, at least `atLeast` are listed, and none
 * has appeared for QUIET_MS; resolves them grouped by the webhookId their trigger emitted (a
 * repeat's execution, in which the trigger emitted nothing, under undefined). n8n's public API
 * lists an execution only once it has finished, and a loaded n8n may take longer than QUIET_MS to
 * start a burst's executions: every delivery starts one (a repeat too), so a caller that knows how
 * many it sent waits for them all.
 */
async function settled(ctx, wf, atLeast = 0, timeoutMs = 180_000) {
	let last = '';
	let since = Date.now();
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await wait(500)) {
		const all = await ctx.n8n.allExecutions(ctx.apiKey, wf.id);
		const seen = all.map((e) => `${e.id}:${e.status}`).join(',');
		if (seen !== last) [last, since] = [seen, Date.now()];
		else if (all.length >= atLeast && all.every((e) => DONE.includes(e.status)) && Date.now() - since >= QUIET_MS) return await executionsByWebhookId(ctx.n8n, ctx.apiKey, wf.id);
	}
	throw new Error(`executions of "${wf.name}" still running or appearing after ${timeoutMs / 1000} s`);
}

/** Executions in which the trigger emitted `id`'s event, so the workflow's nodes after it ran. */
const runsOf = (byId, id) => byId.get(id)?.length ?? 0;
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * Sends `event` to `url` and expects an answer the service counts as received (or `status`).
 * With `ctx.unanswered` (a list), a delivery left without an answer for ANSWER_WAIT_MS is noted
 * there instead of failing: what a service that gives up and retries would see.
 */
async function deliver(ctx, url, event, status = 200) {
	const answer = await send(url, event, ctx.token, ctx.unanswered ? ANSWER_WAIT_MS : undefined);
	if (ctx.unanswered) ctx.sent++;
	if (answer.status === 0 && ctx.unanswered) {
		ctx.unanswered.push(event.webhookId);
		return answer;
	}
	assert(answer.status === status, `webhook ${event.webhookId} was answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
	return answer;
}

/**
 * Deliveries 1,1,2,2,3,3, each sent once the execution the one before started had finished (the
 * n-th to processor n mod the number of URLs): how many ran after each.
 */
async function sequential(ctx, wf) {
	const ids = freshIds(3);
	const started = [];
	let before = 0;
	for (const [i, id] of [ids[0], ids[0], ids[1], ids[1], ids[2], ids[2]].entries()) {
		await deliver(ctx, wf.urls[i % wf.urls.length], complianceEvent(id, 'critical'));
		const byId = await settled(ctx, wf);
		const now = sum(ids.map((x) => runsOf(byId, x)));
		started.push(now - before);
		before = now;
	}
	return started;
}

/** One delivery first, so that what follows measures a workflow whose trigger has recorded deliveries before. */
async function prime(ctx, wf, status = 200) {
	await deliver(ctx, wf.urls[0], complianceEvent(freshIds(1)[0], 'critical'), status);
	await settled(ctx, wf);
}

/** `n` deliveries, each repeated to the next URL the moment its first copy was answered: runs per delivery. */
async function repeatOnAnswer(ctx, wf, n = 3) {
	await prime(ctx, wf);
	const ids = freshIds(n);
	for (const [i, id] of ids.entries()) {
		const event = complianceEvent(id, 'failed');
		await deliver(ctx, wf.urls[i % wf.urls.length], event);
		await deliver(ctx, wf.urls[(i + 1) % wf.urls.length], event);
	}
	const byId = await settled(ctx, wf);
	return ids.map((id) => runsOf(byId, id));
}

/** `n` deliveries, each sent twice at the same moment (once to each URL), one pair after the other: runs per pair. */
async function simultaneousPairs(ctx, wf, n = 50) {
	const before = (await ctx.n8n.allExecutions(ctx.apiKey, wf.id)).length;
	const ids = freshIds(n);
	for (const id of ids) {
		const event = complianceEvent(id, 'critical');
		await Promise.all([0, 1].map((k) => deliver(ctx, wf.urls[k % wf.urls.length], event)));
	}
	const byId = await settled(ctx, wf, before + 2 * n);
	return ids.map((id) => runsOf(byId, id));
}

/**
 * `n` different deliveries at once (alternating URLs); once all are answered, each repeated to the
 * other URL, one at a time; once those have run, all again one at a time. Executions started in each round.
 */
async function burstThenRepeats(ctx, wf, n = 50) {
	const ids = freshIds(n);
	const events = ids.map((id) => complianceEvent(id, 'noMatch'));
	const counts = [];
	const total = (byId) => sum(ids.map((id) => runsOf(byId, id)));
	const before = (await ctx.n8n.allExecutions(ctx.apiKey, wf.id)).length;
	await Promise.all(events.map((e, i) => deliver(ctx, wf.urls[i % wf.urls.length], e)));
	counts.push(total(await settled(ctx, wf, before + n)));
	// Round 2 starts when round 1 was answered, not when it finished running, as a retry would.
	for (const [i, e] of events.entries()) await deliver(ctx, wf.urls[(i + 1) % wf.urls.length], e);
	counts.push(total(await settled(ctx, wf, before + 2 * n)) - counts[0]);
	for (const [i, e] of events.entries()) await deliver(ctx, wf.urls[i % wf.urls.length], e);
	counts.push(total(await settled(ctx, wf, before + 3 * n)) - counts[0] - counts[1]);
	return counts;
}

/** "n of m ran twice" from runs per delivery. */
const twice = (runs) => `${runs.filter((r) => r > 1).length} of ${runs.length} ran twice${runs.some((r) => r < 1 || r > 2) ? ` (counts ${JSON.stringify(runs)})` : ''}`;

/**
 * Measures every scenario on `baseUrls` (one n8n, or both webhook processors), each under both
 * Respond settings; resolves the counts and a printable summary. The caller asserts. With
 * `simultaneous` false, the copies sent at the same moment (pairs, bursts, a repeat on the answer)
 * are left out: what they count is decided by the trigger's own turns at recording, while the rest
 * (the store catching a repeat, the answer When Finished, a failing run and its retry) is n8n's.
 */
async function measureRepeats(ctx, baseUrls, { simultaneous = true } = {}) {
	const where = baseUrls.length > 1 ? 'to the other processor' : 'again';
	const make = (name, o) => createWorkflow(ctx.n8n, ctx.apiKey, baseUrls, { name: `e2e repeats: ${name}`, ...o });
	const m = {};
	// Seconds each scenario took, for the summary: where the check's time goes.
	const took = [];
	const scenario = async (key, what, fn) => {
		const t0 = Date.now();
		try {
			m[key] = await fn();
			took.push(`${key} ${Math.round((Date.now() - t0) / 1000)}`);
		} catch (err) {
			throw new Error(`${what}: ${err.message}`);
		}
	};
	const fast = await make('answered immediately', { respond: 'immediately' });
	await scenario('sequential', 'deliveries 1,1,2,2,3,3', () => sequential(ctx, fast));
	let slow;
	if (simultaneous) {
		await scenario('pairs', '50 simultaneous pairs', () => simultaneousPairs(ctx, fast));
		await scenario('burst', '50 at once, then repeats', () => burstThenRepeats(ctx, fast));
		slow = await make(`answered immediately, ${SLOW_SECONDS} s workflow`, { respond: 'immediately', then: 'slow' });
		await scenario('onAnswer', 'repeats on the answer', () => repeatOnAnswer(ctx, slow));
	}

	// n8n may leave an answer held until the run ends unsent (see docs/repeated-deliveries.md).
	const after = { ...ctx, unanswered: [], sent: 0 };
	// Respond left at the default of new nodes: When the Workflow Has Finished.
	const fastAfter = simultaneous ? await make('answered when finished', {}) : undefined;
	if (simultaneous) {
		await scenario('pairsAfter', 'Respond When Finished, 50 simultaneous pairs', () => simultaneousPairs(after, fastAfter));
		await scenario('burstAfter', 'Respond When Finished, 50 at once, then repeats', () => burstThenRepeats(after, fastAfter));
	}
	const slowAfter = await make(`answered when finished, ${SLOW_SECONDS} s workflow`, { then: 'slow' });
	await scenario('afterAnswer', 'Respond When Finished, the answer', async () => {
		const timed = await deliver(after, slowAfter.urls[0], complianceEvent(freshIds(1)[0], 'failed'));
		return { ms: timed.ms, body: timed.body };
	});
	if (simultaneous) await scenario('onAnswerAfter', 'Respond When Finished, repeats on the answer', () => repeatOnAnswer(after, slowAfter));
	const failing = await make('answered when finished, failing workflow', { then: 'fails' });
	await prime(after, failing, 500);
	const failEvent = complianceEvent(freshIds(1)[0], 'failed');
	await scenario('failed', 'Respond When Finished, a failing workflow', () => deliver(after, failing.urls[0], failEvent, 500));
	await scenario('failedRetry', "Respond When Finished, the failed delivery's retry", () => deliver(after, failing.urls[failing.urls.length - 1], failEvent));
	m.failedRuns = runsOf(await settled(ctx, failing), failEvent.webhookId);
	// A repeat still starts an execution, in which the trigger emits nothing: counted apart, per workflow.
	m.repeatExecutions = [];
	for (const wf of [fast, slow, fastAfter, slowAfter, failing].filter(Boolean)) m.repeatExecutions.push(runsOf(await settled(ctx, wf), undefined));
	m.unanswered = after.unanswered;
	m.sentAfter = after.sent;

	m.summary =
		`Respond Immediately: deliveries 1,1,2,2,3,3, each after the last execution ended → ${m.sequential.join(',')}; ` +
		(simultaneous
			? `a repeat sent ${where} the moment the first was answered (${SLOW_SECONDS} s workflow) → ${twice(m.onAnswer)}; ` +
				`50 pairs sent at the same moment → ${sum(m.pairs)} ran (${twice(m.pairs)}); ` +
				`50 different at once → ${m.burst[0]}, then each repeated ${where} once answered → ${m.burst[1]} ran again, then all again one at a time → ${m.burst[2]}. `
			: 'copies at the same moment not sent (checked on the pinned n8n). ') +
		`Respond When the Workflow Has Finished: answer after ${(m.afterAnswer.ms / 1000).toFixed(1)} s (${SLOW_SECONDS} s workflow), body ${JSON.stringify(m.afterAnswer.body)}; ` +
		(simultaneous
			? `a repeat sent ${where} the moment the first was answered → ${twice(m.onAnswerAfter)}; ` +
				`50 pairs at the same moment → ${sum(m.pairsAfter)} ran (${twice(m.pairsAfter)}); ` +
				`50 different at once → ${m.burstAfter[0]}, their repeats → ${m.burstAfter[1]} ran again, all again → ${m.burstAfter[2]}; `
			: '') +
		`a failing workflow → ${m.failed.status} ${JSON.stringify(m.failed.body)}, the service's retry → ${m.failedRetry.status} ${JSON.stringify(m.failedRetry.body)}, ran ${m.failedRuns} time(s); ` +
		`left without an answer after ${ANSWER_WAIT_MS / 1000} s: ${m.unanswered.length} of the ${m.sentAfter} deliveries answered when finished; ` +
		`executions in which the trigger emitted nothing (repeats it recognised), per workflow: ${m.repeatExecutions.join(', ')}; ` +
		`seconds per scenario: ${took.join(', ')}`;
	return m;
}

/**
 * What the documentation promises (docs/trigger.md → Options and docs/repeated-deliveries.md), the same in
 * one process as across webhook processors but for one case (`queue`); throws at the first broken promise.
 */
function assertPromised(m, { queue = false, simultaneous = true } = {}) {
	// A repeat sent once the first delivery's execution has ended does not run.
	assert(m.sequential.join(',') === '1,0,1,0,1,0', `deliveries 1,1,2,2,3,3, each after the last execution ended, ran ${m.sequential.join(',')}`);
	if (simultaneous) assertSimultaneous(m, { queue });
	// Respond When the Workflow Has Finished: the answer comes after the run, with an empty body.
	assert(m.afterAnswer.ms >= SLOW_SECONDS * 1000 && m.afterAnswer.body === '', `Respond When Finished answered after ${Math.round(m.afterAnswer.ms)} ms with ${JSON.stringify(m.afterAnswer.body)}`);
	// A failed workflow is answered 500 (unless n8n lost the answer, which docs/repeated-deliveries.md says it may in
	// queue mode); the service's retry is a repeat, answered 200, and does not run.
	const lost = m.failed.status === 0 && m.unanswered.length > 0;
	assert(lost || m.failed.body?.message === 'Error in workflow', `the failing workflow was answered ${JSON.stringify(m.failed.body)}`);
	assert(m.failedRetry.status === 200 && m.failedRuns === 1, `the retry of the failed delivery was answered ${m.failedRetry.status} ${JSON.stringify(m.failedRetry.body)}; the workflow ran ${m.failedRuns} times`);
}

/** What the documentation promises for copies sent at the same moment. */
function assertSimultaneous(m, { queue }) {
	const exactly = (runs, n, what) => assert(runs.every((r) => r === n), `${what}: runs per delivery ${JSON.stringify(runs)}, each should be ${n}`);
	const ranTwice = (runs) => runs.filter((r) => r > 1).length;
	// A repeat sent the moment the first copy was answered: the trigger recorded the first when its
	// execution started, before the answer under When Finished. Under Immediately the answer comes
	// first: in one process the execution starts at once, before the repeat arrives; in queue mode
	// the first copy's job may still wait for a worker, so the repeat can run there too, which is
	// why the docs promise nothing for that case.
	exactly(m.onAnswerAfter, 1, 'Respond When Finished, a repeat sent the moment the first was answered');
	if (!queue) exactly(m.onAnswer, 1, 'Respond Immediately, a repeat sent the moment the first was answered');
	// Copies at the same moment: one or both run, never none. In one process recordings take turns,
	// so under When Finished the second copy is always caught; across processes two recordings can
	// both find a key missing.
	for (const [runs, what] of [[m.pairs, 'pairs at the same moment'], [m.pairsAfter, 'pairs at the same moment (Respond When Finished)']]) {
		assert(runs.every((r) => r === 1 || r === 2), `${what}: runs per pair ${JSON.stringify(runs)}, each should be 1 or 2`);
		assert(ranTwice(runs) <= (queue ? 40 : 2), `${what}: ${ranTwice(runs)} of 50 ran twice`);
	}
	if (!queue) assert(ranTwice(m.pairsAfter) === 0, `pairs at the same moment (Respond When Finished): ${ranTwice(m.pairsAfter)} of 50 ran twice`);
	// Fifty different at once: all run; each is recorded once its execution ends (When Finished: before
	// the answer), a recording overwritten by another process's is written again, so at most a couple
	// of their repeats run again, none in one process under When Finished; a third round runs nothing.
	assert(m.burst[0] === 50 && m.burstAfter[0] === 50, `of 50 different deliveries at once, ${m.burst[0]} and ${m.burstAfter[0]} (Respond When Finished) ran`);
	// Queue mode: 0, 0 and 5 in three runs (docs/repeated-deliveries.md): two workers' recordings can still cross.
	assert(m.burstAfter[1] <= (queue ? 10 : 0), `Respond When Finished: of the repeats of 50 different deliveries at once, ${m.burstAfter[1]} ran again`);
	assert(m.burst[1] <= (queue ? 49 : 2), `Respond Immediately: of the repeats of 50 different deliveries at once, ${m.burst[1]} ran again`);
	assert(m.burstAfter[2] === 0, `Respond When Finished: ${m.burstAfter[2]} of 50 deliveries ran again although each had been repeated one at a time, after the answer`);
	assert(m.burst[2] <= (queue ? 10 : 0), `Respond Immediately: ${m.burst[2]} of 50 deliveries ran a third time`);
}

/**
 * The single-process e2e's check (r): measures, prints, and asserts what docs/repeated-deliveries.md promises.
 * @param {{ n8n: object, apiKey: string, hookToken: string, check: Function, simultaneous?: boolean }} o
 */
async function checkRepeatedDeliveries(o) {
	const simultaneous = o.simultaneous ?? true;
	await o.check('r', `Ignore Repeated Deliveries in one n8n process${simultaneous ? '' : ', one copy at a time'}`, async () => {
		const m = await measureRepeats({ n8n: o.n8n, apiKey: o.apiKey, token: o.hookToken }, [o.n8n.url], { simultaneous });
		process.stdout.write(`[e2e] (r) measured: ${m.summary}\n`);
		assertPromised(m, { simultaneous });
		return m.summary;
	});
}

module.exports = { checkRepeatedDeliveries, measureRepeats, assertPromised };
