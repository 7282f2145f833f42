// The README is the page npm and GitHub show to people who use the nodes in n8n: short, with no
// benchmark verdicts, the two commands for a clone of the repository where they belong, and
// tables that list what the nodes really offer (the longer references live under docs/).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

import { RESOURCES } from '../../nodes/RiskInfo/actions/registry';
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/service/record';
import { ROOT, headings, readDoc, section } from '../helpers/docs';

const readme = readDoc('README.md');

test('it stays short enough to read: at most 400 lines', () => {
	expect(readme.split('\n').length).toBeLessThanOrEqual(400);
});

test('it covers, in this order, what a user needs', () => {
	const top = headings(readme).filter((h) => h.level === 2).map((h) => h.text);
	const wanted = ['Install', 'Credentials', 'Operations', 'Trigger', 'Errors', 'Example workflows', 'In a clone of the repository', 'More documentation'];
	expect(top.filter((t) => wanted.includes(t))).toEqual(wanted);
	expect(readme).toMatch(/!\[[^\]]+\]\(docs\/screenshots\/[\w-]+\.png\)/);
	expect(section('README.md', 'Install')).toMatch(/Settings → Community Nodes → Install/);
	expect(section('README.md', 'Install')).toMatch(/npm install n8n-nodes-riskinfo/);
	expect(section('README.md', 'Install')).toMatch(/\*\*Tested with\*\* n8n \d+\.\d+\.\d+/);
});

test('no benchmark verdict on the page npm shows: the targets and results are in docs/benchmarks.md', () => {
	expect(readme).not.toMatch(/\| (PASS|FAIL) \|/);
	expect(readme).not.toMatch(/bench:start/);
	expect(readme).toContain('](docs/benchmarks.md)');
});

test('npm ci && npm start and npm test are what to run in a clone, near the end; CI runs the second', () => {
	const clone = section('README.md', 'In a clone of the repository');
	const blocks = [...clone.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());
	expect(blocks).toEqual(['npm ci && npm start', 'npm test']);
	// Nothing else tells a user to run them: the first screen is for people using n8n.
	const elsewhere = readme.replace(clone, '');
	expect(elsewhere).not.toMatch(/npm ci && npm start|```sh\nnpm test/);
	expect(readme.indexOf(clone)).toBeGreaterThan(readme.length / 2);
	const ci = readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
	expect(ci).toMatch(/^npm test$/m);
	expect(ci).toMatch(/^npm ci\b/m);
});

test('the operations tables list every operation of both API versions', () => {
	for (const [version, title] of [
		['v2', 'Version 2'],
		['v1', 'Version 1'],
	] as const) {
		const rows = section('README.md', title)
			.split('\n')
			.filter((l) => l.startsWith('| ') && !l.startsWith('| Resource'))
			.map((l) => l.split('|').map((c) => c.trim()));
		const listed = new Set(rows.map((r) => `${r[1]} / ${r[2]}`));
		const offered = RESOURCES[version].flatMap((r) => r.operations.map((o) => `${r.name} / ${o.name}`));
		expect([...listed].sort()).toEqual([...new Set(offered)].sort());
	}
});

test('the simplified-summary table documents exactly the fields Simplify returns', () => {
	const table = readDoc('docs/simplified-summary.md');
	const documented = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
	expect(documented).toEqual(SIMPLIFIED_FIELDS);
});
