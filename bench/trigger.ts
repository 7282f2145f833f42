// Issue 19, point 4: the Risk Info Trigger's ingest in a real n8n 2.40.7 against n8n's own Webhook
// node with Header Auth (same bearer token, same gzip deliveries), and its webhook() CPU in process
// against decoding the same body alone.
import * as os from 'node:os';

import { REMEMBERED } from '../nodes/RiskInfoTrigger/repeats';

import { payloads, type Payload } from './deliveries';
import {
	ALL_PATHS,
	cleanUp,
	drain,
	groupCpuMs,
	latestRuns,
	load,
	n8nNodeBin,
	n8nPartOf,
	N8N_PART_NAMES,
	NO_REPEATS_PATH,
	PATHS,
	prepareN8n,
	profileN8n,
	startN8n,
	THREAD_KINDS,
	threadCpuMs,
	type ExpressionEngine,
	type IngestPath,
	type LoadResult,
	type ThreadKind,
} from './n8n-ingest';
import { summariseBy } from './profile';
import { runScript } from './spawn';
import { median, percentile, rotate, runsAndMedian } from './stats';
import { fixed, SCALE, type Check, type Section } from './types';
import { FORMS, type WebhookCpuForm, type WebhookCpuResult } from './webhook-cpu';

const CONCURRENCY = 10;
const SECONDS = Math.max(3, Math.round(30 * SCALE));
const ROUNDS = 3;
const MIN_VS_WEBHOOK = 0.9;
/**
 * n8n's default engine first, then the legacy one, where n8n does the same expression work on both
 * paths (none), both judged; then isolates taken lazily, for information.
 */
const ENGINES: ExpressionEngine[] = ['vm', 'legacy', 'vm, lazy'];
const JUDGED: ExpressionEngine[] = ['vm', 'legacy'];
const ENGINE_LABEL: Record<ExpressionEngine, string> = {
	vm: "n8n's default expression engine (vm)",
	legacy: 'N8N_EXPRESSION_ENGINE=legacy',
	'vm, lazy': 'vm with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true',
};
/** The legacy engine also runs the trigger with Ignore Repeated Deliveries off: what recording each delivery costs. */
const pathsFor = (engine: ExpressionEngine): IngestPath[] => (engine === 'legacy' ? ALL_PATHS : PATHS);
const PROFILE_SECONDS = Math.max(2, Math.round(10 * SCALE));
const CPU_DELIVERIES = Math.max(3, Math.round(15 * SCALE));
const MAX_CPU_VS_DECODE = 2;

interface Measured {
	engine: ExpressionEngine;
	payload: Payload['name'];
	path: IngestPath;
	rounds: Array<Omit<LoadResult, 'latenciesMs'> & { rate: number; cpuMs: number; byThread: Record<ThreadKind, number>; drainSeconds: number }>;
	rate: number;
	p50: number;
	p95: number;
	cpuMsPerDelivery: number;
	/** The same CPU by kind of thread, ms per delivery. */
	cpuByThread: Record<ThreadKind, number>;
	ok: number;
	failures: number;
	firstFailure?: string;
	loadAverage: number;
}

const log = (m: string) => console.log(`[bench trigger] ${m}`);

