#!/usr/bin/env node
'use strict';
// What CI's later stages install on first use, installed ahead of them: Debian's chromium,
// postgresql and redis-server (apt-get, as root; the queue-mode e2e, engine 2.0's check and the
// browser e2e need them) and playwright-core (npm, into .runtime/tools). It only waits on the
// network and the package manager, so .ci/run starts it before `npm ci` and lets it run while the
// build and the tests use the CPU. It needs none of the project's node_modules. A failure here
// fails nothing: the stage that needs the tool installs it again and says what went wrong.
const { ensureChromium, playwright } = require('./lib/browser');
const { ensureServicePackages } = require('./lib/services');

const log = (msg) => process.stdout.write(`[ci-tools] ${msg}\n`);

async function main() {
	// One apt-get after the other (they share dpkg's lock); chromium's install runs apt-get update,
	// which the services' plain install then finds done.
	for (const [what, install] of [
		['chromium', () => ensureChromium(log)],
		['postgresql and redis-server', () => ensureServicePackages(log)],
		['playwright-core', () => playwright(log)],
	]) {
		const t0 = Date.now();
		try {
			await install();
			log(`${what}: ready in ${Math.round((Date.now() - t0) / 1000)} s`);
		} catch (err) {
			log(`${what}: not installed here (${err.message.split('\n')[0]}); the stage that needs it tries again`);
		}
	}
}

main().then(() => process.exit(0));
