// Prints the tables and the PASS/FAIL lines, and writes bench/results.json and bench/README.md.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Section } from './types';

export function markdownTable(rows: string[][]): string {
	const [head, ...body] = rows;
	const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
	return [line(head), line(head.map(() => '---')), ...body.map(line)].join('\n');
}

function textTable(rows: string[][]): string {
	const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
	return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ')).join('\n');
}

export function machine() {
	return { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', totalMemGiB: Math.round(os.totalmem() / 2 ** 30) };
}

export function print(section: Section): void {
	console.log(`\n== ${section.title}\n`);
	console.log(textTable(section.table));
	for (const m of section.more ?? []) console.log(`\n${m.caption}\n${textTable(m.table)}`);
	console.log('');
	for (const c of section.checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.target}: ${c.measured}`);
}

export function write(sections: Section[], startedAt: Date, seconds: number): void {
	const dir = __dirname;
	const m = machine();
	const results = {
		startedAt: startedAt.toISOString(),
		seconds: Math.round(seconds),
		machine: m,
		passed: sections.every((s) => s.checks.every((c) => c.pass)),
		sections: sections.map((s) => ({ title: s.title, checks: s.checks, table: s.table, more: s.more, data: s.data })),
	};
	fs.writeFileSync(path.join(dir, 'results.json'), `${JSON.stringify(results, null, '\t')}\n`);

	const parts = [
		'# Benchmark: throughput and cost',
		'',
		'`npm run bench` (add `--strict` to exit non-zero when a target fails). It starts the sandbox (`sandbox/`) and runs every',
		'measured variant in a fresh child process, so their CPU and memory do not mix; the figures below are the latest run,',
		'also in `bench/results.json`.',
		'',
		`Latest run: ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round(seconds)} s, Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}). ` +
			'The machine is shared, so absolute rates vary from run to run; the ratios are measured side by side in the same run.',
	];
	for (const s of sections) {
		parts.push('', `## ${s.title}`, '', s.method, '', markdownTable(s.table));
		for (const m of s.more ?? []) parts.push('', m.caption, '', markdownTable(m.table));
		parts.push('', markdownTable([['Target', 'Measured', 'Result'], ...s.checks.map((c) => [c.target, c.measured, c.pass ? 'PASS' : 'FAIL'])]));
	}
	parts.push('', NOTES);
	fs.writeFileSync(path.join(dir, 'README.md'), `${parts.join('\n')}\n`);
	updateProjectReadme(readmeSection(sections, results.startedAt, results.seconds));
}

/** The project README's copy: every target with its result, and each scenario's main table. */
export function readmeSection(sections: Section[], startedAt: string, seconds: number): string {
	const parts = [
		`Latest run: ${startedAt.slice(0, 16).replace('T', ' ')} UTC, ${seconds} s, on a shared 2-core VM (ratios are measured side by side in`,
		'one run; absolute rates vary from run to run). How each figure is measured, the CPU profile and how to read them:',
		'[bench/README.md](bench/README.md).',
		'',
		markdownTable([['Scenario', 'Target', 'Measured', 'Result'], ...sections.flatMap((s) => s.checks.map((c) => [s.title.split(':')[0], c.target, c.measured, c.pass ? 'PASS' : 'FAIL']))]),
	];
	for (const s of sections) parts.push('', `### ${s.title}`, '', markdownTable(s.table));
	return parts.join('\n');
}

export const README_MARKS = ['<!-- bench:start (written by npm run bench) -->', '<!-- bench:end -->'] as const;

function updateProjectReadme(section: string): void {
	const file = path.join(__dirname, '..', 'README.md');
	const readme = fs.readFileSync(file, 'utf8');
	const [start, end] = README_MARKS.map((m) => readme.indexOf(m));
	if (start < 0 || end < start) {
		console.warn(`README.md has no ${README_MARKS[0]} ... ${README_MARKS[1]} block; it was not updated`);
		return;
	}
	fs.writeFileSync(file, `${readme.slice(0, start + README_MARKS[0].length)}\n${section}\n${readme.slice(end)}`);
}

const NOTES = fs.existsSync(path.join(__dirname, 'NOTES.md')) ? fs.readFileSync(path.join(__dirname, 'NOTES.md'), 'utf8').trim() : '';
