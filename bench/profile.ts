// Where the n8n variant's CPU goes: the measured run under V8's sampling profiler (in the child
// process itself, so module loading and the warm-up are left out), each sample put in one bucket.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

export interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
	children?: number[];
}
export interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export const BUCKETS = [
	'credential applied per request',
	'parameter expressions',
	'HTTP client',
	'garbage collection',
	'Risk Info node code',
	'n8n engine and the rest',
] as const;
export type Bucket = (typeof BUCKETS)[number];

// Walking up from the sampled frame, the first frame one of these recognises decides the bucket;
// native frames and Node's generic internals (events, timers, promises) defer to their callers.
const RULES: Array<[RegExp, Bucket]> = [
	[/n8n-workflow\/dist\/cjs\/(expression|workflow-expression|workflow-data-proxy|extensions)|@n8n\/(expression-runtime|tournament)|\/luxon\//, 'parameter expressions'],
	[/\/(axios|follow-redirects|form-data|proxy-from-env)\/|@n8n\/backend-network|^node:(net|dns|url|_http_\w+|http|https|internal\/(stream_base_commons|net|dns|url|abort_controller))/, 'HTTP client'],
	[/node_modules\/|\/test\/helpers\//, 'n8n engine and the rest'],
	[/\/(nodes|credentials)\//, 'Risk Info node code'],
];
// n8n resolving the credential for a request: fetching it and evaluating its `authenticate` block.
const CREDENTIAL = new Set(['authenticate', 'getCredentials', '_getCredentials']);

function bucketOf(stack: Array<Pick<ProfileNode, 'callFrame'>>): Bucket | undefined {
	const leaf = stack[0].callFrame.functionName;
	if (leaf === '(idle)' || leaf === '(root)' || leaf === '(program)') return undefined;
	if (leaf === '(garbage collector)') return 'garbage collection';
	// The profiler's own work (the inspector session) is not part of the run.
	if (stack.some((n) => n.callFrame.url.endsWith('/bench/profile.ts'))) return undefined;
	if (stack.some((n) => CREDENTIAL.has(n.callFrame.functionName))) return 'credential applied per request';
	for (const { callFrame } of stack) {
		const url = callFrame.url.replace(/^file:\/\//, '');
		if (!url) continue;
		const rule = RULES.find(([pattern]) => pattern.test(url));
		if (rule) return rule[1];
	}
	return 'n8n engine and the rest';
}

/** Milliseconds of CPU per bucket over the profile; `classify` reads a sample's stack, leaf first. */
export function summariseBy(profile: CpuProfile, classify: (stack: ProfileNode[]) => string | undefined): Map<string, number> {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const out = new Map<string, number>();
	const cache = new Map<number, string | undefined>();
	profile.samples.forEach((id, i) => {
		if (!cache.has(id)) {
			const stack: ProfileNode[] = [];
			for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur)!);
			cache.set(id, classify(stack));
		}
		const bucket = cache.get(id);
		if (bucket) out.set(bucket, (out.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
	});
	return out;
}

/** Milliseconds of CPU per part of an n8n node run. */
function summarise(profile: CpuProfile): Record<Bucket, number> {
	const by = summariseBy(profile, bucketOf);
	return Object.fromEntries(BUCKETS.map((b) => [b, by.get(b) ?? 0])) as Record<Bucket, number>;
}

function inspector() {
	const session = new Session();
	session.connect();
	const post = <R>(method: string, params?: object) =>
		new Promise<R>((resolve, reject) => session.post(method, params ?? {}, (error, r) => (error ? reject(error) : resolve(r as R))));
	return { session, post };
}

interface AllocationNode {
	callFrame: ProfileNode['callFrame'];
	selfSize: number;
	children: AllocationNode[];
}

/**
 * Runs `work` under V8's sampling heap profiler, counting objects a collection already freed too,
 * and returns its result with the MiB allocated per bucket: where the garbage that raises the peak
 * comes from.
 */
export async function allocationsOf<T>(work: () => Promise<T>): Promise<{ result: T; allocated: Record<Bucket, number> }> {
	const { session, post } = inspector();
	await post('HeapProfiler.enable');
	// For digging, not for the figures: BENCH_SURVIVORS=1 leaves out what scavenges freed (what was promoted or
	// kept); BENCH_ALLOC_OUT=<file> keeps the raw profile.
	await post('HeapProfiler.startSampling', { samplingInterval: 16 * 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !process.env.BENCH_SURVIVORS });
	const result = await work();
	const { profile } = await post<{ profile: { head: AllocationNode } }>('HeapProfiler.stopSampling');
	if (process.env.BENCH_ALLOC_OUT) writeFileSync(process.env.BENCH_ALLOC_OUT, JSON.stringify(profile));
	session.disconnect();
	const allocated = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<Bucket, number>;
	// Depth-first with an explicit stack of paths (leaf first), as bucketOf reads them.
	const pending: Array<{ node: AllocationNode; path: AllocationNode[] }> = [{ node: profile.head, path: [] }];
	while (pending.length) {
		const { node, path } = pending.pop()!;
		const stack = [node, ...path];
		if (node.selfSize > 0) {
			if (stack.some((n) => n.callFrame.url.endsWith('/bench/profile.ts'))) continue;
			allocated[bucketOf(stack) ?? 'n8n engine and the rest'] += node.selfSize / (1024 * 1024);
		}
		for (const child of node.children) pending.push({ node: child, path: stack });
	}
	return { result, allocated };
}

/** Runs `work` under V8's sampling profiler (in this process) and returns its result and the profile. */
export async function cpuProfileOf<T>(work: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
	const { session, post } = inspector();
	await post('Profiler.enable');
	await post('Profiler.setSamplingInterval', { interval: 500 });
	await post('Profiler.start');
	const result = await work();
	const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
	session.disconnect();
	// For a closer look: the raw profile, readable by Chrome DevTools or any .cpuprofile viewer.
	if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
	return { result, profile };
}

/** Runs `work` under the profiler and returns its result with the CPU per bucket. */
export async function profiled<T>(work: () => Promise<T>): Promise<{ result: T; buckets: Record<Bucket, number> }> {
	const { result, profile } = await cpuProfileOf(work);
	return { result, buckets: summarise(profile) };
}
