'use strict';
// The e2e's two small tools, shared by its checks.

function assert(cond, msg) {
	if (!cond) throw new Error(msg);
}

/** Polls `fn` until it returns something truthy, which it resolves with; throws "`what` within N s". */
async function waitFor(what, fn, timeoutMs, everyMs = 500) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const value = await fn();
		if (value) return value;
		await new Promise((r) => setTimeout(r, everyMs));
	}
	throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

module.exports = { assert, waitFor };
