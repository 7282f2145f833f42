#!/usr/bin/env node
'use strict';
// `npm run e2e`: the packed package inside a real n8n (from .runtime/), against the sandbox, with
// the README's example workflows. One line per check; exit 1 when any check fails.
//   (a) supplier screening, run headlessly, gives the sandbox's records, simplified and routed
//       (the RUT with failed data sources to review); a second run loads nothing again
//   (b) compliance screening at onboarding, its first workflow started as from the editor: each
//       supplier's load is recorded with its webhookId in a Data table; the sandbox's gzip,
//       bearer-authenticated deliveries reach the trigger of the second, published workflow, and each execution they start carries the
//       right supplier joined to its result, routed to "onboard" or "review". Run again, it does
//       not abort: the profiles still active are refused (409) and routed to the refused branch,
//       the failed one is loaded again and its result comes back like the first time
//   (e) the critical-alert workflow, also active, receives the critical result of (b)
//   (c) a delivery with a wrong or missing token starts no execution
//   (d) the PDF report workflow yields a PDF binary ready for an email node
//   (g), (h) hostile deliveries: nested 5,000 levels deep, inflating past 16 MiB (lib/hostile.js)
//   (r) Ignore Repeated Deliveries: repeats sequential, on the answer and concurrent, under both
//       Respond settings, counted and held to what docs/repeated-deliveries.md promises (lib/repeats.js)
//   (k) supplier screening's dry run pays nothing and estimates what its real run pays (lib/cost.js)
//   (ca) Account → Check Answers: all OK, then the summaries' mismatch with the answers drifted (lib/check-answers.js)
//   (m1)-(m5) the MCP example's Risk Info tools through a real MCP client (lib/mcp.js)
//   (n1)-(n3) an agent builds a Risk Info workflow through n8n's MCP workflow-builder tools (lib/mcp-builder.js)
//   (w) the Risk Info Monitor's example, active, polling every 10 s: a sandbox change is seen
//       within two polls and emitted once, nothing paid; a bulletin change's evidence adds up
//       against the summary's figures, source by source, amounts in CLP (lib/monitor-check.js)
//   (x) n8n's SSRF protection: the sandbox let through by one address, a Base URL on another
//       blocked, the node and the credential Test saying so (lib/n8n3.js)
//   (u) n8n's v3 breaking-changes report names none of the examples (lib/n8n3.js)
//   (t) the Monitor under n8n's durable scheduler: a portfolio over several polls within a short
//       poll timeout, n8n restarted mid-round losing nothing (lib/monitor-scheduler.js; pinned n8n only)
//   The n8n of these checks runs with n8n 3's new defaults and its durable scheduler turned on.
//   (v1), (v2) n8n's execution engine 2.0, in an n8n of its own with Postgres: the trigger at its
//       defaults is refused when published, saying what to change; answering immediately, it runs
//       (lib/engine-v2.js)
//   (f) `npm start`: its banner's editor, login and credential work, the examples are there with
//       both trigger workflows active, the onboarding example run from the editor gets its results
//       back by webhook, Ctrl-C stops everything, and a second run reuses it all
// Options: --keep (keep the temporary n8n folder), --no-build, --n8n <release or dist-tag> (run on
// that n8n release, installed beside the pinned one). There only what can tell something new about
// that release's n8n runs (docs/development.md, "CI"): (f) is left out (`npm start` runs the pinned
// n8n), (t) (its restart behaviour is n8n's scheduler's, minutes of polling), (k) and (ca) (the dry
// run and Check Answers are the node's own work on answers (a) already read through that n8n), and
// (r) sends no copies at the same moment (what they count is decided by the trigger's own turns at
// recording; the store catching a repeat, the answer When Finished and a failed run stay).
// Every other check stays: each goes through n8n code a release can change (webhook and body
// handling, binary data, the static-data store, the MCP trigger and builder, polling, SSRF, the v3
// report, engine 2.0).
// Each check's line says how long it took; the Monitors poll every 10 s ((t)'s every 20 s), not every minute, to wait less.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { killAll } = require('./lib/proc');
const { nodeItems } = require('./lib/n8n');
const { ensureRuntime, buildPackage, installPackageInto, n8nProcess, startWithOwner, SetupError } = require('./lib/launch');
const { n8nArg, PINNED } = require('./n8n-runtime');
const { checkNpmStart } = require('./lib/start-check');
const { assert, waitFor, checkList, same } = require('./lib/checks');
const { checkSupplierScreening } = require('./lib/screening');
const { checkHostileDeliveries } = require('./lib/hostile');
const { checkRepeatedDeliveries } = require('./lib/repeats');
const { checkCostEstimate } = require('./lib/cost');
const { checkAnswers } = require('./lib/check-answers');
const { checkMcpTools } = require('./lib/mcp');
const { checkMcpBuilder } = require('./lib/mcp-builder');
const { checkMonitor } = require('./lib/monitor-check');
const { checkEngineV2 } = require('./lib/engine-v2');
const { N8N3_ENV, NOT_TURNED_ON, checkSsrfBlocked, checkBreakingChanges } = require('./lib/n8n3');
const { SCHEDULER_ENV, checkMonitorScheduler } = require('./lib/monitor-scheduler');
const { loadSandbox, exampleWorkflows, exampleFiles, triggerUrl: webhookUrl, importSandboxCredentials, importExamples, RISKINFO_TRIGGER } = require('./lib/setup');

