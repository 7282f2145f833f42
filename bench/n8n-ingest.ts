// A real n8n 2.40.7 from .runtime (one `n8n start` process, SQLite) serving two active workflows:
// Risk Info Trigger → No Operation, and n8n's own Webhook node with Header Auth checking the same
// bearer token → No Operation. Started through scripts/lib/launch.js, as the e2e and `npm start`
// start theirs; this file only adds what the benchmark needs around it: the two workflows, a load
// of deliveries at a fixed concurrency, the CPU the n8n process group spent, and a CPU profile of
// the n8n process over the inspector.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

import { Pool, WebSocket } from 'undici';

import { REMEMBERED } from '../nodes/RiskInfoTrigger/repeats';

import type { Payload } from './deliveries';
import type { CpuProfile, ProfileNode } from './profile';

// scripts/ is plain JavaScript owned by the e2e; only what is used here is typed.
interface N8nProcess {
	url: string;
	userFolder: string;
	pid: number | undefined;
	start(o?: { timeoutMs?: number; onLine?: (line: string) => void }): Promise<void>;
	stop(): Promise<void>;
	importCredentials(file: string): Promise<unknown>;
	importWorkflow(file: string): Promise<unknown>;
	publishWorkflow(id: string): Promise<unknown>;
	setupOwner(owner: object): Promise<string>;
	createApiKey(cookie: string, label?: string): Promise<string>;
	executions(apiKey: string, workflowId: string, o?: { includeData?: boolean }): Promise<Array<{ status: string }>>;
}
interface Launch {
	ensureRuntime(): Promise<{ nodeBin: string; n8nBin: string; version: string }>;
	buildPackage(when: 'stale', log?: (m: string) => void): Promise<boolean>;
	installPackageInto(folders: string[], packDir: string): Promise<string>;
	n8nProcess(runtime: object, o: { userFolder: string; logFile?: string; extraEnv?: Record<string, string> }): Promise<N8nProcess>;
}
const launch = require('../scripts/lib/launch') as Launch;

/** The Node that the project's n8n runs on (installed with it when missing). */
export async function n8nNodeBin(): Promise<string> {
	return (await launch.ensureRuntime()).nodeBin;
}

export type IngestPath = 'Risk Info Trigger' | 'Webhook node + Header Auth' | 'Risk Info Trigger, repeats not ignored';
/** The two paths the targets compare. */
export const PATHS: IngestPath[] = ['Risk Info Trigger', 'Webhook node + Header Auth'];
/** For information: the trigger with Ignore Repeated Deliveries off, which records nothing per delivery. */
export const NO_REPEATS_PATH: IngestPath = 'Risk Info Trigger, repeats not ignored';
export const ALL_PATHS: IngestPath[] = [...PATHS, NO_REPEATS_PATH];
/** n8n's default (isolates), the legacy evaluator, and isolates taken only when an expression is evaluated. */
export type ExpressionEngine = 'vm' | 'legacy' | 'vm, lazy';
const ENGINE_ENV: Record<ExpressionEngine, Record<string, string>> = {
	vm: { N8N_EXPRESSION_ENGINE: 'vm' },
	legacy: { N8N_EXPRESSION_ENGINE: 'legacy' },
	'vm, lazy': { N8N_EXPRESSION_ENGINE: 'vm', N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
};

const TOKEN = `bench-${randomUUID()}`;
const HOOK_ID = randomUUID();
const NO_REPEATS_HOOK_ID = randomUUID();
const WEBHOOK_PATH = 'bench-webhook-ingest';
const WORKFLOWS: Record<IngestPath, { id: string; hook?: string; trigger: object }> = {
	'Risk Info Trigger': {
		id: 'benchRiskInfoIngest',
		hook: HOOK_ID,
		trigger: {
			type: 'n8n-nodes-riskinfo.riskInfoTrigger',
			// What a new node is (defaultVersion); version 1 makes n8n evaluate an expression before reading each body.
			typeVersion: 1.1,
			webhookId: HOOK_ID,
			// The node's defaults (bearer credential, all results, one item per event, repeats ignored),
			// answered on receipt like the Webhook node below, so both paths measure the same thing.
			parameters: { respond: 'immediately' },
			credentials: { riskInfoWebhookAuthApi: { id: 'benchHookBearer', name: 'Bench webhook bearer' } },
		},
	},
	'Webhook node + Header Auth': {
		id: 'benchWebhookIngest',
		trigger: {
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2.1,
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, authentication: 'headerAuth', responseMode: 'onReceived', options: {} },
			credentials: { httpHeaderAuth: { id: 'benchHeaderBearer', name: 'Bench header bearer' } },
		},
	},
	'Risk Info Trigger, repeats not ignored': {
		id: 'benchRiskInfoIngestNoRepeats',
		hook: NO_REPEATS_HOOK_ID,
		trigger: {
			type: 'n8n-nodes-riskinfo.riskInfoTrigger',
			typeVersion: 1.1,
			webhookId: NO_REPEATS_HOOK_ID,
			parameters: { respond: 'immediately', ignoreRepeatedDeliveries: false },
			credentials: { riskInfoWebhookAuthApi: { id: 'benchHookBearer', name: 'Bench webhook bearer' } },
		},
	},
};

