'use strict';
// n8n 3's new defaults, turned on early in n8n 2.x, so the e2e runs the package the way it will run
// after an upgrade (n8n's own list of what changes: its breaking-changes report, rules under v3),
// and the checks of what they change for this package:
//   (x) n8n's SSRF protection on: the sandbox on 127.0.0.1 is let through by the narrowest
//       allowance, one address; a credential on another loopback address is blocked, and both the
//       node and the credential Test say so and name the setting that allows it
//   (u) n8n's own v3 report on the instance with every example imported: no workflow-level issue
//       names one of our workflows; the instance-level issues are printed
// Two of n8n 3's changes cannot be turned on in n8n 2.x; the e2e says so (NOT_TURNED_ON).
const { assert } = require('./checks');
const { nodeItems } = require('./n8n');

/** The defaults n8n 3 changes, as an instance sets them today to get n8n 3's behaviour. */
const N8N3_ENV = {
	// n8n 3 removes the in-memory mode; the PDF download is binary data. Queue mode: `database`, below.
	N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
	N8N_RUNNERS_TASK_TIMEOUT: '60',
	N8N_SSRF_PROTECTION_ENABLED: 'true',
	// The sandbox listens on 127.0.0.1: that one address, not the loopback range.
	N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
	// n8n 3 loads unverified community packages only when told to; this package is one.
	N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
};

const NOT_TURNED_ON =
	"n8n 3's defaults on (lib/n8n3.js), except two that n8n 2.x cannot turn on: Docker-only deployment " +
	'(these machines have no Docker daemon, so n8n is installed from npm; recipe in docs/queue-mode.md, untested) and ' +
	"n8n 3's wider SSRF blocked ranges (2.40.7's built-in list, which already blocks all of 127.0.0.0/8, is used)";

/** n8n 3's defaults for queue mode: binary data in the database, which every process reaches. */
const N8N3_QUEUE_ENV = { ...N8N3_ENV, N8N_DEFAULT_BINARY_DATA_MODE: 'database' };

/** A loopback address outside N8N_SSRF_ALLOWED_IP_RANGES: blocked, though on the same machine. */
const BLOCKED_HOST = '127.0.0.2';

const SSRF_WORDS = /^n8n's SSRF protection blocked the request to 127\.0\.0\.2, the Base URL of the Risk Info credential.*N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.2\/32/;

