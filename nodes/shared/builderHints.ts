/**
 * What n8n's AI workflow builders read about the three nodes (n8n-workflow's `builderHint`): the
 * node catalog shows a node's searchHint and relatedNodes in search results, and a parameter's
 * hint in the node's type definition. The editor shows none of it. Plain English for a model
 * that writes workflow SDK code: no wire-format expressions, no connection-type names (n8n-node
 * lint's no-builder-hint-leakage). n8n's search matches names and codex aliases, not these texts:
 * the words people search with live in each node's `.node.json` alias list. Below, what the node
 * panel and the Docs links show.
 */
import type { IBuilderHint, IParameterBuilderHint, IRelatedNode } from 'n8n-workflow';

const SLACK = 'n8n-nodes-base.slack';
const SHEETS = 'n8n-nodes-base.googleSheets';
const IF = 'n8n-nodes-base.if';
const AGENT = '@n8n/n8n-nodes-langchain.agent';
const ACTION = 'n8n-nodes-riskinfo.riskInfo';

const related = (nodeType: string, relationHint: string): IRelatedNode => ({ nodeType, relationHint });

export const ACTION_HINT: IBuilderHint = {
	searchHint:
		'Chilean company risk and due diligence by RUT (Chile\'s tax ID): supplier and customer screening, credit score, commercial bulletin debts, court cases (civil, collection, labor), bankruptcy, compliance screening (PEP, sanctions, criminal records). Reads of a loaded RUT are free; loading a RUT and compliance screening are paid. For a yes/no on risk use resource "rut", operation "getSummary" with simplify on, and loadIfMissing on only when the RUTs may be new to the account (a paid load each).',
	relatedNodes: [
		related(SHEETS, 'Holds the list of supplier RUTs to screen, and receives the results'),
		related(IF, 'Branches on the simplified summary, e.g. classificationLabel or complianceRisk'),
		related(SLACK, 'Alerts the team about a risky or critical supplier'),
		related('n8n-nodes-riskinfo.riskInfoTrigger', 'Receives the result of a compliance screening this node starts, by webhook'),
		related(AGENT, 'Uses this node as a tool to answer questions about a Chilean company by RUT'),
	],
};

export const TRIGGER_HINT: IBuilderHint = {
	searchHint:
		'Webhook trigger for compliance screening results (PEP, sanctions, criminal records, adverse news) on Chilean companies and people: starts the workflow when a screening started with the Risk Info node finishes. Filter with minimumRisk to act on critical results only.',
	relatedNodes: [
		related(ACTION, 'Starts the compliance screening (resource "compliance", a paid load) whose result arrives here'),
		related(IF, 'Branches on the screening\'s risk'),
		related(SLACK, 'Alerts the team about a critical screening result'),
		related(SHEETS, 'Records each screening result next to its supplier'),
	],
};

export const MONITOR_HINT: IBuilderHint = {
	searchHint:
		'Polling trigger for supplier risk change monitoring in Chile: starts the workflow when a watched RUT\'s risk changes (credit score, debts, court cases, bankruptcy, compliance), reading only, so it never pays. Use it for "alert me when a supplier\'s risk changes"; no schedule trigger is needed.',
	relatedNodes: [
		related(SLACK, 'Alerts the team about the change, one message per changed RUT'),
		related(SHEETS, 'Keeps a log of the changes'),
		related(IF, 'Acts only on some changes, e.g. a worse classification'),
		related(ACTION, 'Loads the RUTs to watch (a paid load, with monitoring on)'),
	],
};

const hint = (propertyHint: string): IParameterBuilderHint => ({ propertyHint });

/** The RUT field, wherever one RUT is given (a plain field or a picker). */
export const RUT_HINT = hint(
	'A Chilean RUT as text with its check digit, e.g. "76.111.111-6", "76111111-6" or "761111116"; dots and hyphen are optional, K may be the check digit. Never invent or fix a check digit: a wrong one is rejected before any call. From an earlier node, map the field that holds the RUT.',
);

/** Node version 3's RUT, a resource locator: the same RUT, in the locator's shape. */
export const RUT_LOCATOR_HINT = hint(
	'A resource locator holding a Chilean RUT with its check digit, e.g. "76.111.111-6". For a RUT given by the user or an earlier node use mode "id" with the RUT (or an expression) as its value; mode "list" only picks a RUT already loaded in the account. Never invent or fix a check digit: a wrong one is rejected before any call.',
);

export const PARAMETER_HINTS = {
	apiVersion: hint('Use "v2" unless the user says their account has not migrated. "v1" is legacy; only it has the PDF summary.'),
	loadIfMissing: hint('Set true when the RUTs may be new to the account: a RUT not loaded yet is then loaded first, a paid call, once per RUT. Keep false for free reads only.'),
	dryRun: hint('Set true to test a workflow that pays: nothing paid is sent and each item says whether the real run would pay (wouldPay, wouldPayFor).'),
	maxPaidLoads: hint('The cost guard: the most paid calls one run may make. Set it to the number of RUTs expected to be new; past it, items fail instead of paying.'),
	respond: hint('Keep "whenFinished" so the service retries a delivery whose workflow failed; "immediately" answers before the workflow runs.'),
	source: hint('"account" watches every RUT the account monitors (no list needed); "list" watches the RUTs given in the ruts field, each already loaded.'),
} satisfies Record<string, IParameterBuilderHint>;

/** On a paid operation, in the operation list the builder picks from. */
export const PAID_OPERATION_HINT = hint(
	'Paid: every call is charged. Try it with dryRun first, and set Request Options > maxPaidLoads as a cap. A RUT already loaded needs no load: read it.',
);

// What the node panel and the Docs links show: the description the action node and its trigger
// share, and the Docs link of each of the three nodes.
//
// n8n's node panel shows the action node and its trigger as one entry ("Risk Info") with the
// trigger's actions merged in, and gives that entry the TRIGGER's description (n8n 2.40.7,
// generateMergedNodesAndActions). So those two nodes carry the same description, written for the
// whole package, and the panel shows the action node's own words. The Monitor, an entry of its
// own, has its own description.

export const PACKAGE_DESCRIPTION =
	'Risk and due-diligence information on Chilean taxpayers by RUT, and compliance screening of names';

// A node's Docs link: n8n appends its tracking query to a codex URL, after any "#anchor", which
// then no longer matches; a `documentationUrl` starting with http is used as it is. The README
// covers what a user sets up; the longer references are pages under docs/.
const REPOSITORY = 'https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo';
const PAGE = `${REPOSITORY}/blob/main/docs`;
export const DOCS = {
	operations: `${REPOSITORY}#operations`,
	trigger: `${REPOSITORY}#trigger`,
	tryTheTrigger: `${PAGE}/trigger.md#try-it-without-the-service`,
	monitor: `${REPOSITORY}#risk-info-monitor`,
};
