#!/usr/bin/env node
'use strict';
// `npm run dev`: `npm start` (the sandbox and the pinned n8n with the package and its examples),
// started again whenever a source of the package changes, so n8n loads the new build: save a file,
// wait for "ready", reload the editor. A change that does not build leaves n8n stopped and says why
// until the next save. Ctrl-C stops everything. Arguments go on to `npm start` (e.g. --queue).
//
// Not n8n-node's own dev loop: that one runs `npx n8n@latest` (the newest n8n, not the one the
// package is tested with) on the Node running it, compiles with tsconfig.json (tests included, into
// dist/), and loads the package as a custom node type whose name the example workflows do not use.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const WATCHED = ['nodes', 'credentials', 'icons', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
const QUIET_MS = 500;

const say = (msg) => process.stdout.write(`[dev] ${msg}\n`);
let child = null;
let exited = null;

function startApp() {
	child = spawn(process.execPath, [path.join(__dirname, 'start.js'), ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
	exited = new Promise((resolve) => child.once('exit', resolve));
	exited.then((code) => {
		if (code) say(`npm start stopped (exit ${code}); fix the error above and save again`);
	});
}

/** Ctrl-C for start.js: it stops n8n and the sandbox, then exits. */
async function stopApp() {
	if (!child || child.exitCode !== null) return;
	child.kill('SIGINT');
	await exited;
}

let timer = null;
let restarting = false;
function changed(file) {
	clearTimeout(timer);
	timer = setTimeout(async () => {
		if (restarting) return changed(file);
		restarting = true;
		say(`${file} changed: building and starting again`);
		await stopApp();
		startApp();
		restarting = false;
	}, QUIET_MS);
}

for (const entry of WATCHED) {
	const at = path.join(ROOT, entry);
	const recursive = fs.statSync(at).isDirectory();
	fs.watch(at, { recursive }, (_event, name) => changed(path.join(entry, recursive && name ? name : '')));
}
for (const sig of ['SIGINT', 'SIGTERM']) {
	process.on(sig, async () => {
		clearTimeout(timer);
		await stopApp();
		process.exit(0);
	});
}
say(`watching ${WATCHED.join(', ')}`);
startApp();
