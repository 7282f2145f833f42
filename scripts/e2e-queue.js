#!/usr/bin/env node
'use strict';
// `npm run e2e:queue`: the packed package in n8n's queue mode, on 127.0.0.1 only: Postgres and
// Redis from temporary folders, a main (production webhooks off, manual runs offloaded), two
// workers and two webhook processors, each n8n with its own user folder holding the package as
// the README installs it; beside it a single-process n8n for comparison. One line per check;
// exit 1 when any fails. Everything it started stops at the end, on failure and on Ctrl-C, and
// its temporary folder goes (unless --keep).
//   (a) the supplier-screening example, started through the main, runs on a worker and gives the
//       single-process n8n's records; paid loads: the same number on the first run, 0 on the second
//   (s) stateless nodes: the same workflow run on two different workers gives identical output
//   (p) the PDF report run on a worker: its binary data in the database (n8n 3's mode for queue
//       mode; every process runs with n8n 3's defaults and its durable scheduler, lib/n8n3.js),
//       downloaded whole through the main
//   (b) deliveries sent alternately to both webhook processors each start exactly one execution,
//       run by a worker, with the normalised event; a wrong or missing token gets 401, starts nothing
//   (c) Ignore Repeated Deliveries across processes: a repeat to the other processor after the
//       first was answered starts nothing; simultaneous pairs and concurrent bursts are counted and
//       held to the guarantee docs/repeated-deliveries.md states
//   (e) 300 deliveries at 30/s across both processors, and the same against the single process:
//       every one answered 200 and run once; answer times and executions per second printed
//   (m) the Risk Info Monitor's example, active: polls run on the main only (its log records them,
//       the workers' never do), a sandbox change is seen within two polls and emitted exactly once,
//       its execution run by one of the two workers (lib/monitor-check.js)
//   (t) the Monitor under n8n's durable scheduler: a portfolio over several polls within a short poll
//       timeout, the main stopped and started again mid-round losing nothing, the change it then
//       reports run once on a worker (lib/monitor-scheduler.js, the single-process e2e's check)
//   (r) six screening executions at once, one more than a worker runs at a time, so on both
//       workers, against a sandbox limit of 10 requests/s: every item answered, the 429s each
//       worker met printed (each worker keeps its own pace for the account: docs/queue-mode.md;
//       lib/ratelimit-check.js)
//   (d) a worker stopped with SIGTERM during a 200-item screening: the execution finishes or is
//       recorded as failed, no RUT is paid twice, no item silently missing (the worker stays down)
//   (f) `npm start -- --queue` as a user runs it
// Options: --keep (keep the temporary folder and logs), --no-build, --only=a,b,… (a subset),
// --default-engine (n8n's default expression engine on the webhook processors and the single
// process too, to reproduce docs/queue-mode.md's figures for it; (e) may then fail on two cores).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { removeOnExit, removeNow, killAll, runCleanups, processesUnder, onCleanup, isInterrupted } = require('./lib/proc');
const { ensureRuntime, buildPackage, installPackageInto, n8nProcess, startWithOwner, SetupError } = require('./lib/launch');
const { startQueue, workerOf, WEBHOOK_PROCESSOR_ENV, WEBHOOK_ANSWER_ENV } = require('./lib/queue');
const { MemorySampler } = require('./lib/memory');
const { assert, checkList, same, firstDifference } = require('./lib/checks');
const { checkSupplierScreening } = require('./lib/screening');
const { loadSandbox, exampleWorkflows, importSandboxCredentials, importExamples, importWorkflows } = require('./lib/setup');
const { probeWorkflow, coreWebhookWorkflow, probeUrl } = require('./lib/deliveries');
const { checkDeliveries, checkRepeats, checkLoad } = require('./lib/queue-checks');
const { checkSigterm, bigScreening } = require('./lib/sigterm-check');
const { checkRateLimit, limitedScreening, SCREENINGS } = require('./lib/ratelimit-check');
const { checkNpmStartQueue } = require('./lib/start-check');
const { checkMonitor } = require('./lib/monitor-check');
const { N8N3_ENV, NOT_TURNED_ON, N8N3_QUEUE_ENV, checkStoredPdf } = require('./lib/n8n3');
const { SCHEDULER_ENV, checkMonitorScheduler } = require('./lib/monitor-scheduler');

