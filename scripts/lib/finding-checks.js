'use strict';
// The browser e2e's checks of what a new user trips on (issues 49, 56 and 69): the compliance trigger
// found by name in the node panel, option labels that fit the panel at n8n's default width, a
// sample delivery whose webhookId collides with a remembered supplier, Poll Times once on a
// Monitor, the words people type found in the node panel, the digest's notice, a new credential's
// form free of errors (issue 67), a mistyped RUT flagged in its field. Each asserts on what the
// page shows.
const path = require('node:path');

const { assert, waitFor } = require('./checks');
const { ROOT } = require('./n8n');
const { actionPanelName, openNode, openWorkflow, panelEntry, panelLines } = require('./editor-checks');
const { dataTables } = require('./demo-data');

/** Searching each of `terms` in the node panel lists the action node's entry; opened, it lists each of `entries` among its triggers. */
async function triggerFoundByName(page, url, wf, terms, entries) {
	const name = actionPanelName();
	await openWorkflow(page, url, wf.id);
	const found = [];
	for (const term of terms) {
		await page.getByTestId('node-creator-plus-button').click();
		const search = page.getByTestId('node-creator-search-bar');
		await search.waitFor();
		await search.fill(term);
		const item = panelEntry(page, name);
		const shown = await item.waitFor({ timeout: 10_000 }).then(() => true, () => false);
		const listed = shown ? '' : (await page.getByTestId('node-creator').innerText()).split('\n').slice(0, 12).join(' | ');
		assert(shown, `searching "${term}" does not list "${name}": ${listed}`);
		if (term === terms[terms.length - 1]) {
			await item.click();
			await page.getByText(/^Actions \(\d+\)$/).first().waitFor();
			// The merged entry lists its triggers in a folded section after the actions.
			await page.getByTestId('node-creator').getByText(/^Triggers \(\d+\)$/).first().click();
			const lines = await panelLines(page);
			const missing = entries.filter((e) => !lines.includes(e));
			assert(missing.length === 0, `"${name}" does not list ${missing.join(', ')}: ${lines.filter((l) => /^On |Trigger/.test(l)).join(' | ')}`);
		}
		await page.keyboard.press('Escape');
		found.push(`"${term}"`);
	}
	return `${found.join(', ')} list "${name}", whose triggers read ${entries.map((e) => `"${e}"`).join(', ')}`;
}

/** Every text on the page cut with an ellipsis (wider than its box), as [text, shown width, needed width]. */
async function cutTexts(page) {
	return await page.evaluate(() => {
		const cut = [];
		for (const el of document.querySelectorAll('body *')) {
			const style = getComputedStyle(el);
			if (style.textOverflow !== 'ellipsis' || style.display === 'none' || style.visibility === 'hidden') continue;
			const text = (el.innerText ?? '').trim();
			if (text && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) cut.push([text, el.clientWidth, el.scrollWidth]);
		}
		return cut;
	});
}

/**
 * The parameters of `nodeName` (and, when `list` names an options parameter, its open list of
 * options) at the editor's default window and panel width: no label cut.
 */
async function labelsFit(page, url, wf, nodeName, list) {
	await openWorkflow(page, url, wf.id);
	await openNode(page, nodeName);
	const cut = await cutTexts(page);
	let options = 0;
	if (list) {
		await page.getByTestId(`parameter-input-${list}`).click();
		const items = page.locator('.el-select-dropdown__item:visible');
		await items.first().waitFor();
		options = await items.count();
		cut.push(...(await cutTexts(page)));
		await page.keyboard.press('Escape');
	}
	await page.keyboard.press('Escape');
	assert(cut.length === 0, `"${nodeName}" cuts ${cut.map(([t, w, need]) => `"${t}" (${w} of ${need} px)`).join(', ')}`);
	return `"${nodeName}": no label cut${list ? `, nor any of the ${options} options of ${list}` : ''}`;
}

/** Adds `row` to the Data table named `name`, as the onboarding's first part would have. */
async function rememberRow(n8n, cookie, name, row) {
	const { projectId, byName } = await dataTables(n8n, cookie);
	const table = byName.get(name);
	assert(table, `no Data table "${name}"`);
	const res = await n8n.rest('POST', `/rest/projects/${projectId}/data-tables/${table.id}/insert`, { cookie, body: { data: [row] } });
	assert(res.status === 200, `adding a row to "${name}" answered ${res.status}: ${res.text.slice(0, 300)}`);
}

