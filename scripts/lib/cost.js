'use strict';
// The cost guard in a real n8n: the supplier-screening example run first from its dry-run
// trigger, then for real. The dry run must make the sandbox count no paid call, its estimate (the
// example's Summarize, Cost of This Run: count_wouldPayFor) must equal what the real run then
// pays, as the sandbox counts it and as the same Summarize totals it (count_paid), and every item
// of it must report the look-ups the plan the sandbox was given has left. The other checks load
// the example's own RUTs, so this runs a copy of it (created through the public API, with the
// sandbox credential the e2e imported) whose list the sandbox has partly not loaded.
const { assert } = require('./checks');
const { nodeItems } = require('./n8n');
const { exampleWorkflows, loadSandbox } = require('./setup');

const RISK_INFO = 'n8n-nodes-riskinfo.riskInfo';
const MANUAL = 'n8n-nodes-base.manualTrigger';

/** Paid calls as the sandbox counts them. */
function paidAt(sandbox) {
	const usage = sandbox.usage();
	return usage.paidLoads + usage.complianceLoads;
}

/** The example's parts this check drives, found by what they do rather than by name. */
function partsOf(example) {
	const { nodes, connections } = example;
	const risk = nodes.find((n) => n.type === RISK_INFO && n.parameters?.loadIfMissing && n.parameters?.dryRun);
	assert(risk, 'no Risk Info node with Load RUT If Not Loaded and a Dry Run switch');
	const cap = risk.parameters.requestOptions?.maxPaidLoads;
	assert(typeof cap === 'number', `"${risk.name}" sets no Maximum Paid Loads per Run (${JSON.stringify(risk.parameters.requestOptions)})`);
	const estimateTrigger = /\$\('([^']+)'\)\.isExecuted/.exec(String(risk.parameters.dryRun))?.[1];
	const triggers = nodes.filter((n) => n.type === MANUAL).map((n) => n.name);
	assert(estimateTrigger && triggers.includes(estimateTrigger), `the Dry Run switch ${JSON.stringify(risk.parameters.dryRun)} names no trigger of the example`);
	const realTrigger = triggers.find((t) => t !== estimateTrigger);
	// The Summarize that totals the Risk Info node's paid calls, after the node that gives every item the counted fields.
	const next = (n) => (connections[n.name]?.main?.[0] ?? []).map((c) => nodes.find((m) => m.name === c.node));
	const summarize = next(risk).flatMap(next).find((n) => n?.type === 'n8n-nodes-base.summarize');
	assert(summarize, `no Summarize two nodes after "${risk.name}"`);
	const list = nodes.find((n) => n.type === 'n8n-nodes-base.set' && n.parameters?.assignments?.assignments?.[0]?.type === 'array');
	assert(list, 'no Set node holding the list of RUTs');
	return { risk, cap, estimateTrigger, realTrigger, summarize, list };
}

async function createCopy(n8n, apiKey, example, list, ruts) {
	const nodes = example.nodes.map((n) => {
		if (n.name !== list.name) return n;
		const [first, ...rest] = n.parameters.assignments.assignments;
		return { ...n, parameters: { ...n.parameters, assignments: { assignments: [{ ...first, value: `=${JSON.stringify(ruts)}` }, ...rest] } } };
	});
	const res = await n8n.rest('POST', '/api/v1/workflows', {
		apiKey,
		body: { name: `${example.name} (e2e: cost)`, nodes, connections: example.connections, settings: { executionOrder: 'v1' } },
	});
	assert(res.status === 200, `creating the copy answered ${res.status}: ${res.text.slice(0, 300)}`);
	return res.json.id;
}

async function run(n8n, cookie, apiKey, id, trigger) {
	const exec = await n8n.runFromEditor(cookie, apiKey, id, trigger);
	assert(exec.status === 'success', `the run from "${trigger}" ended ${exec.status}: ${JSON.stringify(exec.data?.resultData?.error ?? '').slice(0, 400)}`);
	return exec;
}

/**
 * Runs the check as (k) through the e2e's `check(id, title, fn)`; `plan` is what the sandbox was given.
 * @param {{ n8n: object, cookie: string, apiKey: string, sandbox: object, plan: { lookups: number }, check: Function }} o
 */
