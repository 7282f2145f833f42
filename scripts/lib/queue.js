'use strict';
// n8n's queue mode on 127.0.0.1, as teams run it when one process is not enough: Postgres and
// Redis, a main (editor, API, activation; production webhooks off), workers that run the
// executions and webhook processors that receive production webhooks. Every n8n process has its
// own user folder with the packed package installed the way the README tells users to.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { onCleanup } = require('./proc');
const { freePort } = require('./n8n');
const { installPackageInto, n8nProcess } = require('./launch');
const { ensureServicePackages, startPostgres, startRedis, isRoot } = require('./services');
const { SetupError } = require('../n8n-runtime');
const { MemorySampler } = require('./memory');

/**
 * n8n 2.40 evaluates a community trigger's webhook phase in a fresh expression isolate for every
 * delivery (its own Webhook node is exempt): about 0.2 s of CPU each, so two cores could not answer
 * 30 deliveries a second (answers after 25 s, then 503 "Database is not ready!" when the starved
 * event loop missed its database pings). The previous expression engine has no per-delivery
 * isolate; docs/queue-mode.md gives the figures and the trade-off.
 */
const WEBHOOK_ENGINE_ENV = { N8N_EXPRESSION_ENGINE: 'legacy' };
/**
 * With n8n's defaults a webhook processor forgets a finished job at once, so an answer held until
 * the workflow has finished (the trigger's default Respond from version 1.1) is sometimes never
 * sent when the job ends before the processor starts waiting for it: 1 to 4 of 261 in our runs.
 * Keeping the last finished jobs lets it find the result. docs/queue-mode.md.
 */