const TOTAL_TIMEOUT_MS = 25 * 60_000;
const HOOK_TOKEN = `e2e-hook-${Math.random().toString(36).slice(2)}`;
const args = new Set(process.argv.slice(2));

const { check, results, times } = checkList();
const T0 = Date.now();
const step = (msg) => process.stdout.write(`[e2e] ${msg}\n`);

const IF_NODE = 'n8n-nodes-base.if';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

/** The first node after `from` (breadth first along main connections) that `matches`. */
function downstream(json, from, matches) {
	const seen = new Set([from]);
	for (let queue = [from]; queue.length; ) {
		const name = queue.shift();
		for (const out of json.connections[name]?.main ?? []) {
			for (const { node } of out ?? []) {
				if (seen.has(node)) continue;
				seen.add(node);
				const n = json.nodes.find((x) => x.name === node);
				if (n && matches(n)) return n;
				queue.push(node);
			}
		}
	}
	throw new Error(`no matching node after "${from}"`);
}

async function checkPdfReport(n8n, wf) {
	const runData = await n8n.execute(wf.id);
	assert(runData.status === 'success', `the run failed: ${JSON.stringify(runData.data.resultData.error ?? runData.status).slice(0, 500)}`);
	const last = wf.json.nodes.find((n) => n.type !== STICKY_NOTE && !wf.json.connections[n.name]);
	const items = nodeItems(runData, last.name) ?? [];
	assert(items.length === 1, `"${last.name}" got ${items.length} items`);
	const bin = items[0].binary?.data;
	assert(bin, `"${last.name}" has no binary "data": ${JSON.stringify(items[0]).slice(0, 300)}`);
	assert(bin.mimeType === 'application/pdf', `mimeType is ${bin.mimeType}`);
	assert(/\.pdf$/.test(bin.fileName ?? ''), `fileName is ${bin.fileName}`);
	// n8n 3 keeps binary data out of memory: on disk in a single process.
	assert(String(bin.id ?? '').startsWith('filesystem'), `the PDF is stored as ${bin.id}, not on disk (N8N_DEFAULT_BINARY_DATA_MODE=filesystem)`);
	return `"${last.name}" holds ${bin.fileName} (${bin.mimeType}, ${bin.fileSize ?? '?'}), stored as ${bin.id.split(':')[0]}`;
}

const triggerUrl = (n8n, wf) => webhookUrl(n8n.url, wf);