/** The trigger node's id in its workflow: n8n's store of processed items keeps one row per node. */
const TRIGGER_NODE_ID = randomUUID();

/**
 * What a trigger that ignores repeats remembers once it has run a while: a full row of n8n's
 * store of processed items (REMEMBERED entries, each the md5 of a key in base64, as n8n stores
 * them), so every delivery's execution reads and writes that much. Ten concurrent deliveries alone
 * would take minutes to fill it. n8n offers no way in but its database: written with n8n's own Node
 * and SQLite driver, once the workflows are imported.
 */
function fillMemory(runtime: Prepared['runtime'], userFolder: string): void {
	const value = JSON.stringify({ mode: 'entries', data: Array.from({ length: REMEMBERED }, () => randomBytes(16).toString('base64')) });
	const script = `const sqlite3 = require(process.env.SQLITE3);
const db = new sqlite3.Database(process.env.DB);
db.run('INSERT INTO processed_data (workflowId, context, value) VALUES (?, ?, ?)', [process.env.WORKFLOW, process.env.CONTEXT, process.env.VALUE], (error) => {
	if (error) { console.error(error.message); process.exitCode = 1; }
	db.close();
});`;
	// n8n's own SQLite driver, beside n8n in the runtime's node_modules (bin/n8n is two levels down).
	const sqlite3 = path.join(path.dirname(runtime.n8nBin), '..', '..', 'sqlite3');
	const env = { ...process.env, SQLITE3: sqlite3, DB: path.join(userFolder, '.n8n', 'database.sqlite'), WORKFLOW: WORKFLOWS[PATHS[0]].id, CONTEXT: `n:${TRIGGER_NODE_ID}`, VALUE: value };
	execFileSync(runtime.nodeBin, ['-e', script], { env, stdio: 'inherit' });
}

function workflowJson(p: IngestPath) {
	const { id, trigger } = WORKFLOWS[p];
	return {
		id,
		name: `Bench: ${p} → No Operation`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: p === PATHS[0] ? TRIGGER_NODE_ID : randomUUID(), name: 'Trigger', position: [0, 0], ...trigger },
			{ id: randomUUID(), name: 'No Operation, do nothing', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { Trigger: { main: [[{ node: 'No Operation, do nothing', type: 'main', index: 0 }]] } },
	};
}

export interface Prepared {
	runtime: { nodeBin: string; n8nBin: string; version: string };
	userFolder: string;
	dir: string;
}

