#!/usr/bin/env node
'use strict';
// Developer tool, not part of CI: counts the files of nodes/ and credentials/ on one read's
// success path, the way issue 70 counted them: every file whose code or constants run while the
// read runs. Two reads, each in-process against a sandbox of its own, through n8n's engine
// (harness/): V2 RUT → Get Summary at node version 3, the RUT picked From List (the editor's list
// search, then the execution), Load RUT If Not Loaded and Simplify on, for a loaded RUT; and one
// Monitor poll of two watched RUTs that reports a change of each (its evidence read), after the
// poll that set the baseline. At 094230e, where the issue counted 34 and 32, this gives 35 and 33.
//
// A file counts when, between the start and the end of the read (every module already loaded, so
// module-level code does not count), one of its functions ran (V8's precise coverage, call counts)
// or another file read one of its exports or a key of an exported table (each of our modules, and
// each table it exports, handed out behind a Proxy that notes the reads); the credential's class
// counts when n8n reads its `authenticate` block for the request. A value taken out of a table at
// load time and kept elsewhere counts with where it is kept.
//
// Beside it, the count test/package/development-walk.test.ts makes: the files the entry imports
// for their code (not `import type`), followed, the other operations' entries and the credential's
// Test left out.
//
//   node scripts/read-path.js            both counts, files and lines
//   node scripts/read-path.js --list     and the files, one a line with its lines
//
// It counts whatever checkout it is run in (docs/development.md gives the figures).
const inspector = require('node:inspector');
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OURS = /^(nodes|credentials)\/.*\.ts$/;
const relative = (file) => path.relative(ROOT, file.startsWith('file://') ? new URL(file).pathname : file).split(path.sep).join('/');

// V8's coverage, on before any of our code is compiled.
const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));

/** The files whose exports were read while `recording` is on. */
let recording = false;
const read = new Set();
const proxies = new WeakMap();
const require0 = Module.prototype.require;
Module.prototype.require = function (id) {
	const exported = require0.apply(this, arguments);
	if (exported === null || typeof exported !== 'object') return exported;
	let file;
	try {
		file = relative(Module._resolveFilename(id, this));
	} catch {
		return exported;
	}
	if (!OURS.test(file)) return exported;
	return noting(exported, file, true);
};

/**
 * The module's exports behind a Proxy that notes each read of them; an exported table (a plain
 * object or array) is handed out behind one too, so that a read of it counts for its file even
 * where another module took it into a table of its own at load time (the registry's entries).
 */
function noting(value, file, isModule) {
	if (!proxies.has(value)) {
		proxies.set(
			value,
			new Proxy(value, {
				get(target, key, receiver) {
					if (recording && typeof key === 'string' && key !== '__esModule') read.add(file);
					const got = Reflect.get(target, key, receiver);
					return isModule && isTable(got) ? noting(got, file, false) : got;
				},
			}),
		);
	}
	return proxies.get(value);
}

const isTable = (value) => value !== null && typeof value === 'object' && [Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(value));

/** The files of ours with a function (not the module's own top level) run since the last call. */
async function ran() {
	const { result } = await post('Profiler.takePreciseCoverage');
	const files = new Set();
	for (const script of result) {
		const file = relative(script.url);
		if (!OURS.test(file)) continue;
		if (script.functions.some((f) => f.ranges[0].startOffset > 0 && f.ranges[0].count > 0)) files.add(file);
	}
	return files;
}

/** Runs `body` and returns the files of ours its code or constants ran in. */
async function onPath(body) {
	await ran(); // counts start again from here
	read.clear();
	recording = true;
	try {
		await body();
	} finally {
		recording = false;
	}
	return new Set([...(await ran()), ...read]);
}