/** Onboarding in its two workflows: `wf` screens the suppliers, `results` receives each result and finds its supplier. */
async function checkOnboarding(n8n, cookie, apiKey, sandbox, wf, results, known) {
	const nodes = wf.json.nodes;
	const start = nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	const listNode = nodes.find((n) => n.type === 'n8n-nodes-base.set' && n.parameters.assignments?.assignments?.[0]?.type === 'array');
	const suppliers = JSON.parse(listNode.parameters.assignments.assignments[0].value.replace(/^=/, ''));
	const loadNode = nodes.find((n) => n.parameters?.operation === 'loadProfile');
	const rememberNode = nodes.find((n) => n.type === 'n8n-nodes-base.dataTable' && n.parameters.operation === 'insert');
	const trigger = results.json.nodes.find((n) => n.type === RISKINFO_TRIGGER);
	const ifNode = downstream(results.json, trigger.name, (n) => n.type === IF_NODE);
	const [onboardName, reviewName] = results.json.connections[ifNode.name].main.map((out) => out[0].node);
	// The IF after the loads: loaded ones go on to be remembered, refused ones to its false output.
	const loadedIf = downstream(wf.json, loadNode.name, (n) => n.type === IF_NODE);
	const refusedName = wf.json.connections[loadedIf.name].main[1][0].node;
	const hookUrl = triggerUrl(n8n, results);

	const intake = await n8n.runFromEditor(cookie, apiKey, wf.id, start.name);
	assert(intake.status === 'success', `the intake run failed: ${JSON.stringify(intake.data?.resultData?.error ?? intake.status).slice(0, 500)}`);
	const loaded = (nodeItems(intake, loadNode.name) ?? []).map((i) => i.json);
	const remembered = (nodeItems(intake, rememberNode.name) ?? []).map((i) => i.json);
	assert(loaded.length === suppliers.length, `${suppliers.length} suppliers listed, ${loaded.length} profiles loaded`);
	const supplierOf = new Map();
	suppliers.forEach((s, i) => {
		const id = loaded[i].webhookId;
		assert(typeof id === 'number' && loaded[i].fullName === s.name, `the load for "${s.name}" gave ${JSON.stringify(loaded[i]).slice(0, 300)}`);
		const row = remembered.find((r) => r.webhookId === id);
		assert(row && row.supplier === s.name && row.rut === s.rut && row.personType === s.personType, `"${rememberNode.name}" recorded ${JSON.stringify(row)} for webhook ${id} of "${s.name}"`);
		supplierOf.set(id, s);
	});

	/** The sandbox's delivery of webhook `id` and the execution it started, joined to supplier `s`. */
	async function followResult(id, s) {
		const delivery = await sandbox.waitForDelivery(id, 30_000);
		assert(delivery.url === hookUrl, `the sandbox delivered webhook ${id} to ${delivery.url}`);
		assert(delivery.status === 200, `n8n answered the delivery of webhook ${id} with ${delivery.status} after ${delivery.attempts} attempts`);
		const exec = await waitFor(
			`no successful execution of "${results.json.name}" for webhook ${id}`,
			async () => (await n8n.executions(apiKey, results.id)).find((e) => e.status === 'success' && nodeItems(e, trigger.name)?.[0]?.json?.webhookId === id),
			30_000,
		);
		const event = nodeItems(exec, trigger.name)[0].json;
		// The branch expected from what the sandbox sent, not from the workflow's own condition.
		const cleared = delivery.event.status === 'SUCCESS' && String(delivery.event.riesgo ?? delivery.event.risk).toLowerCase() === 'free';
		const branch = cleared ? onboardName : reviewName;
		const out = (nodeItems(exec, branch) ?? []).map((i) => i.json);
		const other = nodeItems(exec, cleared ? reviewName : onboardName) ?? [];
		assert(out.length === 1 && other.length === 0, `webhook ${id} ("${s.name}", ${delivery.event.status}) gave ${out.length} items to "${branch}" and ${other.length} to the other branch`);
		const joined = out[0];
		const expect = { supplier: s.name, rut: s.rut || null, personType: s.personType, webhookId: id, status: event.status, risk: event.risk ?? null };
		for (const [k, v] of Object.entries(expect)) assert(same(joined[k], v), `webhook ${id}: "${branch}" has ${k} ${JSON.stringify(joined[k])}, expected ${JSON.stringify(v)}`);
		// The Table view shows keys in the item's order: what a reviewer reads first comes first.
		const first = Object.keys(joined).slice(0, 3);
		assert(same(first, ['decision', 'supplier', 'rut']), `webhook ${id}: "${branch}" starts with ${JSON.stringify(first)}`);
		return { name: s.name, id, status: event.status, risk: event.risk, branch, sent: delivery.event.status };
	}

	const screened = [];
	for (const [id, s] of supplierOf) screened.push(await followResult(id, s));
	const routed = (name) => screened.find((r) => r.name === name)?.branch;
	if (routed(known.critical)) assert(routed(known.critical) === reviewName, `the critical "${known.critical}" went to ${routed(known.critical)}`);
	if (routed(known.noMatch)) assert(routed(known.noMatch) === onboardName, `the no-match "${known.noMatch}" went to ${routed(known.noMatch)}`);
	if (routed(known.failed)) assert(routed(known.failed) === reviewName, `the failed "${known.failed}" went to ${routed(known.failed)}`);

	// The same suppliers again, as a user running the example twice: the service refuses (409) the
	// profiles still active, which must not abort the run; those suppliers reach the refused
	// branch, and the others (here the FAILED one, which the sandbox does not keep active) are
	// loaded, remembered and screened as the first time.
	const rerun = await n8n.runFromEditor(cookie, apiKey, wf.id, start.name);
	assert(rerun.status === 'success', `the second intake run failed: ${JSON.stringify(rerun.data?.resultData?.error ?? rerun.status).slice(0, 500)}`);
	const reloaded = (nodeItems(rerun, loadNode.name) ?? []).map((i) => i.json);
	const refused = (nodeItems(rerun, refusedName) ?? []).map((i) => i.json);
	const rememberedAgain = (nodeItems(rerun, rememberNode.name) ?? []).map((i) => i.json);
	assert(reloaded.length === suppliers.length, `the second run: ${suppliers.length} suppliers listed, "${loadNode.name}" gave ${reloaded.length} items`);
	const rescreened = [];
	let refusals = 0;
	for (const s of suppliers) {
		const first = screened.find((r) => r.name === s.name);
		if (first.sent !== 'FAILED') {
			const r = refused.find((x) => x.supplier === s.name);
			assert(r && r.alreadyActive === true && String(r.httpCode) === '409' && same(r.rut, s.rut || null) && r.personType === s.personType && r.error, `the second run: "${refusedName}" has ${JSON.stringify(r)} for the still-active "${s.name}"`);
			assert(!rememberedAgain.some((row) => row.supplier === s.name), `the second run remembered the refused "${s.name}" again`);
			refusals++;
		} else {
			const row = rememberedAgain.find((x) => x.supplier === s.name);
			assert(row && typeof row.webhookId === 'number' && row.webhookId !== first.id, `the second run remembered ${JSON.stringify(row)} for "${s.name}", whose first screening failed`);
			assert(!refused.some((x) => x.supplier === s.name), `the second run refused "${s.name}", whose first screening failed`);
			rescreened.push(await followResult(row.webhookId, s));
		}
	}
	assert(refused.length === refusals, `the second run sent ${refused.length} items to "${refusedName}", expected ${refusals}`);
	const line = (r) => `${r.id} "${r.name}" ${r.status}/${r.risk ?? '-'} → ${r.branch}`;
	return `${screened.length} loads recorded by webhookId; each delivery (gzip, bearer) answered 200 and its execution joined the right supplier: ${screened.map(line).join('; ')}. Run again: ${refusals} still-active profiles refused (409) → "${refusedName}", the run went on; reloaded: ${rescreened.map(line).join('; ') || 'none'}`;
}

