import path from 'node:path';

// Mutation testing (`npm run mutate`, driven by test/mutation/mutate.js): StrykerJS plants small
// bugs in nodes/ and credentials/ one at a time and runs the jest tests that reach each one. Not
// part of `npm test` or CI: a full run takes hours on this project's 2 shared cores, so it runs
// one part of the code at a time (MUTATE_PART), each with its own incremental file, and a part
// that finished keeps its results even when a later part is stopped. test/MUTANTS.md lists what
// the run leaves alive and why.
// The parts, in the order `npm run mutate` runs them: smallest first, so the first results come early.
export const PARTS = {
	credentials: ['credentials/**/*.ts', 'nodes/shared/service/credentialTest.ts'],
	shared: ['nodes/shared/*.ts'],
	transport: ['nodes/shared/transport/**/*.ts'],
	// The service's home and the Monitor in parts of 700 to 900 lines each (a part of 2,300 lines
	// would take about three hours on 2 cores, past what one sitting can leave the machine to it):
	// reading answers (the key rows, Answer Key Names, Check Answers' judging, the slots a key may
	// take), the summaries and the record they give, the other reads; the Monitor's polls and
	// memory, and what it says (unreadable fields, its items, the digest, the evidence).
	'service-reading': ['nodes/shared/service/{keys,keyNames,answers,slots}.ts'],
	'service-summaries': ['nodes/shared/service/{summaryV2,summaryV1,record,values,endpoints}.ts'],
	'service-reads': ['nodes/shared/service/{usage,screening,profiles,dicom,courtCases,compliance,creditScore}.ts'],
	'monitor-poll': ['nodes/RiskInfoMonitor/{RiskInfoMonitor.node,poll,memory,fields,properties}.ts'],
	'monitor-news': ['nodes/RiskInfoMonitor/{unreadable,items,digest,evidence}.ts'],
	// The trigger in four parts (its first whole run was stopped after 81 minutes, 787 of 1,922
	// mutants, with nothing kept): checking the sender, repeated deliveries, receiving, reading the
	// content. Its redaction is the shared engine's.
	'trigger-auth': ['nodes/RiskInfoTrigger/{auth,select,respond}.ts'],
	'trigger-repeats': ['nodes/RiskInfoTrigger/repeats.ts'],
	// Not properties.ts (LEFT_OUT below).
	'trigger-receive': ['nodes/RiskInfoTrigger/{RiskInfoTrigger.node,receive}.ts'],
	'trigger-content': ['nodes/RiskInfoTrigger/{normalise,depth,sameJson,body,inflate}.ts'],
	// The action node in two parts, so that a stopped run keeps the half that finished.
	actions: ['nodes/RiskInfo/RiskInfo.node.ts', 'nodes/RiskInfo/actions/*.ts', 'nodes/RiskInfo/methods/*.ts'],
	resources: ['nodes/RiskInfo/actions/api-v1/**/*.ts', 'nodes/RiskInfo/actions/api-v2/**/*.ts'],
};
/**
 * Files of nodes/ and credentials/ in no part, and why (test/package/mutation-parts.test.ts holds
 * every other file to exactly one part). The trigger's descriptions are module-level values, static
 * by the policy below, but were loaded by harness/workflow.ts inside the first test of every
 * workflow test file (until 2026-11-25), so Stryker counted them as reached by most of the suite:
 * 413 mutants, each survivor running the whole suite (test/MUTANTS.md).
 */
export const LEFT_OUT = ['nodes/RiskInfoTrigger/properties.ts'];

