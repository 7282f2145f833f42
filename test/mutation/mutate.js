#!/usr/bin/env node
// `npm run mutate [-- part ...]`: StrykerJS over nodes/ and credentials/, one part at a time
// (parts in stryker.config.mjs), each with its own incremental file here, so a rerun tests only
// what changed and a part that finished keeps its results. Then the score of every part that has
// results and the mutants left alive, read from those incremental files (Stryker's JSON report).
// `npm run mutate -- --report` prints that summary without running anything.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
// Smallest first, so the first results come early.
const PARTS = ['credentials', 'shared', 'transport', 'trigger', 'actions'];

const args = process.argv.slice(2);
const reportOnly = args.includes('--report');
const asked = args.filter((a) => !a.startsWith('--'));
for (const part of asked) if (!PARTS.includes(part)) fail(`unknown part "${part}": one of ${PARTS.join(', ')}`);

if (!reportOnly) {
	for (const part of asked.length ? asked : PARTS) {
		console.log(`\n=== npm run mutate: ${part} ===`);
		const started = Date.now();
		const run = spawnSync(path.join(ROOT, 'node_modules/.bin/stryker'), ['run'], {
			cwd: ROOT,
			stdio: 'inherit',
			env: { ...process.env, MUTATE_PART: part },
		});
		console.log(`=== ${part}: ${Math.round((Date.now() - started) / 1000)} s ===`);
		if (run.status !== 0) fail(`stryker stopped on ${part} (exit ${run.status ?? run.signal})`);
	}
}

const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];
const total = {};
const alive = [];
console.log('\npart          mutants  killed  timeout  survived  no cover  not compiling  ignored  score');
for (const part of PARTS) {
	const file = path.join(__dirname, `${part}.incremental.json`);
	if (!existsSync(file)) {
		console.log(`${part.padEnd(13)} (no results yet)`);
		continue;
	}
	const report = JSON.parse(readFileSync(file, 'utf8'));
	const count = {};
	for (const [name, { mutants }] of Object.entries(report.files)) {
		for (const m of mutants) {
			count[m.status] = (count[m.status] ?? 0) + 1;
			total[m.status] = (total[m.status] ?? 0) + 1;
			if (UNDETECTED.includes(m.status)) alive.push({ name, ...m });
		}
	}
	console.log(row(part, count));
}
console.log(row('all', total));
console.log(`\nMutants left alive (${alive.length}); test/MUTANTS.md says why each cannot change behaviour:`);
alive.sort((a, b) => a.name.localeCompare(b.name) || a.location.start.line - b.location.start.line);
for (const m of alive) {
	const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
	console.log(`  ${m.name}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} → ${replacement}`);
}

function row(label, count) {
	const n = (status) => count[status] ?? 0;
	const all = Object.values(count).reduce((a, b) => a + b, 0);
	const detected = DETECTED.reduce((a, s) => a + n(s), 0);
	const scored = detected + UNDETECTED.reduce((a, s) => a + n(s), 0);
	const score = scored ? ((100 * detected) / scored).toFixed(2) + '%' : 'n/a';
	const cols = [all, n('Killed'), n('Timeout'), n('Survived'), n('NoCoverage'), n('CompileError'), n('Ignored')];
	return `${label.padEnd(13)} ${cols.map((c, i) => String(c).padStart([7, 7, 8, 9, 9, 14, 8][i])).join(' ')}  ${score}`;
}

function fail(message) {
	console.error(`npm run mutate: ${message}`);
	process.exit(1);
}
