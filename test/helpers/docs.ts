// The documentation as GitHub shows it: README.md and the pages under docs/, their headings'
// anchors and the pages the nodes' Docs links open. GitHub's anchor rules are written out here
// (lower case, punctuation dropped, spaces to "-", a repeated heading gets "-1", "-2"…) rather than
// taken from the code that links to them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Where the package's repository is; its README is at the root, other files under blob/main/. */
export const REPOSITORY = 'https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo';

/** README.md and every docs/*.md, as paths from the repository's root. */
export function docPages(): string[] {
	const docs = readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
	return ['README.md', ...docs.sort().map((f) => `docs/${f}`)];
}

export function readDoc(file: string): string {
	return readFileSync(path.join(ROOT, file), 'utf8');
}

/** The headings of a markdown text, outside fenced code: level and text. */
export function headings(markdown: string): Array<{ level: number; text: string }> {
	const found: Array<{ level: number; text: string }> = [];
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		const m = fenced ? null : /^(#{1,6}) (.+?)\s*$/.exec(line);
		if (m) found.push({ level: m[1].length, text: m[2] });
	}
	return found;
}

/** The anchor GitHub gives a heading's text (before de-duplication). */
export function slug(heading: string): string {
	return heading
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** Every anchor of a page (a file from the repository's root), repeated headings numbered as GitHub does. */
export function anchors(file: string): Set<string> {
	const seen = new Map<string, number>();
	const result = new Set<string>();
	for (const { text } of headings(readDoc(file))) {
		const base = slug(text);
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		result.add(n === 0 ? base : `${base}-${n}`);
	}
	return result;
}

/** The file (from the repository's root) and anchor a link into the repository opens, or undefined. */
export function pageOf(url: string): { file: string; anchor: string } | undefined {
	const u = new URL(url);
	const at = `${u.origin}${u.pathname}`;
	const anchor = u.hash.slice(1);
	if (at === REPOSITORY) return { file: 'README.md', anchor };
	if (at.startsWith(`${REPOSITORY}/blob/main/`)) return { file: at.slice(`${REPOSITORY}/blob/main/`.length), anchor };
	return undefined;
}

/** Whether a link into the repository opens a page that exists, at a heading it has (or at its top). */
export function landsOnHeading(url: string): boolean {
	const page = pageOf(url);
	if (!page || !existsSync(path.join(ROOT, page.file))) return false;
	return page.anchor === '' || anchors(page.file).has(page.anchor);
}

/** The text under a heading (exact text), up to the next heading of the same or a higher level. */
export function section(file: string, heading: string): string {
	const lines = readDoc(file).split('\n');
	let fenced = false;
	let start = -1;
	let level = 0;
	for (let i = 0; i < lines.length; i++) {
		if (lines[i].startsWith('```')) fenced = !fenced;
		const m = fenced ? null : /^(#{1,6}) (.+?)\s*$/.exec(lines[i]);
		if (!m) continue;
		if (start >= 0 && m[1].length <= level) return lines.slice(start, i).join('\n');
		if (start < 0 && m[2] === heading) [start, level] = [i, m[1].length];
	}
	if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
	return lines.slice(start).join('\n');
}
