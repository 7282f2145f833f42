'use strict';
// The browser e2e's checks: each drives n8n's editor in a real headless Chromium the way a user
// would and asserts on what the page shows (text on screen, not the REST API), then returns the
// one line it prints. Shared tools: assert and waitFor from ./checks.
const { assert, waitFor } = require('./checks');

const path = require('node:path');
const { ROOT } = require('./n8n');

const ACTION_TYPE = 'n8n-nodes-riskinfo.riskInfo';
const TRIGGER_TYPE = 'n8n-nodes-riskinfo.riskInfoTrigger';

/** The action node's entry in the node panel, its display name as built ("RUT Risk Info"); on the canvas it is "Risk Info". */
function actionPanelName() {
	const { RiskInfo } = require(path.join(ROOT, 'dist', 'nodes', 'RiskInfo', 'RiskInfo.node.js'));
	return new RiskInfo().description.displayName;
}
/** The node panel's entry named exactly `name`. */
const panelEntry = (page, name) => page.getByTestId('node-creator-item-name').filter({ hasText: new RegExp(`^${name}$`) }).first();

async function openWorkflow(page, url, id) {
	await page.goto(`${url}/workflow/${id}`);
	await page.getByTestId('canvas-node').first().waitFor();
}

/** Opens the canvas node named exactly `name` ("Review", not "Reasons to Review"). */
async function openNode(page, name) {
	const nodes = page.getByTestId('canvas-node');
	const texts = await nodes.allInnerTexts();
	const at = texts.findIndex((t) => t.split('\n').map((l) => l.trim()).includes(name));
	assert(at >= 0, `no node named "${name}" on the canvas: ${JSON.stringify(texts)}`);
	await nodes.nth(at).dblclick();
	await page.getByTestId('ndv').waitFor();
}

/** Signed in, the editor shows the workflows list (not n8n's assistant promotion). */
async function landsOnWorkflows(page, wfs) {
	await page.waitForURL((u) => u.pathname.startsWith('/home/workflows'), { timeout: 15_000 }).catch(() => {});
	const where = new URL(page.url()).pathname;
	assert(where.startsWith('/home/workflows'), `after login the editor shows ${where}, not the workflows`);
	for (const wf of Object.values(wfs)) await page.getByText(wf.json.name, { exact: true }).first().waitFor();
	return `after login the editor shows ${where} with the ${Object.keys(wfs).length} example workflows`;
}

/**
 * The sandbox credential tests green; a wrong token gets the guided message, not "Unauthorized";
 * what to enter in each field shows under it (its hint, as built), not only on hovering its label.
 */
async function credentialTest(page, url) {
	await page.goto(`${url}/home/credentials`);
	await page.getByText('Risk Info (sandbox)', { exact: true }).click();
	const dialog = page.getByTestId('editCredential-modal');
	await dialog.getByTestId('credentials-config-container-test-success').waitFor();
	const ok = (await dialog.getByTestId('credentials-config-container-test-success').innerText()).split('\n')[0].trim();
	const { RiskInfoApi } = require(path.join(ROOT, 'dist', 'credentials', 'RiskInfoApi.credentials.js'));
	const hints = new RiskInfoApi().properties.filter((p) => p.hint).map((p) => p.hint);
	const hidden = [];
	for (const hint of hints) if (!(await dialog.getByText(hint, { exact: true }).first().isVisible())) hidden.push(hint);
	assert(hints.length >= 3 && hidden.length === 0, `the credential form does not show ${hidden.map((h) => `"${h.slice(0, 40)}…"`).join(', ')} (${hints.length} hints built)`);
	// Retry tests what the form holds, unsaved: the sandbox credential stays as it is.
	await dialog.getByTestId('parameter-input-accessToken').locator('input').fill('a-wrong-token');
	await dialog.getByRole('button', { name: 'Retry' }).click();
	await dialog.getByText('Couldn’t connect with these settings').waitFor();
	await dialog.getByText('More details').click();
	const guided = dialog.getByText(/did not accept the Access Token and the Client Identifier together \(HTTP 401\)/);
	await guided.waitFor();
	const shown = (await guided.innerText()).trim();
	assert(/Copy both again/.test(shown), `the wrong-token message does not say what to do: ${shown}`);
	await page.goto(`${url}/home/workflows`);
	return `sandbox credential: "${ok}"; ${hints.length} fields show what to enter under them; wrong token: "${shown.slice(0, 90)}…"`;
}

