// Which code may import which, as docs/development.md and the architecture guide draw it: the
// service's home uses the transport, never the other way (the transport knows no endpoint and no
// answer's keys); the sandbox is written from the spec alone, so it imports nothing from nodes/
// (a wrong rule shared with the node would agree with itself and every test would pass).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

function files(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(p);
		return e.name.endsWith('.ts') ? [p] : [];
	});
}

/** Every module a file imports or re-exports, resolved to a path below the project (packages as they are written). */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/g), ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g), ...text.matchAll(/\brequire\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
	return specifiers.map((s) => (s.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), s)) : s));
}

function offending(dir: string, forbidden: string): string[] {
	return files(path.join(ROOT, dir)).flatMap((file) => importsOf(file).filter((target) => target === forbidden || target.startsWith(`${forbidden}/`)).map((target) => `${path.relative(ROOT, file)} → ${target}`));
}

test('the transport imports nothing from the service\'s home', () => {
	expect(offending('nodes/shared/transport', 'nodes/shared/service')).toEqual([]);
});

test('the sandbox imports nothing from nodes/', () => {
	expect(offending('sandbox', 'nodes')).toEqual([]);
});

test('the check sees an import where there is one (the service\'s home does use the transport)', () => {
	expect(offending('nodes/shared/service', 'nodes/shared/transport').length).toBeGreaterThan(0);
});