/** The files an entry imports for their code, followed; `off` the ones not on this read's path. */
function imported(entry, off) {
	const seen = new Set();
	const follow = (file) => {
		if (seen.has(file) || off.some((pattern) => pattern.test(file))) return;
		seen.add(file);
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
		for (const [statement, spec] of text.matchAll(/^import\s[^;]*?from\s+'(\.[^']+)';/gms)) {
			if (/^import\s+type\s/.test(statement)) continue;
			const base = path.join(path.dirname(file), spec);
			follow([`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(path.join(ROOT, candidate))));
		}
	};
	follow(entry);
	return seen;
}
const TEST = /^nodes\/shared\/(service\/)?credentialTest\.ts$/;

function report(title, files, list) {
	const sorted = [...files].sort();
	const lines = sorted.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1);
	console.log(`${title}: ${sorted.length} files, ${lines.reduce((a, b) => a + b, 0)} lines`);
	if (list) sorted.forEach((f, i) => console.log(`  ${String(lines[i]).padStart(4)} ${f}`));
}

async function main() {
	const list = process.argv.includes('--list');
	await post('Profiler.enable');
	await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
	require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
	const { runRiskInfo, searchLoadedRuts, loadPackageTypes } = require(path.join(ROOT, 'harness/workflow'));
	const { startSandbox, KNOWN_RUTS } = require(path.join(ROOT, 'sandbox'));
	const { monitorWorkflow } = require(path.join(ROOT, 'test/monitor/helpers'));

	// n8n reads the credential's `authenticate` block from its instance, not through an import.
	const credential = loadPackageTypes().credentials.find((c) => c.name === 'riskInfoApi').type;
	const block = credential.authenticate;
	Object.defineProperty(credential, 'authenticate', {
		get() {
			if (recording) read.add('credentials/RiskInfoApi.credentials.ts');
			return block;
		},
	});

	const sb = await startSandbox({});
	try {
		const rut = KNOWN_RUTS.clean;
		sb.loadRut(rut);
		const access = { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId };
		const parameters = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: { __rl: true, mode: 'list', value: rut }, loadIfMissing: true, simplify: true };
		let found;
		const picker = await onPath(async () => {
			found = await searchLoadedRuts({ access });
		});
		if (!found.results.some((r) => r.value === rut)) throw new Error(`From List did not list ${rut}: ${JSON.stringify(found.results)}`);
		let result;
		const execution = await onPath(async () => {
			result = await runRiskInfo({ parameters, access, node: { typeVersion: 3 } });
		});
		const item = result.items['Risk Info']?.[0]?.json;
		if (result.error || !item || item.rut !== rut) throw new Error(`Get Summary did not read ${rut}: ${result.error?.message ?? JSON.stringify(item)}`);
		report('V2 RUT → Get Summary (version 3, From List, Load RUT If Not Loaded, Simplify)', new Set([...picker, ...execution]), list);
		const others = [/^nodes\/RiskInfo\/actions\/api-v2\/(?!rut\.resource\.ts$)/, /^nodes\/RiskInfo\/actions\/api-v1\//, TEST];
		report('  its imports', imported('nodes/RiskInfo/RiskInfo.node.ts', others), list);
	} finally {
		await sb.close();
	}

	const watched = [KNOWN_RUTS.clean, KNOWN_RUTS.indebted];
	const msb = await startSandbox({});
	try {
		for (const rut of watched) msb.loadRut(rut);
		const wf = monitorWorkflow(msb, { source: 'list', ruts: watched.join('\n') });
		if ((await wf.poll()).items !== null) throw new Error('the first poll should set the baseline');
		msb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
		msb.changeRut(KNOWN_RUTS.indebted, 'civilCase');
		let polled;
		const poll = await onPath(async () => {
			polled = await wf.poll();
		});
		if (polled.error || polled.items?.length !== 2) throw new Error(`the poll did not report both changes: ${polled.error?.message ?? JSON.stringify(polled.items)}`);
		report('One Monitor poll (two watched RUTs, a change of each reported)', poll, list);
		report('  its imports', imported('nodes/RiskInfoMonitor/RiskInfoMonitor.node.ts', [TEST]), list);
	} finally {
		await msb.close();
	}
	session.disconnect();
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
