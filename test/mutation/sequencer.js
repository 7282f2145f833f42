// Stryker only (stryker.config.mjs): for a mutant, Stryker asks jest for the tests that reached
// it by name (--testNamePattern) among the test files that import the mutated file. Jest would
// still load every one of those files, each with its own copy of n8n-core and friends: seconds
// per mutant. This sequencer keeps only the files that hold one of the named tests, as written
// down by record-tests.js during Stryker's first run. Anything it cannot place keeps every file.
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const FILE = path.join(__dirname, '../../.stryker-tests.tsv');

class MutantSequencer extends Sequencer {
	constructor(options) {
		super(options);
		this.pattern = options.globalConfig.testNamePattern;
	}

	sort(tests) {
		const files = process.env.__STRYKER_ACTIVE_MUTANT__ && this.pattern ? filesOf(this.pattern) : undefined;
		const kept = files ? tests.filter((test) => files.has(test.path)) : tests;
		const sorted = super.sort(kept.length ? kept : tests);
		// Files that start no sandbox first: they are quick and aimed at one module, so they are the
		// likeliest to kill a mutant early, after which environment.js skips the rest (jest's own
		// order puts the slowest files first).
		const quick = (test) => !/useSandbox|startSandbox|runWorkflow|runRiskInfo/.test(sourceOf(test.path));
		return [...sorted.filter(quick), ...sorted.filter((test) => !quick(test))];
	}
}

const sources = new Map();
function sourceOf(file) {
	if (!sources.has(file)) sources.set(file, readFileSync(file, 'utf8'));
	return sources.get(file);
}

let recorded;
/** The files holding the recorded tests the pattern names, or undefined if it names none. */
function filesOf(pattern) {
	if (!existsSync(FILE)) return undefined;
	recorded ??= readFileSync(FILE, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const tab = line.indexOf('\t');
			return { file: line.slice(0, tab), name: JSON.parse(line.slice(tab + 1)) };
		});
	// Stryker's pattern is "(name)|(name)|…" with each name regex-escaped, so ")|(" only separates.
	if (!pattern.startsWith('(') || !pattern.endsWith(')')) return undefined;
	// A name that was never recorded did not run in the first run: a test skipped there (the spec
	// routing test, whose spec file Stryker's copy has not) or left out by the config's
	// testNamePattern (the lint test). A skipped test can still be "covering" (Stryker opens a
	// test's coverage at its start event, which jest sends for skipped tests too), and keeping
	// every file for it ran the whole suite, lint included, for each such mutant: it is dropped.
	const files = new Set();
	for (const alternative of pattern.slice(1, -1).split(')|(')) {
		const re = new RegExp(alternative);
		for (const r of recorded) if (re.test(r.name)) files.add(r.file);
	}
	return files.size ? files : undefined;
}

module.exports = MutantSequencer;