/** The build, the packed package installed into a fresh user folder, credentials and both workflows imported and published. */
export async function prepareN8n(log: (m: string) => void): Promise<Prepared> {
	const runtime = await launch.ensureRuntime();
	await launch.buildPackage('stale', log);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-bench-n8n-'));
	const userFolder = path.join(dir, 'home');
	await launch.installPackageInto([userFolder], path.join(dir, 'pack'));
	const n8n = await launch.n8nProcess(runtime, { userFolder, logFile: path.join(dir, 'n8n.log') });
	const file = path.join(dir, 'import.json');
	fs.writeFileSync(
		file,
		JSON.stringify([
			{ id: 'benchHookBearer', name: 'Bench webhook bearer', type: 'riskInfoWebhookAuthApi', data: { method: 'bearer', token: TOKEN } },
			{ id: 'benchHeaderBearer', name: 'Bench header bearer', type: 'httpHeaderAuth', data: { name: 'Authorization', value: `Bearer ${TOKEN}` } },
		]),
		{ mode: 0o600 },
	);
	await n8n.importCredentials(file);
	for (const p of ALL_PATHS) {
		fs.writeFileSync(file, JSON.stringify(workflowJson(p)));
		await n8n.importWorkflow(file);
		await n8n.publishWorkflow(WORKFLOWS[p].id);
	}
	fs.rmSync(file);
	fillMemory(runtime, userFolder);
	return { runtime, userFolder, dir };
}

export interface RunningN8n {
	n8n: N8nProcess;
	engine: ExpressionEngine;
	/** The main process's inspector, for the CPU profile. */
	inspectorUrl?: string;
	url(p: IngestPath): string;
}

/** `n8n start` with the given expression engine; the inspector is open (unused until profiled). */
export async function startN8n(prepared: Prepared, engine: ExpressionEngine): Promise<RunningN8n> {
	const n8n = await launch.n8nProcess(prepared.runtime, {
		userFolder: prepared.userFolder,
		logFile: path.join(prepared.dir, `n8n-${engine.replace(/\W+/g, '-')}.log`),
		extraEnv: {
			...ENGINE_ENV[engine],
			N8N_LOG_LEVEL: 'warn',
			// Port 0: the kernel picks one; n8n's task runner, if it inherits this, gets its own.
			NODE_OPTIONS: '--inspect=127.0.0.1:0',
		},
	});
	const running: RunningN8n = {
		n8n,
		engine,
		url: (p) => {
			const hook = WORKFLOWS[p].hook;
			return hook ? `${n8n.url}/webhook/${hook}/riskinfo-compliance` : `${n8n.url}/webhook/${WEBHOOK_PATH}`;
		},
	};
	await n8n.start({
		timeoutMs: 300_000,
		onLine: (line) => {
			const ws = /Debugger listening on (ws:\/\/\S+)/.exec(line);
			if (ws && !running.inspectorUrl) running.inspectorUrl = ws[1];
		},
	});
	return running;
}

/** Where the CPU of n8n's process group goes, by kind of thread (threadCpuMs). */
export const THREAD_KINDS = ['n8n main thread (JavaScript)', 'V8 helper threads (garbage collection)', 'libuv pool (SQLite, zlib, crypto)', 'other threads and processes'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

function kindOf(isN8n: boolean, isMain: boolean, name: string): ThreadKind {
	if (!isN8n) return THREAD_KINDS[3];
	if (isMain) return THREAD_KINDS[0];
	// Node names V8's platform workers "V8Worker" (24) or "V8 DefaultWorke[r]" (20).
	if (name.startsWith('V8')) return THREAD_KINDS[1];
	return name.startsWith('libuv-worker') ? THREAD_KINDS[2] : THREAD_KINDS[3];
}

/** After "pid (comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime. */
function statOf(path: string): { name: string; fields: string[] } | undefined {
	let stat: string;
	try {
		stat = fs.readFileSync(path, 'utf8');
	} catch {
		return undefined;
	}
	return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
}

/** USER_HZ is 100 on Linux. */
const ticksMs = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * 10;

/** CPU ms (user + system) of every process in n8n's process group (n8n and its task runner). */
export function groupCpuMs(pgid: number): number {
	let ms = 0;
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = statOf(`/proc/${entry}/stat`);
		if (stat && Number(stat.fields[2]) === pgid) ms += ticksMs(stat.fields);
	}
	return ms;
}

