// package.json names only files that exist: n8n loads the package through the n8n.nodes and
// n8n.credentials paths, so an entry point ("main") is not needed, and a dangling one (it
// named an index.js that never existed) breaks anything that requires the package by name.
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { main?: string };

test('"main", where declared, names a file the package has (built from a source here)', () => {
	const main = pkg.main;
	const source = main?.replace(/^dist\//, '').replace(/\.js$/, '.ts');
	const exists = main === undefined || fs.existsSync(path.join(ROOT, main)) || fs.existsSync(path.join(ROOT, source!));
	expect({ main, exists }).toEqual({ main, exists: true });
});
