// The words people type find the right node of ours (issues 56, 62 and 69), through n8n's own search
// code over our nodes with their codex, as n8n's loader gives them. The node panel: n8n's editor
// (n8n-editor-ui 2.40.7; searchNodes in nodeCreator.utils, called by useViewStacks) runs
// @n8n/utils's sublimeSearch over each entry's displayName (weight 1.3) and codex aliases (1), the
// whole search within one of them, then @n8n/utils's reRankSearchResults, which adds each node's
// popularity × 100 from n8n's own list; the same two functions are imported here, unchanged (the
// bundle's copies read the same). The trigger has no entry of its own there: it is merged into the
// action node's entry, which keeps the action node's displayName and codex. n8n's own entries are
// those of n8n 2.40.7 that match any of the words, with their popularity: its node types but those
// it excludes by default, and the HTTP Request presets it lists for some credentials, such as
// Microsoft Azure Monitor (n8n-panel-entries.json, written by scripts/panel-entries.js). The AI builder's search_nodes is
// @n8n/ai-utilities's NodeTypeParser, word by word. The e2e types the same words in a real editor
// (scripts/lib/finding-checks.js, foundByWords).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeTypeParser } from '@n8n/ai-utilities/node-catalog';
import { reRankSearchResults } from '@n8n/utils/search/re-rank-search-results';
import { sublimeSearch } from '@n8n/utils/search/sublime-search';
import type { INodeTypeDescription } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RiskInfoMonitor } from '../../nodes/RiskInfoMonitor/RiskInfoMonitor.node';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';

const ROOT = path.resolve(__dirname, '../..');
const withCodex = (d: INodeTypeDescription, dir: string) => ({
	...d,
	name: `n8n-nodes-riskinfo.${d.name}`,
	codex: JSON.parse(readFileSync(path.join(ROOT, 'nodes', dir, `${dir}.node.json`), 'utf8')) as { alias: string[] },
});
const action = withCodex(new RiskInfo().description, 'RiskInfo');
const trigger = withCodex(new RiskInfoTrigger().description as INodeTypeDescription, 'RiskInfoTrigger');
const monitor = withCodex(new RiskInfoMonitor().description, 'RiskInfoMonitor');

interface PanelEntry {
	key: string;
	properties: { displayName: string; codex: { alias: string[] } };
}
const n8n = JSON.parse(readFileSync(path.join(__dirname, 'n8n-panel-entries.json'), 'utf8')) as { words: string[]; entries: Array<PanelEntry & { popularity: number }> };

describe("the node panel: ranked as n8n's editor ranks it, among n8n's own nodes", () => {
	const entries: PanelEntry[] = [...[action, monitor].map((d) => ({ key: d.name, properties: d })), ...n8n.entries];
	const popularity = Object.fromEntries(n8n.entries.map((e) => [e.key, e.popularity * 100]));
	const ranked = (term: string) => reRankSearchResults(sublimeSearch(term.toLowerCase(), entries), { popularity }).map((r) => r.item.properties.displayName);
	const [ACTION, MONITOR] = [action.displayName, monitor.displayName];

	test.each([
		...['rut', 'proveedor', 'supplier risk', 'riesgo proveedor', 'boletín comercial', 'boletin comercial', 'boletin'].map((w) => [w, ACTION]),
		...['consultar RUT', 'riesgo empresa', 'company risk', 'credit score', 'DICOM', 'deudas', 'juicios', 'quiebra', 'check answers'].map((w) => [w, ACTION]),
		...['cumplimiento', 'lista de cumplimiento', 'compliance screening', 'resultado de cumplimiento', 'compliance result', 'sanciones'].map((w) => [w, ACTION]),
		...['riesgo'].map((w) => [w, ACTION]),
		...['monitorear RUT', 'monitorear proveedores', 'risk change', 'monitor', 'monitorear', 'vigilar', 'vigilar proveedores', 'vigilar RUT'].map((w) => [w, MONITOR]),
	])('"%s" lists %s first', (term, name) => {
		// Every word searched here is one the entries of n8n were taken for.
		expect(n8n.words).toContain(term);
		expect(ranked(term)[0]).toBe(name);
	});

	test.each(['supplier risk', 'riesgo proveedor', 'boletín comercial', 'boletin comercial', 'boletin', 'rut'])('"%s" lists the Monitor too', (term) => {
		expect(ranked(term)).toContain(MONITOR);
	});

	test('the action node is "RUT Risk Info" in the panel, and the trigger is inside its entry', () => {
		expect(ACTION).toBe('RUT Risk Info');
		expect(trigger.name.replace('Trigger', '')).toBe(action.name);
	});
});

describe("the AI builder's search_nodes: each word apart", () => {
	const parser = new NodeTypeParser([action, trigger, monitor] as never);
	const first = (query: string) => parser.searchNodeTypes(query, 5)[0]?.id;

	test.each([
		['riesgo proveedor', action.name],
		['consultar RUT', action.name],
		['riesgo empresa', action.name],
		['resultado de cumplimiento', trigger.name],
		['boletín comercial', action.name],
		['boletin comercial', action.name],
		['check answers', action.name],
		['monitorear RUT', monitor.name],
		['monitorear proveedores', monitor.name],
		['monitor', monitor.name],
		['monitorear', monitor.name],
		['vigilar', monitor.name],
		['vigilar proveedores', monitor.name],
		['vigilar RUT', monitor.name],
		['riesgo', action.name],
	])('"%s" gives %s first', (query, name) => {
		expect(first(query)).toBe(name);
	});
});
