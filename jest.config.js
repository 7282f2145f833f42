/** @type {import('jest').Config} */
module.exports = {
	// Two test files at a time even on two cores, where jest's default (cores - 1) runs every file in
	// one process, on one core (the whole suite, on this 2-core machine with other work beside it:
	// 7.3 min in one process, 5.5 min in two; 4.2 min in two with nothing beside it, 2026-12-07).
	maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type checking happens in `npm run build` (tsc); here we only transpile, for speed.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }],
	},
	// A hang guard, not a judge of speed: at least ten times what a test takes on a quiet machine,
	// so a busy one (docs/development.md, "Tests and time") does not fail it. Longer tests set their own.
	testTimeout: 120_000,
	setupFiles: ['<rootDir>/test/setup/servers.js'],
};
