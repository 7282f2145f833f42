// Stryker only (stryker.config.mjs, setupFilesAfterEnv): during Stryker's first, whole run, writes
// down which test file holds each test, for test/mutation/sequencer.js. Not used by `npm test`.
'use strict';
const { appendFileSync } = require('node:fs');
const path = require('node:path');

const FILE = path.join(__dirname, '../../.stryker-tests.tsv');

if (!process.env.__STRYKER_ACTIVE_MUTANT__) {
	afterEach(() => {
		const { currentTestName, testPath } = expect.getState();
		if (currentTestName && testPath) appendFileSync(FILE, `${testPath}\t${JSON.stringify(currentTestName)}\n`);
	});
}
