#!/usr/bin/env node
'use strict';
// `npm start`: the whole product on 127.0.0.1 without an account at the service. Builds the
// package, starts the sandbox, installs (first run only) and starts the real n8n with the package
// loaded, a "Risk Info (sandbox)" credential, the example workflows (both trigger workflows and
// the Monitor's active, the sandbox delivering to onboarding's results one and monitoring its
// known RUTs) and an owner account. Ctrl-C stops everything it started.
// State lives in .n8n-demo/ (git-ignored); a second run reuses it and starts in seconds.
// `npm start -- --queue` runs the same demo on n8n's queue mode instead (scripts/lib/start-queue.js).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./lib/n8n');
const { ensureRuntime, buildPackage, installPackageInto, n8nProcess, startWithOwner, listFiles, SetupError } = require('./lib/launch');
const { loadSandbox, exampleWorkflows, exampleFiles, triggerUrl, importSandboxCredentials, importExamples } = require('./lib/setup');
const { exampleDataTables, ensureDataTables, documentedSampleEvent, sampleCommand } = require('./lib/demo-data');
const { prepareMcpExample, mcpBanner } = require('./lib/mcp');
const { OWNER, ACTIVE_ROLES, DEMO_ROLES, parseStartArgs, preferredPort, banner, monitorKnownRuts } = require('./lib/demo');
const { startQueueDemo } = require('./lib/start-queue');

// RISKINFO_DEMO_DIR lets the e2e run `npm start` in a folder of its own.
const DEMO = process.env.RISKINFO_DEMO_DIR ? path.resolve(process.env.RISKINFO_DEMO_DIR) : path.join(ROOT, '.n8n-demo');
const STATE_FILE = path.join(DEMO, 'state.json');
const HOOK_TOKEN_FILE = path.join(DEMO, 'webhook-token');
const SAMPLE_EVENT_FILE = path.join(DEMO, 'sample-event.json');

const T0 = Date.now();
const log = (msg) => process.stdout.write(`[start ${((Date.now() - T0) / 1000).toFixed(0).padStart(3)}s] ${msg}\n`);

function hashFiles(files) {
	const h = crypto.createHash('sha256');
	for (const f of files.sort()) h.update(path.relative(ROOT, f) + '\0' + fs.readFileSync(f) + '\0');
	return h.digest('hex').slice(0, 16);
}

function readState() {
	try {
		return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
	} catch {
		return {};
	}
}

