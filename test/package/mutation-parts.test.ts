// `npm run mutate` measures the tests' strength part by part (stryker.config.mjs). A file of nodes/
// or credentials/ that no part names is never mutated, and a file in two parts is measured twice:
// either would make the recorded scores say something they do not.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

// Read from the folders, not from git: Stryker runs the suite in a copy of the project that is not a git checkout.
const sources = ['nodes', 'credentials'].flatMap((dir) =>
	readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
		.filter((f) => f.endsWith('.ts'))
		.map((f) => `${dir}/${f.split(path.sep).join('/')}`),
);

// The config is an ES module, which jest's module system does not load: a child process reads it,
// and mutate.js, which loads the same module, runs its parts in the order of their keys.
const { PARTS, LEFT_OUT, partsOf } = JSON.parse(
	execFileSync(process.execPath, ['--input-type=module', '-e', "const c = await import('./stryker.config.mjs'); const files = JSON.parse(process.argv[1]); console.log(JSON.stringify({ PARTS: Object.keys(c.PARTS), LEFT_OUT: c.LEFT_OUT, partsOf: Object.fromEntries(files.map((f) => [f, c.partsOf(f)])) }))", JSON.stringify(sources)], { cwd: ROOT, encoding: 'utf8' }),
) as { PARTS: string[]; LEFT_OUT: string[]; partsOf: Record<string, string[]> };

test('every source file is in exactly one part, except those left out on purpose', () => {
	expect(sources.length).toBeGreaterThan(50);
	expect(PARTS.length).toBeGreaterThan(10);
	const wrong = sources.filter((f) => !LEFT_OUT.includes(f)).map((f) => [f, partsOf[f]]).filter(([, parts]) => parts.length !== 1);
	expect(wrong).toEqual([]);
	expect(LEFT_OUT.filter((f) => !sources.includes(f) || partsOf[f].length > 0)).toEqual([]);
});
