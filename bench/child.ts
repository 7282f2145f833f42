// One measured variant, alone in its own process so that neither its memory nor its CPU
// pollutes the others (the sandbox lives in the parent). Talks to the parent over IPC.
import * as fs from 'node:fs';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import * as v8 from 'node:v8';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { Pool } from 'undici';

import { runWorkflow } from '../harness/workflow';
import { allocationsOf, profiled, type Bucket } from './profile';
import { buildWorkflow, type ServiceAccess, type WorkflowJob } from './workflow';

export type ChildJob = (
	| ({ kind: 'engine'; access: ServiceAccess; ruts: string[]; warmup: string[] } & WorkflowJob)
	| {
			kind: 'plain';
			baseUrl: string;
			headers: Record<string, string>;
			ruts: string[];
			warmup: string[];
			parallel: number;
			/** Keep each worker's connection open between requests instead of sending n8n's `connection: close`. */
			reuseConnections?: boolean;
	  }
) & {
	/** After the measured run, collect all garbage and report the heap still in use (its live data). */
	retainedHeap?: boolean;
	/** Profile the measured run and report CPU per bucket (slows the run; not for timing). */
	profile?: boolean;
	/** Sample the measured run's allocations and report bytes per bucket (slows the run; not for timing). */
	allocations?: boolean;
	/** After the run, write each output item's JSON as one line of this file. */
	saveOutput?: string;
	/** Trigger items: one JSON per line of this file, read before the run, instead of one `{ rut }` per RUT. */
	inputFile?: string;
};

export interface ChildResult {
	ms: number;
	outputs: number;
	/** Output items carrying an error (engine) or non-2xx answers (plain). */
	failures: number;
	/** First error text, to make a failed run readable. */
	firstError?: string;
	/** Output items that said a load happened ("Load RUT If Not Loaded"). */
	loadedNow: number;
	/** Kernel high-water mark of the process's resident memory during the measured run, in MiB. */
	peakRssMiB: number;
	/** Highest sampled V8 heap use during the measured run, in MiB. */
	peakHeapMiB: number;
	/** CPU time (user + system) this process spent in the measured run, in ms. */
	cpuMs: number;
	/** With `retainedHeap`: heap in use after the run and a full collection, output still held, in MiB. */
	retainedHeapMiB?: number;
	/** With `profile`: CPU ms of the measured run by bucket. */
	cpuBuckets?: Record<Bucket, number>;
	/** With `allocations`: MiB allocated during the measured run by bucket (collected or not). */
	allocationBuckets?: Record<Bucket, number>;
	/** Resident memory just before the measured run (after a full collection when --expose-gc), in MiB. */
	startRssMiB: number;
	/** Engine runs: V8 heap in use just before the measured run (after that same collection), in MiB. */
	startHeapMiB?: number;
	/** V8's full (mark-compact) collections during the measured run, forced ones left out, and their time. */
	majorGcs: number;
	majorGcMs: number;
}

const MiB = 1024 * 1024;

/** V8 heap in use, in bytes: v8's own counter, since process.memoryUsage() reads /proc and would cost the measured run real CPU. */
const heap = () => v8.getHeapStatistics().used_heap_size;

/** V8's full collection, present when the child runs with --expose-gc (the memory runs). */
const gc = (globalThis as { gc?: () => void }).gc;

/** The last run's output, kept so that the retained heap includes it, as n8n would keep it. */
const held: { output?: unknown } = {};

/**
 * The kernel's high-water mark of resident memory, reset just before the measured run (Linux:
 * writing 5 to /proc/self/clear_refs resets VmHWM), so loading modules and the warm-up, whose
 * memory V8 may since have freed, do not count as the run's peak. Without that reset (another
 * OS), the process's lifetime peak.
 */
const peakRss = {
	wasReset: false,
	reset() {
		try {
			fs.writeFileSync('/proc/self/clear_refs', '5');
			this.wasReset = true;
		} catch {
			this.wasReset = false;
		}
	},
	read(): number {
		if (this.wasReset) {
			const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
			if (hwm) return Number(hwm[1]) / 1024;
		}
		return process.resourceUsage().maxRSS / 1024;
	},
};

