// docs/development.md walks one read (V2 RUT → Get Summary) through the code. The walk is kept true
// by following the read's imports from its entry file, as a reader of the code would: every file
// the walk names must exist (one file per name), and every file the read imports on its path must
// be named in it.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const ENTRY = 'nodes/RiskInfo/RiskInfo.node.ts';
/** Not on this read's path: the other operations' entries, which the registry lists, and the credential's Test. */
const OFF_PATH = [/^nodes\/RiskInfo\/actions\/api-v2\/(?!rut\.resource\.ts$)/, /^nodes\/RiskInfo\/actions\/api-v1\//, /^nodes\/shared\/service\/credentialTest\.ts$/];

/** The walk: the section of docs/development.md from its heading to the next. */
function walk(): string {
	const doc = readFileSync(path.join(ROOT, 'docs/development.md'), 'utf8');
	const start = doc.indexOf('## One read, from execute() to the HTTP call and back');
	expect(start).toBeGreaterThan(-1);
	const end = doc.indexOf('\n## ', start + 3);
	return doc.slice(start, end === -1 ? undefined : end);
}

/** The relative imports of a file that bring code (an `import type` brings none), as repository paths. */
function importsOf(file: string): string[] {
	const text = readFileSync(path.join(ROOT, file), 'utf8');
	const found: string[] = [];
	for (const [statement, spec] of text.matchAll(/^import\s[^;]*?from\s+'(\.[^']+)';/gms)) {
		if (/^import\s+type\s/.test(statement)) continue;
		const base = path.join(path.dirname(file), spec);
		const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(path.join(ROOT, candidate)));
		if (!target) throw new Error(`${file} imports ${spec}, which is no file`);
		found.push(target.split(path.sep).join('/'));
	}
	return found;
}

/** Every file the read's code comes from: the entry's imports, followed, off-path entries left out. */
function readPath(): string[] {
	const seen = new Set<string>();
	const follow = (file: string) => {
		if (seen.has(file) || OFF_PATH.some((pattern) => pattern.test(file))) return;
		seen.add(file);
		for (const next of importsOf(file)) follow(next);
	};
	follow(ENTRY);
	return [...seen].sort();
}

/** The source files a name in the walk may mean: its path, or any path ending in it. */
function sourceFiles(dir: string): string[] {
	return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
		const rel = `${dir}/${name}`;
		return statSync(path.join(ROOT, rel)).isDirectory() ? sourceFiles(rel) : rel.endsWith('.ts') ? [rel] : [];
	});
}

const SOURCES = ['nodes', 'credentials', 'test'].flatMap(sourceFiles);

/** The file each `….ts` name of the walk stands for; a name that fits no file, or several, is named. */
function namedFiles(text: string): { files: Set<string>; unresolved: string[] } {
	const files = new Set<string>();
	const unresolved: string[] = [];
	for (const [, name] of text.matchAll(/`([\w./-]+\.ts)`/g)) {
		const matches = SOURCES.filter((file) => file === name || file.endsWith(`/${name}`));
		if (matches.length === 1) files.add(matches[0]);
		else unresolved.push(matches.length ? `${name} (${matches.length} files)` : name);
	}
	return { files, unresolved };
}

test('every file the walk names exists, one file per name', () => {
	const { files, unresolved } = namedFiles(walk());
	expect(unresolved).toEqual([]);
	expect(files.size).toBeGreaterThan(10);
});

test('the walk names every file the read imports on its path', () => {
	const onPath = readPath();
	const { files } = namedFiles(walk());
	expect(onPath).toContain('nodes/shared/transport/index.ts');
	expect(onPath.filter((file) => !files.has(file))).toEqual([]);
});
