'use strict';
// `npm start -- --queue`: the demo of `npm start` on n8n's queue mode, the topology teams scale
// out to: Postgres, Redis, a main, two workers and two webhook processors, with the sandbox
// delivering its compliance results to the first webhook processor. Nothing is kept: it all
// lives in a temporary folder that Ctrl-C removes after stopping every process.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { removeOnExit, removeNow } = require('./proc');
const { ensureRuntime, buildPackage } = require('./launch');
const { startQueue } = require('./queue');
const { loadSandbox, exampleWorkflows, triggerUrl, importSandboxCredentials, importExamples } = require('./setup');
const { OWNER, ACTIVE_ROLES, DEMO_ROLES, preferredPort, banner, monitorKnownRuts } = require('./demo');

async function startQueueDemo({ receiver, role, log }) {
	const t0 = Date.now();
	await buildPackage('stale', log);
	const runtime = await ensureRuntime();
	const tmp = removeOnExit(fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-queue-demo-')));
	fs.chmodSync(tmp, 0o711);
	const wfs = exampleWorkflows({ required: DEMO_ROLES });
	const token = crypto.randomBytes(24).toString('base64url');
	const { startSandbox } = loadSandbox();
	const sandbox = await startSandbox({ port: await preferredPort(4010), complianceDelayMs: 2000 });
	monitorKnownRuts(sandbox);

	let stack;
	let stopping = false;
	const shutdown = async (why, code = 0) => {
		if (stopping) return;
		stopping = true;
		log(`${why}: stopping every n8n process, Redis, Postgres and the sandbox`);
		await stack?.stop();
		await sandbox.close();
		removeNow(tmp);
		log(`stopped; removed ${tmp}`);
		process.exit(code);
	};
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.removeAllListeners(sig);
		process.on(sig, () => void shutdown(sig));
	}

	try {
		stack = await startQueue({
			runtime,
			dir: path.join(tmp, 'queue'),
			log,
			mainPort: await preferredPort(5678),
			seed: async (main) => {
				log('adding the "Risk Info (sandbox)" credentials and the example workflows');
				await importSandboxCredentials(main, sandbox, token);
				await importExamples(main);
				for (const role of ACTIVE_ROLES) await main.publishWorkflow(wfs[role].id);
			},
		});
		await stack.main.setupOwner(OWNER);
	} catch (err) {
		await stack?.stop();
		await sandbox.close();
		removeNow(tmp);
		throw err;
	}
	const hookUrl = triggerUrl(stack.webhooks[0].url, wfs[receiver]);
	sandbox.configure({ webhook: { url: hookUrl, auth: { type: 'bearer', token } } });
	log(`sandbox on ${sandbox.url}, delivering compliance results to ${hookUrl}`);

	const { postgres, redis } = stack;
	process.stdout.write(
		banner({
			startedAt: t0,
			url: stack.main.url,
			wfs,
			receiver,
			role,
			hookUrl,
			sandbox,
			processes: [
				['Main', `${stack.main.url}  (editor and API; runs no production webhook)`],
				...stack.workers.map((w, i) => [`Worker ${i + 1}`, `${w.url}/healthz  (runs the executions, 5 at a time)`]),
				...stack.webhooks.map((h, i) => [`Webhook ${i + 1}`, `${h.url}/webhook/…  (production webhooks)`]),
				['Postgres', `127.0.0.1:${postgres.port}  (database n8n, user n8n)`],
				['Redis', `127.0.0.1:${redis.port}`],
			],
			files: [
				['Logs', path.join(tmp, 'queue', '*.log')],
				['Folder', `${tmp}  (removed on Ctrl-C: nothing is kept)`],
			],
			stop: 'Press Ctrl-C to stop every process and remove the folder.',
			args: '--queue ',
		}),
	);
	// Any n8n process ending by itself ends the demo: the topology is no longer what the banner says.
	const ended = await Promise.race(stack.processes().map((p) => p.server.done.then((exit) => ({ p, exit }))));
	if (!stopping) await shutdown(`${ended.p.name} stopped by itself (exit ${ended.exit.code ?? ended.exit.signal}); see its log`, 1);
}

module.exports = { startQueueDemo };
