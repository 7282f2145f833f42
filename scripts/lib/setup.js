'use strict';
// What the e2e and `npm start` share: the sandbox (TypeScript, loaded through ts-node) and the
// example workflows with the credential ids they reference.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES = path.join(ROOT, 'examples');

let sandboxModule;
function loadSandbox() {
	if (!sandboxModule) {
		require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
		sandboxModule = require(path.join(ROOT, 'sandbox', 'index.ts'));
	}
	return sandboxModule;
}

/** A RUT's V2 summary as the sandbox serves it (a free read of a loaded RUT), to check the nodes' figures against. */
async function sandboxSummary(sandbox, rut) {
	const res = await fetch(`${sandbox.url}/api/clients/v2/helper/resumen?rut=${rut}`, {
		headers: { authorization: `Bearer ${sandbox.token}`, 'x-client-identifier': sandbox.clientId, accept: 'application/json' },
		signal: AbortSignal.timeout(10_000),
	});
	if (res.status !== 200) throw new Error(`the sandbox answered ${res.status} for the summary of ${rut}`);
	return (await res.json()).data;
}

const RISKINFO_MONITOR = 'n8n-nodes-riskinfo.riskInfoMonitor';

/** Which example plays which part, recognised by what its nodes do rather than by file name. */
const ROLES = {
	supplierScreening: (nodes) => nodes.some((n) => n.type === 'n8n-nodes-riskinfo.riskInfo' && n.parameters?.operation === 'getSummary' && n.parameters?.simplify),
	criticalAlert: (nodes) => nodes.some((n) => n.type === 'n8n-nodes-riskinfo.riskInfoTrigger' && n.parameters?.minimumRisk === 'critical'),
	/** Onboarding, part 1: screens new suppliers (its only trigger is the manual Start). */
	onboarding: (nodes) => nodes.some((n) => n.type === 'n8n-nodes-riskinfo.riskInfo' && n.parameters?.operation === 'loadProfile'),
	/** Onboarding, part 2: the trigger that receives the results and finds each one's supplier. */
	onboardingResults: (nodes) =>
		nodes.some((n) => n.type === 'n8n-nodes-riskinfo.riskInfoTrigger') && nodes.some((n) => n.type === 'n8n-nodes-base.dataTable' && n.parameters?.operation === 'get'),
	pdfReport: (nodes) => nodes.some((n) => n.type === 'n8n-nodes-riskinfo.riskInfo' && n.parameters?.operation === 'downloadSummary'),
	supplierMonitoring: (nodes) => nodes.some((n) => n.type === RISKINFO_MONITOR && n.parameters?.options?.output !== 'digest'),
	monitoringDigest: (nodes) => nodes.some((n) => n.type === RISKINFO_MONITOR && n.parameters?.options?.output === 'digest'),
};

function exampleFiles() {
	if (!fs.existsSync(EXAMPLES)) return [];
	return fs
		.readdirSync(EXAMPLES)
		.filter((f) => f.endsWith('.json'))
		.map((f) => path.join(EXAMPLES, f));
}

/** { role: { id, file, json } } for every role; throws naming the roles no example plays. */
function exampleWorkflows({ required = Object.keys(ROLES) } = {}) {
	const out = {};
	for (const file of exampleFiles()) {
		const json = JSON.parse(fs.readFileSync(file, 'utf8'));
		if (!Array.isArray(json.nodes)) continue;
		for (const [role, matches] of Object.entries(ROLES)) {
			if (!out[role] && matches(json.nodes)) {
				if (!json.id) throw new Error(`${path.relative(ROOT, file)} has no "id"; the e2e imports it by id`);
				out[role] = { id: json.id, file, json };
				break;
			}
		}
	}
	const missing = required.filter((r) => !out[r]);
	if (missing.length) throw new Error(`no example workflow in examples/ plays: ${missing.join(', ')}`);
	return out;
}

const RISKINFO_TRIGGER = 'n8n-nodes-riskinfo.riskInfoTrigger';

/** The production URL of an example's Risk Info Trigger in the n8n at `n8nUrl`. */
function triggerUrl(n8nUrl, example) {
	const node = example.json.nodes.find((n) => n.type === RISKINFO_TRIGGER);
	if (!node) throw new Error(`${path.relative(ROOT, example.file)} has no Risk Info Trigger`);
	return `${n8nUrl}/webhook/${node.webhookId}/${node.parameters?.path ?? 'riskinfo-compliance'}`;
}

