/**
 * What the node panel and the Docs links show: the description the action node and its trigger
 * share, and the Docs link of each of the three nodes.
 *
 * n8n's node panel shows the action node and its trigger as one entry ("Risk Info") with the
 * trigger's actions merged in, and gives that entry the TRIGGER's description (n8n 2.40.7,
 * generateMergedNodesAndActions). So those two nodes carry the same description, written for the
 * whole package, and the panel shows the action node's own words. The Monitor, an entry of its
 * own, has its own description.
 */
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
