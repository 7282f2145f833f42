'use strict';
// The queue-mode e2e's check (d): a worker stopped with SIGTERM (what `docker stop` and
// Kubernetes send) while it runs a 200-item screening. n8n must finish the execution or record it
// as failed; no RUT may be paid for twice; a finished execution has an item for every RUT.
const { nodeItems } = require('./n8n');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');
const { loadSandbox } = require('./setup');

const RUT_COUNT = 200;
const SCREENING_NODE = 'Risk Summary';

/** 200 distinct legal-entity RUTs none of the examples uses. */
function manyRuts() {
	const { formatRut } = loadSandbox();
	return Array.from({ length: RUT_COUNT }, (_, i) => formatRut(61_000_000 + i * 1009));
}

/** The supplier-screening example with 200 RUTs instead of its five, under its own id. */
function bigScreening(example) {
	const json = JSON.parse(JSON.stringify(example.json));
	json.id = 'riskinfoQueueSigterm';
	json.name = `Supplier screening, ${RUT_COUNT} RUTs (queue e2e)`;
	const list = json.nodes.find((n) => n.type === 'n8n-nodes-base.set' && /\[/.test(JSON.stringify(n.parameters)));
	list.parameters.assignments.assignments[0].value = `=${JSON.stringify(manyRuts())}`;
	const screening = json.nodes.find((n) => n.name === SCREENING_NODE);
	if (!screening) throw new Error(`the supplier-screening example has no "${SCREENING_NODE}" node`);
	// The example caps a run at 20 paid loads; this run is meant to pay one load per RUT.
	delete screening.parameters.requestOptions?.maxPaidLoads;
	return json;
}

async function checkSigterm(ctx) {
	const { stack, main, cookie, apiKey, sandbox, step } = ctx;
	const wf = ctx.bigScreening;
	const ruts = manyRuts();
	const before = sandbox.usage();
	// Slow enough answers that the signal lands mid-run: 200 RUTs, 5 requests at a time.
	sandbox.configure({ latencyMs: 80 });
	try {
		const start = wf.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger').name;
		const id = await main.startFromEditor(cookie, wf.id, start);
		const worker = await waitFor(`no worker started execution ${id}`, () => workerOf(stack, id), 60_000, 200);
		await waitFor('the screening paid for no 40 loads', () => sandbox.usage().paidLoads - before.paidLoads >= 40, 120_000, 100);
		const paidAtSignal = sandbox.usage().paidLoads - before.paidLoads;
		const t0 = Date.now();
		process.kill(worker.pid, 'SIGTERM');
		step(`(d) SIGTERM to ${worker.name} (pid ${worker.pid}) after ${paidAtSignal} of ${RUT_COUNT} paid loads of execution ${id}`);
		const exit = await Promise.race([worker.server.done, new Promise((r) => setTimeout(() => r(undefined), 90_000))]);
		assert(exit, `${worker.name} did not exit within 90 s of SIGTERM`);
		const exitedIn = ((Date.now() - t0) / 1000).toFixed(1);
		const exec = await main.waitForExecution(apiKey, id, { timeoutMs: 180_000 });
		const after = sandbox.usage();
		const paid = after.paidLoads - before.paidLoads;
		const loaded = after.loadedRuts - before.loadedRuts;
		assert(paid === loaded, `${paid} paid loads for ${loaded} distinct RUTs: a RUT was paid for twice`);
		assert(paid <= RUT_COUNT, `${paid} paid loads for ${RUT_COUNT} RUTs`);
		let outcome;
		if (exec.status === 'success') {
			const items = (nodeItems(exec, SCREENING_NODE) ?? []).map((i) => i.json);
			assert(items.length === RUT_COUNT, `the finished execution has ${items.length} items out of "${SCREENING_NODE}" for ${RUT_COUNT} RUTs`);
			const answered = new Set(items.map((j, i) => (j.error ? ruts[j.details?.itemIndex ?? i] : j.rut)));
			const missing = ruts.filter((r) => !answered.has(r));
			assert(!missing.length, `no item for ${missing.length} RUTs, e.g. ${missing.slice(0, 3).join(', ')}`);
			assert(paid === RUT_COUNT, `the finished execution paid ${paid} loads for ${RUT_COUNT} new RUTs`);
			outcome = `n8n let it finish: execution ${id} succeeded with ${items.length} items, one per RUT (${items.filter((j) => j.error).length} error items)`;
		} else {
			assert(['error', 'crashed', 'canceled'].includes(exec.status), `execution ${id} ended "${exec.status}"`);
			outcome = `n8n recorded execution ${id} as ${exec.status}`;
		}
		return `${worker.name} got SIGTERM after ${paidAtSignal} paid loads and exited (code ${exit.code ?? exit.signal}) ${exitedIn} s later; ${outcome}; paid loads ${paid} = distinct RUTs loaded ${loaded}`;
	} finally {
		sandbox.configure({ latencyMs: 0 });
	}
}

module.exports = { checkSigterm, bigScreening };
