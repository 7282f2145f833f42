// Prints the tables and the PASS/FAIL lines, and writes bench/results.json, bench/README.md and
// the block of docs/benchmarks.md.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Section } from './types';

function markdownTable(rows: string[][]): string {
	const [head, ...body] = rows;
	const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
	return [line(head), line(head.map(() => '---')), ...body.map(line)].join('\n');
}

function textTable(rows: string[][]): string {
	const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
	return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ')).join('\n');
}

function machine() {
	return { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', totalMemGiB: Math.round(os.totalmem() / 2 ** 30) };
}

export function print(section: Section): void {
	console.log(`\n== ${section.title}\n`);
	console.log(textTable(section.table));
	for (const m of section.more ?? []) console.log(`\n${m.caption}\n${textTable(m.table)}`);
	console.log('');
	for (const c of section.checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.target}: ${c.measured}`);
}

export interface Results {
	startedAt: string;
	seconds: number;
	machine: ReturnType<typeof machine>;
	/** One-minute load average when the run started and when it ended: how busy the shared machine was. */
	loadAverage: { start: number; end: number };
	passed: boolean;
	sections: Section[];
}

export function write(sections: Section[], startedAt: Date, seconds: number, loadAtStart: number): void {
	const results: Results = {
		startedAt: startedAt.toISOString(),
		seconds: Math.round(seconds),
		machine: machine(),
		loadAverage: { start: Math.round(loadAtStart * 10) / 10, end: Math.round(os.loadavg()[0] * 10) / 10 },
		passed: sections.every((s) => s.checks.every((c) => c.pass)),
		sections: sections.map((s) => ({ title: s.title, method: s.method, checks: s.checks, table: s.table, more: s.more, data: s.data })),
	};
	fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(results, null, '\t')}\n`);
	render(results);
}

/** bench/README.md and docs/benchmarks.md's block from a run's results (also after editing NOTES.md: `npm run bench -- --render`). */
export function render(results: Results): void {
	const m = results.machine;
	const { sections } = results;
	const startedAt = new Date(results.startedAt);
	const seconds = results.seconds;

	const parts = [
		'# Benchmark: throughput and cost',
		'',
		'`npm run bench` (add `--strict` to exit non-zero when a target fails). It starts the sandbox (`sandbox/`) and runs every',
		'measured variant in a fresh child process, so their CPU and memory do not mix; the figures below are the latest run,',
		'also in `bench/results.json`.',
		'',
		`Latest run: ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round(seconds)} s, Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ` +
			`load average ${results.loadAverage.start} at the start and ${results.loadAverage.end} at the end. ` +
			'The machine is shared, so absolute rates vary from run to run; the ratios are measured side by side in the same run.',
	];
	for (const s of sections) {
		parts.push('', `## ${s.title}`, '', s.method);
		if (s.ranAlone) parts.push('', ranAloneLine(s.ranAlone));
		parts.push('', markdownTable(s.table));
		for (const m of s.more ?? []) parts.push('', m.caption, '', markdownTable(m.table));
		parts.push('', markdownTable([['Target', 'Measured', 'Result'], ...s.checks.map((c) => [c.target, c.measured, c.pass ? 'PASS' : 'FAIL'])]));
	}
	parts.push('', NOTES);
	fs.writeFileSync(path.join(__dirname, 'README.md'), `${parts.join('\n')}\n`);
	updateDocsBlock(docsSection(results));
}

/** docs/benchmarks.md's copy: every target with its result, and each section's main table. */
export function docsSection(results: Pick<Results, 'sections' | 'startedAt' | 'seconds' | 'loadAverage'>): string {
	const { sections } = results;
	const parts = [
		`Latest run: ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${results.seconds} s, on a shared 2-core VM (load average ${results.loadAverage.start} at the start,`,
		`${results.loadAverage.end} at the end; ratios are measured side by side in one run, absolute rates vary from run to run). How each figure is`,
		'measured, every run, the profiles and how to read them: [bench/README.md](../bench/README.md).',
		'',
		markdownTable([['Section', 'Target', 'Measured', 'Result'], ...sections.flatMap((s) => s.checks.map((c) => [s.title.split(':')[0], c.target, c.measured, c.pass ? 'PASS' : 'FAIL']))]),
	];
	for (const s of sections) parts.push('', `## ${s.title}`, ...(s.ranAlone ? ['', ranAloneLine(s.ranAlone)] : []), '', markdownTable(s.table));
	return parts.join('\n');
}

function ranAloneLine(r: NonNullable<Section['ranAlone']>): string {
	return `This section was run again on its own after the full run (\`--only … --write\`): ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${r.seconds} s, load average ${r.loadAverage.start} at the start and ${r.loadAverage.end} at the end.`;
}

/** Puts sections run on their own into the full run's results, in place of the same sections, and renders. */
export function writeAlone(order: string[], ran: Array<{ name: string; section: Section }>, startedAt: Date, seconds: number, loadAtStart: number): void {
	const file = path.join(__dirname, 'results.json');
	const results = JSON.parse(fs.readFileSync(file, 'utf8')) as Results;
	// A section added since the full run (at the end of the order) may join it when it is run now.
	const added = order.slice(results.sections.length);
	if (results.sections.length > order.length || added.some((name) => !ran.some((r) => r.name === name))) {
		throw new Error(`bench/results.json has ${results.sections.length} sections, this bench ${order.length}: run the whole bench first`);
	}
	const loadAverage = { start: Math.round(loadAtStart * 10) / 10, end: Math.round(os.loadavg()[0] * 10) / 10 };
	for (const { name, section } of ran) {
		results.sections[order.indexOf(name)] = { ...section, ranAlone: { startedAt: startedAt.toISOString(), seconds: Math.round(seconds), loadAverage } };
	}
	results.passed = results.sections.every((s) => s.checks.every((c) => c.pass));
	fs.writeFileSync(file, `${JSON.stringify(results, null, '\t')}\n`);
	render(results);
}

export const DOCS_PAGE = path.join(__dirname, '..', 'docs', 'benchmarks.md');
export const BLOCK_MARKS = ['<!-- bench:start (written by npm run bench) -->', '<!-- bench:end -->'] as const;

function updateDocsBlock(section: string): void {
	const page = fs.readFileSync(DOCS_PAGE, 'utf8');
	const [start, end] = BLOCK_MARKS.map((m) => page.indexOf(m));
	if (start < 0 || end < start) {
		console.warn(`docs/benchmarks.md has no ${BLOCK_MARKS[0]} ... ${BLOCK_MARKS[1]} block; it was not updated`);
		return;
	}
	fs.writeFileSync(DOCS_PAGE, `${page.slice(0, start + BLOCK_MARKS[0].length)}\n${section}\n${page.slice(end)}`);
}

const NOTES = fs.existsSync(path.join(__dirname, 'NOTES.md')) ? fs.readFileSync(path.join(__dirname, 'NOTES.md'), 'utf8').trim() : '';
