'use strict';
// (ca) Account → Check Answers and Answer Key Names in a real n8n: a workflow created through n8n's
// public API with the sandbox credential the e2e imported, run from the editor for a loaded RUT,
// beside Get Summary with Simplify on the same RUT. Normal answers: the first item says all 10
// reads are OK. The judicial section renamed (POST /_sandbox/drift): the summaries differ and name
// what they lack. The bulletin under a provider's names (one drift, not set up key by key): Simplify
// names the bulletin fields in unreadFields; the first item's suggestedKeyNames, taken as it comes
// and saved in the credential's Answer Key Names (n8n's public API, as a user pasting it: the day
// one path of README.md and docs/operations.md), makes the next run say OK and the same RUT read as
// the sandbox holds it. Nothing is paid; the drift and the credential are put back after.
const { assert } = require('./checks');
const { nodeItems } = require('./n8n');
const { CREDENTIAL_IDS, saveSandboxCredential } = require('./setup');

const NODE = 'Check Answers';
const SUMMARY = 'Get Summary';

async function drift(sandbox, value) {
	const res = await fetch(`${sandbox.url}/_sandbox/drift`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ drift: value }) });
	assert(res.status === 200, `POST /_sandbox/drift ${JSON.stringify(value)} answered ${res.status}`);
}

/** Runs the workflow from the editor: Check Answers' items (the total first) and Get Summary's simplified record. */
async function runCheck(n8n, cookie, apiKey, id) {
	const exec = await n8n.runFromEditor(cookie, apiKey, id, 'Start');
	assert(exec.status === 'success', `Check Answers ended ${exec.status}: ${JSON.stringify(exec.data?.resultData?.error ?? '').slice(0, 400)}`);
	const [total, ...reads] = (nodeItems(exec, NODE) ?? []).map((i) => i.json);
	return { total, reads, record: nodeItems(exec, SUMMARY)?.[0]?.json };
}

const BULLETIN = ['bulletinCasesSourceA', 'bulletinCasesSourceB', 'bulletinCasesSourceC', 'bulletinAmountSourceA', 'bulletinAmountSourceB', 'bulletinAmountSourceC'];

/** @param {{ n8n: object, cookie: string, apiKey: string, sandbox: object, check: Function }} o */
async function checkAnswers(o) {
	await o.check('ca', 'Account → Check Answers and Answer Key Names: OK on normal answers; the judicial section renamed named; the bulletin under a provider\'s names unread, the first item\'s suggestedKeyNames pasted as it comes gives OK on the next run and the record as before; nothing paid', async () => {
		const { n8n, cookie, apiKey, sandbox } = o;
		const rut = '76222222-1';
		sandbox.loadRut(rut);
		const credentials = { riskInfoApi: { id: CREDENTIAL_IDS.api, name: 'Risk Info (sandbox)' } };
		const wf = await n8n.rest('POST', '/api/v1/workflows', {
			apiKey,
			body: {
				name: 'Check Answers (e2e)',
				settings: {},
				nodes: [
					{ id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
					{ id: 'b', name: NODE, type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 3, position: [200, 0], parameters: { apiVersion: 'v2', resource: 'account', operation: 'checkAnswers', rut: { __rl: true, mode: 'list', value: rut } }, credentials },
					{ id: 'c', name: SUMMARY, type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 3, position: [200, 200], parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: { __rl: true, mode: 'id', value: rut } }, credentials },
				],
				connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }, { node: SUMMARY, type: 'main', index: 0 }]] } },
			},
		});
		assert(wf.status === 200, `creating the workflow answered ${wf.status}: ${wf.text.slice(0, 300)}`);
		const paidBefore = sandbox.usage().paidLoads;

		const normal = await runCheck(n8n, cookie, apiKey, wf.json.id);
		const notOk = normal.reads.filter((i) => !/^OK:/.test(i.verdict) || i.status !== 'ok');
		assert(normal.reads.length === 10 && !notOk.length, `normal answers gave ${normal.reads.length} reads, not OK: ${JSON.stringify(notOk).slice(0, 400)}`);
		assert(normal.total?.verdict === 'OK: all 10 reads carry what the package reads.', `the first item says ${JSON.stringify(normal.total).slice(0, 300)}`);
		assert(normal.record && BULLETIN.every((f) => f === 'bulletinCasesSourceC' || f === 'bulletinAmountSourceC' || typeof normal.record[f] === 'number') && normal.record.unreadFields.length === 0, `Get Summary gave ${JSON.stringify(normal.record).slice(0, 400)}`);

		let judicial;
		let provider;
		let mapped;
		try {
			await drift(sandbox, 'renamed');
			judicial = await runCheck(n8n, cookie, apiKey, wf.json.id);
			await drift(sandbox, 'providerNames');
			provider = await runCheck(n8n, cookie, apiKey, wf.json.id);
			// Day one: the first item's mapping, as it comes, pasted into the credential and saved.
			await saveSandboxCredential(n8n, apiKey, sandbox, { answerKeyNames: JSON.stringify(provider.total?.suggestedKeyNames ?? {}) });
			mapped = await runCheck(n8n, cookie, apiKey, wf.json.id);
		} finally {
			await drift(sandbox, null);
			await saveSandboxCredential(n8n, apiKey, sandbox);
		}

		const summaries = judicial.reads.filter((i) => /resumen|\/summary$/.test(i.path));
		const lacking = summaries.filter((i) => i.status === 'differs' && i.expectedMissing.some((k) => /judicial/i.test(k)) && /^Differs: the answer lacks /.test(i.verdict) && i.unknownFields.length);
		assert(summaries.length === 2 && lacking.length === 2, `judicial renamed, the summary items said ${JSON.stringify(summaries).slice(0, 600)}`);
		const others = judicial.reads.filter((i) => !summaries.includes(i) && !/^OK:/.test(i.verdict));
		assert(!others.length, `judicial renamed, other reads were not OK: ${JSON.stringify(others).slice(0, 300)}`);

		const v2 = provider.reads.find((i) => /resumen/.test(i.path));
		assert(v2?.status === 'differs', `provider names, the V2 summary item said ${JSON.stringify(v2).slice(0, 700)}`);
		const pasted = Object.keys(provider.total.suggestedKeyNames ?? {}).length;
		assert(provider.total.status === 'differs' && /API version 2: .*API version 1: /.test(provider.total.verdict) && pasted > 0 && Object.keys(provider.total.keysToChoose ?? {}).length === 0, `provider names, the first item said ${JSON.stringify(provider.total).slice(0, 600)}`);
		assert(BULLETIN.every((f) => provider.record[f] === null && provider.record.unreadFields.includes(f)), `provider names, Get Summary gave ${JSON.stringify(provider.record).slice(0, 500)}`);

		assert(mapped.total.verdict === 'OK: all 10 reads carry what the package reads.', `with Answer Key Names saved, the first item says ${JSON.stringify(mapped.total).slice(0, 400)}`);
		assert(JSON.stringify(mapped.record) === JSON.stringify(normal.record), `with Answer Key Names saved, Get Summary gave ${JSON.stringify(mapped.record).slice(0, 400)}, not ${JSON.stringify(normal.record).slice(0, 400)}`);
		assert(sandbox.usage().paidLoads === paidBefore, `Check Answers made ${sandbox.usage().paidLoads - paidBefore} paid loads`);
		return `10 reads for ${rut}, all OK; judicial renamed: both summaries differ; provider names: ${BULLETIN.length} bulletin fields unread, the first item's ${pasted} suggested keys pasted once: OK and the record as before; 0 paid loads`;
	});
}

module.exports = { checkAnswers };
