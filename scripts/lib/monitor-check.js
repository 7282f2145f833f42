'use strict';
// The e2e's check of the Risk Info Monitor where users run it: the example "supplier monitoring →
// alert", activated in a real n8n, polls the sandbox (every 10 s here, every minute as shipped); changes made through the
// sandbox's control endpoint (as `npm start`'s banner tells users) are seen within two polls with
// their evidence (the bulletin's adding up against the summary's figures, amounts in CLP) and emitted once, each status reaching its message (alert, review, attention),
// the digest example giving one item per poll, and nothing is paid. In queue mode, also: the polls
// run on the main only (its log says so, the workers' never do), the execution on a worker.
const fs = require('node:fs');
const { nodeItems } = require('./n8n');
const { loadSandbox, sandboxSummary, saveSandboxCredential, PROVIDER_KEY_NAMES, RISKINFO_MONITOR } = require('./setup');
const { assert, waitFor } = require('./checks');
const { workerOf } = require('./queue');
const { pollEvery } = require('./monitor-scheduler');

const SUMMARY = '/api/clients/v2/helper/resumen';
/** What n8n-core's PollTriggerExecutor logs (scope poll-trigger, debug) each time it polls. */
const POLLED = 'Poll trigger initiated for workflow';
/** What n8n's durable scheduler logs (scope scheduler, debug) after each poll it ran, with the workflow's id. */
const SCHEDULED = /Poll returned (no )?new data/;

const readsOf = (sandbox, rut, from) => sandbox.requests.slice(from).filter((r) => r.path === SUMMARY && r.query.rut === rut).length;

/**
 * @param {object} o
 * @param {import('./n8n').N8n} o.n8n the process whose API activates the workflow (the main in queue mode)
 * @param {string} o.apiKey
 * @param {object} o.sandbox the sandbox the example's credential points at
 * @param {{ id: string, json: object }} o.wf the example
 * @param {{ id: string, json: object }} [o.digest] the digest example, activated beside it
 * @param {object} [o.stack] queue mode: the started stack (lib/queue.js), its main and workers logging polls
 */
