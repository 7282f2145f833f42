// The Monitor is a third node of the package: a polling trigger (n8n adds Poll Times to it), with
// the Risk Info API credential, registered in package.json, its codex file and icons beside the
// other nodes', and a panel whose defaults are the sensible ones: the account's monitored RUTs,
// the kinds of change that matter, only changes for the worse, 500 RUTs per poll.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeHelpers, type INodeParameters } from 'n8n-workflow';

import { loadPackageTypes } from '../../harness/workflow';
import { RiskInfoMonitor } from '../../nodes/RiskInfoMonitor/RiskInfoMonitor.node';

const ROOT = path.resolve(__dirname, '../..');
const node = new RiskInfoMonitor();
const d = node.description;

test('a polling trigger with the Risk Info API credential, registered like the other nodes', () => {
	expect([d.name, d.displayName, d.polling, d.group, d.inputs]).toEqual(['riskInfoMonitor', 'Monitor Risk Info', true, ['trigger'], []]);
	// The panel's name starts with Monitor (test/package/search-words.test.ts); the canvas name does not.
	expect(d.defaults.name).toBe('Risk Info Monitor');
	expect(d.credentials).toEqual([expect.objectContaining({ name: 'riskInfoApi', required: true })]);
	expect(typeof node.poll).toBe('function');
	const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	expect(pkg.n8n.nodes).toContain('dist/nodes/RiskInfoMonitor/RiskInfoMonitor.node.js');
	expect(loadPackageTypes().nodes.map((n) => n.name)).toContain('n8n-nodes-riskinfo.riskInfoMonitor');
	const codex = JSON.parse(readFileSync(path.join(ROOT, 'nodes/RiskInfoMonitor/RiskInfoMonitor.node.json'), 'utf8'));
	expect(codex.node).toBe('n8n-nodes-riskinfo.riskInfoMonitor');
	const icons = d.icon as { light: string; dark: string };
	for (const icon of [icons.light, icons.dark]) expect(existsSync(path.resolve(ROOT, 'nodes/RiskInfoMonitor', icon.replace(/^file:/, '')))).toBe(true);
	expect(icons.light).not.toBe(icons.dark);
});

test('a new Monitor watches the account\'s monitored RUTs for the changes that matter, for the worse, 500 per poll', () => {
	const parameters = NodeHelpers.getNodeParameters(d.properties, {} as INodeParameters, true, false, null, d) as Record<string, unknown>;
	expect(parameters).toMatchObject({
		source: 'account',
		changeKinds: ['complianceRisk', 'activeCases', 'bulletin', 'credit', 'taxStatus'],
		direction: 'worse',
		rutsPerPoll: 500,
	});
	const kinds = d.properties.find((p) => p.name === 'changeKinds')!;
	expect((kinds.options ?? []).map((o) => ('value' in o ? o.value : undefined))).toEqual(['complianceRisk', 'activeCases', 'bulletin', 'credit', 'taxStatus', 'anyChange']);
	expect(d.properties.find((p) => p.name === 'notice')?.displayName).toMatch(/never loads a RUT, so it costs nothing/);
});

test.each([
	['One Item per Change', {}, /with one item per RUT whose record changed/],
	['One Digest per Poll', { output: 'digest' }, /once per poll that has something to report, with one item holding all of it/],
])('Output %s: the panel\'s one notice says what the workflow gets', (_output, options, says) => {
	const values = { ...NodeHelpers.getNodeParameters(d.properties, {} as INodeParameters, true, false, null, d), options } as INodeParameters;
	const shown = d.properties.filter((p) => p.type === 'notice' && NodeHelpers.displayParameterPath(values, p, '', { typeVersion: 1 }, d));
	expect(shown.map((p) => p.displayName)).toEqual([expect.stringMatching(says)]);
	expect(shown[0].displayName).toMatch(/never loads a RUT, so it costs nothing/);
});
