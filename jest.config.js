/** @type {import('jest').Config} */
module.exports = {
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
