#!/usr/bin/env node
// `npm run mutate [-- part ...]`: StrykerJS over nodes/ and credentials/, one part at a time
// (parts in stryker.config.mjs), each with its own incremental file here, so a rerun tests only
// what changed and a part that finished keeps its results. Then the score of every part that has
// results and the mutants left alive, read from those incremental files (Stryker's JSON report).
// `npm run mutate -- --report` prints that summary without running anything.
// `npm run mutate -- --since <commit>` mutates only the files of nodes/ and credentials/ changed
// since that commit (committed or not), each part on a copy of its incremental file, so a
// developer can run it before every submission: minutes where a part takes an hour. Its scores are
// those of the changed files alone, printed and not recorded in summary.json.
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const config = require('../../stryker.config.mjs');
const PARTS = Object.keys(config.PARTS);

const args = process.argv.slice(2);
const reportOnly = args.includes('--report');
const sinceAt = args.indexOf('--since');
const since = sinceAt === -1 ? undefined : args[sinceAt + 1];
if (sinceAt !== -1 && (!since || since.startsWith('--'))) fail('--since needs a commit, e.g. --since main');
const asked = args.filter((a, i) => !a.startsWith('--') && !(sinceAt !== -1 && i === sinceAt + 1));
for (const part of asked) if (!PARTS.includes(part)) fail(`unknown part "${part}": one of ${PARTS.join(', ')}`);

/** When and on what code each part run here finished, kept beside its counts in summary.json. */
const ran = {};
if (since !== undefined) {
	mutateSince(since, asked.length ? asked : PARTS);
} else if (!reportOnly) {
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
		ran[part] = { date: new Date().toISOString().slice(0, 10), commit: codeVersion(), seconds: Math.round((Date.now() - started) / 1000) };
	}
}

const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];
if (since === undefined) report();

function report() {
	const total = {};
	const alive = [];
	console.log('\npart             mutants  killed  timeout  survived  no cover  not compiling  ignored  score  ran on');
	// The incremental files are Stryker's cache (tens of MB a part), kept out of git; what a run found
	// is kept in summary.json (committed), so the score and the survivors are readable on any checkout.
	const SUMMARY = path.join(__dirname, 'summary.json');
	const summary = existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, 'utf8')) : {};
	let fresh = false;
	for (const part of PARTS) {
		const file = path.join(__dirname, `${part}.incremental.json`);
		if (existsSync(file)) {
			// A part read again from its cache without a run keeps the date and commit of the run that made it.
			const { date, commit, seconds } = ran[part] ?? summary[part] ?? {};
			summary[part] = { date, commit, seconds, ...summarise(JSON.parse(readFileSync(file, 'utf8'))) };
			fresh = true;
		}
		if (!summary[part]) {
			console.log(`${part.padEnd(16)} (no results yet)`);
			continue;
		}
		const { count, alive: left, date, commit } = summary[part];
		for (const [status, n] of Object.entries(count)) total[status] = (total[status] ?? 0) + n;
		alive.push(...left);
		console.log(`${row(part, count)}  ${date ? `${date} ${commit}` : 'before dates were kept'}`);
	}
	if (fresh) writeFileSync(SUMMARY, `${JSON.stringify(summary, null, '\t')}\n`);
	console.log(row('all', total));
	console.log(`\nMutants left alive (${alive.length}); test/MUTANTS.md says why each cannot change behaviour:`);
	alive.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
	for (const m of alive) console.log(`  ${m.file}:${m.line}:${m.column} ${m.status} ${m.mutator} → ${m.replacement}`);
}

/**
 * Mutates, part by part, only the files changed since `commit`. Each part runs on a copy of its
 * incremental file, so Stryker's incremental mode reuses what the part's last full run found for
 * the mutants and tests that did not change, and the part's own file (and summary.json, the
 * record of whole parts) keeps its whole results: Stryker writes back only the files it mutated.
 */
function mutateSince(commit, parts) {
	const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean);
	let changed;
	try {
		changed = [...git('diff', '--name-only', commit, '--', 'nodes', 'credentials'), ...git('ls-files', '--others', '--exclude-standard', '--', 'nodes', 'credentials')];
	} catch {
		fail(`git knows no commit "${commit}"`);
	}
	changed = [...new Set(changed)].filter((f) => f.endsWith('.ts') && existsSync(path.join(ROOT, f)));
	const byPart = filesByPart(changed, parts);
	if (byPart.size === 0) {
		console.log(`npm run mutate: no file of ${parts.join(', ')} changed since ${commit}`);
		return;
	}
	const rows = [];
	for (const [part, files] of byPart) {
		console.log(`\n=== npm run mutate --since ${commit}: ${part} (${files.join(', ')}) ===`);
		const own = path.join(__dirname, `${part}.incremental.json`);
		const copy = path.join(__dirname, `${part}.since.incremental.json`);
		if (existsSync(own)) copyFileSync(own, copy);
		else rmSync(copy, { force: true });
		const run = spawnSync(path.join(ROOT, 'node_modules/.bin/stryker'), ['run', '--mutate', files.join(','), '--incrementalFile', path.relative(ROOT, copy)], {
			cwd: ROOT,
			stdio: 'inherit',
			env: { ...process.env, MUTATE_PART: part },
		});
		if (run.status !== 0) fail(`stryker stopped on ${part} (exit ${run.status ?? run.signal})`);
		const found = summarise(JSON.parse(readFileSync(copy, 'utf8')));
		rows.push([part, found]);
	}
	console.log(`\nfiles changed since ${commit}`);
	console.log('part             mutants  killed  timeout  survived  no cover  not compiling  ignored  score');
	for (const [part, { count }] of rows) console.log(row(part, count));
	const alive = rows.flatMap(([, found]) => found.alive);
	console.log(`\nMutants left alive (${alive.length}); kill each with a test, or say in test/MUTANTS.md why it cannot change behaviour:`);
	for (const m of alive) console.log(`  ${m.file}:${m.line}:${m.column} ${m.status} ${m.mutator} → ${m.replacement}`);
}

/** The changed files each part mutates. */
function filesByPart(files, parts) {
	const byPart = new Map();
	for (const part of parts) {
		const mine = files.filter((f) => config.partsOf(f, [part]).length > 0);
		if (mine.length) byPart.set(part, mine);
	}
	return byPart;
}

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

/** The commit the parts ran on, marked when nodes/ or credentials/ had changes not yet committed. */
function codeVersion() {
	const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
	return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--', 'nodes', 'credentials') ? '+changes' : '');
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
