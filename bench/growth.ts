// Issue 19, point 3: how time and memory grow with the item count, for the Risk Info node and the
// minimal node, one fresh child process per run: 1,000, 10,000 and 50,000 Get Summary items, and
// 100,000 when the 50,000 runs say it would stay under 2 GB.
import * as os from 'node:os';

import { startSandbox } from '../sandbox';
import { factsFor } from '../sandbox/generate';
import type { ChildResult } from './child';
import { distinctRuts } from './ruts';
import { runChild } from './spawn';
import { alternate } from './stats';
import { fixed, scaled, type Section } from './types';
import { GET_SUMMARY } from './workflow';

const SIZES = [1_000, 10_000, 50_000].map(scaled);
const LARGEST = scaled(100_000);
const MAX_LARGEST_MIB = 2048;
const PARALLEL = 10;
const LATENCY_MS = 20;
const MAX_TIME_RATIO = 5.5;
const MAX_MEMORY_DRIFT = 0.15;

interface Run {
	items: number;
	variant: 'Risk Info' | 'minimal node';
	result: ChildResult;
	msPerItem: number;
	/** Resident memory the run added (peak − start), per item, in KiB. */
	rssKiBPerItem: number;
	/** Heap the run left in use, output held, after a full collection (after − before), per item, in KiB. */
	heldKiBPerItem: number;
	loadAverage: number;
}

