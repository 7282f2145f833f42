#!/usr/bin/env node
'use strict';
// Developer tool, not part of CI: the README's screenshots, taken from the real n8n editor in
// headless Chromium (Debian's chromium and playwright-core, set up by scripts/lib/browser.js).
//
//   node scripts/screenshots.js                  starts its own n8n + sandbox in a temporary folder
//   node scripts/screenshots.js --url <editor>   uses a running `npm start` (its demo owner login)
//   node scripts/screenshots.js --only mcp,node  takes only those (names of SHOTS below)
//
// Writes docs/screenshots/*.png.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./lib/n8n');
const { launchBrowser, signIn } = require('./lib/browser');
const { ensureRuntime, buildPackage, installPackageInto, n8nProcess, startWithOwner, SetupError } = require('./lib/launch');
const { loadSandbox, exampleWorkflows, importSandboxCredentials, importExamples } = require('./lib/setup');
const { mcpExample } = require('./lib/mcp');
const { actionPanelName, openWorkflow, openNode, panelEntry } = require('./lib/editor-checks');
const { OWNER } = require('./lib/demo');

const OUT = path.join(ROOT, 'docs', 'screenshots');
// The owner `npm start` creates; this script creates the same one in its own n8n.
const MAX_BYTES = 300 * 1024;
const TRIGGER_TYPE = 'n8n-nodes-riskinfo.riskInfoTrigger';
const ACTION_TYPE = 'n8n-nodes-riskinfo.riskInfo';

const log = (msg) => process.stdout.write(`[screenshots] ${msg}\n`);

function argValue(name) {
	const i = process.argv.indexOf(name);
	return i > 0 ? process.argv[i + 1] : undefined;
}

/** Its own n8n with the packed package, the sandbox credentials and the examples, like `npm start`. */
async function startDemo(tmp) {
	const runtime = await ensureRuntime();
	await buildPackage('missing', log);
	const userFolder = path.join(tmp, 'home');
	await installPackageInto([userFolder], path.join(tmp, 'pack'));
	const { startSandbox } = loadSandbox();
	const sandbox = await startSandbox({ port: 0 });
	const n8n = await n8nProcess(runtime, { userFolder, logFile: path.join(tmp, 'n8n.log') });
	try {
		await importSandboxCredentials(n8n, sandbox, 'screenshot-token-not-used-for-deliveries');
		await importExamples(n8n);
		log('starting n8n');
		await startWithOwner(n8n, OWNER);
	} catch (err) {
		await n8n.stop();
		await sandbox.close();
		throw err;
	}
	return {
		url: n8n.url,
		stop: async () => {
			await n8n.stop();
			await sandbox.close();
		},
	};
}

/** Lets menus and panels finish their transitions, and moves the pointer off hover effects. */
async function settle(page) {
	await page.mouse.move(2, 2);
	await page.waitForTimeout(800);
}

async function save(target, name, options = {}) {
	const file = path.join(OUT, `${name}.png`);
	await target.screenshot({ path: file, ...options });
	const size = fs.statSync(file).size;
	log(`${path.relative(ROOT, file)} (${Math.round(size / 1024)} KB)${size > MAX_BYTES ? ' — larger than 300 KB, consider a smaller clip' : ''}`);
}

/**
 * The smallest rectangle around the given elements (those visible), with a margin; `until` cuts it
 * off below that element, for panels that run to the bottom of the window.
 */
