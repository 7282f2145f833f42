// The Risk Info Monitor polled in a process of its own, as an active n8n polls it (harness/poll.ts:
// n8n-core's PollTriggerExecutor, one Workflow kept between polls), back to back: each round's
// time is the sum of its polls'. Reports the time of every poll, what each emitted, and what the
// Monitor keeps: its static data (as n8n would save it) and the heap it holds after the rounds.
import * as v8 from 'node:v8';
import { performance } from 'node:perf_hooks';

import { PolledWorkflow } from '../harness/poll';
import { NO_OP } from '../harness/workflow';
import type { ServiceAccess } from './workflow';

export interface MonitorJob {
	access: ServiceAccess;
	perPoll: number;
	parallel: number;
	/** Rounds of polls; before a round, these RUTs get a new active civil case at the sandbox (its control endpoint). */
	rounds: Array<{ polls: number; changeBefore?: string[] }>;
}

export interface MonitorResult {
	rounds: Array<{ pollMs: number[]; items: number; itemRuts: string[] }>;
	/** The node's static data as JSON, the bytes n8n would store. */
	staticDataBytes: number;
	/** Heap in use after a full collection, before the first poll and after the last (the Monitor still active). */
	heapBeforeMiB: number;
	heapAfterMiB: number;
	/** The heap the static data takes once parsed from its JSON, as n8n holds it after loading the workflow. */
	staticDataHeapMiB: number;
	peakRssMiB: number;
	peakHeapMiB: number;
	cpuMs: number;
}

const MiB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc!;
const heap = () => v8.getHeapStatistics().used_heap_size;

async function run(job: MonitorJob): Promise<MonitorResult> {
	const name = 'Risk Info Monitor';
	let wf: PolledWorkflow | undefined = new PolledWorkflow({
		pollNode: name,
		nodes: [
			{
				id: 'm', name, type: 'n8n-nodes-riskinfo.riskInfoMonitor', typeVersion: 1, position: [0, 0],
				parameters: { source: 'account', rutsPerPoll: job.perPoll, options: { requestsInParallel: job.parallel } },
				credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } },
			},
			{ id: 'n', name: 'After', type: NO_OP, typeVersion: 1, position: [200, 0], parameters: {} },
		],
		connections: { [name]: { main: [[{ node: 'After', type: 'main', index: 0 }]] } },
		credentials: { riskInfoApi: { ...job.access } },
	});
	gc();
	const heapBeforeMiB = heap() / MiB;
	let peakHeap = heap();
	const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, heap())), 50);
	const cpu = process.cpuUsage();
	const rounds: MonitorResult['rounds'] = [];
	for (const round of job.rounds) {
		for (const rut of round.changeBefore ?? []) {
			const res = await fetch(`${job.access.baseUrl}/_sandbox/ruts/${rut}/changes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"change":"civilCase"}' });
			if (res.status !== 200) throw new Error(`changing ${rut} answered ${res.status}`);
		}
		const pollMs: number[] = [];
		const itemRuts: string[] = [];
		for (let i = 0; i < round.polls; i++) {
			const t = performance.now();
			const outcome = await wf.poll();
			pollMs.push(performance.now() - t);
			if (outcome.error) throw outcome.error;
			for (const item of outcome.items ?? []) itemRuts.push(String(item.json.rut));
		}
		rounds.push({ pollMs, items: itemRuts.length, itemRuts });
	}
	const used = process.cpuUsage(cpu);
	clearInterval(sampler);
	const json = JSON.stringify(wf.staticData());
	gc();
	const heapAfterMiB = heap() / MiB;
	wf = undefined;
	gc();
	const bare = heap();
	const parsed = JSON.parse(json) as unknown;
	gc();
	const staticDataHeapMiB = (heap() - bare) / MiB;
	return {
		rounds,
		staticDataBytes: Buffer.byteLength(json),
		heapBeforeMiB,
		heapAfterMiB,
		staticDataHeapMiB: parsed ? staticDataHeapMiB : 0,
		peakRssMiB: process.resourceUsage().maxRSS / 1024,
		peakHeapMiB: peakHeap / MiB,
		cpuMs: (used.user + used.system) / 1000,
	};
}

process.once('message', (job: MonitorJob) => {
	run(job).then(
		(result) => process.send!({ ok: true, result }, () => process.exit(0)),
		(error: unknown) => process.send!({ ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) }, () => process.exit(1)),
	);
});
