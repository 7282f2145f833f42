#!/usr/bin/env node
'use strict';
// `npm run e2e:browser`: a new user's first hour (issue 20), in a real headless Chromium against
// the n8n that `npm start` starts (in a folder of its own). It reads the banner as printed, logs in
// with the printed login and checks, by what the page shows:
//   (1) the editor opens on the workflows after login
//   (2) the credential Test passes with the sandbox credential, each field shows what to enter
//       under it; a wrong token gets the guided message; (2a) a new Risk Info API credential shows
//       no error before anything is typed (an empty Answer Key Names among its fields)
//   (3) the supplier-screening example runs from the editor; Risk Info's output shows the 5 records;
//       (3a) a Review item's first columns are decision and reasons, a reason in thousands of CLP;
//       (3b) "Cost of This Run" shows its totals and no notice; (3c) Risk Summary's paid notice names its cap
//   (4) a Risk Info node given RUT 12.345.678-0 on its second item shows the check digit does not
//       match, with one item number (n8n's "[item 1]"), asks to check the whole RUT against its
//       source and suggests no digit; (4a) at node version 3, the RUT
//       picked From List after a search by part of a name runs and gives that RUT's record; (4b) at
//       node version 3, RUT 76.222.22-1 By RUT shows one warning in its field, the run-time check's
//       reason (the dots go every three digits)
//   (5) the node panel lists every action under the action node's own description, the paid
//       ones "Paid: " first, "Check answers" (its action, in sentence case as every action is; the Operation list and the README say Check Answers); (5a) the onboarding screening workflow's main button runs it from Start
//   (6) the canvas subtitle of the summary node is the plain label
//   (7) the banner's Production URL curl starts an execution shown in the Executions list, and
//       this first delivery, before any load, ends in Compliance Review, not in an error
//   (8) the same with the Data table gone: still Compliance Review, saying why
//   (9) the banner's Test URL curl reaches the editor while the trigger listens
// and what a new user tripped on (scripts/lib/finding-checks.js): (5b) the compliance trigger found
// by name, (5c) no label cut in the panels, (5d) Poll Times once on each Monitor after n8n loaded
// its node types again, (5e) the words people type ("rut", "proveedor", "boletín comercial"…) finding
// the right node, ours first for "rut", (5f) the digest Monitor's notice, (5g) the digest example's
// Slack text previewed from Fetch Test Event, (7a) the sample sent again: its execution says it
// was a repeat, (7b) a supplier remembered under the sample's webhookId: nameMismatch with both names;
// (4a) also checks the picked RUT shows whole in its field
// One line per check; a failed check's screenshot is kept. Debian's chromium and playwright-core
// are installed on first use (scripts/lib/browser.js). Options: --keep (keep the temporary folder).
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');
const { killAll } = require('./lib/proc');
const { N8n, ROOT } = require('./lib/n8n');
const { SetupError } = require('./lib/launch');
const { startDemo, interrupt } = require('./lib/start-check');
const { checkList, assert } = require('./lib/checks');
const { exampleWorkflows } = require('./lib/setup');
const { exampleDataTables, ensureDataTables, deleteDataTable } = require('./lib/demo-data');
const { launchBrowser, signIn } = require('./lib/browser');
const { digestFromTestEvent, digestNotice, foundByWords, labelsFit, newCredentialClean, pollTimesOnce, rememberRow, rutFieldIssue, triggerFoundByName } = require('./lib/finding-checks');
const { connectBuilder } = require('./lib/mcp-builder');
const {
	canvasSubtitle,
	costWithoutNotice,
	credentialTest,
	endedInReview,
	executionCount,
	openNode,
	landsOnWorkflows,
	listenOnTrigger,
	mainButtonStarts,
	newestExecution,
	nodePanel,
	paidNotice,
	reviewFirstFields,
	rutPicker,
	supplierScreening: screensSuppliers,
	wrongRut,
} = require('./lib/editor-checks');

const TOTAL_TIMEOUT_MS = 20 * 60_000;
const args = new Set(process.argv.slice(2));
const T0 = Date.now();
const step = (msg) => process.stdout.write(`[e2e:browser] ${msg}\n`);

