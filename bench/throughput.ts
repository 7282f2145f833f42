// Point 4, first bullet: 1,000 Get Summary items through n8n's engine at several parallelisms,
// each beside a plain undici loop sending the same requests to the same sandbox.
import * as os from 'node:os';

import { startSandbox } from '../sandbox';
import { Pool } from 'undici';

import { headersOf } from './headers';
import { BUCKETS } from './profile';
import { distinctRuts } from './ruts';
import { runChild } from './spawn';
import { fixed, type Section } from './types';
import { GET_SUMMARY } from './workflow';

const ITEMS = 1000;
const LATENCY_MS = 20;
const PARALLELISMS = [1, 5, 10, 20];
const TARGET_LEVEL = 10;
const TARGET_OF_IDEAL = 0.85;
const TARGET_VS_PLAIN = 1.2;
const SLOW_LATENCY_MS = 200;
const SLOW_ITEMS = 500;

interface Variant {
	ms: number;
	itemsPerSecond: number;
	ofIdeal: number;
	/** CPU per item in the measured process, and in the sandbox's process (the parent). */
	cpuMsPerItem: number;
	sandboxCpuMsPerItem: number;
	failures: number;
	/** Requests the sandbox saw for the measured RUTs (the warm-up is not counted). */
	requests: number;
}

