// `npm run mutate` measures the tests' strength part by part (stryker.config.mjs). A file of nodes/
// or credentials/ that no part names is never mutated, and a file in two parts is measured twice:
// either would make the recorded scores say something they do not.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const { PARTS, LEFT_OUT } = JSON.parse(
	execFileSync(process.execPath, ['--input-type=module', '-e', "const c = await import('./stryker.config.mjs'); console.log(JSON.stringify({ PARTS: c.PARTS, LEFT_OUT: c.LEFT_OUT }))"], { cwd: ROOT, encoding: 'utf8' }),
) as { PARTS: Record<string, string[]>; LEFT_OUT: string[] };
const ORDER = /const PARTS = \[([^\]]*)\]/.exec(require('node:fs').readFileSync(path.join(ROOT, 'test/mutation/mutate.js'), 'utf8'))![1].match(/'[^']+'/g)!.map((q) => q.slice(1, -1));

const sources = execFileSync('git', ['ls-files', 'nodes', 'credentials'], { cwd: ROOT, encoding: 'utf8' })
	.split('\n')
	.filter((f) => f.endsWith('.ts'));

/** The parts whose globs take `file` in (a later `!glob` takes it out), as Stryker and mutate.js read them. */
const partsOf = (file: string) =>
	Object.entries(PARTS)
		.filter(([, globs]) => globs.reduce((inside, g) => (g.startsWith('!') ? inside && !path.matchesGlob(file, g.slice(1)) : inside || path.matchesGlob(file, g)), false))
		.map(([name]) => name);

test('every source file is in exactly one part, except those left out on purpose', () => {
	expect(sources.length).toBeGreaterThan(50);
	const wrong = sources.filter((f) => !LEFT_OUT.includes(f)).map((f) => [f, partsOf(f)]).filter(([, parts]) => parts.length !== 1);
	expect(wrong).toEqual([]);
	expect(LEFT_OUT.filter((f) => !sources.includes(f) || partsOf(f).length > 0)).toEqual([]);
});

test('npm run mutate runs every part of the config, and no other', () => {
	expect([...ORDER].sort()).toEqual(Object.keys(PARTS).sort());
});
