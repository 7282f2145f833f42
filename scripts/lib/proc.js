'use strict';
// Child processes for the runtime installer, the e2e and `npm start`.
// Every child runs in its own process group so a timeout or Ctrl-C ends its whole tree
// (npm -> node-gyp -> make, n8n -> task runners), and every child has a deadline.
const { spawn } = require('node:child_process');

const live = new Set();

function killGroup(child, signal = 'SIGTERM') {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

function killAll(signal = 'SIGTERM') {
	for (const child of live) killGroup(child, signal);
}

// Shutdown steps (stop servers, remove temporary folders) run on Ctrl-C before the children are
// killed, newest first; a second Ctrl-C skips them.
const cleanups = [];
// Folders removed whatever way the process ends, even after process.exit().
const removeAtExit = new Set();

/** Registers an async shutdown step; returns a function that unregisters it. */
function onCleanup(fn) {
	hookExit();
	cleanups.push(fn);
	return () => {
		const i = cleanups.indexOf(fn);
		if (i >= 0) cleanups.splice(i, 1);
	};
}

/** Runs (and forgets) every registered shutdown step, newest first; errors are printed, not thrown. */
async function runCleanups() {
	while (cleanups.length) {
		const fn = cleanups.pop();
		try {
			await fn();
		} catch (err) {
			process.stderr.write(`cleanup: ${err && err.message ? err.message : err}\n`);
		}
	}
}

/** Removes `dir` when this process exits, however it exits; returns `dir`. */
function removeOnExit(dir) {
	hookExit();
	removeAtExit.add(dir);
	return dir;
}

function removeNow(dir) {
	removeAtExit.delete(dir);
	require('node:fs').rmSync(dir, { recursive: true, force: true });
}

let hooked = false;
let interrupted = false;
/** Ctrl-C (or SIGTERM, SIGHUP) arrived: the shutdown steps are running, start nothing new. */
const isInterrupted = () => interrupted;
function hookExit() {
	if (hooked) return;
	hooked = true;
	process.on('exit', () => {
		killAll('SIGKILL');
		for (const dir of removeAtExit) {
			try {
				require('node:fs').rmSync(dir, { recursive: true, force: true });
			} catch {
				/* best effort at exit */
			}
		}
	});
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(sig, () => {
			if (interrupted || !cleanups.length) {
				killAll('SIGTERM');
				process.exit(130);
			}
			interrupted = true;
			process.stderr.write(`\n${sig}: stopping everything this started (again to force)\n`);
			const force = setTimeout(() => process.exit(130), 90_000);
			force.unref();
			runCleanups().finally(() => {
				killAll('SIGTERM');
				process.exit(130);
			});
		});
	}
}

// npm exports its whole config to scripts as npm_config_*; ours (ignore-scripts, nodedir=/usr,
// local-prefix) must not leak into the runtime's own npm, which gets explicit flags instead.
// Where to fetch from and cache to is the user's choice and passes through.
const NPM_PASS = new Set([
	'cache', 'registry', 'proxy', 'https_proxy', 'http_proxy', 'noproxy', 'strict_ssl', 'ca', 'cafile',
	'fetch_retries', 'fetch_retry_mintimeout', 'fetch_retry_maxtimeout', 'fetch_timeout', 'prefer_offline', 'offline', 'userconfig',
]);

function cleanEnv(extra = {}) {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		const npmKey = /^npm_config_(.+)$/i.exec(k);
		if (npmKey && !NPM_PASS.has(npmKey[1].toLowerCase().replace(/-/g, '_'))) continue;
		if (/^npm_(package|lifecycle)_/i.test(k) || /^npm_(execpath|node_execpath|command)$/i.test(k)) continue;
		if (k === 'INIT_CWD' || k === 'NODE_OPTIONS') continue;
		env[k] = v;
	}
	return { ...env, ...extra };
}

/**
 * Starts a child. `timeoutMs` kills its group; `onLine(line, stream)` sees output line by line;
 * `output` keeps the last lines of both streams for error messages. Resolves { code, signal, timedOut, output, stdout }.
 */
function start(cmd, args, opts = {}) {
	hookExit();
	const { cwd, env, timeoutMs = 10 * 60_000, onLine, echo = false, tailLines = 200, input, uid, gid } = opts;
	const child = spawn(cmd, args, {
		cwd,
		env: env ?? cleanEnv(),
		// Root runs Postgres and Redis as their system users (Postgres refuses root).
		...(uid === undefined ? {} : { uid, gid }),
		detached: true,
		stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
	});
	live.add(child);
	const tail = [];
	// stdout alone, for commands whose answer is on stdout (npm pack --json, n8n execute).
	let stdout = '';
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		killGroup(child, 'SIGTERM');
		setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
	}, timeoutMs);
	timer.unref();
	for (const name of ['stdout', 'stderr']) {
		let buf = '';
		child[name].setEncoding('utf8');
		child[name].on('data', (chunk) => {
			if (echo) process[name === 'stdout' ? 'stdout' : 'stderr'].write(chunk);
			if (name === 'stdout' && stdout.length < 64 * 2 ** 20) stdout += chunk;
			buf += chunk;
			let i;
			while ((i = buf.indexOf('\n')) >= 0) {
				const line = buf.slice(0, i);
				buf = buf.slice(i + 1);
				tail.push(line);
				if (tail.length > tailLines) tail.shift();
				if (onLine) onLine(line, name);
			}
		});
		child[name].on('end', () => {
			if (buf) {
				tail.push(buf);
				if (onLine) onLine(buf, name);
			}
		});
	}
	if (input !== undefined) child.stdin.end(input);
	const done = new Promise((resolve) => {
		child.on('error', (err) => {
			clearTimeout(timer);
			live.delete(child);
			resolve({ code: -1, signal: null, timedOut, output: tail.join('\n') + '\n' + err.message, stdout, error: err });
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			live.delete(child);
			resolve({ code, signal, timedOut, output: tail.join('\n'), stdout });
		});
	});
	return { child, done, stop: (sig) => killGroup(child, sig) };
}

function run(cmd, args, opts) {
	return start(cmd, args, opts).done;
}

/** Stops a long-running child: `signal` (SIGTERM) to its group, then SIGKILL after `graceMs`. */
async function stop(handle, graceMs = 8000, signal = 'SIGTERM') {
	if (!handle) return;
	const { child } = handle;
	if (child.exitCode !== null || child.signalCode !== null) return;
	killGroup(child, signal);
	const t = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
	await handle.done;
	clearTimeout(t);
}

/**
 * Processes (other than this one) whose command line or working folder is inside `dir`, read
 * from /proc: what a run that says it stopped everything must not leave behind. [] off Linux.
 */
function processesUnder(dir) {
	const fs = require('node:fs');
	if (!fs.existsSync('/proc/self')) return [];
	const found = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
		let cmdline = '';
		let cwd = '';
		try {
			cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
			cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
		} catch {
			/* gone, or not ours to read */
		}
		if (cmdline.includes(dir) || cwd === dir || cwd.startsWith(`${dir}/`)) found.push(`${entry} ${cmdline.slice(0, 120)}`);
	}
	return found;
}

module.exports = { start, run, stop, cleanEnv, killAll, onCleanup, runCleanups, removeOnExit, removeNow, processesUnder, isInterrupted };