export async function trigger(): Promise<Section> {
	const sizes = payloads();
	const prepared = await prepareN8n(log);
	const measured: Measured[] = [];
	const runsSeen: Partial<Record<ExpressionEngine, Record<IngestPath, Record<string, number>>>> = {};
	let profile: { parts: Map<string, number>; deliveries: Record<IngestPath, number> } | undefined;
	let version = '';
	try {
		for (const engine of ENGINES) {
			log(`starting n8n (N8N_EXPRESSION_ENGINE=${engine})`);
			const running = await startN8n(prepared, engine);
			version = prepared.runtime.version;
			const pgid = running.n8n.pid!;
			try {
				await drain(pgid);
				// Untimed: the first delivery of each path loads its code and credentials.
				for (const payload of sizes) for (const p of pathsFor(engine)) await load(running, p, payload, 1, 2);
				await drain(pgid);
				for (const payload of sizes) {
					const results = new Map<IngestPath, { rounds: Measured['rounds']; latencies: number[]; loadAverage: number }>();
					for (let round = 0; round < ROUNDS; round++) {
						for (const p of rotate(round, pathsFor(engine))) {
							const entry = results.get(p) ?? { rounds: [], latencies: [], loadAverage: os.loadavg()[0] };
							const before = groupCpuMs(pgid);
							const threadsBefore = threadCpuMs(pgid);
							const r = await load(running, p, payload, SECONDS / ROUNDS, CONCURRENCY);
							// The runs the deliveries started finish in the background (the answer comes first): waited for, and their CPU counted.
							const drainSeconds = await drain(pgid);
							const cpuMs = groupCpuMs(pgid) - before;
							const threadsAfter = threadCpuMs(pgid);
							const byThread = Object.fromEntries(THREAD_KINDS.map((k) => [k, threadsAfter[k] - threadsBefore[k]])) as Record<ThreadKind, number>;
							const { latenciesMs, ...rest } = r;
							entry.rounds.push({ ...rest, rate: r.ok / r.seconds, cpuMs, byThread, drainSeconds });
							entry.latencies.push(...latenciesMs);
							results.set(p, entry);
							log(`${engine} ${payload.name} ${p}: ${fixed(r.ok / r.seconds, 1)} deliveries/s, ${r.failures} failed, drained in ${fixed(drainSeconds, 0)} s`);
						}
					}
					for (const [p, e] of results) {
						const ok = e.rounds.reduce((a, r) => a + r.ok, 0);
						const failures = e.rounds.reduce((a, r) => a + r.failures, 0);
						const seconds = e.rounds.reduce((a, r) => a + r.seconds, 0);
						const sorted = [...e.latencies].sort((a, b) => a - b);
						measured.push({
							engine,
							payload: payload.name,
							path: p,
							rounds: e.rounds,
							rate: ok / seconds,
							p50: percentile(sorted, 50),
							p95: percentile(sorted, 95),
							cpuMsPerDelivery: e.rounds.reduce((a, r) => a + r.cpuMs, 0) / Math.max(1, ok + failures),
							cpuByThread: Object.fromEntries(
								THREAD_KINDS.map((k) => [k, e.rounds.reduce((a, r) => a + r.byThread[k], 0) / Math.max(1, ok + failures)]),
							) as Record<ThreadKind, number>,
							ok,
							failures,
							firstFailure: e.rounds.find((r) => r.firstFailure)?.firstFailure,
							loadAverage: e.loadAverage,
						});
					}
				}
				if (engine === ENGINES[0]) {
					// Where n8n's main thread spends a large delivery, on each path (a separate, slower run).
					const large = sizes.find((s) => s.name === 'large')!;
					const parts = new Map<string, number>();
					const deliveries = {} as Record<IngestPath, number>;
					for (const p of PATHS) {
						const { result, profile: cpu } = await profileN8n(running, async () => {
							const r = await load(running, p, large, PROFILE_SECONDS, CONCURRENCY);
							await drain(pgid);
							return r;
						});
						deliveries[p] = result.ok + result.failures;
						for (const [part, ms] of summariseBy(cpu, n8nPartOf)) parts.set(`${p}|${part}`, ms);
					}
					profile = { parts, deliveries };
				}
				runsSeen[engine] = await latestRuns(running);
			} finally {
				await running.n8n.stop();
			}
		}
	} finally {
		cleanUp(prepared);
	}
	return report(sizes, measured, runsSeen, profile, version);
}

/**
 * n8n's CPU per delivery by the thread that spent it. The process group's total also holds what
 * threads that ended during a round spent (/proc keeps it in the process's figures only): under the
 * vm engine these are isolates' threads, built for a run and disposed with it.
 */
function threadTable(measured: Measured[]): { caption: string; table: string[][] } {
	return {
		caption:
			"The same n8n CPU per delivery by the thread that spent it (read from /proc for every thread of n8n's process group around each round): JavaScript runs on n8n's main thread; V8's helper threads mark and sweep the heap for the garbage collector; n8n's SQLite driver, zlib and crypto work on libuv's pool; threads that ended during the round are the process group's CPU less that of the threads still running at its end (under the vm engine, the threads of isolates disposed after use). What a path adds on other threads than the main one is what the main-thread profile below cannot show:",
		table: [
			['Engine', 'Delivery', 'Path', ...THREAD_KINDS.map((k) => `${k} ms/delivery`), 'threads that ended ms/delivery'],
			...measured.map((m) => {
				const live = THREAD_KINDS.reduce((a, k) => a + m.cpuByThread[k], 0);
				return [ENGINE_LABEL[m.engine], m.payload, m.path, ...THREAD_KINDS.map((k) => fixed(m.cpuByThread[k], 1)), fixed(Math.max(0, m.cpuMsPerDelivery - live), 1)];
			}),
		],
	};
}

