// Executions of the Risk Info node in one process, as one n8n process runs them: each step's
// executions start together, and the next step starts when they have all ended. The account's pace
// lives for the process (nodes/shared/transport/accounts.ts), so what one execution learns, the
// others and the next use: that is what this child measures. Talks to the parent over IPC.
import { performance } from 'node:perf_hooks';

import { runWorkflow } from '../harness/workflow';
import { buildWorkflow, type ServiceAccess, type WorkflowJob } from './workflow';

export interface RateLimitJob extends WorkflowJob {
	access: ServiceAccess;
	/** Steps in order; each holds the RUTs of the executions that run together. */
	steps: string[][][];
	/** One RUT read first, untimed, so loading n8n's engine and the node is not counted (one request: nothing learnt). */
	warmup: string;
}

export interface Execution {
	startMs: number;
	endMs: number;
	items: number;
	failures: number;
	firstError?: string;
}

async function run(job: RateLimitJob): Promise<Execution[][]> {
	const warm = await runWorkflow(buildWorkflow(job, job.access, [job.warmup]));
	if (warm.error) throw warm.error;
	const t0 = performance.now();
	const out: Execution[][] = [];
	for (const step of job.steps) {
		out.push(
			await Promise.all(
				step.map(async (ruts) => {
					const startMs = performance.now() - t0;
					const result = await runWorkflow(buildWorkflow(job, job.access, ruts));
					if (result.error) throw result.error;
					const items = result.items.Step;
					const failed = items.filter((i) => i.json.error !== undefined);
					return { startMs, endMs: performance.now() - t0, items: items.length, failures: failed.length, firstError: failed[0] ? String(failed[0].json.error) : undefined };
				}),
			),
		);
	}
	return out;
}

process.once('message', (job: RateLimitJob) => {
	run(job).then(
		(result) => process.send!({ ok: true, result }, () => process.exit(0)),
		(error: unknown) => process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1)),
	);
});
