'use strict';
// A real headless Chromium driven by playwright-core, for the screenshots and the browser e2e.
// Both come from outside the package: Debian's `chromium` (installed with apt-get when missing and
// this runs as root, as CI does) and playwright-core installed on first use into .runtime/tools
// (git-ignored), never into the package's own dependencies.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { run } = require('./proc');
const { ROOT } = require('./n8n');
const { SetupError } = require('../n8n-runtime');

const PLAYWRIGHT = 'playwright-core@1.65.1';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// RISKINFO_TOOLS_DIR: where playwright-core goes when .runtime/ is shared and must stay read-only.
const TOOLS = process.env.RISKINFO_TOOLS_DIR ? path.resolve(process.env.RISKINFO_TOOLS_DIR) : path.join(ROOT, '.runtime', 'tools');
// Without the background-networking flags Chromium stalls, or has its connections refused, on a
// machine without internet; a new empty profile keeps every run alike.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function ensureChromium(log) {
	if (fs.existsSync(CHROMIUM)) return CHROMIUM;
	if (process.env.CHROMIUM || typeof process.getuid !== 'function' || process.getuid() !== 0)
		throw new SetupError(`no Chromium at ${CHROMIUM}: apt-get install chromium (as root), or set CHROMIUM to its path`);
	log("installing Debian's chromium (apt-get, first run only)");
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
		const res = await run('apt-get', args, { timeoutMs: 900_000, env });
		if (res.code !== 0) throw new SetupError(`apt-get ${args.join(' ')} failed:\n${res.output.slice(-2000)}`);
	}
	if (!fs.existsSync(CHROMIUM)) throw new SetupError(`apt-get installed chromium, but ${CHROMIUM} is missing`);
	return CHROMIUM;
}

async function playwright(log) {
	const dir = path.join(TOOLS, 'node_modules', 'playwright-core');
	if (!fs.existsSync(dir)) {
		log(`installing ${PLAYWRIGHT} into ${path.relative(ROOT, TOOLS) || TOOLS}`);
		fs.mkdirSync(TOOLS, { recursive: true });
		const res = await run('npm', ['install', '--prefix', TOOLS, '--no-audit', '--no-fund', '--no-save', PLAYWRIGHT], { cwd: TOOLS, timeoutMs: 300_000 });
		if (res.code !== 0) throw new SetupError(`installing ${PLAYWRIGHT} failed:\n${res.output.slice(-2000)}`);
	}
	return require(dir);
}

/**
 * Chromium (installed if needed) with a fresh profile in a temporary folder; `log(message)` hears
 * about installs. Resolves with { context, page, close }; n8n's data-test-id is the test id.
 */
async function launchBrowser({ log = () => {}, viewport = { width: 1440, height: 900 } } = {}) {
	const executablePath = await ensureChromium(log);
	const { chromium, selectors } = await playwright(log);
	selectors.setTestIdAttribute('data-test-id');
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-chromium-'));
	const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: FLAGS, viewport });
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(30_000);
	return {
		context,
		page,
		close: async () => {
			await context.close().catch(() => {});
			fs.rmSync(profile, { recursive: true, force: true });
		},
	};
}

/** Signs in on n8n's own sign-in page. */
async function signIn(page, url, { email, password }) {
	await page.goto(`${url}/signin`);
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(email);
	await page.getByTestId('password').locator('input').fill(password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 30_000 });
}

module.exports = { launchBrowser, signIn, ensureChromium, playwright };