function report(
	sizes: Payload[],
	measured: Measured[],
	runsSeen: Partial<Record<ExpressionEngine, Record<IngestPath, Record<string, number>>>>,
	profile: { parts: Map<string, number>; deliveries: Record<IngestPath, number> } | undefined,
	version: string,
): Section {
	const find = (engine: ExpressionEngine, payload: string, p: IngestPath) => measured.find((m) => m.engine === engine && m.payload === payload && m.path === p)!;
	const describe = (s: Payload) => `${s.name} (${s.matches.toLocaleString('en')} matches, ${fixed(s.jsonBytes / 1e6, 2)} MB JSON, ${fixed(s.gzipBytes / 1e3, 0)} kB gzip)`;
	const ratio = (engine: ExpressionEngine, payload: string) => find(engine, payload, PATHS[0]).rate / find(engine, payload, PATHS[1]).rate;
	const checks: Check[] = JUDGED.flatMap((engine) =>
		sizes.map((s) => ({
			target: `${s.name} deliveries, ${ENGINE_LABEL[engine]}: Risk Info Trigger at least ${MIN_VS_WEBHOOK}× the Webhook node's deliveries/s`,
			measured: `${fixed(ratio(engine, s.name), 3)}× (${fixed(find(engine, s.name, PATHS[0]).rate, 1)} vs ${fixed(find(engine, s.name, PATHS[1]).rate, 1)}/s)`,
			pass: ratio(engine, s.name) >= MIN_VS_WEBHOOK,
		})),
	);
	const allOk = measured.every((m) => m.failures === 0 && m.ok > 0);
	const runsOk = Object.entries(runsSeen).every(([engine, byPath]) =>
		pathsFor(engine as ExpressionEngine).every((p) => Object.keys(byPath![p]).length === 1 && byPath![p].success > 0),
	);
	checks.push({
		target: 'every delivery answered 200 (the Risk Info Trigger with emitted: 1), and the latest runs of every workflow measured succeeded',
		measured: allOk && runsOk
			? `yes (${measured.reduce((a, m) => a + m.ok, 0).toLocaleString('en')} deliveries)`
			: [...measured.filter((m) => m.failures).map((m) => `${m.engine} ${m.payload} ${m.path}: ${m.failures} failed (${m.firstFailure})`), `latest runs: ${JSON.stringify(runsSeen)}`].join('; '),
		pass: allOk && runsOk,
	});
	const perDelivery = (p: IngestPath, part: string) => (profile ? (profile.parts.get(`${p}|${part}`) ?? 0) / Math.max(1, profile.deliveries[p]) : NaN);
	return {
		title: `Trigger ingest in a real n8n ${version}: ${CONCURRENCY} concurrent senders`,
		method:
			`One \`n8n start\` process from .runtime (SQLite, executions saved as n8n saves them by default) with two active workflows (and a third under the legacy engine, below): Risk Info Trigger (version 1.1, as a new node is; its defaults: bearer credential, one item per event, repeated deliveries ignored, so each run records its delivery in n8n's store of processed items, whose row for the trigger is filled beforehand with ${REMEMBERED.toLocaleString('en-US')} entries, as a workflow holds once it has run a while) → No Operation, ` +
			"and n8n's own Webhook node (v2.1, POST, Header Auth checking `Authorization: Bearer <the same token>`, respond immediately) → No Operation. " +
			`${CONCURRENCY} senders keep POSTing the same gzip deliveries (Content-Encoding: gzip, Content-Type: application/json, as the service sends them), each with its own webhookId, ` +
			`${SECONDS} s per path and size in ${ROUNDS} rounds of ${fixed(SECONDS / ROUNDS, 0)} s that rotate which path goes first. ` +
			'Both answer before their run ends, so after each round the bench waits until n8n is idle again: "n8n CPU ms/delivery" is what the n8n process group spent from the round\'s start to then, answer and run. ' +
			`Deliveries: ${sizes.map(describe).join('; ')}. ` +
			'n8n 2.40 evaluates expressions in isolates by default (N8N_EXPRESSION_ENGINE=vm): every workflow run takes one, and so does the webhook phase of every trigger except n8n\'s own Webhook node; ' +
			'the same measurement follows after a restart with N8N_EXPRESSION_ENGINE=legacy (no isolates on either path), and, for information, with isolates taken only when an expression is evaluated (N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true). ' +
			`Under the legacy engine a third workflow, for information, takes its turn in the same rounds: ${NO_REPEATS_PATH} (the same trigger with Ignore Repeated Deliveries off, so webhook() works out no key and its runs record nothing in n8n's store).`,
		table: [
			['Engine', 'Delivery', 'Path', 'deliveries/s: rounds → overall', 'answer p50 ms', 'answer p95 ms', 'n8n CPU ms/delivery', 'drain s per round', 'deliveries', 'load avg'],
			...measured.map((m) => [
				ENGINE_LABEL[m.engine],
				m.payload,
				m.path,
				`${m.rounds.map((r) => fixed(r.rate, 1)).join(' / ')} → ${fixed(m.rate, 1)}`,
				fixed(m.p50, 0),
				fixed(m.p95, 0),
				fixed(m.cpuMsPerDelivery, 1),
				m.rounds.map((r) => fixed(r.drainSeconds, 0)).join(' / '),
				String(m.ok + m.failures),
				fixed(m.loadAverage, 1),
			]),
		],
		more: [
			{
				caption: 'Risk Info Trigger ÷ Webhook node, deliveries/s and n8n CPU per delivery:',
				table: [
					['Engine', 'Delivery', 'rate ratio', 'CPU per delivery ratio', 'CPU ms/delivery the trigger path adds'],
					...ENGINES.flatMap((e) =>
						sizes.map((s) => [
							ENGINE_LABEL[e],
							s.name,
							fixed(ratio(e, s.name), 3),
							fixed(find(e, s.name, PATHS[0]).cpuMsPerDelivery / find(e, s.name, PATHS[1]).cpuMsPerDelivery),
							fixed(find(e, s.name, PATHS[0]).cpuMsPerDelivery - find(e, s.name, PATHS[1]).cpuMsPerDelivery, 1),
						]),
					),
				],
			},
			{
				caption:
					`${NO_REPEATS_PATH} (legacy engine, for information) against the other two: what Ignore Repeated Deliveries costs (the delivery's key worked out in webhook(), and a read and a write of the trigger's row in n8n's store per run):`,
				table: [
					['Delivery', '÷ Webhook node: rate', '÷ Webhook node: CPU per delivery', 'Risk Info Trigger (defaults) ÷ it: rate', 'CPU ms/delivery recording adds'],
					...sizes.map((s) => {
						const [own, hook, defaults] = [NO_REPEATS_PATH, PATHS[1], PATHS[0]].map((p) => find('legacy', s.name, p));
						return [
							s.name,
							fixed(own.rate / hook.rate, 3),
							fixed(own.cpuMsPerDelivery / hook.cpuMsPerDelivery),
							fixed(defaults.rate / own.rate, 3),
							fixed(defaults.cpuMsPerDelivery - own.cpuMsPerDelivery, 1),
						];
					}),
				],
			},
			threadTable(measured),
			...(profile
				? [
						{
							caption:
								`Where n8n's main thread spends a large delivery (default engine, ${PROFILE_SECONDS} s of deliveries per path under V8's sampling profiler through n8n's inspector, until idle again; ` +
								'CPU ms per delivery by what the sampled stack is in, nearest first; work on other threads, such as building an isolate, is not in it):',
							table: [
								['Part', ...PATHS.map((p) => `${p} ms/delivery`)],
								...N8N_PART_NAMES.map((part) => [part, ...PATHS.map((p) => fixed(perDelivery(p, part), 1))]),
								['total', ...PATHS.map((p) => fixed(N8N_PART_NAMES.reduce((a, part) => a + perDelivery(p, part), 0), 1))],
							],
						},
					]
				: []),
		],
		checks,
		data: { concurrency: CONCURRENCY, seconds: SECONDS, rounds: ROUNDS, payloads: sizes.map(({ name, matches, jsonBytes, gzipBytes }) => ({ name, matches, jsonBytes, gzipBytes })), measured, latestRuns: runsSeen, profile: profile && { deliveries: profile.deliveries, msByPart: Object.fromEntries(profile.parts) } },
	};
}

