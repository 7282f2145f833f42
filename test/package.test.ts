// The package as n8n and npm see it: the rules of community-node verification.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

test('package.json follows the community-node rules', () => {
	expect(pkg.name).toBe('n8n-nodes-riskinfo');
	expect(pkg.license).toBe('MIT');
	expect(existsSync(path.join(ROOT, 'LICENSE'))).toBe(true);
	expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
	expect(pkg.keywords).toContain('n8n-community-node-package');
	expect(pkg.files).toEqual(['dist']);
	expect(pkg.dependencies).toBeUndefined();
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
	expect(pkg.n8n.nodes.length).toBeGreaterThanOrEqual(2);
});

test('every node and credential listed for n8n is built from a source file', () => {
	for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials] as string[]) {
		expect(entry).toMatch(/^dist\/.+\.js$/);
		const source = entry.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		expect(existsSync(path.join(ROOT, source))).toBe(true);
		// After `npm run build` (CI builds before testing) the compiled file must be there too.
		if (existsSync(path.join(ROOT, 'dist'))) expect(existsSync(path.join(ROOT, entry))).toBe(true);
	}
});

test('npm pack ships nothing but dist, README, LICENSE and package.json', () => {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
	const files = (JSON.parse(out)[0].files as Array<{ path: string }>).map((f) => f.path);
	expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
	for (const file of files) expect(file).toMatch(/^(dist\/|package\.json$|README\.md$|LICENSE$)/);
	expect(files.some((f) => f.startsWith('dist/sandbox') || f.startsWith('dist/test') || f.startsWith('sandbox/'))).toBe(false);
});

test('node code imports only what n8n Cloud allows', () => {
	const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'nodes', 'credentials'], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter((f) => f.endsWith('.ts'));
	expect(sources.length).toBeGreaterThan(5);
	for (const file of sources) {
		const text = readFileSync(path.join(ROOT, file), 'utf8');
		for (const [, spec] of text.matchAll(/from '([^']+)'/g)) {
			expect([file, spec.startsWith('.') || ['n8n-workflow', 'zod', 'node:crypto', 'crypto'].includes(spec)]).toEqual([file, true]);
		}
		expect([file, /\b(setTimeout|setInterval)\s*\(|\bprocess\.[a-zA-Z]|\brequire\(|from 'zlib'|from 'fs'/.test(text)]).toEqual([file, false]);
	}
});

test('dist holds only what the sources build: no stale file from an earlier build can ship', () => {
	if (!existsSync(path.join(ROOT, 'dist'))) return; // not built yet: the pack test above covers the rest
	const built = execFileSync('find', ['dist', '-name', '*.js'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
	expect(built.length).toBeGreaterThan(5);
	const orphans = built.filter((file) => !existsSync(path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'))));
	expect(orphans).toEqual([]);
});
