'use strict';
// The queue-mode e2e's check (r), issue 68: screening executions at once, on two workers, against
// a sandbox limit. Each n8n process keeps one pace per account (nodes/shared/transport/
// accounts.ts) and no store is shared between workers, so each worker learns the limit on its own:
// every item must still be answered, and the 429s each met are printed (docs/queue-mode.md).
const { nodeItems } = require('./n8n');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');
const { loadSandbox } = require('./setup');

const RUTS_EACH = 30;
const PER_SECOND = 10;
// One more than a worker runs at a time (queue.js's default --concurrency=5). Started while the
// sandbox holds its answers, none can end before all have started, so they cannot all land on one
// worker, however fast each runs or whichever worker Bull hands them to first.
const SCREENINGS = 6;
const SCREENING_NODE = 'Risk Summary';

/** `RUTS_EACH` distinct legal-entity RUTs for screening `n` (0 to SCREENINGS - 1), none the examples or check (d) use. */
function rutsOf(n) {
	const { formatRut } = loadSandbox();
	return Array.from({ length: RUTS_EACH }, (_, i) => formatRut(62_000_000 + n * 500_000 + i * 1013));
}

/** The supplier-screening example reading `rutsOf(n)`, under an id of its own. */
function limitedScreening(example, n) {
	const json = JSON.parse(JSON.stringify(example.json));
	json.id = `riskinfoQueueRateLimit${n}`;
	json.name = `Supplier screening ${n + 1} of ${SCREENINGS} under a rate limit (queue e2e)`;
	const list = json.nodes.find((node) => node.type === 'n8n-nodes-base.set' && /\[/.test(JSON.stringify(node.parameters)));
	list.parameters.assignments.assignments[0].value = `=${JSON.stringify(rutsOf(n))}`;
	const screening = json.nodes.find((node) => node.name === SCREENING_NODE);
	if (!screening) throw new Error(`the supplier-screening example has no "${SCREENING_NODE}" node`);
	// As docs/queue-mode.md asks of workflows that share a limit across workers: each worker learns
	// the limit on its own, so one request can be refused more than the default 4 attempts allow.
	screening.parameters.requestOptions = { ...screening.parameters.requestOptions, maxAttempts: 10 };
	return json;
}

async function checkRateLimit(ctx) {
	const { stack, main, cookie, apiKey, sandbox } = ctx;
	const screenings = ctx.limitedScreenings;
	const ruts = screenings.map((_, n) => rutsOf(n));
	// Loaded already, so the reads are free and only the limit is measured.
	for (const rut of ruts.flat()) sandbox.loadRut(rut);
	sandbox.resetLog();
	sandbox.configure({ rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 }, holdAnswers: true });
	try {
		const startOf = (wf) => wf.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger').name;
		const ids = await Promise.all(screenings.map((wf) => main.startFromEditor(cookie, wf.id, startOf(wf))));
		const workers = await Promise.all(ids.map((id) => waitFor(`no worker started execution ${id}`, () => workerOf(stack, id), 60_000, 200)));
		sandbox.configure({ holdAnswers: false });
		const execs = await Promise.all(ids.map((id) => main.waitForExecution(apiKey, id, { timeoutMs: 180_000 })));
		execs.forEach((exec, i) => {
			assert(exec.status === 'success', `execution ${ids[i]} ended "${exec.status}": ${JSON.stringify(exec.data?.resultData?.error ?? '').slice(0, 400)}`);
			const items = (nodeItems(exec, SCREENING_NODE) ?? []).map((item) => item.json);
			assert(items.length === RUTS_EACH, `execution ${ids[i]} has ${items.length} items out of "${SCREENING_NODE}" for ${RUTS_EACH} RUTs`);
			const failed = items.filter((j) => j.error);
			assert(!failed.length, `execution ${ids[i]}: ${failed.length} items failed, e.g. ${failed[0]?.error}`);
			const answered = new Set(items.map((j) => j.rut));
			const missing = ruts[i].filter((r) => !answered.has(r));
			assert(!missing.length, `execution ${ids[i]}: no item for ${missing.length} RUTs, e.g. ${missing.slice(0, 3).join(', ')}`);
		});
		const byWorker = new Map();
		workers.forEach((w, i) => byWorker.set(w.name, [...(byWorker.get(w.name) ?? []), i]));
		assert(byWorker.size >= 2, `all ${SCREENINGS} executions ran on ${workers[0].name}`);
		// Each worker's 429s: those met by the RUTs of the executions it ran.
		const refusedBy = (indexes) => {
			const mine = new Set(indexes.flatMap((i) => ruts[i]));
			return sandbox.requests.filter((q) => q.status === 429 && mine.has(q.query.rut)).length;
		};
		const all = new Set(ruts.flat());
		const sent = sandbox.requests.filter((q) => all.has(q.query.rut)).length;
		const perWorker = [...byWorker].map(([name, indexes]) => `${name}: ${indexes.length} executions, ${refusedBy(indexes)} 429s`);
		const refused = [...byWorker.values()].reduce((n, indexes) => n + refusedBy(indexes), 0);
		return (
			`${SCREENINGS} screenings of ${RUTS_EACH} RUTs at once against ${PER_SECOND} requests/s, every item answered; ` +
			`${perWorker.join('; ')} (${refused} of ${sent} requests refused, each worker learning the limit on its own)`
		);
	} finally {
		sandbox.configure({ rateLimit: undefined, holdAnswers: false });
	}
}

module.exports = { checkRateLimit, limitedScreening, SCREENINGS };