/**
 * The same CPU, thread by thread, summed by kind: a process's threads that have ended are not
 * counted (n8n's are long-lived; a task runner's are in "other").
 */
export function threadCpuMs(pgid: number): Record<ThreadKind, number> {
	const out = Object.fromEntries(THREAD_KINDS.map((k) => [k, 0])) as Record<ThreadKind, number>;
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = statOf(`/proc/${entry}/stat`);
		if (!stat || Number(stat.fields[2]) !== pgid) continue;
		let tasks: string[] = [];
		try {
			tasks = fs.readdirSync(`/proc/${entry}/task`);
		} catch {
			continue;
		}
		for (const task of tasks) {
			const t = statOf(`/proc/${entry}/task/${task}/stat`);
			if (t) out[kindOf(Number(entry) === pgid, task === entry, t.name)] += ticksMs(t.fields);
		}
	}
	return out;
}

/** Waits until n8n has finished the runs the deliveries started (its CPU falls quiet); returns the seconds waited. */
export async function drain(pgid: number, maxSeconds = 180): Promise<number> {
	const started = performance.now();
	let quiet = 0;
	let last = groupCpuMs(pgid);
	while (quiet < 2 && performance.now() - started < maxSeconds * 1000) {
		await sleep(500);
		const now = groupCpuMs(pgid);
		// Under 5% of one core for two half-seconds in a row.
		quiet = now - last < 25 ? quiet + 1 : 0;
		last = now;
	}
	return (performance.now() - started) / 1000;
}

export interface LoadResult {
	seconds: number;
	latenciesMs: number[];
	ok: number;
	failures: number;
	firstFailure?: string;
}

let nextWebhookId = 1_000_000;

/**
 * `concurrency` senders POST deliveries to `p` for `seconds`, each a fresh webhookId, and check
 * every answer: 200, and from the Risk Info Trigger `emitted: 1` (the event became an item).
 */
export async function load(running: RunningN8n, p: IngestPath, payload: Payload, seconds: number, concurrency: number): Promise<LoadResult> {
	const url = new URL(running.url(p));
	const pool = new Pool(url.origin, { connections: concurrency, headersTimeout: 300_000, bodyTimeout: 300_000 });
	const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: `Bearer ${TOKEN}` };
	const out: LoadResult = { seconds: 0, latenciesMs: [], ok: 0, failures: 0 };
	const started = performance.now();
	const end = started + seconds * 1000;
	const sender = async () => {
		while (performance.now() < end) {
			const body = payload.gzip(nextWebhookId++);
			const t = performance.now();
			let problem: string | undefined;
			try {
				const res = await pool.request({ method: 'POST', path: url.pathname, headers, body });
				const text = await res.body.text();
				if (res.statusCode !== 200) problem = `HTTP ${res.statusCode}: ${text.slice(0, 200)}`;
				else if (WORKFLOWS[p].hook && (JSON.parse(text) as { emitted?: number }).emitted !== 1) problem = `answered ${text.slice(0, 200)}`;
			} catch (error) {
				problem = error instanceof Error ? error.message : String(error);
			}
			if (problem) {
				out.failures++;
				out.firstFailure ??= problem;
			} else {
				out.ok++;
				out.latenciesMs.push(performance.now() - t);
			}
		}
	};
	await Promise.all(Array.from({ length: concurrency }, sender));
	out.seconds = (performance.now() - started) / 1000;
	await pool.close();
	return out;
}

