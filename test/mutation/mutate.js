#!/usr/bin/env node
// `npm run mutate [-- part ...]`: StrykerJS over nodes/ and credentials/, one part at a time
// (parts in stryker.config.mjs), each with its own incremental file here, so a rerun tests only
// what changed and a part that finished keeps its results. Then the score of every part that has
// results and the mutants left alive, read from those incremental files (Stryker's JSON report).
// `npm run mutate -- --report` prints that summary without running anything.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
// Smallest first, so the first results come early.
const PARTS = ['credentials', 'shared', 'transport', 'service', 'monitor', 'trigger-auth', 'trigger-repeats', 'trigger-receive', 'trigger-content', 'actions', 'resources'];

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
console.log('\npart             mutants  killed  timeout  survived  no cover  not compiling  ignored  score');
// The incremental files are Stryker's cache (tens of MB a part), kept out of git; what a run found
// is kept in summary.json (committed), so the score and the survivors are readable on any checkout.
const SUMMARY = path.join(__dirname, 'summary.json');
const summary = existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, 'utf8')) : {};
let fresh = false;
for (const part of PARTS) {
	const file = path.join(__dirname, `${part}.incremental.json`);
	if (existsSync(file)) {
		summary[part] = summarise(JSON.parse(readFileSync(file, 'utf8')));
		fresh = true;
	}
	if (!summary[part]) {
		console.log(`${part.padEnd(16)} (no results yet)`);
		continue;
	}
	const { count, alive: left } = summary[part];
	for (const [status, n] of Object.entries(count)) total[status] = (total[status] ?? 0) + n;
	alive.push(...left);
	console.log(row(part, count));
}
if (fresh) writeFileSync(SUMMARY, `${JSON.stringify(summary, null, '\t')}\n`);
console.log(row('all', total));
console.log(`\nMutants left alive (${alive.length}); test/MUTANTS.md says why each cannot change behaviour:`);
alive.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
for (const m of alive) console.log(`  ${m.file}:${m.line}:${m.column} ${m.status} ${m.mutator} → ${m.replacement}`);

/** A part's counts by status and the mutants left alive, from Stryker's report of it. */
function summarise(report) {
	const count = {};
	const left = [];
	for (const [file, { mutants }] of Object.entries(report.files)) {
		for (const m of mutants) {
			count[m.status] = (count[m.status] ?? 0) + 1;
			if (!UNDETECTED.includes(m.status)) continue;
			const { line, column } = m.location.start;
			left.push({ file, line, column, status: m.status, mutator: m.mutatorName, replacement: (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80) });
		}
	}
	return { count, alive: left };
}

function row(label, count) {
	const n = (status) => count[status] ?? 0;
	const all = Object.values(count).reduce((a, b) => a + b, 0);
	const detected = DETECTED.reduce((a, s) => a + n(s), 0);
	const scored = detected + UNDETECTED.reduce((a, s) => a + n(s), 0);
	const score = scored ? ((100 * detected) / scored).toFixed(2) + '%' : 'n/a';
	const cols = [all, n('Killed'), n('Timeout'), n('Survived'), n('NoCoverage'), n('CompileError'), n('Ignored')];
	return `${label.padEnd(16)} ${cols.map((c, i) => String(c).padStart([7, 7, 8, 9, 9, 14, 8][i])).join(' ')}  ${score}`;
}

function fail(message) {
	console.error(`npm run mutate: ${message}`);
	process.exit(1);
}
