// Starts a bench child script in a fresh Node process (TypeScript through ts-node) and waits for its answer.
import { fork } from 'node:child_process';
import * as path from 'node:path';

import type { ChildJob, ChildResult } from './child';

/** `script` (in bench/) gets `job` as its first IPC message and answers { ok, result } or { ok: false, error }. */
export function runScript<R>(script: string, job: object, label: string, options: { exposeGc?: boolean; nodeBin?: string } = {}): Promise<R> {
	return new Promise((resolve, reject) => {
		const child = fork(path.join(__dirname, script), [], {
			// Another Node than this one: the one n8n runs on, for what a node costs there.
			...(options.nodeBin ? { execPath: options.nodeBin } : {}),
			execArgv: [
				'--require',
				'ts-node/register/transpile-only',
				...(options.exposeGc ? ['--expose-gc'] : []),
				// For digging, not for the figures: V8's collections (BENCH_TRACE_GC=1), any other V8 flags
				// (BENCH_NODE_FLAGS='--trace-gc-nvp …') or a whole-process profile per child.
				...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
				...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
				...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
			],
			env: { ...process.env, TS_NODE_PROJECT: path.join(__dirname, '..', 'tsconfig.json') },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let answered = false;
		child.once('message', (message: { ok: boolean; result?: R; error?: string }) => {
			answered = true;
			if (message.ok) resolve(message.result!);
			else reject(new Error(`${label} run failed: ${message.error}`));
		});
		child.once('exit', (code) => {
			if (!answered) reject(new Error(`${label} run exited with code ${code} before answering`));
		});
		child.send(job);
	});
}

/** One measured workflow or plain-loop variant (bench/child.ts). */
export function runChild(job: ChildJob): Promise<ChildResult> {
	return runScript<ChildResult>('child.ts', job, job.kind, { exposeGc: job.retainedHeap });
}
