// `npm run mutate` measures the tests' strength part by part (stryker.config.mjs). A file of nodes/
// or credentials/ that no part names is never mutated, and a file in two parts is measured twice:
// either would make the recorded scores say something they do not.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const { PARTS, LEFT_OUT } = JSON.parse(
	execFileSync(process.execPath, ['--input-type=module', '-e', "const c = await import('./stryker.config.mjs'); console.log(JSON.stringify({ PARTS: c.PARTS, LEFT_OUT: c.LEFT_OUT }))"], { cwd: ROOT, encoding: 'utf8' }),
) as { PARTS: Record<string, string[]>; LEFT_OUT: string[] };
const ORDER = /const PARTS = \[([^\]]*)\]/.exec(readFileSync(path.join(ROOT, 'test/mutation/mutate.js'), 'utf8'))![1].match(/'[^']+'/g)!.map((q) => q.slice(1, -1));

// Read from the folders, not from git: Stryker runs the suite in a copy of the project that is not a git checkout.
const sources = ['nodes', 'credentials'].flatMap((dir) =>
	readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((f) => f.endsWith('.ts'))
		.map((f) => `${dir}/${f.split(path.sep).join('/')}`),
);

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