const TOTAL_TIMEOUT_MS = 25 * 60_000;
const HOOK_TOKEN = `e2e-hook-${Math.random().toString(36).slice(2)}`;
const OWNER = { email: 'e2e@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-sandbox-1' };
const args = process.argv.slice(2);
const only = new Set((args.find((a) => a.startsWith('--only='))?.slice(7) ?? 'a,s,p,b,c,e,m,t,r,d,z,f').split(','));
// The webhook phase's settings docs/queue-mode.md recommends (lib/queue.js says why), on both sides of (e).
const WEBHOOK_ENV = args.includes('--default-engine') ? WEBHOOK_ANSWER_ENV : WEBHOOK_PROCESSOR_ENV;
const T0 = Date.now();
const step = (msg) => process.stdout.write(`[e2e:queue ${Math.round((Date.now() - T0) / 1000)}s] ${msg}\n`);
const { check: runCheck, results, times } = checkList();
// After Ctrl-C the shutdown steps stop everything; no further check may start anything again.
const check = (id, title, fn) => (only.has(id) && !isInterrupted() ? runCheck(id, title, fn) : undefined);

/** The node outputs of a run (items' JSON per node), what two runs of one workflow must share. */
function outputs(run) {
	const runData = run.data?.resultData?.runData ?? {};
	return Object.fromEntries(Object.entries(runData).map(([node, runs]) => [node, runs.map((r) => (r.data?.main ?? []).map((out) => (out ?? []).map((i) => i.json)))]));
}

/** A single-process n8n (SQLite), like the one the e2e and `npm start` run, with the same workflows. */
async function startSingle(runtime, tmp, sandbox, probe, coreProbe) {
	const userFolder = path.join(tmp, 'single');
	await installPackageInto([userFolder], path.join(tmp, 'pack-single'));
	const n8n = await n8nProcess(runtime, { name: 'n8n (single process)', userFolder, logFile: path.join(tmp, 'single.log'), serverTimeoutMs: TOTAL_TIMEOUT_MS, extraEnv: { ...N8N3_ENV, ...SCHEDULER_ENV, ...WEBHOOK_ENV } });
	await importSandboxCredentials(n8n, sandbox, HOOK_TOKEN);
	await importExamples(n8n);
	await importWorkflows(n8n, [probe, coreProbe]);
	await n8n.publishWorkflow(probe.id);
	await n8n.publishWorkflow(coreProbe.id);
	onCleanup(() => n8n.stop());
	const cookie = await startWithOwner(n8n, OWNER, { timeoutMs: 180_000 });
	return { n8n, cookie, apiKey: await n8n.createApiKey(cookie), sandbox };
}

