// The words people type find the right node of ours (issue 56), through n8n's own search code
// over the three nodes with their codex, as n8n's loader gives them: the node panel's search
// (@n8n/utils's sublimeSearch over the entry's displayName and codex aliases, the whole search
// within one of them; the trigger is inside the "Risk Info" entry there) and the AI builder's
// search_nodes (@n8n/ai-utilities's NodeTypeParser, word by word). How they rank against n8n's
// own nodes, which these tests do not load, is the e2e's to show (scripts/lib/mcp-builder.js,
// scripts/lib/finding-checks.js); docs/ai-agents.md says where n8n wins.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeTypeParser } from '@n8n/ai-utilities/node-catalog';
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

describe('the node panel: the whole search within a name or an alias', () => {
	const entries = [action, monitor].map((d) => ({ key: d.name, properties: d }));
	const found = (term: string) => sublimeSearch(term.toLowerCase(), entries).map((r) => r.item.properties.displayName);

	test.each([
		['proveedor', 'Risk Info'],
		['supplier risk', 'Risk Info'],
		['riesgo proveedor', 'Risk Info'],
		['consultar RUT', 'Risk Info'],
		['riesgo empresa', 'Risk Info'],
		['cumplimiento', 'Risk Info'],
		['DICOM', 'Risk Info'],
		['monitorear RUT', 'Risk Info Monitor'],
		['monitorear proveedores', 'Risk Info Monitor'],
	])('"%s" lists %s first', (term, name) => {
		expect(found(term)[0]).toBe(name);
	});

	test('"supplier risk" lists both the action node and the Monitor', () => {
		expect(found('supplier risk')).toEqual(['Risk Info', 'Risk Info Monitor']);
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
		['monitorear RUT', monitor.name],
		['monitorear proveedores', monitor.name],
	])('"%s" gives %s first', (query, name) => {
		expect(first(query)).toBe(name);
	});
});