/** Runs a banner command as pasted; resolves what curl printed: the status and the body (JSON, or '' when empty). */
async function paste(command) {
	const { stdout } = await promisify(execFile)('bash', ['-c', `set -euo pipefail\n${command}`], { timeout: 30_000 });
	const m = /^([\s\S]*)\nHTTP (\d{3})\n$/.exec(stdout);
	assert(m, `the command printed ${JSON.stringify(stdout)}, not a body and "HTTP <status>"`);
	return { status: Number(m[2]), body: m[1] === '' ? '' : JSON.parse(m[1]) };
}
/** What the examples' trigger (version 1.1, Respond When the Workflow Has Finished) answers a delivery it ran. */
const ranAndAnswered = (answer) => answer.status === 200 && answer.body === '';

/** What the banner says: editor URL, login, and the two sample commands. */
function readBanner(demo) {
	const login = /^(\S+)\s+\/\s+(\S+)$/.exec(demo.field('Log in') ?? '');
	const commands = demo.lines.map((l) => l.trim()).filter((l) => l.startsWith('gzip -c '));
	const production = commands.find((c) => c.includes('/webhook/'));
	const test = commands.find((c) => c.includes('/webhook-test/'));
	assert(demo.url && login && production && test, `the banner lacks the editor URL, the login or a sample command:\n${demo.lines.slice(-30).join('\n')}`);
	assert(demo.lines.some((l) => l.startsWith('Try this first:')), 'the banner has no "Try this first" line');
	return { url: demo.url, owner: { email: login[1], password: login[2] }, production, test };
}

/** The compiled action node: its name in the node panel, its description, the number of actions the panel lists and the paid ones' actions. */
function builtActionNode() {
	const { RiskInfo } = require(path.join(ROOT, 'dist', 'nodes', 'RiskInfo', 'RiskInfo.node.js'));
	const { description } = new RiskInfo();
	const options = description.properties.filter((p) => p.name === 'operation').flatMap((p) => p.options);
	const paid = options.filter((o) => /^Paid: /.test(o.action)).map((o) => o.action);
	return { name: description.displayName, description: description.description, actions: options.length, paid };
}

/** The trigger's entries in the node panel, from the compiled trigger: its Events options' actions. */
function builtTriggerEntries() {
	const { RiskInfoTrigger } = require(path.join(ROOT, 'dist', 'nodes', 'RiskInfoTrigger', 'RiskInfoTrigger.node.js'));
	const events = new RiskInfoTrigger().description.properties.find((p) => p.displayName === 'Events');
	return events.options.map((o) => o.action ?? `On ${o.name}`);
}

/**
 * A workflow with one Risk Info node (V2 Get Summary) reading `rut`, created as a user would save
 * one; with `inputs`, Start's output is pinned to those items.
 */
async function riskInfoWorkflow(n8n, cookie, credentialId, name, typeVersion, rut, inputs) {
	const res = await n8n.rest('POST', '/rest/workflows', {
		cookie,
		body: {
			name,
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: 'b1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: 'b2',
					name: 'Risk Info',
					type: 'n8n-nodes-riskinfo.riskInfo',
					typeVersion,
					position: [240, 0],
					parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut },
					credentials: { riskInfoApi: { id: credentialId, name: 'Risk Info (sandbox)' } },
				},
			],
			connections: { Start: { main: [[{ node: 'Risk Info', type: 'main', index: 0 }]] } },
			...(inputs ? { pinData: { Start: inputs.map((json) => ({ json })) } } : {}),
		},
	});
	assert(res.status === 200, `saving the workflow answered ${res.status}: ${res.text.slice(0, 300)}`);
	return res.json.data.id;
}