/** Execute workflow on the supplier-screening example; Risk Info's output shows a record per listed RUT. */
async function supplierScreening(page, url, wf) {
	const summary = wf.json.nodes.find((n) => n.type === ACTION_TYPE);
	const listNode = wf.json.nodes.find((n) => n.type === 'n8n-nodes-base.set' && /\[/.test(JSON.stringify(n.parameters)));
	const ruts = JSON.parse(listNode.parameters.assignments.assignments[0].value.replace(/^=/, ''));
	await openWorkflow(page, url, wf.id);
	await page.getByTestId('execute-workflow-button').click();
	await waitFor(
		'the run did not finish with items on Review and Approve',
		async () => (await page.getByTestId('canvas-node').allInnerTexts()).filter((t) => /\d+ items?\n(Review|Approve)/.test(t)).length === 2,
		60_000,
	);
	await openNode(page, summary.name);
	const output = page.getByTestId('output-panel');
	await output.getByText(`${ruts.length} items`, { exact: true }).waitFor();
	const text = await output.innerText();
	const missing = ruts.filter((r) => !text.includes(r));
	assert(missing.length === 0, `"${summary.name}" output does not show ${missing.join(', ')}`);
	await page.keyboard.press('Escape');
	return `"${summary.name}" output shows ${ruts.length} items: ${ruts.join(', ')}`;
}

/** The column headers of the output panel's table, in order (n8n shows an item list as a table). */
async function outputColumns(page) {
	const output = page.getByTestId('output-panel');
	await output.locator('table th').first().waitFor();
	return (await output.locator('table th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** After a supplier-screening run: the Review node's items start with decision and reasons, written in words with units. */
async function reviewFirstFields(page, reviewName) {
	await openNode(page, reviewName);
	const columns = await outputColumns(page);
	const text = await page.getByTestId('output-panel').innerText();
	await page.keyboard.press('Escape');
	assert(columns[0] === 'decision' && columns[1] === 'reasons', `"${reviewName}" shows the columns ${JSON.stringify(columns.slice(0, 6))}`);
	const units = /overdue bank debt [\d,]+ thousand CLP/.exec(text)?.[0];
	assert(units, `"${reviewName}" shows no overdue bank debt in thousands of CLP: ${text.slice(0, 400)}`);
	return `"${reviewName}" columns start ${JSON.stringify(columns.slice(0, 3))}; it reads "${units}"`;
}

/** After a normal run, "Cost of This Run" shows its totals and no notice or warning. */
async function costWithoutNotice(page, costName) {
	await openNode(page, costName);
	const output = page.getByTestId('output-panel');
	await output.getByText('count_paid').first().waitFor();
	const text = await output.innerText();
	// n8n's execution hints (a Summarize's "field does not exist", Execute Once's note) fill the
	// output's run-data hints, which are there, empty, when there is nothing to say.
	const hints = (await output.locator('[data-test-id="run-data-hints"]').allInnerTexts()).join(' ').trim();
	const callouts = await output.locator('.n8n-callout, [role="alert"]').count();
	await page.keyboard.press('Escape');
	assert(!/does not exist in any items/i.test(text), `"${costName}" warns: ${text.slice(0, 300)}`);
	assert(hints === '' && callouts === 0, `"${costName}" shows a notice: ${JSON.stringify(hints)} (${callouts} callouts)`);
	return `"${costName}" shows count_wouldPayFor and count_paid, and no notice`;
}

/** The Risk Info node of the supplier screening, whose Load RUT If Not Loaded is on under a cap: the paid notice names the cap. */
async function paidNotice(page, url, wf, nodeName) {
	await openWorkflow(page, url, wf.id);
	await openNode(page, nodeName);
	const text = await page.getByTestId('ndv').innerText();
	await page.keyboard.press('Escape');
	const notice = /Paid: each RUT the account has not loaded yet is loaded first[^\n]*/.exec(text)?.[0];
	assert(notice && /stops before it makes more paid calls than Maximum Paid Loads per Run/.test(notice), `"${nodeName}" shows no paid notice naming the cap: ${text.slice(0, 600)}`);
	assert(!/No cap is set/.test(text), `"${nodeName}" says no cap is set, though it has one`);
	return `"${nodeName}": "${notice.slice(0, 120)}…"`;
}

/** The onboarding screening workflow: its main button starts the screening (from Start), not a wait for results. */
async function mainButtonStarts(page, url, wf) {
	await openWorkflow(page, url, wf.id);
	const button = page.getByTestId('execute-workflow-button');
	const label = (await button.innerText()).replace(/\s+/g, ' ').trim();
	assert(/^Execute workflow$/.test(label), `"${wf.json.name}"'s main button reads "${label}"`);
	return `"${wf.json.name}": the main button reads "${label}" and runs from its only trigger, Start`;
}

/**
 * A Risk Info node whose second input item has RUT 12.345.678-0, run with Execute step, shows the
 * error with one item number, n8n's, counted from 0: "… [item 1]".
 */
async function wrongRut(page, url, workflowId) {
	await openWorkflow(page, url, workflowId);
	await openNode(page, 'Risk Info');
	await page.getByTestId('node-execute-button').click();
	const message = page.getByTestId('output-panel').getByTestId('node-error-message');
	await message.waitFor();
	const shown = (await message.innerText()).trim();
	assert(/^RUT "12\.345\.678-0" is not a valid RUT: the check digit does not match the number \[item 1\]$/.test(shown), `the error shown is: ${shown}`);
	const numbers = shown.match(/\bitem \d+/gi) ?? [];
	assert(numbers.length === 1, `the error shown numbers the item ${numbers.length} times: ${shown}`);
	// The whole error as the panel shows it, hint included: it must not suggest 12.345.678's check digit (5).
	const panel = await page.getByTestId('output-panel').innerText();
	assert(/Check the whole RUT against its source/.test(panel), `the panel does not ask to check the RUT against its source: ${panel.slice(0, 500)}`);
	assert(!/12\.?345\.?678-?5|expected \d|write it as/i.test(panel), `the panel suggests a check digit or a corrected RUT: ${panel.slice(0, 500)}`);
	return `"${shown}"; the hint asks to check the whole RUT at its source and suggests no digit`;
}

/** A RUT as people write it (76.111.111-6). */
const dotted = (rut) => rut.replace(/^(\d+)/, (body) => body.replace(/\B(?=(\d{3})+$)/g, '.'));

/**
 * Node version 3's RUT picker on a read: From List opens on the account's loaded RUTs, each shown
 * "RUT · name"; a search by part of `rut`'s name narrows it to names holding that part; the picked
 * entry shows its RUT whole in the field; the pick runs (Execute step) and the output holds that
 * RUT's record. Returns its line with how long it took.
 */
async function rutPicker(page, url, workflowId, rut) {
	const started = Date.now();
	await openWorkflow(page, url, workflowId);
	await openNode(page, 'Risk Info');
	await page.getByTestId('resource-locator-rut').getByTestId('rlc-input').click();
	// The panel's one resource locator: its list and search box are the page's only ones.
	const entry = () => page.getByTestId('rlc-item').filter({ hasText: `${dotted(rut)} · ` }).first();
	await entry().waitFor({ timeout: 30_000 });
	const label = (await entry().innerText()).trim();
	const name = label.slice(label.indexOf(' · ') + 3);
	const part = (name.split(' ').find((w) => w.length >= 4) ?? name).toLowerCase();
	const search = page.getByTestId('rlc-search');
	const box = (await search.evaluate((e) => e.tagName)) === 'INPUT' ? search : search.locator('input');
	await box.fill(part);
	let shown = [];
	await waitFor(
		`searching "${part}" did not narrow the list to names holding it: ${JSON.stringify(shown)}`,
		async () => {
			shown = await page.getByTestId('rlc-item').allInnerTexts();
			return shown.length > 0 && shown.every((t) => t.toLowerCase().includes(part));
		},
		30_000,
	);
	await entry().click();
	const field = await pickedField(page, dotted(rut));
	await page.getByTestId('node-execute-button').click();
	const output = page.getByTestId('output-panel');
	await output.getByText(rut, { exact: true }).first().waitFor({ timeout: 30_000 });
	const text = await output.innerText();
	await page.keyboard.press('Escape');
	assert(text.includes(name), `the output holds ${rut} but not its name "${name}": ${text.slice(0, 300)}`);
	return `searched "${part}": ${shown.length} of the loaded RUTs (${shown.join('; ').slice(0, 120)}); picked "${label}", ${field}; the run's output holds ${rut} and its name (${Math.round((Date.now() - started) / 1000)} s)`;
}

/**
 * The RUT picker's field after a pick: it reads `shown` first, and `shown` fits in the field's
 * width in the field's own font (what a cut at the field's end leaves visible).
 */
async function pickedField(page, shown) {
	const input = page.getByTestId('resource-locator-rut').getByTestId('rlc-input');
	const seen = await waitFor(`the RUT field does not show "${shown}" first`, async () => {
		const value = await input.inputValue();
		return value.startsWith(shown) && value;
	}, 10_000).catch(async (err) => {
		throw new Error(`${err.message}: it shows "${await input.inputValue()}"`);
	});
	const room = await input.evaluate((el, text) => {
		const style = getComputedStyle(el);
		const ctx = document.createElement('canvas').getContext('2d');
		ctx.font = style.font;
		return { needs: Math.ceil(ctx.measureText(text).width), has: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
	}, shown);
	assert(room.needs <= room.has, `the RUT field shows "${seen}" in ${room.has} px; its RUT needs ${room.needs} px`);
	return `the field reads "${seen}", its RUT whole (${room.needs} of ${room.has} px)`;
}

/**
 * Every line of the node panel, scrolled through: n8n renders only the rows of a long list that are
 * near the view, and the merged entry's triggers push the last V1 actions below it.
 */
async function panelLines(page) {
	const creator = page.getByTestId('node-creator');
	const seen = new Set();
	for (let turn = 0; turn < 30; turn++) {
		const before = seen.size;
		for (const line of (await creator.innerText()).split('\n')) seen.add(line.trim());
		if (turn > 0 && seen.size === before) break;
		await creator.hover();
		await page.mouse.wheel(0, 600);
		await page.waitForTimeout(150);
	}
	return [...seen];
}

/**
 * The node panel: searching "Risk Info" shows the action node's entry (`name`) with its
 * description; its actions number `count`, each paid one (`paid`, as the built node names them)
 * says "Paid: " first, and each of `named` is listed as the README names it.
 */
async function nodePanel(page, url, wf, name, description, count, paid, named) {
	await openWorkflow(page, url, wf.id);
	await page.getByTestId('node-creator-plus-button').click();
	const search = page.getByTestId('node-creator-search-bar');
	await search.waitFor();
	await search.fill('Risk Info');
	const entry = page.getByTestId('node-creator').getByText(description, { exact: true }).first();
	await entry.waitFor();
	await panelEntry(page, name).click();
	await page.getByText(`Actions (${count})`, { exact: true }).waitFor();
	await page.getByTestId('node-creator').getByText(description, { exact: true }).first().waitFor();
	const listed = await panelLines(page);
	const marked = listed.filter((l) => l.startsWith('Paid: '));
	await page.keyboard.press('Escape');
	assert(paid.length >= 4 && paid.every((a) => listed.includes(a)), `the actions list lacks ${paid.filter((a) => !listed.includes(a)).join(', ')}`);
	assert(marked.length === paid.length, `the actions list marks ${marked.length} actions paid (${marked.join('; ')}), the node has ${paid.length} paid ones`);
	assert(named.every((a) => listed.includes(a)), `the actions list lacks ${named.filter((a) => !listed.includes(a)).join(', ')}`);
	return `"${name}" found with "${description}"; Actions (${count}), ${paid.length} of them marked: ${paid.join(', ')}; ${named.map((a) => `"${a}"`).join(', ')} listed`;
}

/** The canvas subtitle of the supplier-screening summary node. */
async function canvasSubtitle(page, url, wf, expected) {
	const summary = wf.json.nodes.find((n) => n.type === ACTION_TYPE);
	await openWorkflow(page, url, wf.id);
	const node = page.getByTestId('canvas-node').filter({ hasText: summary.name }).first();
	const text = (await node.innerText()).split('\n').map((s) => s.trim());
	assert(text.includes(expected), `"${summary.name}" shows ${JSON.stringify(text)}, not "${expected}"`);
	return `"${summary.name}" shows "${expected}"`;
}

/** The newest execution in a workflow's Executions tab, once there are more than `before`. */
async function newestExecution(page, url, workflowId, before) {
	await page.goto(`${url}/workflow/${workflowId}/executions`);
	const items = page.locator('[data-test-id^="execution-details-"]');
	await waitFor(
		`the Executions list still shows ${before} executions`,
		async () => {
			if ((await items.count()) > before) return true;
			await page.reload();
			await page.getByTestId('current-executions-list').waitFor();
			return false;
		},
		30_000,
		1000,
	);
	const item = items.first();
	const label = (await item.innerText()).replace(/\s+/g, ' ').trim();
	await item.click();
	await page.getByTestId('canvas-node').first().waitFor();
	return label;
}

async function executionCount(page, url, workflowId) {
	await page.goto(`${url}/workflow/${workflowId}/executions`);
	await page.getByTestId('current-executions-list').waitFor().catch(() => {});
	await page.waitForTimeout(1000);
	return await page.locator('[data-test-id^="execution-details-"]').count();
}

/**
 * The execution just shown in the Executions tab succeeded and put one item on `reviewName`
 * and none on `onboardName`; returns what the review node's output says about the supplier.
 */
async function endedInReview(page, reviewName, onboardName, label) {
	assert(/Succeeded/.test(label), `the execution is listed as "${label}"`);
	const nodes = await page.getByTestId('canvas-node').allInnerTexts();
	const review = nodes.find((t) => t.split('\n').includes(reviewName));
	const onboard = nodes.find((t) => t.split('\n').includes(onboardName));
	assert(review && /^1 item\n/.test(review), `"${reviewName}" shows ${JSON.stringify(review)}`);
	assert(onboard && !/items?\n/.test(onboard), `"${onboardName}" shows ${JSON.stringify(onboard)}`);
	await openNode(page, reviewName);
	// The reason the example writes into supplierLookup, as the output table shows it.
	const reasons = /no supplier was remembered with this webhookId|the supplier table could not be read|nameMismatch/;
	await page.getByTestId('output-panel').getByText(reasons).first().waitFor({ timeout: 15_000 }).catch(() => {});
	const output = await page.getByTestId('output-panel').innerText();
	await page.keyboard.press('Escape');
	const lookup = output.match(/no supplier was remembered with this webhookId|the supplier table could not be read: [^\t\n]*|nameMismatch/)?.[0];
	return { lookup, output };
}

/** Clicks Execute step on the trigger and waits until the editor says it is listening. */
async function listenOnTrigger(page, url, wf) {
	const trigger = wf.json.nodes.find((n) => n.type === TRIGGER_TYPE);
	await openWorkflow(page, url, wf.id);
	await openNode(page, trigger.name);
	await page.getByTestId('node-execute-button').first().click();
	await page.getByTestId('trigger-listening').waitFor();
	return trigger.name;
}

module.exports = {
	actionPanelName,
	panelEntry,
	openWorkflow,
	openNode,
	panelLines,
	landsOnWorkflows,
	credentialTest,
	supplierScreening,
	reviewFirstFields,
	costWithoutNotice,
	mainButtonStarts,
	paidNotice,
	wrongRut,
	rutPicker,
	nodePanel,
	canvasSubtitle,
	newestExecution,
	executionCount,
	endedInReview,
	listenOnTrigger,
};
