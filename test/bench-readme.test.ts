// The README's benchmark block is the latest `npm run bench` run, not a hand-edited copy.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { README_MARKS, readmeSection, type Results } from '../bench/report';

const ROOT = path.join(__dirname, '..');

test('README shows the tables and targets of bench/results.json', () => {
	const results = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'results.json'), 'utf8')) as Results;
	const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
	const [start, end] = README_MARKS.map((m) => readme.indexOf(m));
	expect(start).toBeGreaterThan(readme.indexOf('## Benchmarks'));
	expect(end).toBeGreaterThan(start);
	const block = readme.slice(start + README_MARKS[0].length, end).trim();
	expect(block).toBe(readmeSection(results));
	// Every section of issues 8 and 19 is in it, with a result for each of its targets.
	for (const title of ['Throughput', 'De-duplication', 'Rate limit', 'Peak memory', 'Growth', 'Trigger webhook() CPU', 'Trigger ingest in a real n8n']) {
		expect(results.sections.some((s) => s.title.startsWith(title))).toBe(true);
	}
	expect(block.match(/\| (PASS|FAIL) \|/g)).toHaveLength(results.sections.flatMap((s) => s.checks).length);
});
