// The package as n8n and npm see it: the rules of community-node verification.
//
// What the build and the pack produce is checked on a build made here, in a copy of the sources
// with node_modules linked in: `npm test` runs without dist/, and the worktree's own dist/ (if
// any) is not touched while other test files run.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** A file an earlier build left in dist/: the build must not let it ship. */
const STALE = 'dist/nodes/Removed/Removed.node.js';
let copy: string;
beforeAll(() => {
	copy = mkdtempSync(path.join(tmpdir(), 'riskinfo-pack-'));
	const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'nodes', 'credentials', 'icons'], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter(Boolean);
	for (const file of [...files, 'package.json', '.npmrc', 'tsconfig.json', 'tsconfig.build.json', 'gulpfile.js', 'README.md', 'LICENSE']) {
		mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
		cpSync(path.join(ROOT, file), path.join(copy, file));
	}
	symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
	mkdirSync(path.dirname(path.join(copy, STALE)), { recursive: true });
	writeFileSync(path.join(copy, STALE), 'module.exports = {};\n');
	execFileSync('npm', ['run', '--silent', 'build'], { cwd: copy, stdio: 'pipe' });
}, 300_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function builtJs(): string[] {
	return execFileSync('find', ['dist', '-name', '*.js'], { cwd: copy, encoding: 'utf8' }).split('\n').filter(Boolean);
}

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
	const entries = [...pkg.n8n.nodes, ...pkg.n8n.credentials] as string[];
	for (const entry of entries) {
		expect(entry).toMatch(/^dist\/.+\.js$/);
		const source = entry.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		expect(existsSync(path.join(ROOT, source))).toBe(true);
	}
	// `npm run build` compiles each of them, with the icons and codex files n8n reads beside them.
	expect(entries.filter((entry) => !existsSync(path.join(copy, entry)))).toEqual([]);
	expect(existsSync(path.join(copy, 'dist/nodes/RiskInfo/RiskInfo.node.json'))).toBe(true);
});

test('npm pack ships the built nodes and nothing but dist, README, LICENSE and package.json', () => {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: copy, encoding: 'utf8' });
	const files = (JSON.parse(out)[0].files as Array<{ path: string }>).map((f) => f.path);
	expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', ...pkg.n8n.nodes, ...pkg.n8n.credentials]));
	for (const file of files) expect(file).toMatch(/^(dist\/|package\.json$|README\.md$|LICENSE$)/);
	expect(files.some((f) => f.startsWith('dist/sandbox') || f.startsWith('dist/test') || f.startsWith('sandbox/'))).toBe(false);
	expect(files).not.toContain(STALE);
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
	// The build started from a dist/ holding a file no source builds; it is gone.
	expect(existsSync(path.join(copy, STALE))).toBe(false);
	const built = builtJs();
	expect(built.length).toBeGreaterThan(5);
	const orphans = built.filter((file) => !existsSync(path.join(copy, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'))));
	expect(orphans).toEqual([]);
});

/** A command run in the copy; its exit code and all it printed. */
function inCopy(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): { code: number; output: string } {
	// A hang guard: the scanner takes about 15 s on a quiet machine.
	const res = spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', timeout: 600_000 });
	return { code: res.status ?? -1, output: `${res.stdout}${res.stderr}` };
}

test("n8n's verification scanner passes the packed tarball and the source, and fails a tarball shipping a credential's declaration file", () => {
	// Under jest's NODE_ENV=test, eslint-plugin-n8n-nodes-base takes every file for its own test fixture.
	const env = { ...process.env };
	delete env.NODE_ENV;
	const scan = () => inCopy(process.execPath, [path.join(ROOT, 'scripts', 'scan.mjs'), '--no-build'], env);
	const clean = scan();
	expect(clean.output).toMatch(/scan: PASS tarball .*\nscan: PASS source/);
	expect(clean.code).toBe(0);
	// What the build shipped while it emitted declaration files.
	const declaration = path.join(copy, 'dist/credentials/RiskInfoApi.credentials.d.ts');
	const tsc = inCopy(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--declaration', '--emitDeclarationOnly', '--outDir', 'declarations']);
	expect(tsc.output).toBe('');
	cpSync(path.join(copy, 'declarations/credentials/RiskInfoApi.credentials.d.ts'), declaration);
	try {
		const dirty = scan();
		expect(dirty.output).toMatch(/scan: FAIL tarball/);
		expect(dirty.output).toMatch(/RiskInfoApi\.credentials\.d\.ts[\s\S]*cred-filename-against-convention/);
		expect(dirty.code).toBe(1);
	} finally {
		rmSync(declaration);
	}
}, 600_000);

test('a publish by hand is refused: prepublishOnly wants `npm run release`, and npm will not publish with provenance outside CI', () => {
	const env = { ...process.env };
	for (const key of ['RELEASE_MODE', 'GITHUB_ACTIONS', 'GITLAB_CI', 'NODE_ENV']) delete env[key];
	// The repository's .npmrc turns scripts off (dependencies' install scripts insist on pnpm), which
	// skips prepublishOnly too; whoever runs scripts meets n8n-node's guard.
	const guarded = inCopy('npm', ['publish', '--dry-run', '--ignore-scripts=false'], env);
	expect(guarded.output).toMatch(/Run `npm run release` to publish the package/);
	expect(guarded.code).not.toBe(0);
	// A plain `npm publish`, against a registry on a closed local port: publishConfig asks for
	// provenance, which npm refuses to make outside a CI that can attest, before sending anything.
	const port = 9; // discard: nothing listens on it here
	const handMade = inCopy('npm', ['publish', '--fetch-retries=0', `--registry=http://127.0.0.1:${port}/`, `--//127.0.0.1:${port}/:_authToken=not-a-token`], env);
	expect(handMade.output).toMatch(/provenance generation not supported/i);
	expect(handMade.code).not.toBe(0);
}, 120_000);