export async function growth(): Promise<Section> {
	const all = distinctRuts(LARGEST, 50_000_000, 401);
	// Before each measured run, so n8n's lazily loaded code (the HTTP stack…) is not counted as the run's memory.
	const warmup = distinctRuts(20, 77_000_000);
	// The sandbox builds a record's facts once per process: built here first, so no run pays for it.
	for (const rut of [...all, ...warmup]) factsFor(rut);
	const sandbox = await startSandbox({ preloadedRuts: [...all, ...warmup], latencyMs: LATENCY_MS });
	const access = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
	const runs: Run[] = [];
	const measure = async (items: number, variant: Run['variant']) => {
		const ruts = all.slice(0, items);
		sandbox.resetLog();
		const loadAverage = os.loadavg()[0];
		const result = await runChild({
			kind: 'engine', minimal: variant === 'minimal node', access, ruts, warmup,
			parameters: variant === 'Risk Info' ? GET_SUMMARY : {}, parallel: PARALLEL, retainedHeap: true,
		});
		sandbox.resetLog();
		const held = ((result.retainedHeapMiB ?? NaN) - (result.startHeapMiB ?? NaN)) * 1024;
		const run = { items, variant, result, msPerItem: result.ms / items, rssKiBPerItem: ((result.peakRssMiB - result.startRssMiB) * 1024) / items, heldKiBPerItem: held / items, loadAverage };
		runs.push(run);
		return run;
	};
	let skipped: string | undefined;
	try {
		const sizes = [...SIZES];
		for (let i = 0; i < sizes.length; i++) {
			for (const variant of alternate(i, 'Risk Info', 'minimal node') as Array<Run['variant']>) await measure(sizes[i], variant);
			if (i === sizes.length - 1 && sizes[i] !== LARGEST) {
				// Projected from the largest run so far: its start plus its memory per item times the next count.
				const projected = Math.max(...runs.filter((r) => r.items === sizes[i]).map((r) => r.result.startRssMiB + (r.rssKiBPerItem * LARGEST) / 1024));
				if (projected < MAX_LARGEST_MIB) sizes.push(LARGEST);
				else skipped = `${LARGEST.toLocaleString('en')} items not run: the ${sizes[i].toLocaleString('en')}-item runs project a peak of ${fixed(projected, 0)} MiB, over ${MAX_LARGEST_MIB} MiB`;
			}
		}
	} finally {
		await sandbox.close();
	}

	const of = (variant: Run['variant'], items: number) => runs.find((r) => r.variant === variant && r.items === items)!;
	const [, mid, big] = SIZES;
	const ratios = (variant: Run['variant']) => ({
		time: of(variant, big).result.ms / of(variant, mid).result.ms,
		drift: of(variant, big).rssKiBPerItem / of(variant, mid).rssKiBPerItem - 1,
		heldDrift: of(variant, big).heldKiBPerItem / of(variant, mid).heldKiBPerItem - 1,
	});
	const signed = (x: number) => `${x >= 0 ? '+' : ''}${fixed(x * 100, 1)}%`;
	const node = ratios('Risk Info');
	const floor = ratios('minimal node');
	const ordered = [...runs].sort((a, b) => a.items - b.items || a.variant.localeCompare(b.variant));
	return {
		title: `Growth: ${SIZES.map((s) => s.toLocaleString('en')).join(', ')}${skipped ? '' : ` and ${LARGEST.toLocaleString('en')}`} Get Summary items`,
		method:
			`Start → Risk Info (V2 Get Summary, parallelism ${PARALLEL}, ${LATENCY_MS} ms latency) and the same workflow with the minimal node, one fresh child process per run, ` +
			'the two alternating which goes first at each size; the sandbox has built every record before the first run, and each run first sends 20 other items untimed so that n8n\'s lazily loaded code is in place. ' +
			'"RSS added" is the peak resident memory (kernel high-water mark) less the resident memory just before the run (after a full collection): what the run itself needed, garbage not yet collected included, so it depends on when V8 ran its full collections (counted in "full collections"). ' +
			'"Held" is the heap in use after the run, with its output still held and after a forced full collection, less the heap in use just before the run: what the run keeps, per item. ' +
			'Memory per item is judged on what the run holds (both ways: within 15%), and the peak on not growing per item by more than 15%: a peak that falls per item because larger runs collect more often is not growth. ' +
			`${LARGEST.toLocaleString('en')} items run only when the ${big.toLocaleString('en')}-item runs project a peak under ${MAX_LARGEST_MIB} MiB.`,
		table: [
			['Items', 'Variant', 'time s', 'ms/item', 'peak RSS MiB', 'RSS added MiB', 'RSS added KiB/item', 'heap after the run MiB', 'held KiB/item', 'full collections', 'items ok', 'load avg'],
			...ordered.map((r) => [
				r.items.toLocaleString('en'),
				r.variant,
				fixed(r.result.ms / 1000, 1),
				fixed(r.msPerItem),
				fixed(r.result.peakRssMiB, 0),
				fixed(r.result.peakRssMiB - r.result.startRssMiB, 0),
				fixed(r.rssKiBPerItem, 1),
				fixed(r.result.retainedHeapMiB ?? NaN, 0),
				fixed(r.heldKiBPerItem, 1),
				String(r.result.majorGcs),
				String(r.result.outputs - r.result.failures),
				fixed(r.loadAverage, 1),
			]),
			...(skipped ? [[skipped, '', '', '', '', '', '', '', '', '', '', '']] : []),
		],
		checks: [
			{
				target: `Risk Info: time for ${big.toLocaleString('en')} items at most ${MAX_TIME_RATIO}× the time for ${mid.toLocaleString('en')}`,
				measured: `${fixed(node.time)}× (minimal node ${fixed(floor.time)}×)`,
				pass: node.time <= MAX_TIME_RATIO,
			},
			{
				target: `Risk Info: memory held per item within ${MAX_MEMORY_DRIFT * 100}% from ${mid.toLocaleString('en')} to ${big.toLocaleString('en')} items`,
				measured: `${signed(node.heldDrift)} (${fixed(of('Risk Info', mid).heldKiBPerItem, 1)} → ${fixed(of('Risk Info', big).heldKiBPerItem, 1)} KiB/item; minimal node ${signed(floor.heldDrift)})`,
				pass: Math.abs(node.heldDrift) <= MAX_MEMORY_DRIFT,
			},
			{
				target: `Risk Info: peak RSS added per item grows by at most ${MAX_MEMORY_DRIFT * 100}% from ${mid.toLocaleString('en')} to ${big.toLocaleString('en')} items`,
				measured: `${signed(node.drift)} (${fixed(of('Risk Info', mid).rssKiBPerItem, 1)} → ${fixed(of('Risk Info', big).rssKiBPerItem, 1)} KiB/item; minimal node ${signed(floor.drift)})`,
				pass: node.drift <= MAX_MEMORY_DRIFT,
			},
			{
				target: 'every run: all items succeed',
				measured: runs.every((r) => r.result.failures === 0 && r.result.outputs === r.items) ? 'yes' : ordered.map((r) => `${r.variant} ${r.items}: ${r.result.outputs - r.result.failures}`).join('; '),
				pass: runs.every((r) => r.result.failures === 0 && r.result.outputs === r.items),
			},
		],
		data: { sizes: SIZES, largest: LARGEST, skipped, parallel: PARALLEL, latencyMs: LATENCY_MS, runs: ordered.map(({ result, ...r }) => ({ ...r, ...result })) },
	};
}