async function main() {
	const watchdog = setTimeout(() => {
		process.stderr.write(`[e2e:browser] ERROR: still running after ${TOTAL_TIMEOUT_MS / 60_000} minutes; stopping everything\n`);
		killAll('SIGKILL');
		process.exit(1);
	}, TOTAL_TIMEOUT_MS);
	watchdog.unref();

	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-e2e-browser-'));
	const shots = path.join(tmp, 'failures');
	const wfs = exampleWorkflows({ required: ['supplierScreening', 'criticalAlert', 'onboarding', 'onboardingResults', 'supplierMonitoring', 'monitoringDigest'] });
	step(`npm start in ${path.join(tmp, 'demo')}, and the browser`);
	const [started, launched] = await Promise.allSettled([startDemo(path.join(tmp, 'demo')), launchBrowser({ log: step })]);
	if (started.status === 'rejected' || launched.status === 'rejected') {
		if (launched.status === 'fulfilled') await launched.value.close();
		if (started.status === 'fulfilled') await interrupt(started.value).catch(() => started.value.handle.stop('SIGKILL'));
		throw (started.status === 'rejected' ? started : launched).reason;
	}
	const [demo, browser] = [started.value, launched.value];
	const { check, results, times } = checkList();
	const { page } = browser;
	let setupFailed = false;
	try {
		const banner = readBanner(demo);
		step(`n8n ready at ${banner.url} (${Math.round((Date.now() - T0) / 1000)} s)`);
		/** A check that keeps a screenshot of the page when it fails. */
		const shoot = (id, title, fn) =>
			check(id, title, async () => {
				try {
					return await fn();
				} catch (err) {
					fs.mkdirSync(shots, { recursive: true });
					const file = path.join(shots, `${id}.png`);
					await page.screenshot({ path: file, fullPage: true }).catch(() => {});
					throw new Error(`${err.message} (screenshot: ${file})`);
				}
			});

		const n8n = new N8n({ port: Number(new URL(banner.url).port) });
		const login = await n8n.rest('POST', '/rest/login', { body: { emailOrLdapLoginId: banner.owner.email, password: banner.owner.password } });
		const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		assert(cookie, `logging in with the printed login answered ${login.status}`);
		const built = builtActionNode();
		const handling = wfs.onboardingResults;
		const review = handling.json.nodes.find((n) => n.name === 'Compliance Review')?.name ?? 'Compliance Review';
		const onboard = handling.json.nodes.find((n) => n.name === 'Onboard')?.name ?? 'Onboard';

		await page.goto(banner.url);
		await signIn(page, banner.url, banner.owner);
		await shoot('1', 'after login, the workflows', () => landsOnWorkflows(page, wfs));
		await shoot('2', 'credential: what to enter shown under each field; Test: sandbox passes, wrong token guided', () => credentialTest(page, banner.url));
		await shoot('2a', 'a new Risk Info API credential shows no error before anything is typed', () => newCredentialClean(page, banner.url));
		await shoot('3', 'supplier screening from the editor', () => screensSuppliers(page, banner.url, wfs.supplierScreening));
		await shoot('3a', 'a Review item starts with decision and reasons', () => reviewFirstFields(page, 'Review'));
		await shoot('3b', '"Cost of This Run" shows no notice on a normal run', () => costWithoutNotice(page, 'Cost of This Run'));
		await shoot('3c', 'Risk Summary (Load RUT If Not Loaded on, capped): the paid notice names the cap', () => paidNotice(page, banner.url, wfs.supplierScreening, 'Risk Summary'));
		const credentialId = wfs.supplierScreening.json.nodes.find((n) => n.credentials?.riskInfoApi)?.credentials.riskInfoApi.id;
		await shoot('4', 'RUT 12.345.678-0 on the second item: the error with one item number, n8n\'s', async () => {
			const inputs = [{ rut: '76.111.111-6' }, { rut: '12.345.678-0' }];
			const id = await riskInfoWorkflow(n8n, cookie, credentialId, 'Risk Info: a RUT with a wrong check digit', 2, '={{ $json.rut }}', inputs);
			return await wrongRut(page, banner.url, id);
		});
		await shoot('4a', 'node version 3: the RUT picked From List after a search by part of a name, shown whole in its field, then run', async () => {
			const id = await riskInfoWorkflow(n8n, cookie, credentialId, 'Risk Info: a RUT from the list', 3, { __rl: true, mode: 'list', value: '' });
			return await rutPicker(page, banner.url, id, '76111111-6');
		});
		await shoot('4b', 'node version 3: RUT 76.222.22-1 By RUT is flagged in its field with the run-time check\'s reason', async () => {
			const id = await riskInfoWorkflow(n8n, cookie, credentialId, 'Risk Info: a RUT with misplaced dots', 3, { __rl: true, mode: 'id', value: '76.222.22-1' });
			const { RUT_REASONS } = require(path.join(ROOT, 'dist', 'nodes', 'shared', 'rut.js'));
			return await rutFieldIssue(page, banner.url, id, `Not a valid RUT: ${RUT_REASONS.dots}.`);
		});
		await shoot('5', `node panel: ${built.actions} actions, the paid ones marked, the action node's description`, () =>
			nodePanel(page, banner.url, wfs.supplierScreening, built.name, built.description, built.actions, built.paid, ['Check answers']),
		);
		await shoot('5b', 'the compliance trigger found by name in the node panel', () =>
			triggerFoundByName(page, banner.url, wfs.supplierScreening, ['compliance', 'webhook', 'screening result'], builtTriggerEntries()),
		);
		await shoot('5c', 'no label cut: Risk Summary, and the Monitor with its Changes to Report', async () => {
			const monitor = wfs.supplierMonitoring.json.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfoMonitor').name;
			return [await labelsFit(page, banner.url, wfs.supplierScreening, 'Risk Summary'), await labelsFit(page, banner.url, wfs.supplierMonitoring, monitor, 'changeKinds')].join('; ');
		});
		await shoot('5d', 'Poll Times once on each Monitor, after n8n loaded its node types again', () =>
			pollTimesOnce(page, banner.url, [wfs.supplierMonitoring, wfs.monitoringDigest], async () => {
				// An MCP client connecting has n8n build its node catalog, which loads the node types again.
				await (await connectBuilder(n8n, cookie)).close();
				return "an MCP client connected to n8n's MCP server";
			}),
		);
		await shoot('5e', 'the words people type find the right node in the node panel', () =>
			foundByWords(page, banner.url, wfs.supplierScreening, [
				// n8n's If, Switch and Filter match "rut" too, with n8n's popularity bonus (docs/ai-agents.md).
				['rut', built.name, 1],
				['proveedor', built.name],
				['supplier risk', built.name],
				['supplier risk', 'Monitor Risk Info'],
				['riesgo proveedor', built.name],
				['riesgo proveedor', 'Monitor Risk Info'],
				['boletín comercial', built.name],
				['boletín comercial', 'Monitor Risk Info'],
				['boletin comercial', built.name],
				['boletin', built.name],
				['check answers', built.name],
				['resultado de cumplimiento', built.name],
				['monitorear RUT', 'Monitor Risk Info'],
				// TheHive 5 and Microsoft Azure Monitor match "monitor" too.
				['monitor', 'Monitor Risk Info', 1],
				['vigilar proveedores', 'Monitor Risk Info', 1],
			]),
		);
		await shoot('5f', "the digest Monitor's notice says one item per poll", () => digestNotice(page, banner.url, wfs.monitoringDigest));
		await shoot('5g', 'the digest example built from its test event: the Slack text previews the sample digest', () => digestFromTestEvent(page, banner.url, wfs.monitoringDigest));
		await shoot('5a', 'onboarding: the main button of the screening workflow starts the screening', () => mainButtonStarts(page, banner.url, wfs.onboarding));
		await shoot('6', 'canvas subtitle of the summary node', () => canvasSubtitle(page, banner.url, wfs.supplierScreening, 'Get Summary · RUT'));
		await shoot('7', "the banner's Production URL curl: an execution, ending in Compliance Review", async () => {
			const before = await executionCount(page, banner.url, handling.id);
			const answer = await paste(banner.production);
			assert(ranAndAnswered(answer), `the pasted command got ${JSON.stringify(answer)}`);
			const label = await newestExecution(page, banner.url, handling.id, before);
			const { lookup } = await endedInReview(page, review, onboard, label);
			assert(/no supplier was remembered/.test(lookup ?? ''), `"${review}" says supplierLookup ${JSON.stringify(lookup)}`);
			return `answered ${JSON.stringify(answer)}; Executions lists "${label}"; "${review}" got the result (${lookup})`;
		});
		await shoot('7a', 'the same sample again: answered alike, its execution says it was a repeat', async () => {
			const before = await executionCount(page, banner.url, handling.id);
			const answer = await paste(banner.production);
			assert(ranAndAnswered(answer), `the pasted command got ${JSON.stringify(answer)}`);
			const label = await newestExecution(page, banner.url, handling.id, before);
			const trigger = handling.json.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfoTrigger').name;
			const nodes = await page.getByTestId('canvas-node').allInnerTexts();
			assert(!nodes.some((t) => t.split('\n').includes(review) && /items?\n/.test(t)), `the repeat reached "${review}"`);
			await openNode(page, trigger);
			const note = page.getByTestId('ndv').getByText(/A repeated delivery \(repeat of webhookId \d+, already received: nothing ran/).first();
			await note.waitFor({ timeout: 15_000 });
			const said = (await note.innerText()).trim();
			await page.keyboard.press('Escape');
			return `answered ${JSON.stringify(answer)}; Executions lists "${label}"; "${trigger}" says "${said.slice(0, 100)}"`;
		});
		await shoot('7b', "a supplier remembered under the sample's webhookId: nameMismatch with both names", async () => {
			const sample = JSON.parse(fs.readFileSync(/^gzip -c '([^']+)'/.exec(banner.production)[1], 'utf8'));
			const [table] = exampleDataTables([wfs.onboarding]);
			// The id the sandbox gives the first load: what a sample with a given id would collide with.
			const row = { webhookId: 1001, supplier: 'Inversiones Penumbra SpA', personType: 'juridical', rut: '76444444-2' };
			await rememberRow(n8n, cookie, table.name, row);
			const file = path.join(tmp, 'colliding-event.json');
			fs.writeFileSync(file, JSON.stringify({ ...sample, webhookId: row.webhookId }));
			const before = await executionCount(page, banner.url, handling.id);
			const answer = await paste(banner.production.replace(/^gzip -c '[^']+'/, `gzip -c '${file}'`));
			assert(ranAndAnswered(answer), `the delivery got ${JSON.stringify(answer)}`);
			const label = await newestExecution(page, banner.url, handling.id, before);
			const { lookup, output } = await endedInReview(page, review, onboard, label);
			assert(lookup === 'nameMismatch', `"${review}" says supplierLookup ${JSON.stringify(lookup)}`);
			assert(output.includes(row.supplier) && output.includes(sample.nombreCompleto), `"${review}" does not show both names: ${output.slice(0, 400)}`);
			return `webhookId ${row.webhookId}: "${review}" says nameMismatch, "${row.supplier}" beside "${sample.nombreCompleto}"`;
		});
		await shoot('8', 'a delivery with the Data table gone: Compliance Review, not an error', async () => {
			const [table] = exampleDataTables([wfs.onboarding]);
			assert(await deleteDataTable(n8n, cookie, table.name), `no Data table "${table.name}" to delete: npm start did not create it`);
			try {
				const file = path.join(tmp, 'second-event.json');
				const sample = JSON.parse(fs.readFileSync(/^gzip -c '([^']+)'/.exec(banner.production)[1], 'utf8'));
				fs.writeFileSync(file, JSON.stringify({ ...sample, webhookId: sample.webhookId + 1 }));
				const before = await executionCount(page, banner.url, handling.id);
				const answer = await paste(banner.production.replace(/^gzip -c '[^']+'/, `gzip -c '${file}'`));
				assert(ranAndAnswered(answer), `the delivery got ${JSON.stringify(answer)}`);
				const label = await newestExecution(page, banner.url, handling.id, before);
				const { lookup } = await endedInReview(page, review, onboard, label);
				assert(/could not be read/.test(lookup ?? ''), `"${review}" says supplierLookup ${JSON.stringify(lookup)}`);
				return `Executions lists "${label}"; "${review}" says "${lookup.slice(0, 100)}"`;
			} finally {
				await ensureDataTables(n8n, cookie, [table]);
			}
		});
		await shoot('9', "the banner's Test URL curl while the trigger listens", async () => {
			const trigger = await listenOnTrigger(page, banner.url, handling);
			const answer = await paste(banner.test);
			assert(ranAndAnswered(answer), `the pasted command got ${JSON.stringify(answer)}`);
			await page.getByTestId('output-panel').getByText('Maria Ejemplo Soto').first().waitFor();
			return `"${trigger}" listening; answered ${JSON.stringify(answer)}; the editor shows the event`;
		});
	} catch (err) {
		setupFailed = true;
		process.stdout.write(`FAIL (setup) ${err.message}\n`);
	} finally {
		await browser.close();
		await interrupt(demo).catch(() => demo.handle.stop('SIGKILL'));
	}
	const passed = results.filter(Boolean).length;
	const failed = results.length - passed + (setupFailed ? 1 : 0);
	if (failed || args.has('--keep')) step(`kept ${tmp}${fs.existsSync(shots) ? ` (failure screenshots in ${shots})` : ''}`);
	else fs.rmSync(tmp, { recursive: true, force: true });
	step(`took ${Math.round((Date.now() - T0) / 1000)} s; the checks: ${times()}`);
	process.stdout.write(`e2e-browser: ${passed} passed, ${failed} failed\n`);
	return failed === 0;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(err) => {
		process.stderr.write(`[e2e:browser] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
		killAll('SIGTERM');
		process.exit(1);
	},
);