async function main() {
	const watchdog = setTimeout(() => {
		process.stderr.write(`[e2e] ERROR: still running after ${TOTAL_TIMEOUT_MS / 60_000} minutes; stopping everything\n`);
		killAll('SIGKILL');
		process.exit(1);
	}, TOTAL_TIMEOUT_MS);
	watchdog.unref();

	const runtime = await ensureRuntime({ n8n: n8nArg(process.argv.slice(2)) });
	const pinned = runtime.version === PINNED;
	step(`n8n ${runtime.version}${pinned ? ' (pinned)' : ''}`);
	await buildPackage(args.has('--no-build') ? 'never' : 'always', step);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-e2e-'));
	const userFolder = path.join(tmp, 'home');
	step(`n8n user folder ${userFolder}`);
	step(NOT_TURNED_ON);
	const tarball = await installPackageInto([userFolder], path.join(tmp, 'pack'));
	step(`installed ${path.basename(tarball)} into ${path.join(userFolder, '.n8n', 'nodes')}`);

	const { startSandbox, KNOWN_RUTS, KNOWN_NAMES, buildComplianceEvent, deliver } = loadSandbox();
	// A plan of its own, not the default, so the dry run's remaining look-ups can only come from it.
	const plan = { lookups: 4321, monitoringPlaces: 7 };
	const sandbox = await startSandbox({ port: 0, complianceDelayMs: 300, plan });
	// n8n 3's defaults and its durable scheduler, turned on early (lib/n8n3.js, lib/monitor-scheduler.js).
	const n8n = await n8nProcess(runtime, { userFolder, logFile: path.join(tmp, 'n8n.log'), serverTimeoutMs: TOTAL_TIMEOUT_MS, extraEnv: { ...N8N3_ENV, ...SCHEDULER_ENV } });
	let failed = false;
	try {
		step('importing credentials and example workflows');
		await importSandboxCredentials(n8n, sandbox, HOOK_TOKEN);
		const wfs = exampleWorkflows();
		await importExamples(n8n);

		await check('a', 'supplier screening, headless', async () => (await checkSupplierScreening(() => n8n.execute(wfs.supplierScreening.id), sandbox, wfs.supplierScreening, KNOWN_RUTS)).summary);
		await check('d', 'PDF due-diligence report, headless', () => checkPdfReport(n8n, wfs.pdfReport));

		const alert = wfs.criticalAlert;
		const onboarding = wfs.onboarding;
		const onboardingResults = wfs.onboardingResults;
		const triggerNode = alert.json.nodes.find((n) => n.type === RISKINFO_TRIGGER);
		const hookUrl = triggerUrl(n8n, alert);
		await n8n.publishWorkflow(alert.id);
		await n8n.publishWorkflow(onboardingResults.id);
		step('starting n8n');
		const cookie = await startWithOwner(n8n, { email: 'e2e@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-sandbox-1' });
		step(`n8n ready at ${n8n.url}`);
		const apiKey = await n8n.createApiKey(cookie);
		// The service delivers to one URL per account. Onboarding's results workflow joins the loads
		// back, so it gets the sandbox's deliveries; the alert gets the critical one resent.
		sandbox.configure({ webhook: { url: triggerUrl(n8n, onboardingResults), auth: { type: 'bearer', token: HOOK_TOKEN } } });

		await check('b', 'compliance screening at onboarding, joined back by webhookId', async () => {
			const wf = await n8n.workflow(apiKey, onboardingResults.id);
			assert(wf.active === true, `the workflow "${onboardingResults.json.name}" is not active`);
			return await checkOnboarding(n8n, cookie, apiKey, sandbox, onboarding, onboardingResults, KNOWN_NAMES);
		});

		await check('e', 'critical result reaches the active alert trigger', async () => {
			const wf = await n8n.workflow(apiKey, alert.id);
			assert(wf.active === true, `the workflow "${alert.json.name}" is not active`);
			// Whatever (b) concluded, the loads it made gave the sandbox a critical result to resend.
			const found = sandbox.deliveries.find((d) => String(d.event.riesgo ?? d.event.risk).toLowerCase() === 'critical');
			assert(found, 'the onboarding loads gave no critical result to send on');
			const critical = { id: found.webhookId, name: found.event.fullName ?? found.event.nombreCompleto };
			const res = await deliver(hookUrl, found.event, { type: 'bearer', token: HOOK_TOKEN }, 0);
			assert(res.status === 200, `the alert trigger answered ${res.status}`);
			const exec = await waitFor(
				`no successful execution of "${alert.json.name}" for webhook ${critical.id}`,
				async () => (await n8n.executions(apiKey, alert.id)).find((e) => e.status === 'success' && nodeItems(e, triggerNode.name)?.[0]?.json?.webhookId === critical.id),
				30_000,
			);
			const event = nodeItems(exec, triggerNode.name)[0].json;
			assert(event.status === 'SUCCESS', `the event's status is ${event.status}`);
			assert(String(event.risk).toLowerCase() === 'critical', `the event's risk is ${event.risk}`);
			return `"${critical.name}" (webhook ${critical.id}) as the sandbox sent it: answered 200, execution ${exec.id} recorded with the normalised SUCCESS/critical event`;
		});

		await check('c', 'delivery with a wrong token starts nothing', async () => {
			const count = (await n8n.executions(apiKey, alert.id, { includeData: false })).length;
			const fresh = buildComplianceEvent('success', { webhookId: 900000 + Math.floor(Math.random() * 99999), fullName: KNOWN_NAMES.critical, isJuridicalPerson: true, searchErrors: 0 });
			const wrong = await deliver(hookUrl, fresh, { type: 'bearer', token: `${HOOK_TOKEN}-wrong` }, 0);
			const none = await deliver(hookUrl, fresh, { type: 'none' }, 0);
			assert(wrong.status === 401 || wrong.status === 403, `a wrong token was answered ${wrong.status}`);
			assert(none.status === 401 || none.status === 403, `a missing token was answered ${none.status}`);
			await new Promise((r) => setTimeout(r, 3000));
			const after = (await n8n.executions(apiKey, alert.id, { includeData: false })).length;
			assert(after === count, `${after - count} executions started anyway`);
			// The same event with the right token does start one, so the count above could have moved.
			const right = await deliver(hookUrl, fresh, { type: 'bearer', token: HOOK_TOKEN }, 0);
			assert(right.status === 200, `the right token was answered ${right.status}`);
			await waitFor('the control delivery with the right token started no execution', async () => (await n8n.executions(apiKey, alert.id, { includeData: false })).length === count + 1, 30_000);
			return `wrong token ${wrong.status}, no token ${none.status}, no execution; the same event with the right token ran`;
		});

		await checkHostileDeliveries({ baseUrl: n8n.url, apiKey, hookToken: HOOK_TOKEN, check });
		await checkRepeatedDeliveries({ n8n, apiKey, hookToken: HOOK_TOKEN, check, simultaneous: pinned });
		if (pinned) await checkCostEstimate({ n8n, cookie, apiKey, sandbox, plan, check });
		if (pinned) await checkAnswers({ n8n, cookie, apiKey, sandbox, check });
		await checkMcpTools({ n8n, apiKey, sandbox, check });
		await checkMcpBuilder({ n8n, cookie, apiKey, sandbox, check });
		// Last against this n8n: an active Monitor polls the sandbox every 10 s, which the request
		// counts of the checks above must not see.
		await check('w', 'the Monitor\'s examples see sandbox changes within two polls, with their evidence, each status reaching a message, and emit them once', () => checkMonitor({ n8n, apiKey, sandbox, wf: wfs.supplierMonitoring, digest: wfs.monitoringDigest }));
		await check('x', 'n8n\'s SSRF protection: the sandbox let through by one address, another blocked with words that say so', () => checkSsrfBlocked({ n8n, cookie, apiKey, sandbox }));
		await check('u', 'n8n\'s v3 breaking-changes report names none of the examples', () => checkBreakingChanges({ n8n, cookie, apiKey, examples: exampleFiles().length }));
		// Minutes of polling: on the pinned n8n only, like (f), to keep CI's time.
		if (pinned) await check('t', 'the Monitor under n8n\'s durable scheduler: a portfolio over several polls, n8n restarted mid-round', () => checkMonitorScheduler({ n8n, apiKey, sandbox, step }));
	} catch (err) {
		failed = true;
		process.stdout.write(`FAIL (setup) ${err.message}\n`);
	} finally {
		await n8n.stop();
		await sandbox.close();
	}
	// With the e2e's own n8n and sandbox stopped: engine 2.0 in an n8n of its own, its Postgres
	// running as its own user, in a folder that user can reach.
	const engineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-engine-v2-'));
	fs.chmodSync(engineDir, 0o711);
	try {
		await checkEngineV2({ runtime, dir: engineDir, tarball, hookToken: HOOK_TOKEN, check, step });
	} catch (err) {
		failed = true;
		process.stdout.write(`FAIL (engine 2.0 setup) ${err.message}\n`);
	}
	// Last: `npm start` in a folder of its own.
	if (pinned) await check('f', 'npm start, as a user runs it', () => checkNpmStart(tmp));
	const passed = results.filter(Boolean).length;
	const failedCount = results.length - passed + (failed ? 1 : 0);
	if (failedCount || args.has('--keep')) step(`kept ${tmp} and ${engineDir} (n8n logs: ${path.join(tmp, 'n8n.log')}, ${path.join(engineDir, 'n8n.log')})`);
	else for (const dir of [tmp, engineDir]) fs.rmSync(dir, { recursive: true, force: true });
	const skipped = runtime.skipped.map((s) => `; n8n ${s.version} was asked for, but this registry lacks ${s.missing}`).join('');
	step(`ran on n8n ${runtime.version}${pinned ? ' (pinned)' : ''}${skipped}${pinned ? '' : '; left out as on every release but the pinned: (f), (t), (k), (ca) and (r)\'s copies at the same moment'}`);
	step(`the checks: ${times()}`);
	const took = Math.round((Date.now() - T0) / 1000);
	process.stdout.write(`e2e: ${passed} passed, ${failedCount} failed in ${Math.floor(took / 60)} min ${took % 60} s\n`);
	return failedCount === 0;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(err) => {
		process.stderr.write(`[e2e] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
		process.exit(1);
	},
);
