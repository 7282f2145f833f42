// `npm run bench`: every section in one run (issue 8, point 4, and issue 19). Options:
// `--only <section>[,<section>]` (or --only=…) runs those alone and writes nothing, unless with
// --write: then they replace the same sections of bench/results.json, marked as run alone; --strict
// exits with code 1 when a target fails; --render only writes bench/README.md and docs/benchmarks.md again from results.json.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

import { sharing } from './sharing';
import { growth } from './growth';
import { memory } from './memory';
import { monitor } from './monitor';
import { rateLimit } from './ratelimit';
import { print, render, write, writeAlone, type Results } from './report';
import { throughput } from './throughput';
import { trigger, webhookCpu } from './trigger';
import { SCALE, type Section } from './types';

const SCENARIOS: Record<string, () => Promise<Section>> = { throughput, sharing, rateLimit, memory, growth, webhookCpu, trigger, monitor };

async function main() {
	const args = process.argv.slice(2);
	const at = args.indexOf('--only');
	const onlyArg = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
	if (at >= 0 && (!onlyArg || onlyArg.startsWith('--'))) throw new Error(`--only needs a section: ${Object.keys(SCENARIOS).join(', ')}`);
	const only = onlyArg?.split(',');
	const strict = args.includes('--strict');
	const unknown = (only ?? []).filter((name) => !(name in SCENARIOS));
	if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);

	if (args.includes('--render')) {
		render(JSON.parse(fs.readFileSync(path.join(__dirname, 'results.json'), 'utf8')) as Results);
		console.log('bench/README.md and the block of docs/benchmarks.md rendered from bench/results.json');
		return;
	}
	const startedAt = new Date();
	const loadAtStart = os.loadavg()[0];
	const started = performance.now();
	const ran: Array<{ name: string; section: Section }> = [];
	for (const [name, scenario] of Object.entries(SCENARIOS)) {
		if (only && !only.includes(name)) continue;
		const t = performance.now();
		const section = await scenario();
		print(section);
		console.log(`(${name}: ${((performance.now() - t) / 1000).toFixed(0)} s)`);
		ran.push({ name, section });
	}
	const sections = ran.map((r) => r.section);
	const seconds = (performance.now() - started) / 1000;
	// A partial or scaled-down run must not overwrite the full picture, unless asked to, and then marked.
	if (!only && SCALE === 1) write(sections, startedAt, seconds, loadAtStart);
	else if (only && SCALE === 1 && args.includes('--write')) writeAlone(Object.keys(SCENARIOS), ran, startedAt, seconds, loadAtStart);
	else console.log(`\n(not written to bench/results.json: ${only ? `--only ${only.join(',')}` : `BENCH_SCALE=${SCALE}`})`);

	const failed = sections.flatMap((s) => s.checks.filter((c) => !c.pass).map((c) => `${s.title}: ${c.target} (${c.measured})`));
	console.log(`\n${failed.length ? `${failed.length} target(s) FAILED:\n  ${failed.join('\n  ')}` : 'All targets PASS.'}  (${seconds.toFixed(0)} s)`);
	if (strict && failed.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 2;
});
