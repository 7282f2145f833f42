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

let hooked = false;
function hookExit() {
	if (hooked) return;
	hooked = true;
	process.on('exit', () => killAll('SIGKILL'));
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(sig, () => {
			killAll('SIGTERM');
			process.exit(130);
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
	const { cwd, env, timeoutMs = 10 * 60_000, onLine, echo = false, tailLines = 200, input } = opts;
	const child = spawn(cmd, args, {
		cwd,
		env: env ?? cleanEnv(),
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

/** Stops a long-running child: SIGTERM, then SIGKILL after `graceMs`. */
async function stop(handle, graceMs = 8000) {
	if (!handle) return;
	const { child } = handle;
	if (child.exitCode !== null || child.signalCode !== null) return;
	killGroup(child, 'SIGTERM');
	const t = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
	await handle.done;
	clearTimeout(t);
}

module.exports = { start, run, stop, cleanEnv, killAll };
