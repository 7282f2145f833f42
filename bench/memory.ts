// Point 4, fourth bullet: the process's peak memory for 10,000 items, against the same workflow
// with the node replaced by No Operation. Each variant runs alone in a fresh child process.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { startSandbox } from '../sandbox';
import type { ChildResult } from './child';
import { distinctRuts } from './ruts';
import { runChild } from './spawn';
import { fixed, type Section } from './types';
import { GET_SUMMARY } from './workflow';

const ITEMS = 10_000;
const PARALLEL = 10;
const MAX_RATIO = 1.5;

export async function memory(): Promise<Section> {
	const ruts = distinctRuts(ITEMS, 60_000_000, 1_237);
	const sandbox = await startSandbox({ preloadedRuts: ruts });
	const access = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
	try {
		const outputFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-bench-')), 'output.jsonl');
		const run = (step: 'noop' | 'node' | 'minimal', files: { saveOutput?: string; inputFile?: string } = {}) =>
			runChild({
				kind: 'engine', noop: step === 'noop', minimal: step === 'minimal', access, ruts, warmup: [],
				parameters: step === 'node' ? GET_SUMMARY : {}, parallel: PARALLEL, retainedHeap: true, ...files,
			});
		const noop = await run('noop');
		const node = await run('node', { saveOutput: outputFile });
		// What holding that output costs by itself: No Operation handed the node's own 10,000 output items.
		const holding = await run('noop', { inputFile: outputFile });
		// What any node fetching the same records through n8n's helper costs: the throughput bench's minimal node.
		const minimal = await run('minimal');
		fs.rmSync(path.dirname(outputFile), { recursive: true, force: true });
		const rssRatio = node.peakRssMiB / noop.peakRssMiB;
		const overOutput = node.peakRssMiB / holding.peakRssMiB;
		const row = (name: string, r: ChildResult) => [
			name,
			String(r.outputs - r.failures),
			fixed(r.peakRssMiB, 0),
			fixed(r.peakRssMiB / noop.peakRssMiB),
			fixed(r.peakHeapMiB, 0),
			fixed(r.peakHeapMiB / noop.peakHeapMiB),
			fixed(r.retainedHeapMiB ?? NaN, 0),
			fixed(r.ms / 1000, 1),
		];
		return {
			title: `Peak memory: ${ITEMS.toLocaleString('en')} items`,
			method:
				`Start → Risk Info (V2 Get Summary, the full record, parallelism ${PARALLEL}) against Start → No Operation with the same ${ITEMS.toLocaleString('en')} input items, ` +
				'each in a fresh child process (the sandbox runs in the parent). Peak RSS is the kernel\'s high-water mark for the whole process, ' +
				'including what both load (ts-node, n8n-core, the node\'s code); peak heap is sampled every 20 ms. ' +
				'"Heap after the run" is the heap still in use after a full collection, with the output items still held: the live data. ' +
				'The third row hands No Operation the Risk Info run\'s own output items (read line by line from a file before the run): what holding that output costs without any requests. ' +
				'The fourth runs the throughput benchmark\'s minimal node (only the RUT expression and n8n\'s HTTP helper, same parallelism): what any node fetching the same records through n8n costs.',
			table: [
				['Variant', 'items ok', 'peak RSS MiB', 'RSS ÷ No Op', 'peak heap MiB', 'heap ÷ No Op', 'heap after the run MiB', 'time s'],
				row('No Operation', noop),
				row('Risk Info, Get Summary', node),
				row('No Operation handed the Risk Info output (for comparison)', holding),
				row('Minimal node, same requests (for comparison)', minimal),
			],
			checks: [
				{
					target: `peak RSS within ${MAX_RATIO}× the No Operation run`,
					measured: `${fixed(rssRatio)}× (${fixed(overOutput)}× No Operation holding the same output, ${fixed(node.peakRssMiB / minimal.peakRssMiB)}× the minimal node)`,
					pass: rssRatio <= MAX_RATIO,
				},
				{ target: `all ${ITEMS.toLocaleString('en')} items succeed`, measured: String(node.outputs - node.failures), pass: node.outputs === ITEMS && node.failures === 0 },
			],
			data: { items: ITEMS, parallel: PARALLEL, noop, node, holding, minimal },
		};
	} finally {
		await sandbox.close();
	}
}