/**
 * Each Monitor of `wfs` shows Poll Times once, with one Add Poll Time button. `reload()` first has
 * n8n load the node types again as it does for its node catalog (an MCP client connecting, its AI
 * builder), which is when a second Poll Times used to appear.
 */
async function pollTimesOnce(page, url, wfs, reload) {
	const loaded = await reload();
	const seen = [];
	for (const wf of wfs) {
		const monitor = wf.json.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfoMonitor').name;
		await openWorkflow(page, url, wf.id);
		await openNode(page, monitor);
		const ndv = page.getByTestId('ndv');
		await ndv.getByText('Poll Times', { exact: true }).first().waitFor();
		const counts = [await ndv.getByText('Poll Times', { exact: true }).count(), await ndv.getByRole('button', { name: 'Add Poll Time' }).count()];
		await page.keyboard.press('Escape');
		assert(counts[0] === 1 && counts[1] === 1, `"${monitor}" shows Poll Times ${counts[0]} times and ${counts[1]} Add Poll Time buttons`);
		seen.push(`"${monitor}"`);
	}
	return `after ${loaded}: ${seen.join(' and ')} show Poll Times once, one Add Poll Time`;
}

/**
 * Searching the node panel for each [term, name, within]: the node named `name` is among the first
 * `within` entries (three unless given).
 */
async function foundByWords(page, url, wf, searches) {
	await openWorkflow(page, url, wf.id);
	const lines = [];
	for (const [term, name, within = 3] of searches) {
		// A panel opened afresh for each term, so no list of an earlier search is read.
		await page.getByTestId('node-creator-plus-button').click();
		const search = page.getByTestId('node-creator-search-bar');
		await search.waitFor();
		await search.fill(term);
		const names = page.getByTestId('node-creator-item-name');
		let first = [];
		const found = await waitFor('', async () => (first = (await names.allInnerTexts()).map((t) => t.trim()).slice(0, 3)).slice(0, within).includes(name), 10_000).catch(() => false);
		await page.keyboard.press('Escape');
		await page.getByTestId('node-creator').waitFor({ state: 'hidden' });
		assert(found, `searching "${term}" in the node panel lists ${JSON.stringify(first)} first, not "${name}"${within === 1 ? ' first' : ''}`);
		lines.push(`"${term}" → ${first.map((n) => (n === name ? `[${n}]` : n)).join(', ')}`);
	}
	return lines.join('; ');
}

/** The digest example's Monitor: its notice says one item per poll, not one per changed RUT. */
async function digestNotice(page, url, wf) {
	const monitor = wf.json.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfoMonitor').name;
	await openWorkflow(page, url, wf.id);
	await openNode(page, monitor);
	const notice = page.getByTestId('ndv').getByText(/^Reads only: /);
	await notice.first().waitFor();
	const shown = (await notice.allInnerTexts()).map((t) => t.trim());
	await page.keyboard.press('Escape');
	assert(shown.length === 1 && /once per poll that has something to report, with one item holding all of it/.test(shown[0]), `"${monitor}" (One Digest per Poll) shows ${JSON.stringify(shown)}`);
	assert(!/one item per RUT/.test(shown[0]), `"${monitor}" says one item per RUT: ${shown[0]}`);
	return `"${monitor}": "…${shown[0].slice(shown[0].indexOf('starts the workflow'))}"`;
}

/**
 * The digest example built from its test event: Fetch Test Event on its Monitor (One Digest per
 * Poll), then the Slack node's text, `{{ $json.text }}`, previews the sample digest's text.
 */
async function digestFromTestEvent(page, url, wf) {
	const monitor = wf.json.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfoMonitor').name;
	const post = wf.json.connections[monitor].main[0][0].node;
	await openWorkflow(page, url, wf.id);
	await openNode(page, monitor);
	await page.getByTestId('node-execute-button').click();
	await page.getByTestId('output-panel').getByText(/^1 item$/).first().waitFor({ timeout: 30_000 });
	await page.keyboard.press('Escape');
	await openNode(page, post);
	const preview = page.getByTestId('ndv').getByTestId('parameter-expression-preview-text');
	await preview.waitFor();
	// The preview writes spaces as no-break spaces and breaks lines as it wraps them.
	const shown = (await preview.innerText()).replace(/\s+/g, ' ').trim();
	await page.keyboard.press('Escape');
	assert(/^Risk Info Monitor \(a sample, nothing changed\): 1 supplier as read now/.test(shown), `"${post}" previews its text as ${JSON.stringify(shown.slice(0, 200))}`);
	return `Fetch Test Event on "${monitor}", then "${post}" previews "${shown.slice(0, 110)}…"`;
}

