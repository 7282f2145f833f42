// The README's section anchors, as GitHub makes them from its headings (lower case, spaces to
// "-", punctuation dropped), written out here rather than taken from the code that links to them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readmeAnchors(): Set<string> {
	const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
	return new Set(
		readme
			.split('\n')
			.filter((line) => /^#{1,6} /.test(line))
			.map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-')),
	);
}
