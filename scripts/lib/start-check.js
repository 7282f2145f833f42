'use strict';
// The e2e's check of `npm start` itself (issue 9, point 1), run as a user would: start it, read
// what it prints, use the n8n it started, press Ctrl-C, start it again.
const fs = require('node:fs');
const path = require('node:path');
const { start, processesUnder, onCleanup } = require('./proc');
const { N8n, ROOT, nodeItems } = require('./n8n');
const { execFileSync } = require('node:child_process');
const { exampleWorkflows, loadSandbox, RISKINFO_MONITOR } = require('./setup');
const { ACTIVE_ROLES } = require('./demo');
const { assert, waitFor } = require('./checks');
const { checkMcpBanner } = require('./mcp');

const READY = /^n8n is ready \(in \d+ s\): (http:\/\/\S+)$/;

/** `node scripts/start.js <args>` in `demoDir`; resolves once it printed its banner, with what it printed. */
async function startDemo(demoDir, args = []) {
	const lines = [];
	let ready;
	const handle = start(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), ...args], {
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
	// On Ctrl-C of the e2e, npm start must stop its own children (Postgres, Redis and n8n in queue
	// mode run in process groups of their own) before the e2e exits and kills what is left.
	const unregister = onCleanup(() => interrupt({ handle }));
	handle.done.then(unregister);
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
		const sandboxUrl = /-> (http:\/\/\S+)$/.exec(first.field('Credential') ?? '')?.[1];
		const resultsTo = / at (http:\/\/\S+)$/.exec(first.field('Results to') ?? '')?.[1];
		assert(first.url && first.field('Log in') && sandboxUrl && resultsTo, `the banner lacks the URL, login, credential or results line:\n${first.lines.slice(-20).join('\n')}`);
		for (const u of [first.url, sandboxUrl, resultsTo]) assert(new URL(u).hostname === '127.0.0.1', `${u} is not on 127.0.0.1`);

		const { n8n, cookie, apiKey } = await signIn(first.url, first.field('Log in'));

		const creds = await n8n.rest('GET', '/rest/credentials', { cookie });
		assert(creds.json?.data?.some((c) => c.name === 'Risk Info (sandbox)'), 'no "Risk Info (sandbox)" credential');
		for (const wf of Object.values(wfs)) {
			const got = await n8n.workflow(apiKey, wf.id);
			assert(got.name === wf.json.name, `example "${wf.json.name}" is missing`);
			const published = ACTIVE_ROLES.some((r) => wfs[r] === wf);
			assert(got.active === published, `"${wf.json.name}" is ${got.active ? '' : 'not '}active`);
		}

		// The demo's main job: the onboarding example, run from the editor, gets every result back.
		const run = await n8n.runFromEditor(cookie, apiKey, wfs.onboarding.id, 'Start');
		assert(run.status === 'success', `running "${wfs.onboarding.json.name}" from Start ended ${run.status}`);
		const suppliers = Object.values(KNOWN_NAMES).length;
		const joined = await waitFor(
			`the sandbox's deliveries did not start ${suppliers} successful executions of "${wfs.onboardingResults.json.name}"`,
			async () => {
				const done = (await n8n.executions(apiKey, wfs.onboardingResults.id, { includeData: false })).filter((e) => e.mode === 'webhook' && e.status === 'success');
				return done.length >= suppliers ? done : undefined;
			},
			90_000,
			1000,
		);

		const mcp = await checkMcpBanner(first.lines);
		const monitored = await checkBannerChange(n8n, apiKey, first.lines, wfs.supplierMonitoring);

		const exit = await interrupt(first);
		stopped = true;
		assert(exit.code === 0, `npm start exited with code ${exit.code} after Ctrl-C`);
		assert((await refuses(first.url)) && (await refuses(sandboxUrl)), 'n8n or the sandbox still answers after Ctrl-C');

		const second = await startDemo(demoDir);
		const redone = second.lines.filter((l) => /\] (building|installing|importing|publishing|adding)/.test(l));
		await interrupt(second);
		assert(redone.length === 0, `the second run did again: ${redone.join('; ')}`);
		const took = (/in (\d+ s)/.exec(second.lines.find((l) => READY.test(l)) ?? '') ?? [])[1];
		return `banner on 127.0.0.1, printed login works, credential and ${Object.keys(wfs).length} examples (${ACTIVE_ROLES.length} active); the onboarding run from the editor got ${joined.length} results back by webhook; ${mcp}; ${monitored}; Ctrl-C stopped n8n and the sandbox; the second run reused everything (ready in ${took})`;
	} finally {
		if (!stopped) await interrupt(first).catch(() => first.handle.stop('SIGKILL'));
		fs.rmSync(demoDir, { recursive: true, force: true });
	}
}

/**
 * The banner's command that makes a monitored supplier critical, run as printed (curl): the
 * Monitor's example, active, then runs with that change within the next two polls.
 */
async function checkBannerChange(n8n, apiKey, lines, wf) {
	const command = lines.map((l) => l.trim()).find((l) => l.startsWith('curl ') && l.includes('/_sandbox/ruts/'));
	assert(command, 'the banner prints no command that changes a supplier at the sandbox');
	const rut = /\/_sandbox\/ruts\/([^/]+)\/changes/.exec(command)[1];
	const answer = JSON.parse(execFileSync('sh', ['-c', command], { encoding: 'utf8', timeout: 30_000 }));
	assert(answer.rut === rut && answer.change === 'criticalRisk', `the banner's command answered ${JSON.stringify(answer)}`);
	const monitor = wf.json.nodes.find((n) => n.type === RISKINFO_MONITOR).name;
	const exec = await waitFor(
		`"${wf.json.name}" did not run with the change of ${rut} within 3 minutes`,
		async () => (await n8n.executions(apiKey, wf.id)).find((e) => e.status === 'success' && nodeItems(e, monitor)?.some((i) => i.json.rut === rut)),
		180_000,
		2000,
	);
	const item = nodeItems(exec, monitor).find((i) => i.json.rut === rut).json;
	return `the banner's curl made ${rut} critical and "${wf.json.name}" ran with "${item.summary}"`;
}

