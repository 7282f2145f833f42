'use strict';
// What `npm start` and `npm start -- --queue` share: the demo owner, the command line, the
// ports they prefer and the banner that tells the user where everything is.
const net = require('node:net');
const { freePort } = require('./n8n');
const { loadSandbox } = require('./setup');
const { SetupError } = require('../n8n-runtime');

const OWNER = { email: 'demo@example.com', firstName: 'Demo', lastName: 'User', password: 'RiskInfo-demo-1' };

// The service has one webhook URL per account, so the sandbox delivers to one of the two trigger
// workflows: onboarding's results workflow by default (it finds the supplier each result is for).
const RECEIVERS = { onboarding: 'onboardingResults', alert: 'criticalAlert' };
const USAGE = 'usage: npm start [-- --deliver-to=onboarding|alert] [--queue]';

/** The examples `npm start` publishes: the two trigger workflows and the Monitor's. */
const ACTIVE_ROLES = ['onboardingResults', 'criticalAlert', 'supplierMonitoring'];
/** The examples `npm start` needs: those it publishes, and the first half of onboarding, which it names. */
const DEMO_ROLES = ['onboarding', ...ACTIVE_ROLES];

/**
 * The sandbox's known RUTs, loaded with monitoring on (free: sandbox setup, not a paid load), so
 * the Monitor's example has suppliers to watch from its first poll.
 */
function monitorKnownRuts(sandbox) {
	const { KNOWN_RUTS } = loadSandbox();
	for (const rut of Object.values(KNOWN_RUTS)) sandbox.loadRut(rut, { isMonitoring: true });
}

/** The command that makes a watched supplier critical at the sandbox, as the banner prints it. */
function changeCommand(sandboxUrl, rut, change = 'criticalRisk') {
	return `curl -sS -X POST ${sandboxUrl}/_sandbox/ruts/${rut}/changes -H 'Content-Type: application/json' -d '{"change":"${change}"}'`;
}

/**
 * How to see the Monitor's example run: make a change happen at the sandbox. The supplier it
 * changes is one the supplier-screening example already sends to review (it has debts), so the
 * clean supplier that example approves stays approved.
 */
function monitorLines(wfs, sandbox) {
	const { KNOWN_RUTS, CHANGE_KINDS, CHANGE_TEXT } = loadSandbox();
	const others = CHANGE_KINDS.filter((kind) => kind !== 'criticalRisk');
	const width = Math.max(...others.map((kind) => kind.length)) + 2;
	return [
		'',
		`Watch a supplier's risk change: "${wfs.supplierMonitoring.json.name}" polls every minute the RUTs`,
		'  the sandbox monitors. Make one critical, and within two minutes the workflow runs (see its Executions):',
		`    ${changeCommand(sandbox.url, KNOWN_RUTS.indebted)}`,
		'  Other changes, sent the same way ({"change":"<kind>"}):',
		...others.map((kind) => `    ${kind.padEnd(width)}${CHANGE_TEXT[kind]}`),
	];
}

/** { receiver: the example role the sandbox delivers to, queue: whether to run n8n's queue mode }. */
function parseStartArgs(argv) {
	let role = 'onboarding';
	let queue = false;
	for (const arg of argv) {
		const m = /^--deliver-to=(.*)$/.exec(arg);
		if (arg === '--queue') queue = true;
		else if (m && RECEIVERS[m[1]]) role = m[1];
		else throw new SetupError(`unknown argument ${arg}\n${USAGE}`);
	}
	return { receiver: RECEIVERS[role], role, queue };
}

function portFree(port) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

/** The usual port when it is free, so bookmarks and the credential keep working; any free one otherwise. */
async function preferredPort(port) {
	return (await portFree(port)) ? port : await freePort();
}

/**
 * The banner both modes print once ready. `processes` and `files` are [label, text] rows shown
 * before the workflows and at the end; `args` goes before --deliver-to in the hint; the first
 * line's form is what the e2e waits for.
 */
function banner({ startedAt, url, wfs, receiver, role, hookUrl, sandbox, processes = [], links = [], files = [], tail = [], stop, args = '' }) {
	const { KNOWN_RUTS, KNOWN_NAMES } = loadSandbox();
	const row = ([label, text]) => `  ${`${label}:`.padEnd(13)}${text}`;
	const line = '-'.repeat(72);
	return [
		'',
		line,
		`n8n is ready (in ${Math.round((Date.now() - startedAt) / 1000)} s): ${url}`,
		row(['Log in', `${OWNER.email}  /  ${OWNER.password}`]),
		...processes.map(row),
		row(['Workflows', Object.values(wfs).map((w) => `"${w.json.name}"`).join(', ')]),
		row(['Active', ACTIVE_ROLES.map((r) => `"${wfs[r].json.name}"`).join(', ')]),
		row(['Results to', `"${wfs[receiver].json.name}" at ${hookUrl}`]),
		`               (one webhook URL per account, as at the service; \`npm start -- ${args}--deliver-to=${role === 'onboarding' ? 'alert' : 'onboarding'}\` switches)`,
		...links,
		row(['Credential', `"Risk Info (sandbox)" -> ${sandbox.url}`]),
		row(['Known RUTs', Object.entries(KNOWN_RUTS).map(([k, v]) => `${v} (${k})`).join(', ')]),
		row(['Known names', Object.values(KNOWN_NAMES).map((v) => `"${v}"`).join(', ')]),
		...files.map(row),
		...monitorLines(wfs, sandbox),
		...tail,
		stop,
		line,
		'',
	].join('\n');
}

module.exports = { OWNER, ACTIVE_ROLES, DEMO_ROLES, parseStartArgs, preferredPort, banner, monitorKnownRuts };