async function checkCostEstimate(o) {
	await o.check('k', 'supplier screening: the dry run pays nothing, estimates what the real run pays and reports the plan\'s look-ups left', async () => {
		const { n8n, cookie, apiKey, sandbox } = o;
		const example = exampleWorkflows({ required: ['supplierScreening'] }).supplierScreening.json;
		const { risk, cap, estimateTrigger, realTrigger, summarize, list } = partsOf(example);
		const { formatRut } = loadSandbox();
		// RUTs no other check uses, two of them already loaded: the estimate must tell them apart.
		const base = 60_000_000 + Math.floor(Math.random() * 30_000_000);
		const ruts = Array.from({ length: 5 }, (_, i) => formatRut(base + i * 7_919));
		for (const rut of ruts.slice(0, 2)) sandbox.loadRut(rut);
		const missing = ruts.length - 2;
		assert(missing <= cap, `the example's cap ${cap} is below this check's ${missing} loads`);
		const id = await createCopy(n8n, apiKey, example, list, ruts);

		const before = paidAt(sandbox);
		// Every RUT load of the e2e so far used one of the plan's look-ups (compliance loads use none).
		const lookupsLeft = o.plan.lookups - sandbox.usage().paidLoads;
		const postsBefore = sandbox.requests.filter((r) => r.method === 'POST').length;
		const estimate = await run(n8n, cookie, apiKey, id, estimateTrigger);
		const paidByEstimate = paidAt(sandbox) - before;
		const postsByEstimate = sandbox.requests.filter((r) => r.method === 'POST').length - postsBefore;
		assert(paidByEstimate === 0 && postsByEstimate === 0, `the dry run made ${paidByEstimate} paid calls (${postsByEstimate} POSTs)`);
		const estimated = nodeItems(estimate, summarize.name)?.[0]?.json?.count_wouldPayFor;
		const verdicts = (nodeItems(estimate, risk.name) ?? []).map((i) => i.json);
		assert(verdicts.length === ruts.length && verdicts.every((v) => v.dryRun === true), `the dry run gave ${JSON.stringify(verdicts).slice(0, 300)}`);
		assert(estimated === missing, `"${summarize.name}" estimated ${estimated} loads; ${missing} of the ${ruts.length} RUTs are not loaded`);
		const planSaid = [...new Set(verdicts.map((v) => JSON.stringify([v.planLookupsRemaining, v.lookupsNeeded, v.wouldExceedPlan])))];
		assert(
			planSaid.length === 1 && planSaid[0] === JSON.stringify([lookupsLeft, missing, false]),
			`the dry run's items said [planLookupsRemaining, lookupsNeeded, wouldExceedPlan] ${planSaid.join(' / ')}; the sandbox was given ${o.plan.lookups} look-ups and ${lookupsLeft} remain`,
		);

		const real = await run(n8n, cookie, apiKey, id, realTrigger);
		const paidByRun = paidAt(sandbox) - before;
		const totalled = nodeItems(real, summarize.name)?.[0]?.json?.count_paid;
		assert(paidByRun === estimated, `the estimate was ${estimated} loads; the real run paid ${paidByRun}`);
		assert(totalled === paidByRun, `"${summarize.name}" totalled count_paid ${totalled}; the sandbox counted ${paidByRun}`);
		// The items name each paid call in words.
		const words = new Set((nodeItems(real, risk.name) ?? []).map((i) => i.json.paid).filter(Boolean));
		assert(paidByRun === 0 || (words.size === 1 && words.has('RUT load')), `the paid items say ${JSON.stringify([...words])}, not "RUT load"`);
		return `from "${estimateTrigger}": ${ruts.length} RUTs, 0 paid calls at the sandbox, count_wouldPayFor ${estimated}, every item planLookupsRemaining ${lookupsLeft} of the ${o.plan.lookups} the sandbox was given; from "${realTrigger}": the sandbox counted ${paidByRun} paid loads and count_paid is ${totalled}, each marked paid: "RUT load" (cap ${cap})`;
	});
}

module.exports = { checkCostEstimate };
