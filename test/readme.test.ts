// The README is what users read first: it must open with the two commands, and its tables must
// list every operation the node really offers.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

import { RESOURCES } from '../nodes/RiskInfo/actions/registry';
import { SIMPLIFIED_FIELDS } from '../nodes/shared/simplified';

const ROOT = path.resolve(__dirname, '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

test('the README opens with exactly two commands, and CI runs the second', () => {
	const beforeProse = readme.split(/\n\n(?!```)/).slice(0, 4).join('\n\n');
	const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());
	expect(blocks.slice(0, 2)).toEqual(['npm ci && npm start', 'npm test']);
	expect(beforeProse.indexOf('npm ci && npm start')).toBeLessThan(beforeProse.indexOf('npm test'));
	// Nothing but the title comes before the first command.
	expect(readme.slice(0, readme.indexOf('```sh')).trim()).toBe('# n8n-nodes-riskinfo');
	const ci = readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
	expect(ci).toMatch(/^npm test$/m);
});

test('the operations tables list every operation of both API versions', () => {
	const section = (title: string) => {
		const start = readme.indexOf(`\n### ${title}\n`);
		const end = readme.slice(start + 5).search(/\n##+ /);
		return readme.slice(start, start + 5 + end);
	};
	for (const [version, title] of [
		['v2', 'Version 2'],
		['v1', 'Version 1'],
	] as const) {
		const rows = section(title)
			.split('\n')
			.filter((l) => l.startsWith('| ') && !l.startsWith('| Resource'))
			.map((l) => l.split('|').map((c) => c.trim()));
		const listed = new Set(rows.map((r) => `${r[1]} / ${r[2]}`));
		const offered = RESOURCES[version].flatMap((r) => r.operations.map((o) => `${r.name} / ${o.name}`));
		expect([...listed].sort()).toEqual([...new Set(offered)].sort());
	}
});

test('the simplified-summary table documents exactly the fields Simplify returns', () => {
	const start = readme.indexOf('\n## Simplified summary');
	const table = readme.slice(start, readme.indexOf('\n## ', start + 5));
	const documented = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
	expect(documented).toEqual(SIMPLIFIED_FIELDS);
});

test('every relative link and image of the README points to a file in the repository', () => {
	const targets = [
		...[...readme.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]),
		...[...readme.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
	].filter((t) => !/^[a-z]+:/i.test(t));
	expect(targets).toEqual(expect.arrayContaining(['docs/screenshots/risk-info-actions.png', 'docs/screenshots/onboarding-workflow.png']));
	for (const target of targets) expect([target, existsSync(path.join(ROOT, target))]).toEqual([target, true]);
});
