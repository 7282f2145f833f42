'use strict';
// The queue-mode e2e's check (r), issue 68: two screening executions at once, on two workers,
// against a sandbox limit. Each n8n process keeps one pace per account (nodes/shared/transport/
// accounts.ts) and no store is shared between workers, so each worker learns the limit on its own:
// every item must still be answered, and the 429s each met are printed (docs/queue-mode.md).
const { nodeItems } = require('./n8n');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');
const { loadSandbox } = require('./setup');

const RUTS_EACH = 100;
const PER_SECOND = 10;
const SCREENING_NODE = 'Risk Summary';

/** `RUTS_EACH` distinct legal-entity RUTs for screening `n` (0 or 1), none the examples or check (d) use. */
function rutsOf(n) {
	const { formatRut } = loadSandbox();
	return Array.from({ length: RUTS_EACH }, (_, i) => formatRut(62_000_000 + n * 500_000 + i * 1013));
}

/** The supplier-screening example reading `rutsOf(n)`, under an id of its own. */
function limitedScreening(example, n) {
	const json = JSON.parse(JSON.stringify(example.json));
	json.id = `riskinfoQueueRateLimit${n}`;
	json.name = `Supplier screening ${n + 1} of 2 under a rate limit (queue e2e)`;
	const list = json.nodes.find((node) => node.type === 'n8n-nodes-base.set' && /\[/.test(JSON.stringify(node.parameters)));
	list.parameters.assignments.assignments[0].value = `=${JSON.stringify(rutsOf(n))}`;
	if (!json.nodes.some((node) => node.name === SCREENING_NODE)) throw new Error(`the supplier-screening example has no "${SCREENING_NODE}" node`);
	return json;
}

async function checkRateLimit(ctx) {
	const { stack, main, cookie, apiKey, sandbox } = ctx;
	const [a, b] = ctx.limitedScreenings;
	const ruts = [rutsOf(0), rutsOf(1)];
	// Loaded already, so the reads are free and only the limit is measured.
	for (const rut of ruts.flat()) sandbox.loadRut(rut);
	sandbox.configure({ rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 } });
	try {
		const startOf = (wf) => wf.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger').name;
		// Bull gives a job to whichever worker asks first: started together, the two usually land on
		// both workers; a few tries make sure they did.
		let ids;
		let workers;
		for (let attempt = 0; attempt < 3; attempt++) {
			sandbox.resetLog();
			ids = await Promise.all([a, b].map((wf) => main.startFromEditor(cookie, wf.id, startOf(wf))));
			workers = await Promise.all(ids.map((id) => waitFor(`no worker started execution ${id}`, () => workerOf(stack, id), 60_000, 200)));
			const execs = await Promise.all(ids.map((id) => main.waitForExecution(apiKey, id, { timeoutMs: 180_000 })));
			execs.forEach((exec, i) => {
				assert(exec.status === 'success', `execution ${ids[i]} ended "${exec.status}"`);
				const items = (nodeItems(exec, SCREENING_NODE) ?? []).map((item) => item.json);
				assert(items.length === RUTS_EACH, `execution ${ids[i]} has ${items.length} items out of "${SCREENING_NODE}" for ${RUTS_EACH} RUTs`);
				const failed = items.filter((j) => j.error);
				assert(!failed.length, `execution ${ids[i]}: ${failed.length} items failed, e.g. ${failed[0]?.error}`);
				const answered = new Set(items.map((j) => j.rut));
				const missing = ruts[i].filter((r) => !answered.has(r));
				assert(!missing.length, `execution ${ids[i]}: no item for ${missing.length} RUTs, e.g. ${missing.slice(0, 3).join(', ')}`);
			});
			if (workers[0] !== workers[1]) break;
		}
		assert(workers[0] !== workers[1], `three tries, each time both executions ran on ${workers[0].name}`);
		const refusedOf = (list) => {
			const mine = new Set(list);
			return sandbox.requests.filter((q) => q.status === 429 && mine.has(q.query.rut)).length;
		};
		const sent = sandbox.requests.filter((q) => ruts.flat().includes(q.query.rut)).length;
		const refused = ruts.map(refusedOf);
		return (
			`executions ${ids[0]} on ${workers[0].name} and ${ids[1]} on ${workers[1].name}, ${RUTS_EACH} RUTs each against ${PER_SECOND} requests/s: ` +
			`every item answered; 429s ${refused[0]} and ${refused[1]} (${refused[0] + refused[1]} of ${sent} requests, each worker learning the limit on its own)`
		);
	} finally {
		sandbox.configure({ rateLimit: undefined });
	}
}

module.exports = { checkRateLimit, limitedScreening };
