// Point 4, fourth bullet: the process's peak memory for 10,000 items, against the same workflow
// with the node replaced by No Operation. Each variant runs alone in a fresh child process.
import { startSandbox } from '../sandbox';
import type { ChildResult } from './child';
import { distinctRuts } from './ruts';
import { runChild } from './spawn';
import { fixed, type Section } from './types';
import { GET_SUMMARY } from './workflow';

const ITEMS = 10_000;
const PARALLEL = 10;
const MAX_RATIO = 1.5;
const FORCED_GC_MS = 500;

export async function memory(): Promise<Section> {
	const ruts = distinctRuts(ITEMS, 60_000_000, 1_237);
	const sandbox = await startSandbox({ preloadedRuts: ruts });
	const access = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
	try {
		const run = (noop: boolean, forceGcEveryMs?: number) =>
			runChild({ kind: 'engine', noop, access, ruts, warmup: [], parameters: noop ? {} : GET_SUMMARY, parallel: PARALLEL, forceGcEveryMs });
		const noop = await run(true);
		const node = await run(false);
		const noopGc = await run(true, FORCED_GC_MS);
		const nodeGc = await run(false, FORCED_GC_MS);
		const rssRatio = node.peakRssMiB / noop.peakRssMiB;
		const row = (name: string, gc: string, r: ChildResult, base: ChildResult) => [
			name,
			gc,
			String(r.outputs - r.failures),
			fixed(r.peakRssMiB, 0),
			fixed(r.peakRssMiB / base.peakRssMiB),
			fixed(r.peakHeapMiB, 0),
			fixed(r.peakHeapMiB / base.peakHeapMiB),
			fixed(r.ms / 1000, 1),
		];
		return {
			title: `Peak memory: ${ITEMS.toLocaleString('en')} items`,
			method:
				`Start → Risk Info (V2 Get Summary, the full record, parallelism ${PARALLEL}) against Start → No Operation with the same ${ITEMS.toLocaleString('en')} input items, ` +
				'each in a fresh child process (the sandbox runs in the parent). Peak RSS is the kernel\'s high-water mark for the whole process, ' +
				'including what every variant loads (ts-node, n8n-core, the node\'s code); peak heap is sampled every 20 ms. ' +
				`The target is judged on V8's default behaviour; the "every ${FORCED_GC_MS} ms" rows repeat both runs with a forced full collection, ` +
				'which shows how much of the peak is live data and how much is garbage V8 had not collected yet.',
			table: [
				['Variant', 'full GC', 'items ok', 'peak RSS MiB', 'RSS ÷ No Op', 'peak heap MiB', 'heap ÷ No Op', 'time s'],
				row('No Operation', 'V8 default', noop, noop),
				row('Risk Info, Get Summary', 'V8 default', node, noop),
				row('No Operation', `every ${FORCED_GC_MS} ms`, noopGc, noopGc),
				row('Risk Info, Get Summary', `every ${FORCED_GC_MS} ms`, nodeGc, noopGc),
			],
			checks: [
				{ target: `peak RSS within ${MAX_RATIO}× the No Operation run`, measured: `${fixed(rssRatio)}×`, pass: rssRatio <= MAX_RATIO },
				{ target: `all ${ITEMS.toLocaleString('en')} items succeed`, measured: String(node.outputs - node.failures), pass: node.outputs === ITEMS && node.failures === 0 },
			],
			data: { items: ITEMS, parallel: PARALLEL, forcedGcEveryMs: FORCED_GC_MS, noop, node, noopGc, nodeGc },
		};
	} finally {
		await sandbox.close();
	}
}