async function checkMonitor({ n8n, apiKey, sandbox, wf, digest, stack }) {
	const { KNOWN_RUTS } = loadSandbox();
	const monitor = wf.json.nodes.find((n) => n.type === RISKINFO_MONITOR).name;
	// The example's routes: Changed? → Critical? → alert | review; Changed? false → Good News? → good news | attention.
	const next = (name, out) => wf.json.connections[name].main[out].map((c) => c.node)[0];
	const changedIf = next(monitor, 0);
	const [criticalIf, goodNewsIf] = [next(changedIf, 0), next(changedIf, 1)];
	const [goodNews, attention] = [next(goodNewsIf, 0), next(goodNewsIf, 1)];
	const [alert, review] = [next(criticalIf, 0), next(criticalIf, 1)];
	const watched = Object.values(KNOWN_RUTS);
	const monitors = [wf, digest].filter(Boolean);
	// Sandbox setup, as `npm start` does it: the known RUTs monitored in the account, no paid load.
	for (const rut of watched) sandbox.loadRut(rut, { isMonitoring: true });
	// One RUT's reads fail from the first poll on (4 tries a read, in each Monitor): its third poll reports it.
	const unreadable = KNOWN_RUTS.bankrupt;
	sandbox.failNext(503, 3 * 4 * monitors.length, { path: SUMMARY, query: { rut: unreadable } });
	const paidBefore = sandbox.usage().paidLoads;
	const start = sandbox.requests.length;

	for (const [i, w] of monitors.entries()) {
		// Every 10 s, each Monitor at its own seconds: what a poll shows does not depend on how often it
		// runs, and each of this check's steps waits a poll or two (every 20 s, it took over two minutes).
		const nodes = w.json.nodes.map((n) => (n.type === RISKINFO_MONITOR ? { ...n, parameters: { ...n.parameters, pollTimes: pollEvery(10, i * 5) } } : n));
		const put = await n8n.rest('PUT', `/api/v1/workflows/${w.id}`, { apiKey, body: { name: w.json.name, nodes, connections: w.json.connections, settings: w.json.settings } });
		assert(put.status === 200, `setting "${w.json.name}" to poll every 10 s answered ${put.status}: ${put.text.slice(0, 300)}`);
		const on = await n8n.rest('POST', `/api/v1/workflows/${w.id}/activate`, { apiKey });
		assert(on.status === 200, `activating "${w.json.name}" answered ${on.status}: ${on.text.slice(0, 300)}`);
	}
	try {
		// Activation polls once: every watched RUT read, its baseline set, nothing emitted. Under n8n's
		// durable scheduler that poll is a test whose static data n8n does not keep, and the first
		// scheduled poll takes the baselines again: wait for it too, in every Monitor.
		await waitFor('the first two polls did not read every monitored RUT', () => watched.every((rut) => readsOf(sandbox, rut, start) >= 2 * monitors.length), 150_000, 250);
		await new Promise((r) => setTimeout(r, 2000));

		const rut = KNOWN_RUTS.clean;
		const other = KNOWN_RUTS.indebted;
		const change = async (r, kind) => {
			const res = await fetch(`${sandbox.url}/_sandbox/ruts/${r}/changes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ change: kind }) });
			assert(res.status === 200, `the sandbox's control endpoint answered ${res.status}`);
		};
		await change(rut, 'criticalRisk');
		await change(other, 'civilCase');
		await change(other, 'bulletinCase');
		const changedAt = sandbox.requests.length;
		const changedTime = Date.now();

		const isChange = (e) => nodeItems(e, monitor)?.some((i) => i.json.rut === rut && i.json.status === 'changed');
		const exec = await waitFor(
			`no execution of "${wf.json.name}" reported the change of ${rut} within 3 minutes`,
			async () => (await n8n.executions(apiKey, wf.id)).find((e) => e.status === 'success' && isChange(e)),
			180_000,
			1000,
		);
		// Within two polls of each Monitor.
		const polls = readsOf(sandbox, rut, changedAt);
		assert(polls >= 1 && polls <= 2 * monitors.length, `the change was reported after ${polls} reads of ${rut}`);
		const seenAfter = Math.round((Date.now() - changedTime) / 1000);
		const items = nodeItems(exec, monitor).map((i) => i.json);
		assert(items.length === 2, `the execution started with ${items.length} items: ${JSON.stringify(items).slice(0, 500)}`);
		const item = items.find((i) => i.rut === rut);
		const expected = [{ field: 'complianceRisk', before: 'free', after: 'critical' }];
		assert(JSON.stringify(item.changes) === JSON.stringify(expected), `the item's changes are ${JSON.stringify(item.changes)}`);
		assert(/^.+ \(76\.111\.111-6\): compliance risk free → critical$/.test(item.summary), `the item's summary is ${JSON.stringify(item.summary)}`);
		// Its evidence, read from the sandbox's compliance read: the criminal-record finding the change added.
		const criminal = item.evidence?.compliance?.lists?.find((l) => l.list === 'Criminal');
		assert(criminal?.findings?.length >= 1 && criminal.findings[0].name, `the item's compliance evidence is ${JSON.stringify(item.evidence).slice(0, 400)}`);
		assert(item.details.startsWith(`${item.summary}\nCompliance findings: Criminal (`), `the item's details are ${JSON.stringify(item.details)}`);
		const civil = items.find((i) => i.rut === other)?.evidence?.civilCases;
		const bulletin = await checkBulletin(sandbox, items.find((i) => i.rut === other));
		assert(civil?.new === 1 && civil.cases?.[0]?.new === true && /^C-9\d{3}-/.test(civil.cases[0].caseNumber), `the civil case's evidence is ${JSON.stringify(civil).slice(0, 400)}`);
		const reached = (node) => (nodeItems(exec, node) ?? []).map((i) => i.json.rut);
		assert(JSON.stringify(reached(alert)) === JSON.stringify([rut]), `"${alert}" got ${JSON.stringify(reached(alert))}`);
		assert(JSON.stringify(reached(review)) === JSON.stringify([other]), `"${review}" got ${JSON.stringify(reached(review))}`);
		const posted = (nodeItems(exec, alert) ?? [])[0]?.json.details;
		assert(posted === item.details, `"${alert}" was given ${JSON.stringify(posted)}`);

		// The third poll: the RUT that could not be read three times is reported, to the attention branch; the change is not emitted again.
		const isFailed = (e) => nodeItems(e, monitor)?.some((i) => i.json.status === 'readFailed');
		const failedExec = await waitFor(
			`no execution of "${wf.json.name}" reported ${unreadable} as failing to read within 3 minutes`,
			async () => (await n8n.executions(apiKey, wf.id)).find((e) => e.status === 'success' && isFailed(e)),
			180_000,
			1000,
		);
		const failedItems = nodeItems(failedExec, monitor).map((i) => i.json);
		assert(failedItems.length === 1 && failedItems[0].rut === unreadable && failedItems[0].error, `the third poll emitted ${JSON.stringify(failedItems).slice(0, 400)}`);
		const attended = (nodeItems(failedExec, attention) ?? []).map((i) => i.json.status);
		assert(JSON.stringify(attended) === '["readFailed"]', `"${attention}" got ${JSON.stringify(attended)}`);
		const all = await n8n.executions(apiKey, wf.id, { includeData: false });
		assert(all.length === 2, `${all.length} executions of "${wf.json.name}" (two expected): ${all.map((e) => `${e.id} ${e.mode} ${e.status}`).join(', ')}`);
		const blind = await checkUnreadable({ n8n, apiKey, sandbox, wf, monitor, monitors, goodNews, rut: KNOWN_RUTS.naturalPerson });

		let digested = '';
		if (digest) {
			const trigger = digest.json.nodes.find((n) => n.type === RISKINFO_MONITOR).name;
			const runs = await n8n.executions(apiKey, digest.id);
			const digests = runs.filter((e) => e.status === 'success').map((e) => nodeItems(e, trigger) ?? []);
			assert(digests.every((d) => d.length === 1 && d[0].json.status === 'digest'), `"${digest.json.name}" emitted ${JSON.stringify(digests.map((d) => d.length))} items per poll`);
			const withChange = digests.map((d) => d[0].json).find((d) => d.counts.changed === 2);
			assert(withChange && withChange.text.includes(item.details), `no digest of "${digest.json.name}" holds both changes with the evidence: ${JSON.stringify(digests.map((d) => d[0].json.counts))}`);
			digested = `; "${digest.json.name}" emitted ${digests.length} digests of one item each, one holding both changes (${withChange.text.length} characters of text)`;
		}
		const paid = sandbox.usage().paidLoads - paidBefore;
		assert(paid === 0, `the Monitor's polls paid for ${paid} loads`);

		let where = '';
		if (stack) {
			const worker = workerOf(stack, exec.id);
			assert(worker, `no worker's log says it started execution ${exec.id}`);
			const polled = (l) => (l.includes(POLLED) && l.includes(wf.json.name)) || (SCHEDULED.test(l) && l.includes(`"workflowId":"${wf.id}"`));
			const pollLines = (p) => fs.readFileSync(p.logFile, 'utf8').split('\n').filter(polled).length;
			const onMain = pollLines(stack.main);
			const onWorkers = stack.workers.map(pollLines);
			assert(onMain >= 3, `the main's log records ${onMain} polls of "${wf.json.name}"`);
			assert(onWorkers.every((n) => n === 0), `workers' logs record polls: ${onWorkers.join(', ')}`);
			where = `; ${onMain} polls logged by the main, none by the workers; execution ${exec.id} ran on ${worker.name}`;
		}
		return `the first two polls read all ${watched.length} monitored RUTs and emitted nothing; ${rut} made critical and ${other} given a civil case and a bulletin case through /_sandbox/: reported by the poll after (${polls} read${polls > 1 ? 's' : ''} of it, ${seenAfter} s), "${item.summary}" with its evidence (${criminal.findings.length} criminal finding(s); the new case ${civil.cases[0].caseNumber}; ${bulletin}), to "${alert}" and "${review}"; the third poll reported ${unreadable} as failing to read (readFailed) to "${attention}" (2 executions in all, the change not emitted again); ${blind}, 0 paid${digested}${where}`;
	} finally {
		for (const w of monitors) await n8n.rest('POST', `/api/v1/workflows/${w.id}/deactivate`, { apiKey });
	}
}

/**
 * One watched RUT's bulletin comes under a data provider's names (POST /_sandbox/drift
 * providerNames: casosAlfa…, incluyeBuroExterno; no data source failed), one supplier's difference
 * and not the account's (the Monitor says that once for all, test/examples/monitoring.test.ts): the Monitor's next poll
 * says so once, as an `unreadable` item of that RUT naming the bulletin's fields and what to do; the poll after
 * says nothing more. Then the mapping is saved in the credential (Answer Key Names, through n8n's
 * public API): the next poll says once that it can read them again (`readableAgain`, routed to the
 * example's good news, not its warning), and reports
 * no change, since under the mapping nothing changed. The drift and the credential are put back
 * whatever happens.
 */
async function checkUnreadable({ n8n, apiKey, sandbox, wf, monitor, monitors, goodNews, rut }) {
	const drift = async (body) => {
		const res = await fetch(`${sandbox.url}/_sandbox/drift`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		assert(res.status === 200, `POST /_sandbox/drift answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
	};
	const itemsOf = (e, status) => (nodeItems(e, monitor) ?? []).map((i) => i.json).filter((j) => j.status === status && j.rut === rut);
	const reported = async (status) => (await n8n.executions(apiKey, wf.id)).filter((e) => e.status === 'success').flatMap((e) => itemsOf(e, status));
	const from = sandbox.requests.length;
	await drift({ drift: 'providerNames', ruts: [rut] });
	try {
		await waitFor(`no execution of "${wf.json.name}" reported ${rut}'s unreadable fields within 2 minutes`, async () => (await reported('unreadable')).length > 0, 120_000, 1000);
		const [item] = await reported('unreadable');
		const fields = (item.evidence?.unreadFields ?? []).map((f) => f.field);
		assert(fields.includes('bulletinCases') && fields.includes('bulletinUnpaidAmount') && /What to do: run Risk Info → Account → Check [Aa]nswers .*Answer Key Names/.test(item.summary), `the unreadable item is ${JSON.stringify(item).slice(0, 600)}`);
		// The next poll of every Monitor reads it again, drifted still, and says nothing more of it.
		const seen = readsOf(sandbox, rut, from);
		await waitFor(`${rut} was not read again within 2 minutes`, () => readsOf(sandbox, rut, from) >= seen + monitors.length, 120_000, 250);
		await new Promise((r) => setTimeout(r, 3000));
		const once = (await reported('unreadable')).length;
		assert(once === 1, `"${wf.json.name}" reported ${rut} unreadable ${once} times`);

		// The mapping saved in the credential: the fields read again, and nothing changed under it.
		await saveSandboxCredential(n8n, apiKey, sandbox, { answerKeyNames: JSON.stringify(PROVIDER_KEY_NAMES) });
		await waitFor(`no execution of "${wf.json.name}" said ${rut}'s fields can be read again within 2 minutes`, async () => (await reported('readableAgain')).length > 0, 120_000, 1000);
		const saved = readsOf(sandbox, rut, from);
		await waitFor(`${rut} was not read again within 2 minutes`, () => readsOf(sandbox, rut, from) >= saved + monitors.length, 120_000, 250);
		await new Promise((r) => setTimeout(r, 3000));
		const [again, changed] = [await reported('readableAgain'), await reported('changed')];
		assert(again.length === 1 && changed.length === 0, `with the mapping saved, "${wf.json.name}" said ${rut} readable again ${again.length} times and changed ${changed.length} times`);
		// Good news, routed as such: to its own message, not under Needs Attention's warning.
		const againExec = (await n8n.executions(apiKey, wf.id)).find((e) => e.status === 'success' && itemsOf(e, 'readableAgain').length);
		const cheered = (nodeItems(againExec, goodNews) ?? []).map((i) => i.json.status);
		assert(JSON.stringify(cheered) === '["readableAgain"]' && /^Good news: /.test(again[0].summary), `"${goodNews}" got ${JSON.stringify(cheered)}; the item said "${again[0].summary}"`);
		return `${rut}'s bulletin under a provider's names through /_sandbox/drift: reported once as unreadable (${fields.join(', ')}) with what to do, not again on the poll after; with Answer Key Names saved in the credential, said once to be readable again (to "${goodNews}"), no change reported`;
	} finally {
		await drift({ drift: null });
		await saveSandboxCredential(n8n, apiKey, sandbox);
	}
}

const SOURCES = ['SourceA', 'SourceB', 'SourceC'];
const clp = (n) => `${n.toLocaleString('en-US')} CLP`;

/**
 * A bulletin change's evidence against the summary the sandbox serves now: each source's cases and
 * amount as the summary gives them, under its spec name (SourceC null: the RUT was loaded without Bureau data), adding
 * up to the change's after; the cases listed as many and as much as their source's; every amount
 * in the change line and the details in CLP.
 */
async function checkBulletin(sandbox, item) {
	const b = (await sandboxSummary(sandbox, item.rut)).boletinComercial;
	const sources = SOURCES.map((source) => ({ source, cases: b[`casos${source}`] ?? null, amount: b[`Monto${source}`] ?? null }));
	const sum = (key) => sources.reduce((total, s) => total + (s[key] ?? 0), 0);
	const evidence = item.evidence?.bulletin;
	const shown = `the bulletin evidence is ${JSON.stringify(evidence).slice(0, 500)}; the summary's figures ${JSON.stringify(sources)}`;
	// No Answer Key Names here: each source is called by its spec name.
	const bySource = evidence?.bySource?.map(({ source, name, cases, amount }) => ({ source, cases, amount, named: name === source }));
	assert(JSON.stringify(bySource) === JSON.stringify(sources.map((s) => ({ ...s, named: true }))) && evidence.currency === 'CLP', shown);
	const [cases, amount] = ['bulletinCases', 'bulletinUnpaidAmount'].map((field) => item.changes.find((c) => c.field === field));
	assert(cases?.after === sum('cases') && amount?.after === sum('amount'), `the changes ${JSON.stringify(item.changes)} are not the summary's totals, ${sum('cases')} cases, ${sum('amount')}`);
	const phrase = `commercial bulletin unpaid amount ${clp(amount.before)} → ${clp(amount.after)}`;
	assert(item.summary.includes(phrase), `the summary ${JSON.stringify(item.summary)} lacks "${phrase}"`);
	const from = sources.find((s) => s.source === evidence.casesFrom);
	assert(from && evidence.unpaid === from.cases && evidence.unpaidAmount === from.amount && evidence.new === 1, `the cases listed are not their source's: ${shown}`);
	const line = item.details.split('\n').find((l) => l.startsWith('Commercial bulletin'));
	const parts = [
		`${sum('cases')} cases, ${clp(sum('amount'))} unpaid`,
		...sources.filter((s) => s.amount !== null).map((s) => `${s.source} ${s.cases} case${s.cases === 1 ? '' : 's'}, ${clp(s.amount)}`),
		'SourceC not given (loaded without Bureau data)',
		`(${from.source}): ${from.cases}, ${clp(from.amount)} (1 new)`,
		`${clp(1_250_000)}, `,
	];
	const missing = parts.filter((p) => !line?.includes(p));
	assert(b.casosSourceC == null && !missing.length && !line.includes('$'), `the details' bulletin line ${JSON.stringify(line)} lacks ${JSON.stringify(missing)}`);
	return `the bulletin's ${sum('cases')} cases, ${clp(sum('amount'))}, by source as the summary gives them, ${from.cases} listed from ${from.source}`;
}

module.exports = { checkMonitor };