async function main() {
	const watchdog = setTimeout(() => {
		process.stderr.write(`[e2e:queue] ERROR: still running after ${TOTAL_TIMEOUT_MS / 60_000} minutes; stopping everything\n`);
		runCleanups().finally(() => {
			killAll('SIGKILL');
			process.exit(1);
		});
	}, TOTAL_TIMEOUT_MS);
	watchdog.unref();

	const runtime = await ensureRuntime();
	await buildPackage(args.includes('--no-build') ? 'never' : 'always', step);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-queue-e2e-'));
	fs.chmodSync(tmp, 0o711);
	if (!args.includes('--keep')) removeOnExit(tmp);
	step(`temporary folder ${tmp}`);
	step(NOT_TURNED_ON);

	const { startSandbox, KNOWN_RUTS } = loadSandbox();
	const sandbox = await startSandbox({ port: 0, complianceDelayMs: 300 });
	const singleSandbox = await startSandbox({ port: 0, complianceDelayMs: 300 });
	const probe = probeWorkflow('riskinfoQueueProbe', '3f0c6a1e-5b7d-4c2a-9e8f-0a1b2c3d4e5f');
	const coreProbe = coreWebhookWorkflow('riskinfoCoreProbe', '7d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e60');
	const wfs = exampleWorkflows();
	const big = bigScreening(wfs.supplierScreening);
	const limited = Array.from({ length: SCREENINGS }, (_, n) => limitedScreening(wfs.supplierScreening, n));

	let stack;
	let single;
	let failed = false;
	const singleMemory = new MemorySampler([{ name: 'single process', pid: () => single?.n8n.pid }]);
	try {
		step('starting Postgres, Redis, the main, 2 workers and 2 webhook processors, and a single-process n8n beside them');
		[stack, single] = await Promise.all([
			startQueue({
				runtime,
				dir: path.join(tmp, 'queue'),
				log: step,
				serverTimeoutMs: TOTAL_TIMEOUT_MS,
				webhookEnv: WEBHOOK_ENV,
				// n8n 3's defaults (binary data in the database) and its durable scheduler, turned on early.
				env: { ...N8N3_QUEUE_ENV, ...SCHEDULER_ENV },
				logPolls: true,
				seed: async (main) => {
					await importSandboxCredentials(main, sandbox, HOOK_TOKEN);
					await importExamples(main);
					await importWorkflows(main, [probe, big, ...limited]);
					await main.publishWorkflow(probe.id);
				},
			}),
			startSingle(runtime, tmp, singleSandbox, probe, coreProbe),
		]);
		singleMemory.start();
		step(`ready: ${stack.processes().map((p) => `${p.name.replace(/^n8n /, '')} ${p.url}`).join(', ')}; single process ${single.n8n.url}`);
		const main = stack.main;
		const cookie = await main.setupOwner(OWNER);
		const apiKey = await main.createApiKey(cookie);
		const ctx = { stack, main, cookie, apiKey, sandbox, single, probe, bigScreening: big, limitedScreenings: limited, token: HOOK_TOKEN, step };
		ctx.urls = stack.webhooks.map((h) => probeUrl(h.url, probe));
		ctx.singleUrl = probeUrl(single.n8n.url, probe);
		ctx.coreProbe = coreProbe;
		ctx.coreUrl = probeUrl(single.n8n.url, coreProbe);

		const screening = wfs.supplierScreening;
		const startNode = screening.json.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger').name;
		const runOnQueue = () => main.runFromEditor(cookie, apiKey, screening.id, startNode);
		const runs = [];
		await check('a', 'supplier screening started through the main runs on a worker', async () => {
			const q = await checkSupplierScreening(runOnQueue, sandbox, screening, KNOWN_RUTS);
			const s = await checkSupplierScreening(() => single.n8n.runFromEditor(single.cookie, single.apiKey, screening.id, startNode), singleSandbox, screening, KNOWN_RUTS);
			for (const run of [q.first, q.second]) {
				const worker = workerOf(stack, run.id);
				assert(worker, `no worker's log says it started execution ${run.id}`);
				runs.push({ run, worker });
			}
			assert(same(q.records, s.records), `the queue's records differ from the single process's at ${firstDifference(q.records, s.records)}`);
			assert(q.firstLoads === s.firstLoads, `the first run paid ${q.firstLoads} loads in queue mode, ${s.firstLoads} in the single process`);
			return `executions ${runs.map((r) => `${r.run.id} on ${r.worker.name}`).join(', ')} (from the workers' logs); ${q.summary}; the single process gave the same ${s.records.length} records and paid ${s.firstLoads} loads`;
		});

		await check('s', 'stateless: the same workflow on two different workers gives identical output', async () => {
			// Runs after the first paid nothing, so any two of them must agree; Bull hands each job to
			// the worker that asked first, and a worker that just finished one asks again last.
			const later = () => runs.slice(1);
			for (let i = 0; i < 8 && new Set(later().map((r) => r.worker)).size < 2; i++) {
				const run = await runOnQueue();
				assert(run.status === 'success', `run ${run.id} ended ${run.status}`);
				runs.push({ run, worker: workerOf(stack, run.id) });
			}
			const a = later()[0];
			const b = later().find((r) => r.worker !== a.worker);
			assert(b, `${runs.length} runs after the first all went to ${a.worker?.name}`);
			const [oa, ob] = [outputs(a.run), outputs(b.run)];
			assert(Object.keys(oa).length > 3, `execution ${a.run.id} ran ${Object.keys(oa).length} nodes`);
			assert(same(oa, ob), `execution ${a.run.id} (${a.worker.name}) and ${b.run.id} (${b.worker.name}) differ at ${firstDifference(oa, ob)}`);
			return `executions ${a.run.id} on ${a.worker.name} and ${b.run.id} on ${b.worker.name}: every node's output identical (${Object.keys(oa).length} nodes)`;
		});

		await check('p', 'the PDF report run on a worker, its binary data in the database, downloaded through the main', async () => {
			const pdf = wfs.pdfReport;
			const run = await main.runFromEditor(cookie, apiKey, pdf.id, pdf.json.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger').name);
			assert(run.status === 'success', `run ${run.id} ended ${run.status}`);
			const worker = workerOf(stack, run.id);
			assert(worker, `no worker's log says it started execution ${run.id}`);
			const last = pdf.json.nodes.find((n) => n.type !== 'n8n-nodes-base.stickyNote' && !pdf.json.connections[n.name]);
			return `execution ${run.id} on ${worker.name}: ${await checkStoredPdf(main, cookie, run, last.name, 'database')}`;
		});
		await check('b', 'deliveries to both webhook processors, each run once by a worker', () => checkDeliveries(ctx));
		await check('c', 'Ignore Repeated Deliveries across webhook processors', () => checkRepeats(ctx));
		await check('e', 'load: 300 deliveries at 30/s, queue mode beside the single process', () => checkLoad(ctx));
		// Before (d), which stops a worker: the change is to run once with two workers there to take it.
		await check('m', 'the Monitor polls on the main, its change runs once on a worker', () => checkMonitor({ n8n: main, apiKey, sandbox, wf: wfs.supplierMonitoring, stack }));
		await check('t', "the Monitor under n8n's durable scheduler: a portfolio over several polls, the main restarted mid-round", () => checkMonitorScheduler({ n8n: main, apiKey, sandbox, step, stack }));
		// Before (d), which stops a worker for good: (r) needs both.
		await check('r', 'screenings at once on two workers against a sandbox rate limit', () => checkRateLimit(ctx));
		await check('d', 'SIGTERM to the worker running a 200-item screening', () => checkSigterm(ctx));
		step(`memory (PSS of each process with its children) once started: ${stack.memory.summary({ at: 'start' })}; ${singleMemory.summary({ at: 'start' })}`);
		step(`memory at its peak during the run: ${stack.memory.summary()}; ${singleMemory.summary()}`);
	} catch (err) {
		failed = true;
		process.stdout.write(`FAIL (setup) ${err instanceof SetupError ? err.message : err.stack}\n`);
	} finally {
		singleMemory.stop();
		await Promise.all([stack?.stop(), single?.n8n.stop()]);
		await Promise.all([sandbox.close(), singleSandbox.close()]);
	}
	await check('z', 'everything the run started has stopped', async () => {
		const left = processesUnder(tmp);
		assert(!left.length, `processes still running in ${tmp}: ${left.join('; ')}`);
		return `no process left in ${tmp} (Postgres, Redis, ${stack ? stack.processes().length : 0} queue-mode n8n processes, the single process)`;
	});
	// Last, with everything above stopped: `npm start -- --queue` in a folder of its own.
	await check('f', 'npm start -- --queue, as a user runs it', () => checkNpmStartQueue(tmp));

	const passed = results.filter(Boolean).length;
	const failedCount = results.length - passed + (failed ? 1 : 0);
	if (args.includes('--keep')) step(`kept ${tmp} (logs: ${path.join(tmp, 'queue', '*.log')}, ${path.join(tmp, 'single.log')})`);
	else removeNow(tmp);
	step(`the checks: ${times()}`);
	const took = Math.round((Date.now() - T0) / 1000);
	process.stdout.write(`e2e:queue: ${passed} passed, ${failedCount} failed in ${Math.floor(took / 60)} min ${took % 60} s\n`);
	return failedCount === 0;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(err) => {
		process.stderr.write(`[e2e:queue] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
		process.exit(1);
	},
);
