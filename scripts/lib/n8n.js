'use strict';
// A real n8n from .runtime/, driven the way a user or CI would: its CLI for imports and headless
// runs, one long-running process (`n8n start`, or in queue mode `n8n worker` / `n8n webhook`),
// its REST API for the owner account and an API key, and its public API to read executions back.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { start, run, stop, cleanEnv } = require('./proc');

const ROOT = path.resolve(__dirname, '..', '..');

/** One HTTP request; the answer's text, and its JSON when it is JSON. */
async function fetchText(url, init) {
	const res = await fetch(url, init);
	const text = await res.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text, headers: res.headers };
}

/** A port nobody listens on right now (the kernel picks it). */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/** Packs the package (the tarball a user would get) and returns its path. */
async function packPackage(destDir, { timeoutMs = 120_000 } = {}) {
	fs.mkdirSync(destDir, { recursive: true });
	const res = await run('npm', ['pack', '--pack-destination', destDir, '--json', '--ignore-scripts'], { cwd: ROOT, timeoutMs });
	if (res.code !== 0) throw new Error(`npm pack failed:\n${res.output.slice(-2000)}`);
	const [info] = JSON.parse(res.stdout.slice(res.stdout.indexOf('[')));
	return path.join(destDir, info.filename);
}

/**
 * Installs the tarball where n8n looks for community packages: ~/.n8n/nodes/node_modules.
 * Like n8n's own installer: no scripts, no peer dependencies (n8n provides n8n-workflow).
 */
async function installPackage(userFolder, tarball, { timeoutMs = 180_000 } = {}) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	if (!fs.existsSync(path.join(nodesDir, 'package.json')))
		fs.writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	const res = await run(
		'npm',
		['install', tarball, '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', '--omit=dev', '--no-package-lock', '--loglevel=warn'],
		{ cwd: nodesDir, timeoutMs },
	);
	if (res.code !== 0) throw new Error(`installing ${path.basename(tarball)} into ${nodesDir} failed:\n${res.output.slice(-2000)}`);
	const installed = path.join(nodesDir, 'node_modules', 'n8n-nodes-riskinfo', 'package.json');
	if (!fs.existsSync(installed)) throw new Error(`npm install finished but ${installed} is missing`);
	return path.dirname(installed);
}

class N8n {
	/**
	 * @param {object} o
	 * @param {string} o.nodeBin Node 24
	 * @param {string} o.n8nBin
	 * @param {string} o.userFolder N8N_USER_FOLDER (n8n keeps .n8n/ with its database inside)
	 * @param {number} o.port N8N_PORT (a worker serves nothing there, but n8n reads it)
	 * @param {number} o.brokerPort task-runner broker port of the long-running process
	 * @param {string} [o.command] `start` (default), `worker` or `webhook`
	 * @param {string[]} [o.args] after the command, e.g. `--concurrency=5`
	 * @param {string} [o.readyUrl] answers 200 once the process is ready (default: /healthz/readiness on `port`)
	 * @param {string} [o.name] in messages ("n8n worker 2")
	 * @param {string} [o.logFile]
	 * @param {object} [o.extraEnv] more settings
	 */
	constructor(o) {
		Object.assign(this, o);
		this.command ??= 'start';
		this.args ??= [];
		this.url = `http://127.0.0.1:${o.port}`;
		this.readyUrl ??= `${this.url}/healthz/readiness`;
		this.name ??= `n8n ${this.command}`;
		this.server = null;
	}

	env(extra = {}) {
		return cleanEnv({
			PATH: `${path.dirname(this.nodeBin)}:${process.env.PATH}`,
			N8N_USER_FOLDER: this.userFolder,
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_WEBHOOK_URL: `${this.url}/`,
			N8N_EDITOR_BASE_URL: `${this.url}/`,
			DB_TYPE: 'sqlite',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			// mcp-registry reaches out to the internet at start; instance-ai makes the editor open on
			// its assistant promotion after login instead of the workflows.
			N8N_DISABLED_MODULES: 'mcp-registry,instance-ai',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			// The editor is served over plain http on 127.0.0.1.
			N8N_SECURE_COOKIE: 'false',
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_LOG_LEVEL: 'info',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			NODE_ENV: 'production',
			...(this.extraEnv ?? {}),
			...extra,
		});
	}

	/** One n8n CLI command. While `n8n start` runs, the CLI needs its own runner broker port. */
	async cli(args, { timeoutMs = 180_000, brokerPort } = {}) {
		const port = brokerPort ?? (this.server ? await freePort() : this.brokerPort);
		const res = await run(this.nodeBin, [this.n8nBin, ...args], {
			cwd: this.userFolder,
			timeoutMs,
			env: this.env({ N8N_RUNNERS_BROKER_PORT: String(port) }),
		});
		if (res.timedOut) throw new Error(`n8n ${args[0]} did not finish within ${timeoutMs / 1000} s`);
		return res;
	}