/** The parts whose globs take `file` in (a later `!glob` takes it out), as Stryker reads them. */
export function partsOf(file, parts = Object.keys(PARTS)) {
	return parts.filter((name) => PARTS[name].reduce((inside, g) => (g.startsWith('!') ? inside && !path.matchesGlob(file, g.slice(1)) : inside || path.matchesGlob(file, g)), false));
}
const part = process.env.MUTATE_PART;
if (part !== undefined && !(part in PARTS)) throw new Error(`MUTATE_PART must be one of ${Object.keys(PARTS).join(', ')}`);
const name = part ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	mutate: part ? PARTS[part] : Object.values(PARTS).flat(),
	testRunner: 'jest',
	jest: {
		configFile: 'jest.config.js',
		// Every test, not only those jest finds related by imports (--findRelatedTests): the workflow
		// tests load the nodes through harness/workflow.ts, which requires them by a path read from
		// package.json, so jest saw no link from them to nodes/ and Stryker ran about 300 of the ~980
		// tests. Per mutant it still runs only the tests that reached it (coverageAnalysis perTest,
		// and sequencer.js keeps only the files that hold them).
		enableFindRelatedTests: false,
		config: {
			// Every folder with code a test reaches, so jest maps each module Stryker instruments.
			roots: ['<rootDir>/test', '<rootDir>/nodes', '<rootDir>/credentials', '<rootDir>/sandbox', '<rootDir>/harness'],
			// Tests whose subject runs in a child process (a tsc build, eslint) or that need the git
			// work tree: a planted bug in the jest process cannot reach them, and Stryker's copy of the
			// project is not a git checkout. stateless.test.ts reads the sources as text, which in
			// Stryker's copy are the instrumented ones. See test/MUTANTS.md.
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/package/package.test.ts', '<rootDir>/test/package/stateless.test.ts'],
			// The same for the one test that runs eslint over the sources, which would lint Stryker's
			// instrumented copies of them. And, for time, the trigger test that sends 1,001 deliveries
			// through n8n's engine to reach the bound of what is remembered (seconds per mutant): the
			// bound is a module-level constant, whose mutants are static (below) and not run anyway.
			testNamePattern: "^(?!n8n's community-node lint |what is remembered the last 1,000 deliveries)",
			// Speed only: run a mutant's tests without loading every other related test file.
			setupFilesAfterEnv: ['<rootDir>/test/mutation/record-tests.js'],
			// Skips a mutant's remaining tests once one has failed (Stryker's jest runner cannot bail).
			testEnvironment: process.env.MUTATE_NO_BAIL === '1' ? 'node' : './test/mutation/environment.js',
			testSequencer: '<rootDir>/test/mutation/sequencer.js',
		},
	},
	coverageAnalysis: 'perTest',
	// The first step runs the whole suite in one jest process: over Stryker's default 5 minutes
	// since the suite passed 2,000 tests (2026-12-07: timed out at 5 minutes, stopping every part).
	dryRunTimeoutMinutes: 40,
	// Static mutants (in module-level values: parameter descriptions, field tables, constants) run
	// every related test file each, 80% of a whole run's time: left out unless MUTATE_STATIC=1.
	// test/MUTANTS.md says what that leaves unmeasured.
	ignoreStatic: process.env.MUTATE_STATIC !== '1',
	checkers: ['typescript'],
	// The shipped sources only: a mutant that does not type-check there is not a bug anyone could ship.
	tsconfigFile: 'tsconfig.build.json',
	// 2 cores shared by everyone working on the machine.
	concurrency: 2,
	// Shared, noisy cores: a mutant is called a timeout only well past its tests' normal time.
	timeoutFactor: 3,
	timeoutMS: 10000,
	incremental: true,
	// A local cache (tens of MB a part, git-ignored): a rerun tests only the mutants and tests that changed;
	// test/mutation/mutate.js keeps what each run found in summary.json.
	incrementalFile: `test/mutation/${name}.incremental.json`,
	reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
	clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
	jsonReporter: { fileName: `reports/mutation/${name}.json` },
	htmlReporter: { fileName: `reports/mutation/${name}.html` },
	// Not n8n-runtime/: its manifests (1 MB) are read when scripts/n8n-runtime.js loads, which the
	// trigger's production-mode tests require.
	ignorePatterns: ['dist', '.runtime', '.n8n-demo', 'bench/out', 'coverage', 'reports'],
	tempDirName: '.stryker-tmp',
	cleanTempDir: true,
};