function cpuSince(start: NodeJS.CpuUsage): number {
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

async function engine(job: Extract<ChildJob, { kind: 'engine' }>) {
	// Line by line, so reading the input leaves no large string behind to raise the peak.
	const inputs = job.inputFile ? readJsonLines(job.inputFile) : undefined;
	gc?.();
	const run = async (ruts: string[]) => {
		const result = await runWorkflow(buildWorkflow(job, job.access, ruts, ruts === job.ruts ? inputs : undefined));
		if (result.error) throw result.error;
		return result.items.Step;
	};
	if (job.warmup.length) await run(job.warmup);
	gc?.();
	const startRssMiB = process.memoryUsage.rss() / MiB;
	const startHeapMiB = heap() / MiB;
	peakRss.reset();
	const probe = liveHeapProbe();
	const cpu = process.cpuUsage();
	const started = performance.now();
	const outcome: { result: INodeExecutionData[]; buckets?: Record<Bucket, number>; allocated?: Record<Bucket, number> } = job.profile
		? await profiled(() => run(job.ruts))
		: job.allocations
			? await allocationsOf(() => run(job.ruts))
			: { result: await run(job.ruts) };
	const ms = performance.now() - started;
	const cpuMs = cpuSince(cpu);
	const { result: items, buckets, allocated } = outcome;
	probe?.stop();
	held.output = items;
	if (job.saveOutput) writeJsonLines(job.saveOutput, items.map((i) => i.json));
	const failed = items.filter((i) => i.json.error !== undefined);
	return {
		ms,
		cpuMs,
		window: [started, started + ms] as const,
		startRssMiB,
		startHeapMiB,
		cpuBuckets: buckets,
		allocationBuckets: allocated,
		outputs: items.length,
		failures: failed.length,
		firstError: failed[0] ? String(failed[0].json.error) : undefined,
		loadedNow: items.filter((i) => i.json.loadedNow === true).length,
	};
}

/**
 * For digging, not for the figures (it changes what it measures): BENCH_LIVE_PROBE=1 runs a full
 * collection every 1.5 s of the measured run and prints the heap left each time, the data the run
 * really holds, apart from the garbage V8 has not collected yet. Needs --expose-gc (memory runs).
 */
function liveHeapProbe() {
	if (!process.env.BENCH_LIVE_PROBE || !gc) return undefined;
	const live: number[] = [];
	const timer = setInterval(() => {
		gc!();
		live.push(Math.round(heap() / MiB));
	}, 1500);
	return {
		stop() {
			clearInterval(timer);
			console.log(`live heap every 1.5 s, MiB: ${live.join(' ')}`);
		},
	};
}

function readJsonLines(file: string): IDataObject[] {
	const out: IDataObject[] = [];
	const fd = fs.openSync(file, 'r');
	const chunk = Buffer.alloc(1 << 20);
	// A chunk may end inside a character (the records hold á, ñ…): the decoder keeps the partial bytes.
	const decoder = new StringDecoder('utf8');
	let rest = '';
	for (let n = fs.readSync(fd, chunk); n > 0; n = fs.readSync(fd, chunk)) {
		const lines = (rest + decoder.write(chunk.subarray(0, n))).split('\n');
		rest = lines.pop()!;
		for (const line of lines) if (line) out.push(JSON.parse(line) as IDataObject);
	}
	fs.closeSync(fd);
	if (rest) out.push(JSON.parse(rest) as IDataObject);
	return out;
}

function writeJsonLines(file: string, values: IDataObject[]) {
	const fd = fs.openSync(file, 'w');
	for (const v of values) fs.writeSync(fd, `${JSON.stringify(v)}\n`);
	fs.closeSync(fd);
}

/** The reference: the same GET with the same headers, `parallel` at a time, with undici and nothing else. */
async function plain(job: Extract<ChildJob, { kind: 'plain' }>) {
	const pool = new Pool(job.baseUrl, { connections: job.parallel });
	const headers = job.reuseConnections ? Object.fromEntries(Object.entries(job.headers).filter(([k]) => k !== 'connection')) : job.headers;
	const run = async (ruts: string[]) => {
		let next = 0;
		let failures = 0;
		let firstError: string | undefined;
		const worker = async () => {
			while (next < ruts.length) {
				const rut = ruts[next++];
				const res = await pool.request({ method: 'GET', path: `/api/clients/v2/helper/resumen?rut=${encodeURIComponent(rut)}`, headers });
				// Parsed like the node parses it, so both sides pay for the JSON.
				const body = (await res.body.json()) as { success?: boolean };
				if (res.statusCode !== 200 || body.success !== true) {
					failures++;
					firstError ??= `HTTP ${res.statusCode}`;
				}
			}
		};
		await Promise.all(Array.from({ length: Math.min(job.parallel, ruts.length) }, worker));
		return { failures, firstError };
	};
	if (job.warmup.length) await run(job.warmup);
	const startRssMiB = process.memoryUsage.rss() / MiB;
	peakRss.reset();
	const cpu = process.cpuUsage();
	const started = performance.now();
	const { failures, firstError } = await run(job.ruts);
	const ms = performance.now() - started;
	const cpuMs = cpuSince(cpu);
	await pool.close();
	return { ms, cpuMs, window: [started, started + ms] as const, startRssMiB, outputs: job.ruts.length, failures, firstError, loadedNow: 0 };
}

process.once('message', (job: ChildJob) => {
	let peakHeap = heap();
	const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, heap())), 20);
	// V8's full collections, to show how the peak depends on when they happen.
	const majors: Array<{ start: number; ms: number }> = [];
	const observer = new PerformanceObserver((list) => {
		for (const e of list.getEntries()) {
			const detail = (e as unknown as { detail?: { kind?: number; flags?: number } }).detail;
			if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR && !((detail.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED)) {
				majors.push({ start: e.startTime, ms: e.duration });
			}
		}
	});
	observer.observe({ entryTypes: ['gc'] });
	(job.kind === 'engine' ? engine(job) : plain(job))
		.then(async (r) => {
			clearInterval(sampler);
			peakHeap = Math.max(peakHeap, heap());
			// GC entries arrive after the fact: let the last ones in.
			await new Promise((resolve) => setImmediate(resolve));
			observer.disconnect();
			const { window, ...rest } = r;
			const during = majors.filter((m) => m.start >= window[0] && m.start <= window[1]);
			const result: ChildResult = {
				...rest,
				peakRssMiB: peakRss.read(),
				peakHeapMiB: peakHeap / MiB,
				majorGcs: during.length,
				majorGcMs: during.reduce((a, m) => a + m.ms, 0),
			};
			if (job.retainedHeap && gc) {
				gc();
				result.retainedHeapMiB = heap() / MiB;
				// For digging: what the run holds, object by object (BENCH_SNAPSHOT=/tmp/name, one file per child).
				if (process.env.BENCH_SNAPSHOT) v8.writeHeapSnapshot(`${process.env.BENCH_SNAPSHOT}-${process.pid}.heapsnapshot`);
				held.output = undefined;
			}
			process.send!({ ok: true, result }, () => process.exit(0));
		})
		.catch((error: unknown) => {
			process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1));
		});
});