function hookToken() {
	if (!fs.existsSync(HOOK_TOKEN_FILE)) fs.writeFileSync(HOOK_TOKEN_FILE, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
	return fs.readFileSync(HOOK_TOKEN_FILE, 'utf8').trim();
}

/**
 * What the first hour needs before anything runs: the onboarding example's Data table, so a
 * result delivered before its first load finds an empty table rather than none; and the documented
 * sample event in a file, for the commands the banner prints.
 */
async function prepareFirstUse(n8n, cookie, wfs) {
	for (const name of await ensureDataTables(n8n, cookie, exampleDataTables(Object.values(wfs)))) log(`created the Data table "${name}"`);
	fs.writeFileSync(SAMPLE_EVENT_FILE, JSON.stringify(documentedSampleEvent(), null, 2) + '\n');
}

/** One thing to try first, and the commands that send the trigger the documented sample result. */
function firstUseLines({ wfs, receiver, hookUrl, token }) {
	const testUrl = hookUrl.replace('/webhook/', '/webhook-test/');
	const trigger = wfs[receiver].json.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfoTrigger').name;
	return [
		'',
		`Try this first: open "${wfs.onboarding.json.name}" under Overview and click Execute workflow,`,
		`  then open "${wfs.onboardingResults.json.name}" → Executions: each supplier's screening result comes back by webhook within seconds.`,
		'',
		`Send the trigger "${trigger}" the sample result of docs/trigger.md yourself (gzip, the demo webhook token;`,
		`the event is in ${SAMPLE_EVENT_FILE}):`,
		`  Production URL (the published workflow runs it; see its Executions):`,
		`    ${sampleCommand({ url: hookUrl, token, file: SAMPLE_EVENT_FILE })}`,
		`  Test URL (only while the editor listens: open "${trigger}", click Execute step):`,
		`    ${sampleCommand({ url: testUrl, token, file: SAMPLE_EVENT_FILE })}`,
		'  The same event sent again to the Production URL is answered like the first but runs nothing (Ignore Repeated Deliveries):',
		'  its execution notes "A repeated delivery" on the trigger\'s output, with custom data riskInfoDelivery.',
	];
}

async function main() {
	const { receiver, role, queue } = parseStartArgs(process.argv.slice(2));
	if (queue) return await startQueueDemo({ receiver, role, log });
	fs.mkdirSync(DEMO, { recursive: true });
	const state = readState();
	const t0 = Date.now();

	await buildPackage('stale', log);
	const runtime = await ensureRuntime();

	// Reinstall the package only when what n8n would load changed.
	const packageHash = hashFiles([...listFiles(path.join(ROOT, 'dist')), path.join(ROOT, 'package.json')]);
	if (state.packageHash !== packageHash) {
		log(`installing the package into n8n (${path.relative(ROOT, path.join(DEMO, '.n8n', 'nodes'))})`);
		const tarball = await installPackageInto([DEMO], path.join(DEMO, 'pack'));
		fs.rmSync(tarball, { force: true });
		state.packageHash = packageHash;
	}

	const sandboxPort = await preferredPort(state.sandboxPort ?? 4010);
	const n8nPort = await preferredPort(state.n8nPort ?? 5678);
	const brokerPort = await preferredPort(5679);
	const n8n = await n8nProcess(runtime, { userFolder: DEMO, port: n8nPort, brokerPort, logFile: path.join(DEMO, 'n8n.log') });

	const wfs = exampleWorkflows({ required: DEMO_ROLES });
	const hookUrl = triggerUrl(n8n.url, wfs[receiver]);
	const token = hookToken();

	const { startSandbox } = loadSandbox();
	const sandbox = await startSandbox({
		port: sandboxPort,
		complianceDelayMs: 2000,
		webhook: { url: hookUrl, auth: { type: 'bearer', token } },
	});
	monitorKnownRuts(sandbox);
	log(`sandbox on ${sandbox.url}, delivering compliance results to ${hookUrl}`);

	let stopping = false;
	const shutdown = async (why) => {
		if (stopping) return;
		stopping = true;
		log(`${why}: stopping n8n and the sandbox`);
		await n8n.stop();
		await sandbox.close();
		log('stopped');
		process.exit(0);
	};
	// Replaces proc.js's default handler: stop n8n gracefully first, then exit.
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.removeAllListeners(sig);
		process.on(sig, () => void shutdown(sig));
	}

	try {
		// Credentials and workflows are imported again only when they (or the sandbox's address) changed.
		const examplesHash = hashFiles(exampleFiles());
		const credKey = `${sandbox.url}|${sandbox.token}|${sandbox.clientId}|${token}`;
		if (state.credKey !== credKey) {
			log('adding the "Risk Info (sandbox)" credentials');
			await importSandboxCredentials(n8n, sandbox, token);
			state.credKey = credKey;
		}
		if (state.examplesHash !== examplesHash) {
			log('importing the example workflows');
			await importExamples(n8n);
			state.examplesHash = examplesHash;
			state.published = [];
		}
		// Importing leaves a workflow unpublished; an older .n8n-demo may lack the later ones.
		for (const wf of ACTIVE_ROLES.map((r) => wfs[r])) {
			if (state.published?.includes(wf.id)) continue;
			log(`publishing "${wf.json.name}"`);
			await n8n.publishWorkflow(wf.id);
			state.published = [...(state.published ?? []), wf.id];
		}
		await prepareMcpExample(n8n, state, log, DEMO);
		state.sandboxPort = sandboxPort;
		state.n8nPort = n8nPort;
		fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));

		log('starting n8n');
		const cookie = await startWithOwner(n8n, OWNER);
		await prepareFirstUse(n8n, cookie, wfs);
	} catch (err) {
		await n8n.stop();
		await sandbox.close();
		throw err;
	}

	process.stdout.write(
		banner({
			startedAt: t0,
			url: n8n.url,
			wfs,
			receiver,
			role,
			hookUrl,
			sandbox,
			links: mcpBanner(n8n.url, DEMO),
			files: [['n8n log', path.relative(ROOT, path.join(DEMO, 'n8n.log'))]],
			tail: firstUseLines({ wfs, receiver, hookUrl, token }),
			stop: 'Press Ctrl-C to stop n8n and the sandbox.',
		}),
	);
	const exit = await n8n.server.done;
	if (!stopping) {
		await sandbox.close();
		throw new Error(`n8n stopped by itself (exit ${exit.code ?? exit.signal}); see ${path.relative(ROOT, path.join(DEMO, 'n8n.log'))}`);
	}
}

main().catch((err) => {
	process.stderr.write(`[start] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
	process.exit(1);
});
