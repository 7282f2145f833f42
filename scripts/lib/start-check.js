'use strict';
// The e2e's check of `npm start` itself (issue 9, point 1), run as a user would: start it, read
// what it prints, use the n8n it started, press Ctrl-C, start it again.
const fs = require('node:fs');
const path = require('node:path');
const { start } = require('./proc');
const { N8n, ROOT } = require('./n8n');
const { exampleWorkflows, loadSandbox } = require('./setup');
const { assert, waitFor } = require('./checks');
const { checkMcpBanner } = require('./mcp');

const READY = /^n8n is ready \(in \d+ s\): (http:\/\/\S+)$/;

/** `node scripts/start.js` in `demoDir`; resolves once it printed its banner, with what it printed. */
async function startDemo(demoDir) {
	const lines = [];
	let ready;
	const handle = start(process.execPath, [path.join(ROOT, 'scripts', 'start.js')], {
		cwd: ROOT,
		timeoutMs: 15 * 60_000,
		env: { ...process.env, RISKINFO_DEMO_DIR: demoDir },
		onLine: (line) => {
			lines.push(line);
			if (line.startsWith('Press Ctrl-C')) ready = true;
		},
	});
	let exited;
	handle.done.then((r) => (exited = r));
	await waitFor('npm start printed no "Press Ctrl-C" banner', () => ready || exited, 10 * 60_000);
	if (!ready) throw new Error(`npm start exited (code ${exited.code}) before it was ready:\n${exited.output.slice(-3000)}`);
	const field = (label) => lines.find((l) => l.trimStart().startsWith(`${label}:`))?.split(`${label}:`)[1].trim();
	return { handle, lines, url: lines.map((l) => READY.exec(l)?.[1]).find(Boolean), field };
}

/** Ctrl-C: SIGINT to its process group, as a terminal sends it. */
async function interrupt(demo) {
	demo.handle.stop('SIGINT');
	const result = await Promise.race([demo.handle.done, new Promise((r) => setTimeout(() => r(undefined), 60_000))]);
	assert(result, 'npm start did not stop within 60 s of Ctrl-C');
	return result;
}

async function refuses(url) {
	try {
		await fetch(url, { signal: AbortSignal.timeout(3000) });
		return false;
	} catch {
		return true;
	}
}

/**
 * First run: the banner names an editor, a login, a sandbox credential and the trigger that gets the
 * results, all on 127.0.0.1; the examples are there with both trigger workflows active; running the
 * onboarding example from the editor brings each supplier's result back through the sandbox's
 * webhook into that trigger; Ctrl-C stops n8n and the sandbox. Second run: nothing is installed,
 * imported or published again.
 */
async function checkNpmStart(tmp) {
	const demoDir = path.join(tmp, 'demo');
	const wfs = exampleWorkflows();
	const { KNOWN_NAMES } = loadSandbox();

	const first = await startDemo(demoDir);
	let stopped = false;
	try {
		const login = /^(\S+)\s+\/\s+(\S+)$/.exec(first.field('Log in') ?? '');
		const sandboxUrl = /-> (http:\/\/\S+)$/.exec(first.field('Credential') ?? '')?.[1];
		const resultsTo = / at (http:\/\/\S+)$/.exec(first.field('Results to') ?? '')?.[1];
		assert(first.url && login && sandboxUrl && resultsTo, `the banner lacks the URL, login, credential or results line:\n${first.lines.slice(-20).join('\n')}`);
		for (const u of [first.url, sandboxUrl, resultsTo]) assert(new URL(u).hostname === '127.0.0.1', `${u} is not on 127.0.0.1`);

		const n8n = new N8n({ port: Number(new URL(first.url).port) });
		const res = await n8n.rest('POST', '/rest/login', { body: { emailOrLdapLoginId: login[1], password: login[2] } });
		assert(res.status === 200, `logging in with the printed login answered ${res.status}`);
		const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		const apiKey = await n8n.createApiKey(cookie, 'start-check');

		const creds = await n8n.rest('GET', '/rest/credentials', { cookie });
		assert(creds.json?.data?.some((c) => c.name === 'Risk Info (sandbox)'), 'no "Risk Info (sandbox)" credential');
		for (const wf of Object.values(wfs)) {
			const got = await n8n.workflow(apiKey, wf.id);
			assert(got.name === wf.json.name, `example "${wf.json.name}" is missing`);
			const trigger = wf === wfs.onboarding || wf === wfs.criticalAlert;
			assert(got.active === trigger, `"${wf.json.name}" is ${got.active ? '' : 'not '}active`);
		}

		// The demo's main job: the onboarding example, run from the editor, gets every result back.
		const run = await n8n.runFromEditor(cookie, apiKey, wfs.onboarding.id, 'Start');
		assert(run.status === 'success', `running "${wfs.onboarding.json.name}" from Start ended ${run.status}`);
		const suppliers = Object.values(KNOWN_NAMES).length;
		const joined = await waitFor(
			`the sandbox's deliveries did not start ${suppliers} successful executions of "${wfs.onboarding.json.name}"`,
			async () => {
				const done = (await n8n.executions(apiKey, wfs.onboarding.id, { includeData: false })).filter((e) => e.mode === 'webhook' && e.status === 'success');
				return done.length >= suppliers ? done : undefined;
			},
			90_000,
			1000,
		);

		const mcp = await checkMcpBanner(first.lines);

		const exit = await interrupt(first);
		stopped = true;
		assert(exit.code === 0, `npm start exited with code ${exit.code} after Ctrl-C`);
		assert((await refuses(first.url)) && (await refuses(sandboxUrl)), 'n8n or the sandbox still answers after Ctrl-C');

		const second = await startDemo(demoDir);
		const redone = second.lines.filter((l) => /\] (building|installing|importing|publishing|adding)/.test(l));
		await interrupt(second);
		assert(redone.length === 0, `the second run did again: ${redone.join('; ')}`);
		const took = (/in (\d+ s)/.exec(second.lines.find((l) => READY.test(l)) ?? '') ?? [])[1];
		return `banner on 127.0.0.1, printed login works, credential and ${Object.keys(wfs).length} examples (2 active); the onboarding run from the editor got ${joined.length} results back by webhook; ${mcp}; Ctrl-C stopped n8n and the sandbox; the second run reused everything (ready in ${took})`;
	} finally {
		if (!stopped) await interrupt(first).catch(() => first.handle.stop('SIGKILL'));
		fs.rmSync(demoDir, { recursive: true, force: true });
	}
}

module.exports = { checkNpmStart, startDemo, interrupt };
