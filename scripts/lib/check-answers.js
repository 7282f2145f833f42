'use strict';
// (ca) Account → Check Answers in a real n8n: a workflow created through n8n's public API with the
// sandbox credential the e2e imported, run from the editor for a loaded RUT. With normal answers
// every read's verdict is OK; with the sandbox's answers drifted (POST /_sandbox/drift, the
// summaries' judicial section renamed) the V2 and V1 summary items name the judicial keys they
// lack and the renamed keys they hold; nothing is paid either way. The drift is turned off after.
const { assert } = require('./checks');
const { nodeItems } = require('./n8n');
const { CREDENTIAL_IDS } = require('./setup');

const NODE = 'Check Answers';

async function drift(sandbox, value) {
	const res = await fetch(`${sandbox.url}/_sandbox/drift`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ drift: value }) });
	assert(res.status === 200, `POST /_sandbox/drift ${JSON.stringify(value)} answered ${res.status}`);
}

async function runCheck(n8n, cookie, apiKey, id) {
	const exec = await n8n.runFromEditor(cookie, apiKey, id, 'Start');
	assert(exec.status === 'success', `Check Answers ended ${exec.status}: ${JSON.stringify(exec.data?.resultData?.error ?? '').slice(0, 400)}`);
	return (nodeItems(exec, NODE) ?? []).map((i) => i.json);
}

/** @param {{ n8n: object, cookie: string, apiKey: string, sandbox: object, check: Function }} o */
async function checkAnswers(o) {
	await o.check('ca', 'Account → Check Answers: every verdict OK on normal answers; with the judicial section renamed, the summaries name what they lack; nothing paid', async () => {
		const { n8n, cookie, apiKey, sandbox } = o;
		const rut = '76222222-1';
		sandbox.loadRut(rut);
		const wf = await n8n.rest('POST', '/api/v1/workflows', {
			apiKey,
			body: {
				name: 'Check Answers (e2e)',
				settings: {},
				nodes: [
					{ id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
					{
						id: 'b',
						name: NODE,
						type: 'n8n-nodes-riskinfo.riskInfo',
						typeVersion: 3,
						position: [200, 0],
						parameters: { apiVersion: 'v2', resource: 'account', operation: 'checkAnswers', rut: { __rl: true, mode: 'list', value: rut } },
						credentials: { riskInfoApi: { id: CREDENTIAL_IDS.api, name: 'Risk Info (sandbox)' } },
					},
				],
				connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
			},
		});
		assert(wf.status === 200, `creating the workflow answered ${wf.status}: ${wf.text.slice(0, 300)}`);
		const paidBefore = sandbox.usage().paidLoads;

		const normal = await runCheck(n8n, cookie, apiKey, wf.json.id);
		const notOk = normal.filter((i) => !/^OK:/.test(i.verdict));
		assert(normal.length === 10 && !notOk.length, `normal answers gave ${normal.length} items, not OK: ${JSON.stringify(notOk).slice(0, 400)}`);

		await drift(sandbox, 'renamed');
		let drifted;
		try {
			drifted = await runCheck(n8n, cookie, apiKey, wf.json.id);
		} finally {
			await drift(sandbox, null);
		}
		const summaries = drifted.filter((i) => /resumen|\/summary$/.test(i.path));
		const lacking = summaries.filter((i) => i.expectedMissing.some((k) => /judicial/i.test(k)) && /^The answer lacks /.test(i.verdict) && i.unknownFields.length);
		assert(summaries.length === 2 && lacking.length === 2, `drifted, the summary items said ${JSON.stringify(summaries).slice(0, 600)}`);
		const others = drifted.filter((i) => !summaries.includes(i) && !/^OK:/.test(i.verdict));
		assert(!others.length, `drifted, other reads were not OK: ${JSON.stringify(others).slice(0, 300)}`);
		assert(sandbox.usage().paidLoads === paidBefore, `Check Answers made ${sandbox.usage().paidLoads - paidBefore} paid loads`);
		return `10 reads for ${rut}, all OK; renamed: ${summaries.map((i) => `${i.path} lacks ${i.expectedMissing.join(', ')}`).join('; ')}; 0 paid loads`;
	});
}

module.exports = { checkAnswers };
