// What n8n's AI workflow builders read about the three nodes (n8n-workflow's builderHint): the
// words they search with, the nodes that complete our flows, and a hint on each value that is
// easy to get wrong. The e2e (scripts/lib/mcp-builder.js) reads the same through n8n's own tools.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RiskInfoMonitor } from '../../nodes/RiskInfoMonitor/RiskInfoMonitor.node';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';

const action = new RiskInfo().description;
const trigger = new RiskInfoTrigger().description;
const monitor = new RiskInfoMonitor().description;
const nodes = { action, trigger, monitor };

/** Every property, option and nested field of a node, with its path. */
function* walk(properties: unknown[], at = ''): Generator<{ at: string; p: Record<string, unknown> }> {
	for (const p of properties as Array<Record<string, unknown>>) {
		const here = `${at}/${String(p.name ?? p.value)}`;
		yield { at: here, p };
		if (Array.isArray(p.options)) yield* walk(p.options, here);
		if (Array.isArray(p.values)) yield* walk(p.values, here);
	}
}

/** Every builder hint text of a node: its own and its parameters'. */
function hintTexts(d: INodeTypeDescription): string[] {
	const own = [d.builderHint?.searchHint ?? '', ...(d.builderHint?.relatedNodes ?? []).map((r) => r.relationHint)];
	const params = [...walk(d.properties)].map(({ p }) => (p.builderHint as { propertyHint?: string } | undefined)?.propertyHint).filter((t): t is string => !!t);
	return [...own, ...params];
}

/** What the editor shows of a node: names, descriptions, hints, placeholders. */
function editorTexts(d: INodeTypeDescription): string[] {
	const keys = ['displayName', 'name', 'description', 'hint', 'placeholder', 'action'];
	return [d.displayName, d.description, ...[...walk(d.properties)].flatMap(({ p }) => keys.map((k) => p[k]).filter((v): v is string => typeof v === 'string'))];
}

describe('searchHint: in the words people and AIs use', () => {
	// The words, by node: what someone asking for the node would say.
	test.each([
		['action', ['RUT', 'Chile', 'due diligence', 'supplier', 'company risk', 'credit score', 'court cases', 'PEP', 'sanctions', 'compliance']],
		['trigger', ['compliance', 'webhook', 'PEP', 'sanctions', 'screening']],
		['monitor', ['risk change', 'monitoring', 'supplier', 'RUT', 'Chile']],
	] as const)('the %s node names %j', (node, terms) => {
		const hint = nodes[node].builderHint?.searchHint ?? '';
		const missing = terms.filter((t) => !hint.toLowerCase().includes(t.toLowerCase()));
		expect(missing).toEqual([]);
	});
});

describe('relatedNodes: the nodes that complete our flows, by real n8n type names', () => {
	// n8n's own workflow SDK names its node types in its builder guides: a type name we give that
	// it never names is a typo or a node n8n does not have.
	const sdkDir = path.dirname(require.resolve('@n8n/workflow-sdk/package.json', { paths: [path.dirname(require.resolve('n8n-core'))] }));
	const sdkText = (function read(dir: string): string {
		return fs.readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? read(path.join(dir, e.name)) : e.name.endsWith('.js') ? fs.readFileSync(path.join(dir, e.name), 'utf8') : '')).join('\n');
	})(path.join(sdkDir, 'dist'));
	const ours = Object.values(nodes).map((d) => `n8n-nodes-riskinfo.${d.name}`);

	test.each(Object.keys(nodes) as Array<keyof typeof nodes>)('the %s node: Slack, Google Sheets and IF, each with why', (node) => {
		const related = nodes[node].builderHint?.relatedNodes ?? [];
		expect(related.map((r) => r.nodeType)).toEqual(expect.arrayContaining(['n8n-nodes-base.slack', 'n8n-nodes-base.googleSheets', 'n8n-nodes-base.if']));
		for (const r of related) {
			expect(r.relationHint.length).toBeGreaterThan(20);
			const known = ours.includes(r.nodeType) || new RegExp(`${r.nodeType.replace(/[.@/-]/g, '\\$&')}(?![\\w])`).test(sdkText);
			expect({ nodeType: r.nodeType, known }).toEqual({ nodeType: r.nodeType, known: true });
		}
	});

	test('the action node names the AI Agent, which uses it as a tool', () => {
		expect(action.builderHint?.relatedNodes?.map((r) => r.nodeType)).toContain('@n8n/n8n-nodes-langchain.agent');
		expect(action.usableAsTool).toBe(true);
	});
});

describe('parameter hints where a value is easy to get wrong', () => {
	const hinted = (d: INodeTypeDescription) => [...walk(d.properties)].filter(({ p }) => p.builderHint).map(({ at }) => at.split('/').pop());

	test.each([
		['action', ['apiVersion', 'rut', 'loadIfMissing', 'dryRun', 'maxPaidLoads']],
		['trigger', ['respond']],
		['monitor', ['source']],
	] as const)('the %s node: %j', (node, names) => {
		expect(hinted(nodes[node])).toEqual(expect.arrayContaining([...names]));
	});

	test('every paid operation says so to the builder; no free one does', () => {
		const operations = action.properties.filter((p) => p.name === 'operation').flatMap((p) => p.options as Array<{ value: string; description?: string; builderHint?: { propertyHint: string } }>);
		const paid = operations.filter((o) => o.description?.startsWith('Paid:'));
		expect(paid.length).toBeGreaterThanOrEqual(2);
		for (const o of operations) expect({ operation: o.value, paidHint: /\bpaid\b/i.test(o.builderHint?.propertyHint ?? '') }).toEqual({ operation: o.value, paidHint: paid.includes(o) });
	});

	test('the RUT hint gives the forms the node accepts, with a valid check digit', () => {
		const rut = action.properties.find((p): p is INodeProperties => p.name === 'rut')!;
		const forms = (rut.builderHint?.propertyHint ?? '').match(/"[\d.kK-]+"/g) ?? [];
		expect(forms.length).toBeGreaterThanOrEqual(2);
		// Valid by the check-digit rule (modulo 11), computed here, not by the node's code.
		for (const form of forms) {
			const clean = form.replace(/[".-]/g, '').toUpperCase();
			const body = clean.slice(0, -1);
			let sum = 0;
			for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
			const digit = 11 - (sum % 11);
			expect({ form, digit: clean.slice(-1) }).toEqual({ form, digit: digit === 11 ? '0' : digit === 10 ? 'K' : String(digit) });
		}
	});
});

describe('nothing leaks', () => {
	test.each(Object.keys(nodes) as Array<keyof typeof nodes>)('the %s node: plain English, no wire-format expression or connection-type name, none of it shown in the editor', (node) => {
		const texts = hintTexts(nodes[node]);
		expect(texts.length).toBeGreaterThan(2);
		const shown = editorTexts(nodes[node]);
		for (const t of texts) {
			expect(t).not.toMatch(/={{|\bai_[a-z]+/i);
			// English in ASCII: no Spanish accents or ñ.
			expect(t).toMatch(/^[\x20-\x7e]+$/);
			expect(shown).not.toContain(t);
		}
	});
});