/** The status of the latest runs of each workflow (n8n's public API, up to 50 each): proof that deliveries ran the workflow. */
export async function latestRuns(running: RunningN8n): Promise<Record<IngestPath, Record<string, number>>> {
	const cookie = await running.n8n.setupOwner({ email: 'bench@example.com', firstName: 'Bench', lastName: 'Owner', password: 'Bench-sandbox-1' });
	const apiKey = await running.n8n.createApiKey(cookie, `bench-${Date.now()}`);
	const out = {} as Record<IngestPath, Record<string, number>>;
	for (const p of ALL_PATHS) {
		const runs = await running.n8n.executions(apiKey, WORKFLOWS[p].id, { includeData: false });
		out[p] = {};
		for (const r of runs) out[p][r.status] = (out[p][r.status] ?? 0) + 1;
	}
	return out;
}

/** Runs `work` while V8's sampling profiler records n8n's main process, through its inspector. */
export async function profileN8n<T>(running: RunningN8n, work: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
	if (!running.inspectorUrl) throw new Error('n8n printed no inspector address');
	const ws = new WebSocket(running.inspectorUrl);
	await new Promise<void>((resolve, reject) => {
		ws.addEventListener('open', () => resolve());
		ws.addEventListener('error', () => reject(new Error(`cannot reach n8n's inspector at ${running.inspectorUrl}`)));
	});
	let id = 0;
	const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
	ws.addEventListener('message', (event) => {
		const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
		const waiting = message.id === undefined ? undefined : pending.get(message.id);
		if (!waiting) return;
		pending.delete(message.id!);
		if (message.error) waiting.reject(new Error(message.error.message));
		else waiting.resolve(message.result);
	});
	const send = <R>(method: string, params: object = {}) =>
		new Promise<R>((resolve, reject) => {
			const n = ++id;
			pending.set(n, { resolve: resolve as (v: unknown) => void, reject });
			ws.send(JSON.stringify({ id: n, method, params }));
		});
	try {
		await send('Profiler.enable');
		await send('Profiler.setSamplingInterval', { interval: 1000 });
		await send('Profiler.start');
		const result = await work();
		const { profile } = await send<{ profile: CpuProfile }>('Profiler.stop');
		await send('Profiler.disable');
		return { result, profile };
	} finally {
		ws.close();
	}
}

/** Where n8n's main thread spends a delivery's CPU, by what the sampled stack is in (nearest first). */
const N8N_PARTS: Array<[RegExp, string]> = [
	[/n8n-nodes-riskinfo\//, 'Risk Info Trigger code'],
	[/@n8n\/expression-runtime|isolated-vm|quickjs/, 'expression engine (isolates)'],
	[/middlewares\/body-parser|\/raw-body\/|node:zlib|node:internal\/(zlib|streams)/, 'request body: inflate and JSON.parse'],
	[/\/flatted\/|\/typeorm\/|sqlite|executions?[-/]|execution-(repository|persistence|data)|\/db\//, 'execution data: serialise and store'],
	[/n8n-nodes-base\/dist\/nodes\/Webhook\//, 'Webhook node code'],
	[/\/express\/|\/router\/|node:_http_|node:net|node:internal\/(http|net|stream_base)/, 'HTTP server'],
];
export const N8N_PART_NAMES = [...new Set(N8N_PARTS.map(([, part]) => part)), 'garbage collection', 'n8n engine and the rest'];

export function n8nPartOf(stack: ProfileNode[]): string | undefined {
	const leaf = stack[0].callFrame.functionName;
	if (leaf === '(idle)' || leaf === '(root)' || leaf === '(program)') return undefined;
	if (leaf === '(garbage collector)') return 'garbage collection';
	for (const { callFrame } of stack) {
		const rule = N8N_PARTS.find(([pattern]) => pattern.test(callFrame.url));
		if (rule) return rule[1];
	}
	return 'n8n engine and the rest';
}

export function cleanUp(prepared: Prepared): void {
	fs.rmSync(prepared.dir, { recursive: true, force: true });
}