/** Logs in with the banner's login and returns { n8n, cookie, apiKey }. */
async function signIn(url, loginField) {
	const login = /^(\S+)\s+\/\s+(\S+)$/.exec(loginField ?? '');
	assert(login, `the banner has no login: ${loginField}`);
	const n8n = new N8n({ port: Number(new URL(url).port) });
	const res = await n8n.rest('POST', '/rest/login', { body: { emailOrLdapLoginId: login[1], password: login[2] } });
	assert(res.status === 200, `logging in with the printed login answered ${res.status}`);
	const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
	return { n8n, cookie, apiKey: await n8n.createApiKey(cookie, 'start-check') };
}

/**
 * `npm start -- --queue`: the banner names the main, two workers, two webhook processors, Postgres
 * and Redis, all on 127.0.0.1 and answering; the printed login works; the onboarding example run
 * from the editor gets every result back through the sandbox's deliveries to a webhook processor;
 * Ctrl-C stops every process (nothing answers, no process is left in its folder) and removes the folder.
 */
async function checkNpmStartQueue(tmp) {
	const wfs = exampleWorkflows();
	const { KNOWN_NAMES } = loadSandbox();
	const demo = await startDemo(path.join(tmp, 'demo-queue'), ['--queue']);
	let stopped = false;
	try {
		const addr = (label) => /(http:\/\/[^\s/]+|127\.0\.0\.1:\d+)/.exec(demo.field(label) ?? '')?.[1];
		const labels = ['Main', 'Worker 1', 'Worker 2', 'Webhook 1', 'Webhook 2', 'Postgres', 'Redis'];
		const where = Object.fromEntries(labels.map((l) => [l, addr(l)]));
		const resultsTo = / at (http:\/\/\S+)$/.exec(demo.field('Results to') ?? '')?.[1];
		const folder = /^(\S+)/.exec(demo.field('Folder') ?? '')?.[1];
		assert(demo.url && resultsTo && folder && labels.every((l) => where[l]), `the banner lacks a process, the results line or the folder:\n${demo.lines.slice(-30).join('\n')}`);
		for (const a of [...Object.values(where), resultsTo]) assert(/^(http:\/\/)?127\.0\.0\.1:/.test(a), `${a} is not on 127.0.0.1`);
		assert(resultsTo.startsWith(`${where['Webhook 1']}/webhook/`), `results go to ${resultsTo}, not to webhook processor 1 (${where['Webhook 1']})`);
		for (const l of ['Main', 'Webhook 1', 'Webhook 2', 'Worker 1', 'Worker 2']) {
			const res = await fetch(`${where[l]}/healthz/readiness`, { signal: AbortSignal.timeout(5000) });
			assert(res.status === 200, `${l} (${where[l]}) answered ${res.status} on /healthz/readiness`);
		}

		const { n8n, cookie, apiKey } = await signIn(demo.url, demo.field('Log in'));
		for (const role of ACTIVE_ROLES) assert((await n8n.workflow(apiKey, wfs[role].id)).active === true, `"${wfs[role].json.name}" is not active`);
		const run = await n8n.runFromEditor(cookie, apiKey, wfs.onboarding.id, 'Start');
		assert(run.status === 'success', `running "${wfs.onboarding.json.name}" from Start ended ${run.status}`);
		const suppliers = Object.values(KNOWN_NAMES).length;
		const joined = await waitFor(
			`the sandbox's deliveries to webhook processor 1 did not start ${suppliers} successful executions of "${wfs.onboardingResults.json.name}"`,
			async () => {
				const done = (await n8n.executions(apiKey, wfs.onboardingResults.id, { includeData: false })).filter((e) => e.mode === 'webhook' && e.status === 'success');
				return done.length >= suppliers ? done : undefined;
			},
			90_000,
			1000,
		);

		const exit = await interrupt(demo);
		stopped = true;
		assert(exit.code === 0, `npm start -- --queue exited with code ${exit.code} after Ctrl-C`);
		for (const l of labels) {
			const [host, port] = where[l].replace(/^http:\/\//, '').split(':');
			assert(await portClosed(host, Number(port)), `${l} (${where[l]}) still accepts connections after Ctrl-C`);
		}
		const left = processesUnder(folder);
		assert(!left.length, `processes left in ${folder}: ${left.join('; ')}`);
		assert(!fs.existsSync(folder), `${folder} is still there after Ctrl-C`);
		return `banner lists main, 2 workers, 2 webhook processors, Postgres and Redis on 127.0.0.1, all ready; the printed login works, the three examples that start by themselves active; the onboarding run from the editor got ${joined.length} results back through webhook processor 1; Ctrl-C stopped all 7 (nothing answers, no process left) and removed ${folder}`;
	} finally {
		if (!stopped) await interrupt(demo).catch(() => demo.handle.stop('SIGKILL'));
	}
}

function portClosed(host, port) {
	return new Promise((resolve) => {
		const socket = require('node:net').connect({ host, port });
		socket.setTimeout(2000, () => {
			socket.destroy();
			resolve(false);
		});
		socket.on('connect', () => {
			socket.destroy();
			resolve(false);
		});
		socket.on('error', () => resolve(true));
	});
}

module.exports = { checkNpmStart, checkNpmStartQueue, startDemo, interrupt };