/** (x): a credential whose Base URL n8n's SSRF protection blocks, pressed "Test" and used by a read. */
async function checkSsrfBlocked({ n8n, cookie, apiKey, sandbox }) {
	const data = { baseUrl: `http://${BLOCKED_HOST}:${new URL(sandbox.url).port}`, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
	const created = await n8n.rest('POST', '/api/v1/credentials', { apiKey, body: { name: 'Risk Info (blocked address)', type: 'riskInfoApi', data } });
	assert(created.status === 200, `creating the credential answered ${created.status}: ${created.text.slice(0, 300)}`);
	const credential = { id: created.json.id, name: created.json.name, type: 'riskInfoApi', data };
	const tested = await n8n.rest('POST', '/rest/credentials/test', { cookie, body: { credentials: credential } });
	const test = tested.json?.data ?? {};
	assert(tested.status === 200 && test.status === 'Error' && SSRF_WORDS.test(test.message), `the credential Test answered ${tested.status}: ${tested.text.slice(0, 500)}`);

	const before = sandbox.requests.length;
	const wf = await n8n.rest('POST', '/api/v1/workflows', {
		apiKey,
		body: {
			name: 'Risk Info behind SSRF protection',
			settings: {},
			nodes: [
				{ id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: 'b',
					name: 'Usage',
					type: 'n8n-nodes-riskinfo.riskInfo',
					typeVersion: 2,
					position: [200, 0],
					parameters: { apiVersion: 'v2', resource: 'account', operation: 'getUsage' },
					credentials: { riskInfoApi: { id: credential.id, name: credential.name } },
				},
			],
			connections: { Start: { main: [[{ node: 'Usage', type: 'main', index: 0 }]] } },
		},
	});
	assert(wf.status === 200, `creating the workflow answered ${wf.status}: ${wf.text.slice(0, 300)}`);
	const exec = await n8n.runFromEditor(cookie, apiKey, wf.json.id, 'Start');
	const error = exec.data?.resultData?.error ?? exec.data?.resultData?.runData?.Usage?.[0]?.error;
	assert(exec.status === 'error' && SSRF_WORDS.test(error?.message ?? ''), `the read ended ${exec.status}: ${JSON.stringify(error ?? null).slice(0, 500)}`);
	assert(sandbox.requests.length === before, `${sandbox.requests.length - before} requests reached the sandbox`);
	return `N8N_SSRF_PROTECTION_ENABLED=true, N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 (the sandbox): the credential on ${data.baseUrl} failed its Test and its read (execution ${exec.id}) with "${error.message.slice(0, 130)}…", nothing sent`;
}

/**
 * (u): n8n's v3 breaking-changes report (GET /rest/breaking-changes/report?version=v3, refreshed;
 * the controller's `version` query defaults to v2) on an instance whose workflows are all ours,
 * every example among them: no workflow-level rule may name one. The instance-level issues are
 * returned for the log: they are about how n8n is run, not about this package.
 */
async function checkBreakingChanges({ n8n, cookie, apiKey, examples }) {
	const listed = await n8n.rest('GET', '/api/v1/workflows?limit=250', { apiKey });
	assert(listed.status === 200, `listing the workflows answered ${listed.status}`);
	const ours = listed.json.data;
	assert(ours.length >= examples, `${ours.length} workflows on the instance, ${examples} examples imported`);
	// Refreshed: n8n caches the report, and it must see every workflow imported.
	const res = await n8n.rest('POST', '/rest/breaking-changes/report/refresh?version=v3', { cookie, timeoutMs: 120_000 });
	assert(res.status === 200, `the report answered ${res.status}: ${res.text.slice(0, 300)}`);
	const { report } = res.json.data;
	assert(report.targetVersion === 'v3', `the report is for ${report.targetVersion}`);
	const named = [];
	for (const rule of report.workflowResults.filter((r) => r.nbAffectedWorkflows > 0)) {
		const full = await n8n.rest('GET', `/rest/breaking-changes/report/${encodeURIComponent(rule.ruleId)}`, { cookie, timeoutMs: 120_000 });
		assert(full.status === 200, `the report of rule ${rule.ruleId} answered ${full.status}: ${full.text.slice(0, 300)}`);
		for (const w of full.json.data.affectedWorkflows ?? []) named.push(`${rule.ruleId}: "${w.name}" ${JSON.stringify(w.issues).slice(0, 300)}`);
	}
	assert(!named.length, `n8n's v3 report names our workflows: ${named.join('; ')}`);
	const instance = report.instanceResults.flatMap((r) => r.instanceIssues.map((i) => `${r.ruleId} (${i.level}): ${i.title}`));
	return `${ours.length} workflows (${examples} examples and the checks' own), no workflow-level issue; instance-level, about how n8n runs here: ${instance.join('; ') || 'none'}`;
}

/** The PDF report's binary as n8n stores it, read back through the editor's download. */
async function downloadBinary(n8n, cookie, bin) {
	const q = new URLSearchParams({ id: bin.id, action: 'download' });
	const res = await fetch(`${n8n.url}/rest/binary-data?${q}`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
	assert(res.status === 200, `downloading binary ${bin.id} answered ${res.status}`);
	return Buffer.from(await res.arrayBuffer());
}

/** A PDF report's run: its last node's binary, in binary data mode `mode`, downloaded whole through `n8n`. */
async function checkStoredPdf(n8n, cookie, run, nodeName, mode) {
	const bin = nodeItems(run, nodeName)?.[0]?.binary?.data;
	assert(bin?.mimeType === 'application/pdf', `"${nodeName}" holds ${JSON.stringify(bin ?? null).slice(0, 300)}`);
	assert(String(bin.id ?? '').startsWith(`${mode}`), `the PDF is stored as ${bin.id}, not in ${mode} mode`);
	const bytes = await downloadBinary(n8n, cookie, bin);
	assert(bytes.subarray(0, 5).toString('latin1') === '%PDF-', `the stored PDF starts with ${JSON.stringify(bytes.subarray(0, 8).toString('latin1'))}`);
	return `${bin.fileName} stored as ${bin.id.split(':')[0]}, ${bytes.length} bytes read back through the editor's download`;
}

module.exports = { N8N3_ENV, N8N3_QUEUE_ENV, NOT_TURNED_ON, checkSsrfBlocked, checkBreakingChanges, checkStoredPdf };
