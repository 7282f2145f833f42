'use strict';
// The e2e's small tools, shared by its checks and by the queue-mode e2e.

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

/** Equal as JSON (undefined and null alike). */
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Where two JSON values first differ ("a.b[2]: 1 ≠ 2"), or undefined when they are the same. */
function firstDifference(a, b, at = '') {
	if (same(a, b)) return undefined;
	if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
		for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
			const d = firstDifference(a[k], b[k], Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`);
			if (d) return d;
		}
	}
	return `${at || '(top)'}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`;
}

/**
 * Checks that print one line each, "PASS (id) [N s] title: detail" or "FAIL (id) [N s] title: why",
 * N the seconds the check took, and keep going after a failure. `results` holds true/false per
 * check, in order; `times()` is "id N s" per check, for the run's last lines.
 */
function checkList() {
	const results = [];
	const took = [];
	function report(id, title, ok, detail, seconds) {
		results.push(ok);
		if (seconds !== undefined) took.push(`${id} ${seconds} s`);
		process.stdout.write(`${ok ? 'PASS' : 'FAIL'} (${id})${seconds === undefined ? '' : ` [${seconds} s]`} ${title}: ${detail}\n`);
	}
	async function check(id, title, fn) {
		const t0 = Date.now();
		const seconds = () => Math.round((Date.now() - t0) / 1000);
		try {
			const detail = await fn();
			report(id, title, true, detail, seconds());
		} catch (err) {
			report(id, title, false, err && err.message ? err.message : String(err), seconds());
		}
	}
	return { check, report, results, times: () => took.join(', ') };
}

module.exports = { assert, waitFor, checkList, same, firstDifference };