async function around(page, locators, { margin = 16, until } = {}) {
	const boxes = [];
	for (const l of locators) {
		for (const el of await l.all()) {
			if (await el.isVisible()) boxes.push(await el.boundingBox());
		}
	}
	if (!boxes.length) throw new Error('none of the elements to frame is visible');
	const view = page.viewportSize();
	const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
	const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
	const right = Math.min(view.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
	let bottom = Math.min(view.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
	if (until) {
		const b = await until.boundingBox();
		bottom = Math.min(bottom, b.y + b.height + margin);
	}
	return { clip: { x, y, width: right - x, height: bottom - y } };
}

/** The middle column of an open node: its tabs and parameters. */
const parameterColumn = (page) => [page.getByTestId('tab-params'), page.getByTestId('node-parameters')];

const SHOTS = {
	/** The node panel's list of every action, grouped by resource. */
	async actions(page, url, wfs) {
		// Tall enough for every action to show without scrolling.
		await page.setViewportSize({ width: 1440, height: 1950 });
		await openWorkflow(page, url, wfs.supplierScreening.id);
		await page.getByTestId('node-creator-plus-button').click();
		const search = page.getByTestId('node-creator-search-bar');
		await search.waitFor();
		await search.fill('Risk Info');
		await panelEntry(page, actionPanelName()).click();
		await page.getByText(/^Actions \(\d+\)$/).waitFor();
		await settle(page);
		await save(page.getByTestId('node-creator'), 'risk-info-actions');
		await page.setViewportSize({ width: 1440, height: 900 });
	},

	/** The action node open, its Resource list unfolded. */
	async node(page, url, wfs) {
		await openWorkflow(page, url, wfs.supplierScreening.id);
		await openNode(page, wfs.supplierScreening.json.nodes.find((n) => n.type === ACTION_TYPE).name);
		await page.getByTestId('parameter-input-resource').click();
		await settle(page);
		const list = page.locator('.el-select__popper[aria-hidden="false"]');
		await save(page, 'risk-info-node', await around(page, [...parameterColumn(page), list], { until: list }));
	},

	/** The trigger open: Production URL, the registration notice, authentication and options. */
	async trigger(page, url, wfs) {
		await openWorkflow(page, url, wfs.criticalAlert.id);
		await openNode(page, wfs.criticalAlert.json.nodes.find((n) => n.type === TRIGGER_TYPE).name);
		// The toggle comes before the setup notice, which names it too.
		await page.getByTestId('ndv').getByText('Webhook URLs', { exact: true }).first().click();
		await page.getByTestId('radio-button-production').click();
		await settle(page);
		await save(page, 'risk-info-trigger', await around(page, parameterColumn(page), { until: page.getByTestId('parameter-input-ignoreRepeatedDeliveries') }));
	},

	/** The onboarding example on the canvas: the loads above, the results joined back below. */
	async onboarding(page, url, wfs) {
		await openWorkflow(page, url, wfs.onboarding.id);
		await page.getByTestId('zoom-to-fit').click();
		await settle(page);
		await save(page, 'onboarding-workflow');
	},

	/** The MCP example on the canvas: the MCP Server Trigger and its four Risk Info tools. */
	async mcp(page, url) {
		await openWorkflow(page, url, mcpExample().id);
		await page.getByTestId('zoom-to-fit').click();
		// One step back, so the canvas's own Execute button does not cover a tool's name.
		await page.getByTestId('zoom-out-button').click();
		await settle(page);
		await save(page, 'mcp-tools-workflow');
	},
};

async function main() {
	const wfs = exampleWorkflows({ required: ['supplierScreening', 'criticalAlert', 'onboarding'] });
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-shots-'));
	const given = argValue('--url');
	let browser;
	let demo;
	try {
		browser = await launchBrowser({ log });
		demo = given ? { url: given.replace(/\/+$/, ''), stop: async () => {} } : await startDemo(tmp);
		log(`editor at ${demo.url}`);
		const { page } = browser;
		await signIn(page, demo.url, OWNER);
		fs.mkdirSync(OUT, { recursive: true });
		const only = argValue('--only')?.split(',');
		for (const [name, shoot] of Object.entries(SHOTS).filter(([n]) => !only || only.includes(n))) {
			log(`taking "${name}"`);
			await shoot(page, demo.url, wfs);
		}
	} finally {
		if (browser) await browser.close();
		if (demo) await demo.stop();
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(err) => {
		process.stderr.write(`[screenshots] ERROR: ${err instanceof SetupError ? err.message : err.stack}\n`);
		process.exit(1);
	},
);