export async function throughput(): Promise<Section> {
	const ruts = distinctRuts(ITEMS);
	const measured = new Set(ruts);
	const warmup = distinctRuts(20, 77_000_000);
	const sandbox = await startSandbox({ preloadedRuts: [...ruts, ...warmup] });
	const access = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
	try {
		// The node's real headers, then one untimed pass so the sandbox has built every record.
		await runChild({ kind: 'engine', access, ruts: warmup, warmup: [], parameters: GET_SUMMARY, parallel: 5 });
		const headers = headersOf(sandbox.requests);
		await warmSandbox(sandbox.url, headers, ruts);
		// The same items through n8n and through the plain loop, one after the other.
		const pair = async (parallel: number, latencyMs: number, items: string[]) => {
			sandbox.configure({ latencyMs });
			const ideal = parallel / (latencyMs / 1000);
			const variant = async (run: () => ReturnType<typeof runChild>): Promise<Variant> => {
				sandbox.resetLog();
				const cpu = process.cpuUsage();
				const r = await run();
				const used = process.cpuUsage(cpu);
				const itemsPerSecond = items.length / (r.ms / 1000);
				return {
					ms: r.ms,
					itemsPerSecond,
					ofIdeal: itemsPerSecond / ideal,
					cpuMsPerItem: r.cpuMs / items.length,
					sandboxCpuMsPerItem: (used.user + used.system) / 1000 / items.length,
					failures: r.failures,
					requests: sandbox.requests.filter((q) => measured.has(q.query.rut)).length,
				};
			};
			const loadAverage = os.loadavg()[0];
			const engine = await variant(() => runChild({ kind: 'engine', access, ruts: items, warmup, parameters: GET_SUMMARY, parallel }));
			const minimal = await variant(() => runChild({ kind: 'engine', minimal: true, access, ruts: items, warmup, parameters: {}, parallel }));
			const plain = await variant(() => runChild({ kind: 'plain', baseUrl: sandbox.url, headers, ruts: items, warmup, parallel }));
			// Not a target: what the same loop reaches when it may keep its connections, which n8n's helper does not.
			const reused = await variant(() => runChild({ kind: 'plain', reuseConnections: true, baseUrl: sandbox.url, headers, ruts: items, warmup, parallel }));
			return { parallel, latencyMs, items: items.length, engine, minimal, plain, reused, loadAverage };
		};
		const rows = [];
		for (const parallel of PARALLELISMS) rows.push(await pair(parallel, LATENCY_MS, ruts));
		// For comparison only: the latency the issue's own example uses, where waiting dominates.
		const slow = await pair(TARGET_LEVEL, SLOW_LATENCY_MS, ruts.slice(0, SLOW_ITEMS));
		sandbox.configure({ latencyMs: LATENCY_MS });

		// Separately, since the profiler slows the run down: where the n8n run's CPU goes.
		const profiled = await runChild({ kind: 'engine', access, ruts, warmup, parameters: GET_SUMMARY, parallel: TARGET_LEVEL, profile: true });
		const buckets = profiled.cpuBuckets!;
		const bucketTotal = Object.values(buckets).reduce((a, b) => a + b, 0);

		const at = rows.find((r) => r.parallel === TARGET_LEVEL)!;
		const timeRatio = at.engine.ms / at.plain.ms;
		return {
			title: `Throughput: ${ITEMS} Get Summary items, ${LATENCY_MS} ms sandbox latency`,
			method:
				'Each run is a fresh child process: n8n-core\'s WorkflowExecute running Start → Risk Info (V2 RUT → Get Summary, RUT from `{{ $json.rut }}`); ' +
				'the same workflow with a minimal node in its place that only evaluates the RUT expression and calls n8n\'s HTTP helper with the same credential and options (`bench/minimal-node.ts`: ' +
				'the least any n8n node must do, so "Risk Info ÷ minimal" is what our node adds and "minimal ÷ plain" what n8n itself costs); ' +
				'or a plain undici loop sending the same GET with the headers the node sent (read back from the sandbox), `connection: close` included, since n8n\'s helper opens a connection per request; ' +
				'the last columns show the same loop keeping its connections open, which no node can ask n8n\'s helper to do. ' +
				`All ${ITEMS} RUTs are distinct and preloaded. Ideal = parallelism ÷ latency.`,
			table: [
				['Parallel', 'Risk Info items/s', 'of ideal', 'minimal node items/s', 'plain items/s', 'plain of ideal', 'Risk Info time ÷ plain', 'minimal ÷ plain', 'Risk Info ÷ minimal', 'CPU ms/item: Risk Info / minimal / plain', 'requests', 'plain, kept connections: of ideal', 'its CPU ms/item', 'load avg'],
				...[...rows, slow].map((r) => [
					r.latencyMs === LATENCY_MS ? String(r.parallel) : `${r.parallel}, ${r.items} items at ${r.latencyMs} ms (for comparison)`,
					fixed(r.engine.itemsPerSecond, 0),
					fixed(r.engine.ofIdeal),
					fixed(r.minimal.itemsPerSecond, 0),
					fixed(r.plain.itemsPerSecond, 0),
					fixed(r.plain.ofIdeal),
					fixed(r.engine.ms / r.plain.ms),
					fixed(r.minimal.ms / r.plain.ms),
					fixed(r.engine.ms / r.minimal.ms),
					`${fixed(r.engine.cpuMsPerItem)} / ${fixed(r.minimal.cpuMsPerItem)} / ${fixed(r.plain.cpuMsPerItem)}`,
					`${r.engine.requests} / ${r.minimal.requests} / ${r.plain.requests}`,
					fixed(r.reused.ofIdeal),
					fixed(r.reused.cpuMsPerItem),
					fixed(r.loadAverage, 1),
				]),
			],
			more: [
				{
					caption:
						`Where the n8n run's CPU goes (parallelism ${TARGET_LEVEL}, a separate run of the same ${ITEMS} items under V8's sampling profiler; ` +
						'ms/item is the share times that run\'s measured CPU per item):',
					table: [
						['Part', 'share', '≈ CPU ms/item'],
						...BUCKETS.map((b) => [b, `${fixed((100 * buckets[b]) / bucketTotal, 0)}%`, fixed(((buckets[b] / bucketTotal) * profiled.cpuMs) / ITEMS)]),
						['total', '100%', fixed(profiled.cpuMs / ITEMS)],
					],
				},
			],
			checks: [
				{
					target: `parallelism ${TARGET_LEVEL}: at least ${TARGET_OF_IDEAL} of the ideal`,
					measured: fixed(at.engine.ofIdeal),
					pass: at.engine.ofIdeal >= TARGET_OF_IDEAL,
				},
				{
					target: `parallelism ${TARGET_LEVEL}: at most ${TARGET_VS_PLAIN}× the plain loop's time`,
					measured: `${fixed(timeRatio)}×`,
					pass: timeRatio <= TARGET_VS_PLAIN,
				},
				{
					target: `every run: ${ITEMS} items succeed with ${ITEMS} requests (none de-duplicated, none retried)`,
					measured: rows.every(allSent)
						? 'yes'
						: rows.map((r) => `p${r.parallel}: ${r.engine.failures} failed, ${r.engine.requests} requests`).join('; '),
					pass: rows.every(allSent),
				},
			],
			data: { items: ITEMS, latencyMs: LATENCY_MS, headerNames: Object.keys(headers), rows, slow, cpuMsByPart: buckets },
		};
	} finally {
		await sandbox.close();
	}
}

const allSent = (r: { engine: Variant; minimal: Variant; plain: Variant; reused: Variant }) =>
	[r.engine, r.minimal, r.plain, r.reused].every((v) => v.failures === 0 && v.requests === ITEMS);

/** One untimed read of every RUT, so neither variant pays for the sandbox building its records. */
async function warmSandbox(baseUrl: string, headers: Record<string, string>, ruts: string[]) {
	const pool = new Pool(baseUrl, { connections: 10 });
	let next = 0;
	const worker = async () => {
		while (next < ruts.length) {
			const res = await pool.request({ method: 'GET', path: `/api/clients/v2/helper/resumen?rut=${ruts[next++]}`, headers });
			await res.body.dump();
		}
	};
	await Promise.all(Array.from({ length: 10 }, worker));
	await pool.close();
}