const WEBHOOK_ANSWER_ENV = { N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000', N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '1000' };
const WEBHOOK_PROCESSOR_ENV = { ...WEBHOOK_ENGINE_ENV, ...WEBHOOK_ANSWER_ENV };
/**
 * n8n-core logs each poll at debug level under the scope "poll-trigger". With scopes named, n8n
 * logs only those: the workers keep "scaling" (their "Worker started execution" lines, which
 * workerOf() reads) beside it; the main logs everything at debug.
 */
const POLL_LOG_ENV = { main: { N8N_LOG_LEVEL: 'debug' }, worker: { N8N_LOG_LEVEL: 'debug', N8N_LOG_SCOPES: 'scaling,poll-trigger,scheduler' } };

/** `count` distinct free ports (two quick asks of the kernel can return the same one). */
async function distinctPorts(count) {
	const ports = new Set();
	while (ports.size < count) ports.add(await freePort());
	return [...ports];
}

/** What a worker logs when it takes an execution: "Worker started execution 12 (job 3)". */
const STARTED = /Worker started execution (\d+) \(job/;

/**
 * Starts the whole topology. `seed(main)` runs before any n8n process starts, with the main's CLI
 * on the fresh database (import credentials and workflows, publish): n8n's CLI is how the
 * e2e and `npm start` fill n8n, and published workflows are activated by the main as it starts.
 * Returns the processes and `stop()`, which is also registered to run on Ctrl-C.
 *
 * @param {object} o
 * @param {object} o.runtime from ensureRuntime()
 * @param {string} o.dir a temporary folder; made 0711, and (as root) every folder above it must be open
 *   to other users (o+x) so Postgres and Redis, run as their own users, reach theirs
 * @param {(msg: string) => void} [o.log]
 * @param {(main: import('./n8n').N8n) => Promise<void>} [o.seed]
 * @param {number} [o.workers] 2
 * @param {number} [o.webhooks] 2
 * @param {number} [o.concurrency] executions per worker at a time (5)
 * @param {number} [o.mainPort]
 * @param {object} [o.env] added to every n8n process's environment
 * @param {object} [o.webhookEnv] added to the webhook processors' environment (default
 *   WEBHOOK_PROCESSOR_ENV: see there)
 * @param {boolean} [o.logPolls] the main and the workers log every poll of a polling trigger
 *   (POLL_LOG_ENV), so the e2e can tell which process polls
 * @param {number} [o.serverTimeoutMs]
 */
async function startQueue(o) {
	const log = o.log ?? (() => {});
	const dir = o.dir;
	fs.mkdirSync(dir, { recursive: true });
	fs.chmodSync(dir, 0o711);
	// As root, Postgres and Redis run as their own users, who must be able to walk down to their folders.
	for (let d = path.dirname(dir); isRoot() && d !== path.dirname(d); d = path.dirname(d)) {
		if (!(fs.statSync(d).mode & 0o001)) throw new SetupError(`${d} is closed to other users (chmod o+x it): Postgres and Redis run as their own users below it`);
	}
	const stack = { postgres: null, redis: null, main: null, workers: [], webhooks: [], memory: null };
	stack.processes = () => processesOf(stack);
	// One stop for everyone who asks (Ctrl-C's cleanup and the caller's finally): all of them wait
	// until every process is gone.
	let stopping;
	let unregister = () => {};
	stack.stop = () =>
		(stopping ??= (async () => {
			unregister();
			stack.memory?.stop();
			// Workers get n8n's own 30 s to finish what they run, plus a margin, before SIGKILL.
			await Promise.all([
				...stack.webhooks.map((p) => p.stop()),
				...stack.workers.map((p) => p.stop({ graceMs: 40_000 })),
				stack.main?.stop(),
			]);
			await Promise.all([stack.redis?.stop(), stack.postgres?.stop()]);
		})());
	unregister = onCleanup(stack.stop);

	try {
		await ensureServicePackages(log);
		[stack.postgres, stack.redis] = await Promise.all([startPostgres(path.join(dir, 'postgres'), { log }), startRedis(path.join(dir, 'redis'), { log })]);

		const names = ['main', ...range(o.workers ?? 2).map((i) => `worker-${i}`), ...range(o.webhooks ?? 2).map((i) => `webhook-${i}`)];
		const folders = Object.fromEntries(names.map((n) => [n, path.join(dir, n)]));
		const tarball = await installPackageInto(Object.values(folders), path.join(dir, 'pack'));
		log(`installed ${path.basename(tarball)} into ${names.length} user folders (${names.join(', ')}), each ~/.n8n/nodes`);

		const [mainPort, ...ports] = await distinctPorts(names.length);
		const hookPorts = ports.slice(o.workers ?? 2);
		const common = {
			...stack.postgres.env,
			...stack.redis.env,
			EXECUTIONS_MODE: 'queue',
			// n8n's default of 2 connections per process timed out ("timeout exceeded when trying to
			// connect") at 30 deliveries a second on a webhook processor; see docs/queue-mode.md.
			DB_POSTGRESDB_POOL_SIZE: '10',
			N8N_ENCRYPTION_KEY: crypto.randomBytes(24).toString('base64url'),
			...(o.env ?? {}),
		};
		const proc = (name, opts) =>
			n8nProcess(o.runtime, { name: `n8n ${name}`, userFolder: folders[name], logFile: path.join(dir, `${name}.log`), serverTimeoutMs: o.serverTimeoutMs, ...opts });
		// The main shows production URLs at the webhook processors (a load balancer's address in a real setup).
		stack.main = await proc('main', {
			port: o.mainPort ?? mainPort,
			extraEnv: {
				...common,
				N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
				OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
				N8N_WEBHOOK_URL: `http://127.0.0.1:${hookPorts[0]}/`,
				...(o.logPolls ? POLL_LOG_ENV.main : {}),
			},
		});
		stack.main.role = 'main';
		for (const [i, port] of ports.slice(0, o.workers ?? 2).entries()) {
			const w = await proc(`worker-${i + 1}`, {
				command: 'worker',
				args: [`--concurrency=${o.concurrency ?? 5}`],
				port,
				extraEnv: { ...common, QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1', ...(o.logPolls ? POLL_LOG_ENV.worker : {}) },
			});
			w.role = 'worker';
			w.started = new Set();
			stack.workers.push(w);
		}
		for (const [i, port] of hookPorts.entries()) {
			const h = await proc(`webhook-${i + 1}`, {
				command: 'webhook',
				port,
				extraEnv: { ...common, ...(o.webhookEnv ?? WEBHOOK_PROCESSOR_ENV), N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/` },
			});
			h.role = 'webhook';
			stack.webhooks.push(h);
		}

		if (o.seed) await o.seed(stack.main);
		log(`starting the main on ${stack.main.url}`);
		await stack.main.start({ timeoutMs: 180_000 });
		log(`starting ${stack.workers.length} workers and ${stack.webhooks.length} webhook processors`);
		await Promise.all([
			...stack.workers.map((w) =>
				w.start({
					timeoutMs: 180_000,
					onLine: (line) => {
						const m = STARTED.exec(line);
						if (m) w.started.add(m[1]);
					},
				}),
			),
			...stack.webhooks.map((h) => h.start({ timeoutMs: 180_000 })),
		]);
		stack.memory = new MemorySampler([
			...stack.processes().map((p) => ({ name: p.name.replace(/^n8n /, ''), pid: () => p.pid })),
			{ name: 'postgres', pid: () => stack.postgres.pid },
			{ name: 'redis', pid: () => stack.redis.pid },
		]).start();
		return stack;
	} catch (err) {
		await stack.stop();
		throw err;
	}
}

function range(n) {
	return Array.from({ length: n }, (_, i) => i + 1);
}

/** Every n8n process of a started stack, main first. */
function processesOf(stack) {
	return [stack.main, ...stack.workers, ...stack.webhooks].filter(Boolean);
}

/** The worker whose log says it started execution `id`, or undefined. */
function workerOf(stack, id) {
	return stack.workers.find((w) => w.started.has(String(id)));
}

module.exports = { startQueue, workerOf, WEBHOOK_PROCESSOR_ENV, WEBHOOK_ANSWER_ENV };
