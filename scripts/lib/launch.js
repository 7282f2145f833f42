'use strict';
// From a checkout to real n8n processes serving the package, in one place for the e2e, `npm start`,
// the screenshots and queue mode: the build, the packed package installed into each process's
// own user folder the way the README tells users to, n8n processes started with their command and
// environment and waited for, and the owner account.
const fs = require('node:fs');
const path = require('node:path');
const { run } = require('./proc');
const { N8n, freePort, packPackage, installPackage, ROOT } = require('./n8n');
const { ensureRuntime, SetupError } = require('../n8n-runtime');

function listFiles(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		return e.isDirectory() ? listFiles(p) : [p];
	});
}

/** dist/ is older than a source n8n would load (or missing). */
function buildIsStale() {
	const built = listFiles(path.join(ROOT, 'dist'));
	if (!built.length) return true;
	const newest = (files) => Math.max(0, ...files.map((f) => fs.statSync(f).mtimeMs));
	const sources = ['nodes', 'credentials', 'icons'].flatMap((d) => listFiles(path.join(ROOT, d)));
	sources.push(path.join(ROOT, 'package.json'), path.join(ROOT, 'tsconfig.json'), path.join(ROOT, 'tsconfig.build.json'));
	// gulp keeps the icons' own mtimes, so compare with the newest output, which tsc wrote at build time.
	return newest(sources) > newest(built);
}

const BUILD_WHEN = {
	always: () => true,
	stale: buildIsStale,
	missing: () => !fs.existsSync(path.join(ROOT, 'dist')),
	never: () => false,
};

/**
 * `npm run build` when `when` says so: 'always' (the e2e), 'stale' (npm start: sources newer than
 * dist/), 'missing' (no dist/ at all) or 'never'. `log(message)` hears what happens.
 */
async function buildPackage(when, log = () => {}) {
	if (!BUILD_WHEN[when]()) {
		if (when === 'stale') log('the build in dist/ is up to date');
		return false;
	}
	log('building the package');
	const b = await run('npm', ['run', 'build'], { cwd: ROOT, timeoutMs: 300_000 });
	if (b.code !== 0) throw new SetupError(`npm run build failed:\n${b.output.slice(-3000)}`);
	return true;
}

/** Packs the package once into `packDir` and installs that tarball into every user folder given. */
async function installPackageInto(userFolders, packDir) {
	const tarball = await packPackage(packDir);
	// One at a time: parallel npm installs share one cache and gain little on two cores.
	for (const folder of userFolders) await installPackage(folder, tarball);
	return tarball;
}

/**
 * An n8n process of `runtime` (from ensureRuntime), not started yet. Ports left out are picked
 * free; the rest is the N8n constructor's (command, args, readyUrl, extraEnv, logFile…).
 */
async function n8nProcess(runtime, opts) {
	return new N8n({
		nodeBin: runtime.nodeBin,
		n8nBin: runtime.n8nBin,
		...opts,
		port: opts.port ?? (await freePort()),
		brokerPort: opts.brokerPort ?? (await freePort()),
	});
}

/** Starts `n8n` and sets up (or signs in as) `owner`; returns the session cookie. Stops n8n if either fails. */
async function startWithOwner(n8n, owner, startOptions) {
	try {
		await n8n.start(startOptions);
		return await n8n.setupOwner(owner);
	} catch (err) {
		await n8n.stop();
		throw err;
	}
}

module.exports = { ensureRuntime, buildPackage, installPackageInto, n8nProcess, startWithOwner, listFiles, SetupError };