/**
 * A new Risk Info API credential, opened as a user opens one (Credentials → Create → Risk Info
 * API), shows no error before anything is typed: its empty Answer Key Names once showed a red
 * "Unexpected end of JSON input" (the editor's JSON linter, issue 67). Judged by the text the
 * dialog shows, with the field and its hint on screen. Nothing is saved.
 */
async function newCredentialClean(page, url) {
	await page.goto(`${url}/home/credentials/create`);
	await page.getByRole('combobox', { name: 'Search for app...' }).fill('Risk Info API');
	await page.getByTestId('new-credential-type-select-option').filter({ hasText: 'Risk Info API' }).first().click();
	await page.getByTestId('new-credential-type-button').click();
	const dialog = page.getByTestId('editCredential-modal');
	const field = dialog.getByTestId('parameter-input-answerKeyNames');
	await field.waitFor();
	await field.scrollIntoViewIfNeeded();
	const { RiskInfoApi } = require(path.join(ROOT, 'dist', 'credentials', 'RiskInfoApi.credentials.js'));
	const hint = new RiskInfoApi().properties.find((p) => p.name === 'answerKeyNames').hint;
	await dialog.getByText(hint, { exact: true }).first().waitFor();
	// A linter reports a moment after the field is drawn (CodeMirror's, 750 ms): a wait longer than
	// that can only let an error appear, never hide one.
	await page.waitForTimeout(2000);
	const shown = await dialog.innerText();
	const errors = shown.split('\n').filter((line) => /Unexpected|JSON input|SyntaxError|not valid JSON/i.test(line));
	// The JSON editor shows its error as a red dot beside the line and a red mark in it, its message
	// only when the pointer is on the dot: the marks on screen count, and the message says which.
	const marks = [];
	for (const mark of await field.locator('.cm-lint-marker-error, .cm-lintRange-error').all()) if (await mark.isVisible()) marks.push(mark);
	let message = '';
	if (marks.length) {
		await marks[0].hover();
		message = await page.locator('.cm-tooltip-lint, .cm-tooltip-hover').first().innerText({ timeout: 5000 }).catch(() => '');
	}
	assert(errors.length === 0 && marks.length === 0, `the new credential shows ${JSON.stringify(errors)} and ${marks.length} red mark(s) in Answer Key Names${message ? ` saying "${message.trim()}"` : ''}`);
	await page.goto(`${url}/home/workflows`);
	return `a new "Risk Info API" credential shows its fields, Answer Key Names empty with its hint under it, and no error`;
}

/** * A node version 3 Risk Info node whose RUT, By RUT, is `rut`: the field's warning icon, hovered,
 * lists `expected` (the run-time check's reason) and nothing else.
 */
async function rutFieldIssue(page, url, workflowId, expected) {
	await openWorkflow(page, url, workflowId);
	await openNode(page, 'Risk Info');
	const icon = page.getByTestId('resource-locator-rut').getByTestId('parameter-issues');
	await icon.waitFor();
	await icon.hover();
	const tip = page.getByText(expected, { exact: false }).first();
	const shown = await tip.waitFor({ timeout: 10_000 }).then(() => true, () => false);
	// The tooltip n8n opens on the icon, "Issues:" and one line per failing check: the nearest
	// ancestor of the line that holds its title.
	const tooltip = shown
		? await tip.evaluate((line) => {
				let box = line;
				for (let up = 0; up < 6 && box.parentElement && !/Issues/.test(box.innerText); up++) box = box.parentElement;
				return box.innerText.trim();
			})
		: '';
	await page.keyboard.press('Escape');
	assert(shown, `the RUT field's warning does not say "${expected}"`);
	assert(tooltip.split('Write a RUT as').length === 2, `the RUT field's warning lists other than one message: ${tooltip}`);
	return `the field's warning: "${tooltip.replace(/\s+/g, ' ').slice(0, 160)}"`;
}

module.exports = { newCredentialClean, triggerFoundByName, labelsFit, rememberRow, pollTimesOnce, foundByWords, digestNotice, digestFromTestEvent, rutFieldIssue };
