// docs/benchmarks.md's block of targets and results is the latest `npm run bench` run, written
// by the bench's report writer, not a hand-edited copy.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { BLOCK_MARKS, DOCS_PAGE, docsSection, type Results } from '../../bench/report';
import { ROOT, readDoc } from '../helpers/docs';

test('docs/benchmarks.md shows the tables and targets of bench/results.json', () => {
	expect(path.relative(ROOT, DOCS_PAGE)).toBe(path.join('docs', 'benchmarks.md'));
	const results = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'results.json'), 'utf8')) as Results;
	const page = readDoc('docs/benchmarks.md');
	const [start, end] = BLOCK_MARKS.map((m) => page.indexOf(m));
	expect(start).toBeGreaterThan(page.indexOf('# Benchmarks'));
	expect(end).toBeGreaterThan(start);
	const block = page.slice(start + BLOCK_MARKS[0].length, end).trim();
	expect(block).toBe(docsSection(results));
	// Every measured subject is in it, with a result for each of its targets.
	for (const title of ['Throughput', 'Request sharing', 'Rate limit', 'Peak memory', 'Growth', 'Trigger webhook() CPU', 'Trigger ingest in a real n8n']) {
		expect(results.sections.some((s) => s.title.startsWith(title))).toBe(true);
	}
	expect(block.match(/\| (PASS|FAIL) \|/g)).toHaveLength(results.sections.flatMap((s) => s.checks).length);
});
