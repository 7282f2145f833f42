// Stryker only (stryker.config.mjs): jest cannot bail when it is called from code, so Stryker's
// jest runner turns bail off and runs every test file that reaches a mutant, even after one has
// failed. Once a test has failed for the mutant being run, this environment skips the tests after
// it: the mutant is killed whatever they do. A killed mutant then costs about what the tests up to
// its first failure cost, plus loading the remaining files. Not used by `npm test`.
'use strict';
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

class BailingEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
		// In Stryker's sandbox, which each run makes anew; the process id keeps two runners apart.
		this.failed = mutant ? path.join(config.projectConfig.rootDir, '.stryker-bail', `${process.pid}-${mutant}`) : undefined;
	}

	async handleTestEvent(event, state) {
		if (super.handleTestEvent) await super.handleTestEvent(event, state);
		if (!this.failed) return;
		if (event.name === 'test_fn_failure' || event.name === 'hook_failure') {
			mkdirSync(path.dirname(this.failed), { recursive: true });
			writeFileSync(this.failed, '');
		} else if (event.name === 'test_start' && existsSync(this.failed)) {
			event.test.mode = 'skip';
		}
	}
}

module.exports = BailingEnvironment;
