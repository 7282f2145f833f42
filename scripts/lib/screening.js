'use strict';
// The supplier-screening example's check, shared by the single-process and the queue-mode e2e.
const { nodeItems } = require('./n8n');
const { assert, same } = require('./checks');

/** The sandbox's own V2 summary of a RUT, read directly (free for a loaded RUT). */
async function rawSummary(sandbox, rut) {
	const res = await fetch(`${sandbox.url}/api/clients/v2/helper/resumen?rut=${encodeURIComponent(rut)}`, {
		headers: { authorization: `Bearer ${sandbox.token}`, 'x-client-identifier': sandbox.clientId, accept: 'application/json' },
		signal: AbortSignal.timeout(10_000),
	});
	assert(res.status === 200, `the sandbox answered ${res.status} for the summary of ${rut}`);
	return (await res.json()).data;
}

/** The records a supplier-screening run routed to Review and Approve, in that order. */
function screeningRecords(runData) {
	const review = (nodeItems(runData, 'Review') ?? []).map((i) => i.json);
	const approve = (nodeItems(runData, 'Approve') ?? []).map((i) => i.json);
	return { review, approve, records: [...review, ...approve] };
}

/**
 * The supplier-screening example run twice by `runWorkflow()` (which resolves with n8n's run data):
 * one record per listed RUT equal to the sandbox's own data, each routed as its trait says, the
 * first run paying for the loads and the second run for none. Resolves with both runs, the
 * records, the first run's paid loads and a one-line summary; throws on the first difference.
 */
async function checkSupplierScreening(runWorkflow, sandbox, wf, known) {
	const rutsNode = wf.json.nodes.find((n) => n.type === 'n8n-nodes-base.set' && /\[/.test(JSON.stringify(n.parameters)));
	const listed = JSON.parse(rutsNode.parameters.assignments.assignments[0].value.replace(/^=/, ''));
	const before = sandbox.usage();
	const runData = await runWorkflow();
	assert(runData.status === 'success' && !runData.data.resultData.error, `the run failed: ${JSON.stringify(runData.data.resultData.error ?? runData.status).slice(0, 500)}`);
	const { review, approve, records } = screeningRecords(runData);
	assert(same(records.map((r) => r.rut).sort(), [...listed].sort()), `expected one record per listed RUT ${listed.join(', ')}, got ${records.map((r) => r.rut).join(', ')}`);
	for (const r of records) {
		const raw = await rawSummary(sandbox, r.rut);
		const expect = {
			rut: raw.rut,
			name: raw.identificacion?.razonSocial,
			isLegalEntity: raw.esPersonaJuridica,
			activeCivilCases: raw.judicial?.casosCivilesActivos,
			activeCollectionCases: raw.judicial?.cobranzaActivos,
			activeLaborCases: raw.judicial?.laboralActivos,
			complianceRisk: raw.compliance?.riesgo,
			classificationLabel: raw.creditScoring?.etiquetaClasificacion,
			failedHelpers: raw.ayudantesFallidos ?? [],
		};
		for (const [k, v] of Object.entries(expect)) assert(same(r[k], v), `${r.rut}: ${k} is ${JSON.stringify(r[k])}, the sandbox says ${JSON.stringify(v)}`);
	}
	// Each routed item starts with its decision and the reasons for it, in words with units.
	for (const [list, decision] of [[review, 'review'], [approve, 'approve']]) {
		for (const r of list) {
			const first = Object.keys(r).slice(0, 2);
			assert(same(first, ['decision', 'reasons']) && r.decision === decision, `${r.rut} (${decision}) starts with ${JSON.stringify(first)}: ${JSON.stringify(r).slice(0, 200)}`);
			assert(Array.isArray(r.reasons) && r.reasons.length > 0 === (decision === 'review'), `${r.rut} (${decision}) has reasons ${JSON.stringify(r.reasons)}`);
		}
	}
	const indebtedRecord = records.find((r) => r.rut === known.indebted);
	if (indebtedRecord)
		assert(
			indebtedRecord.reasons.some((reason) => /^overdue bank debt [\d,]+ thousand CLP$/.test(reason)),
			`the indebted RUT's reasons do not give its overdue bank debt in thousands of CLP: ${JSON.stringify(indebtedRecord.reasons)}`,
		);
	const decided = (rut) => (review.some((r) => r.rut === rut) ? 'review' : approve.some((r) => r.rut === rut) ? 'approve' : 'missing');
	assert(decided(known.clean) === 'approve', `the clean RUT ${known.clean} went to ${decided(known.clean)}`);
	// Unknown goes to review: the failingHelpers RUT is clean on every other indicator.
	for (const kind of ['indebted', 'bankrupt', 'critical', 'failingHelpers'])
		if (listed.includes(known[kind])) assert(decided(known[kind]) === 'review', `the ${kind} RUT ${known[kind]} went to ${decided(known[kind])}`);
	const failing = records.find((r) => r.rut === known.failingHelpers);
	if (failing) assert(failing.failedHelpers.length > 0, `the failingHelpers RUT has failedHelpers ${JSON.stringify(failing.failedHelpers)}`);
	const bankrupt = records.find((r) => r.rut === known.bankrupt);
	if (bankrupt) assert(bankrupt.bankruptcy === true, `the bankrupt RUT has bankruptcy ${bankrupt.bankruptcy}`);
	const critical = records.find((r) => r.rut === known.critical);
	if (critical) assert(critical.complianceRisk === 'critical', `the critical RUT has complianceRisk ${critical.complianceRisk}`);
	const firstLoads = sandbox.usage().paidLoads - before.paidLoads;

	const again = await runWorkflow();
	assert(again.status === 'success', `the second run failed: ${again.status}`);
	const secondLoads = sandbox.usage().paidLoads - before.paidLoads - firstLoads;
	assert(secondLoads === 0, `the second run paid for ${secondLoads} loads of RUTs already loaded`);
	return {
		first: runData,
		second: again,
		records,
		firstLoads,
		summary: `${records.length} simplified records equal the sandbox's data; ${review.length} to review, ${approve.length} approved; first run paid ${firstLoads} loads, second run 0`,
	};
}

module.exports = { checkSupplierScreening };