	async cliOk(args, opts) {
		const res = await this.cli(args, opts);
		if (res.code !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-3000)}`);
		return res;
	}

	async importCredentials(file) {
		return await this.cliOk(['import:credentials', `--input=${file}`]);
	}

	async importWorkflow(file) {
		return await this.cliOk(['import:workflow', `--input=${file}`]);
	}

	async publishWorkflow(id) {
		return await this.cliOk(['publish:workflow', `--id=${id}`]);
	}

	/**
	 * Runs a workflow headlessly and returns n8n's run data (IRun). n8n 2.40 on Node 24 may die with
	 * SIGSEGV while shutting down after it printed the result, so the exit code alone proves nothing:
	 * the printed run's `status` and `resultData.error` do.
	 */
	async execute(id, { timeoutMs = 180_000 } = {}) {
		const res = await this.cli(['execute', `--id=${id}`, '--rawOutput'], { timeoutMs });
		const lines = res.stdout.split('\n');
		const first = lines.findIndex((l) => l.startsWith('{'));
		// Log lines may follow the JSON; take the longest prefix that parses.
		for (let end = lines.length; first >= 0 && end > first; end--) {
			const last = lines[end - 1];
			if (!last.startsWith('}')) continue;
			try {
				return JSON.parse(lines.slice(first, end).join('\n'));
			} catch {
				/* shorter */
			}
		}
		throw new Error(`n8n execute --id=${id} printed no run data (exit ${res.code ?? res.signal}):\n${res.output.slice(-4000)}`);
	}

	/** The long-running process (`n8n <command> <args>`), resolved once `readyUrl` answers 200. */
	async start({ timeoutMs = 120_000, onLine } = {}) {
		if (this.server) throw new Error(`${this.name} is already running`);
		const log = this.logFile ? fs.createWriteStream(this.logFile, { flags: 'a' }) : null;
		this.server = start(this.nodeBin, [this.n8nBin, this.command, ...this.args], {
			cwd: this.userFolder,
			timeoutMs: this.serverTimeoutMs ?? 24 * 3600_000,
			env: this.env(),
			tailLines: 400,
			onLine: (line) => {
				if (log) log.write(line + '\n');
				if (onLine) onLine(line);
			},
		});
		this.server.done.then(() => log?.end());
		const deadline = Date.now() + timeoutMs;
		let exited = null;
		this.server.done.then((r) => (exited = r));
		while (Date.now() < deadline) {
			if (exited) throw new Error(`${this.name} exited (code ${exited.code}) before it was ready:\n${exited.output.slice(-3000)}`);
			try {
				const res = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2000) });
				if (res.status === 200) return;
			} catch {
				/* not listening yet */
			}
			await new Promise((r) => setTimeout(r, 500));
		}
		await this.stop();
		throw new Error(`${this.name} did not become ready within ${timeoutMs / 1000} s`);
	}

	/** The process id of the running n8n (its task runner is a child in the same process group). */
	get pid() {
		return this.server?.child.pid;
	}

	/** SIGTERM to the whole process group, SIGKILL after `graceMs`. */
	async stop({ graceMs = 10_000 } = {}) {
		if (!this.server) return;
		await stop(this.server, graceMs);
		this.server = null;
	}

	async rest(method, p, { body, cookie, apiKey, timeoutMs = 30_000 } = {}) {
		const headers = { accept: 'application/json' };
		if (body !== undefined) headers['content-type'] = 'application/json';
		if (cookie) headers.cookie = cookie;
		if (apiKey) headers['x-n8n-api-key'] = apiKey;
		return await fetchText(`${this.url}${p}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
	}

	/** Creates the instance owner (first run) and returns a session cookie. */
	async setupOwner(owner) {
		const res = await this.rest('POST', '/rest/owner/setup', { body: owner });
		if (res.status !== 200) {
			// Already set up (a reused user folder): log in instead.
			const login = await this.rest('POST', '/rest/login', { body: { emailOrLdapLoginId: owner.email, password: owner.password } });
			if (login.status !== 200) throw new Error(`owner setup answered ${res.status} (${res.text.slice(0, 300)}) and login ${login.status} (${login.text.slice(0, 300)})`);
			return cookieOf(login.headers);
		}
		return cookieOf(res.headers);
	}

	/** An API key for n8n's public API, with every scope the owner may grant. */
	async createApiKey(cookie, label = 'riskinfo-e2e') {
		const scopes = await this.rest('GET', '/rest/api-keys/scopes', { cookie });
		if (scopes.status !== 200) throw new Error(`listing API key scopes answered ${scopes.status}: ${scopes.text.slice(0, 300)}`);
		const res = await this.rest('POST', '/rest/api-keys', { cookie, body: { label, scopes: scopes.json.data, expiresAt: null } });
		if (res.status !== 200) throw new Error(`creating an API key answered ${res.status}: ${res.text.slice(0, 300)}`);
		return res.json.data.rawApiKey;
	}

	/** Executions of a workflow through the public API, newest first, with their data. */
	async executions(apiKey, workflowId, { includeData = true } = {}) {
		const q = new URLSearchParams({ workflowId, includeData: String(includeData), limit: '50' });
		const res = await this.rest('GET', `/api/v1/executions?${q}`, { apiKey });
		if (res.status !== 200) throw new Error(`GET /api/v1/executions answered ${res.status}: ${res.text.slice(0, 300)}`);
		return res.json.data;
	}

	/**
	 * Every execution of a workflow, all pages of the public API, newest first. n8n answers 503
	 * "Database is not ready!" while its event loop is too starved to answer its own database pings
	 * (a burst of deliveries on a loaded machine; docs/n8n-settings.md): asked again for up to 2 minutes.
	 */
	async allExecutions(apiKey, workflowId, { includeData = false } = {}) {
		const all = [];
		let cursor;
		const patience = Date.now() + 120_000;
		for (;;) {
			const q = new URLSearchParams({ workflowId, includeData: String(includeData), limit: '250', ...(cursor ? { cursor } : {}) });
			const res = await this.rest('GET', `/api/v1/executions?${q}`, { apiKey, timeoutMs: 60_000 });
			if (res.status === 503 && Date.now() < patience) {
				await new Promise((r) => setTimeout(r, 1000));
				continue;
			}
			if (res.status !== 200) throw new Error(`GET /api/v1/executions answered ${res.status}: ${res.text.slice(0, 300)}`);
			all.push(...res.json.data);
			cursor = res.json.nextCursor;
			if (!cursor) return all;
		}
	}

	/**
	 * Starts a workflow the way the editor's "Execute workflow" does, inside the server (the Data
	 * table module exists only there, not in `n8n execute`); resolves with the execution id.
	 */
	async startFromEditor(cookie, workflowId, triggerName) {
		const started = await this.rest('POST', `/rest/workflows/${workflowId}/run`, { cookie, body: { triggerToStartFrom: { name: triggerName } } });
		const executionId = started.json?.data?.executionId;
		if (started.status !== 200 || !executionId) throw new Error(`starting the workflow answered ${started.status}: ${started.text.slice(0, 300)}`);
		return executionId;
	}

	/** Resolves with the execution, with its data, once it is no longer new, running or waiting. */
	async waitForExecution(apiKey, executionId, { timeoutMs = 120_000 } = {}) {
		for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
			const res = await this.rest('GET', `/api/v1/executions/${executionId}?includeData=true`, { apiKey });
			if (res.status === 200 && !['new', 'running', 'waiting'].includes(res.json.status)) return res.json;
		}
		throw new Error(`execution ${executionId} did not finish within ${timeoutMs / 1000} s`);
	}

	/** Runs a workflow as the editor does and resolves with the finished execution. */
	async runFromEditor(cookie, apiKey, workflowId, triggerName, { timeoutMs = 120_000 } = {}) {
		return await this.waitForExecution(apiKey, await this.startFromEditor(cookie, workflowId, triggerName), { timeoutMs });
	}

	async workflow(apiKey, id) {
		const res = await this.rest('GET', `/api/v1/workflows/${id}`, { apiKey });
		if (res.status !== 200) throw new Error(`GET /api/v1/workflows/${id} answered ${res.status}: ${res.text.slice(0, 300)}`);
		return res.json;
	}
}

function cookieOf(headers) {
	const all = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [headers.get('set-cookie')];
	const auth = all.filter(Boolean).map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
	if (!auth) throw new Error('n8n set no n8n-auth cookie');
	return auth;
}

/** The output items of a node's last run in n8n's run data (IRun), output 0 unless told. */
function nodeItems(runData, nodeName, output = 0) {
	const runs = runData?.data?.resultData?.runData?.[nodeName] ?? runData?.resultData?.runData?.[nodeName];
	if (!runs || !runs.length) return undefined;
	return runs[runs.length - 1]?.data?.main?.[output] ?? [];
}

module.exports = { N8n, fetchText, freePort, packPackage, installPackage, nodeItems, ROOT };