/** The credential ids the examples reference, so imported credentials plug straight in. */
function credentialIds() {
	const ids = { api: undefined, hook: undefined };
	for (const file of exampleFiles()) {
		const json = JSON.parse(fs.readFileSync(file, 'utf8'));
		for (const n of json.nodes ?? []) {
			const api = n.credentials?.riskInfoApi?.id;
			const hook = n.credentials?.riskInfoWebhookAuthApi?.id;
			if (api) ids.api ??= api;
			if (hook) ids.hook ??= hook;
			if ((api && api !== ids.api) || (hook && hook !== ids.hook))
				throw new Error(`${path.relative(ROOT, file)} references another credential id than the other examples`);
		}
	}
	return { api: ids.api ?? 'riskInfoSandbox1', hook: ids.hook ?? 'riskInfoHookAuth' };
}

const CREDENTIAL_IDS = credentialIds();

/**
 * Imports the "Risk Info (sandbox)" API credential and the webhook credential the trigger checks
 * deliveries against, under the ids the examples reference, into `n8n`. The file holding them
 * exists only for the import.
 */
async function importSandboxCredentials(n8n, sandbox, hookToken) {
	const file = path.join(n8n.userFolder, 'credentials-import.json');
	fs.mkdirSync(n8n.userFolder, { recursive: true });
	fs.writeFileSync(
		file,
		JSON.stringify([
			{ id: CREDENTIAL_IDS.api, name: 'Risk Info (sandbox)', type: 'riskInfoApi', data: { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId } },
			{ id: CREDENTIAL_IDS.hook, name: 'Risk Info webhook (sandbox)', type: 'riskInfoWebhookAuthApi', data: { method: 'bearer', token: hookToken } },
		]),
		{ mode: 0o600 },
	);
	try {
		await n8n.importCredentials(file);
	} finally {
		fs.rmSync(file, { force: true });
	}
}

/**
 * Saves the sandbox API credential anew through n8n's public API, as a user editing it would, with
 * `extra` fields (Answer Key Names); {} puts it back as imported.
 */
async function saveSandboxCredential(n8n, apiKey, sandbox, extra = {}) {
	const data = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId, ...extra };
	const res = await n8n.rest('PATCH', `/api/v1/credentials/${CREDENTIAL_IDS.api}`, { apiKey, body: { name: 'Risk Info (sandbox)', type: 'riskInfoApi', data } });
	if (res.status !== 200) throw new Error(`saving the credential through PATCH /api/v1/credentials answered ${res.status}: ${res.text.slice(0, 300)}`);
}

/** The Answer Key Names for the sandbox's `providerNames` drift (sandbox/README.md), as a user writes them after Check Answers. */
const PROVIDER_KEY_NAMES = Object.fromEntries([
	...[['A', 'Alfa'], ['B', 'Beta'], ['C', 'Gamma']].flatMap(([s, p]) => [
		[`boletinComercial.casosSource${s}`, `boletinComercial.casos${p}`],
		[`boletinComercial.MontoSource${s}`, `boletinComercial.Monto${p}`],
		[`boletinComercialSummary.casesSource${s}`, `boletinComercialSummary.cases${p}`],
		[`boletinComercialSummary.amountSource${s}`, `boletinComercialSummary.amount${p}`],
	]),
	['incluyeBureau', 'incluyeBuroExterno'],
]);

/** Imports workflow files (or workflow objects) into `n8n`, unpublished, as n8n imports them. */
async function importWorkflows(n8n, workflows) {
	const dir = path.join(n8n.userFolder, 'workflows-import');
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	workflows.forEach((wf, i) => {
		const to = path.join(dir, typeof wf === 'string' ? path.basename(wf) : `workflow-${i}.json`);
		if (typeof wf === 'string') fs.copyFileSync(wf, to);
		else fs.writeFileSync(to, JSON.stringify(wf));
	});
	try {
		await n8n.cliOk(['import:workflow', '--separate', `--input=${dir}`]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Imports every example workflow of examples/ into `n8n`. */
async function importExamples(n8n) {
	await importWorkflows(n8n, exampleFiles());
}

module.exports = { loadSandbox, sandboxSummary, exampleWorkflows, exampleFiles, triggerUrl, importSandboxCredentials, saveSandboxCredential, PROVIDER_KEY_NAMES, importExamples, importWorkflows, RISKINFO_TRIGGER, RISKINFO_MONITOR, CREDENTIAL_IDS, ROOT };