/**
 * Point 4, in process: webhook() on the large delivery against zlib.gunzipSync + JSON.parse of the
 * same body, judged on the Node n8n 2.x runs on (the project's runtime: the trigger runs nowhere
 * else), and on this machine's Node for information (its JSON.stringify and DecompressionStream
 * are slower, and it is the Node the test suite runs on).
 */
export async function webhookCpu(): Promise<Section> {
	const nodeBin = await n8nNodeBin();
	const job = { payload: 'large', deliveries: CPU_DELIVERIES, token: `bench-token-${Date.now()}` };
	const n8nNode = await runScript<WebhookCpuResult>('webhook-cpu.ts', job, 'webhook() on n8n\'s Node', { nodeBin });
	const thisNode = await runScript<WebhookCpuResult>('webhook-cpu.ts', job, 'webhook() on this Node');
	const decode = (r: WebhookCpuResult) => median(r.cpuMs['decode alone']);
	// The service's own delivery (spec §6: Content-Type application/json, Content-Encoding gzip) is
	// the one n8n parses. The raw gzip form is for information: inflating without zlib (n8n Cloud
	// allows none) costs about what gunzip and parse do together, before the trigger does anything.
	const judged: WebhookCpuForm = 'webhook(), body parsed by n8n';
	const r = n8nNode;
	const profileTotal = Object.values(r.profileMs).reduce((a, b) => a + b, 0);
	const parts = Object.entries(r.profileMs).sort((a, b) => b[1] - a[1]);
	const rows = (x: WebhookCpuResult, label: string) => FORMS.map((f) => [label, f, runsAndMedian(x.cpuMs[f]), fixed(median(x.cpuMs[f]) / decode(x))]);
	return {
		title: `Trigger webhook() CPU per large delivery (${fixed(r.jsonBytes / 1e6, 2)} MB JSON, in process)`,
		method:
			`The Risk Info Trigger's webhook() with its default settings and a bearer credential, called in a fresh child process with a stand-in for n8n's webhook context, ${CPU_DELIVERIES} deliveries per form, each with its own webhookId, ` +
			'against `JSON.parse(zlib.gunzipSync(body))` of the same gzip body. Two forms: the body as n8n hands it over for the service\'s headers (Content-Encoding: gzip, Content-Type: application/json: n8n has inflated and parsed it), ' +
			'and raw gzip bytes n8n left alone (another Content-Type), which webhook() inflates (DecompressionStream, with a size cap: n8n Cloud allows no zlib) and parses itself. CPU is the process\'s user + system time around each call (all threads); the three forms rotate. ' +
			`Judged: the body as n8n hands it over, on ${n8nNode.nodeVersion}, the Node n8n 2.x runs on and the trigger with it. For information: the raw gzip form (not what the service sends; inflating it without zlib, then decoding and parsing it, adds about ${fixed(median(n8nNode.cpuMs['webhook(), raw gzip body']) - median(n8nNode.cpuMs[judged]), 0)} ms to the parsed form, where zlib and JSON.parse alone take ${fixed(decode(n8nNode), 0)}), and ${thisNode.nodeVersion}, this machine's Node.`,
		table: [['Node', 'Form', 'CPU ms per delivery: runs → median', '÷ decode alone'], ...rows(n8nNode, `${n8nNode.nodeVersion} (n8n's)`), ...rows(thisNode, `${thisNode.nodeVersion} (information)`)],
		more: [
			{
				caption: `Where webhook() spends it on ${r.nodeVersion} (raw gzip form, ${r.profiledDeliveries} more deliveries under V8's sampling profiler; by the trigger's source file nearest the sample, ms per delivery):`,
				table: [['Part', 'ms/delivery', 'share'], ...parts.map(([part, ms]) => [part, fixed(ms / r.profiledDeliveries, 1), `${fixed((100 * ms) / profileTotal, 0)}%`])],
			},
		],
		checks: [
			{
				target: `${judged} (the service's delivery), on n8n's Node (${r.nodeVersion}): CPU at most ${MAX_CPU_VS_DECODE}× zlib.gunzipSync + JSON.parse of the same body (medians)`,
				measured: `${fixed(median(r.cpuMs[judged]) / decode(r))}× (${fixed(median(r.cpuMs[judged]), 0)} vs ${fixed(decode(r), 0)} ms); on ${thisNode.nodeVersion} ${fixed(median(thisNode.cpuMs[judged]) / decode(thisNode))}×`,
				pass: median(r.cpuMs[judged]) <= MAX_CPU_VS_DECODE * decode(r),
			},
		],
		data: { n8nNode, thisNode },
	};
}
