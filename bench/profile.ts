// Where the n8n variant's CPU goes: the measured run under V8's sampling profiler (in the child
// process itself, so module loading and the warm-up are left out), each sample put in one bucket.
import { Session } from 'node:inspector';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export const BUCKETS = [
	'credential header expressions',
	'parameter expressions',
	'HTTP client',
	'garbage collection',
	'Risk Info node code',
	'n8n engine and the rest',
] as const;
export type Bucket = (typeof BUCKETS)[number];

const EXPRESSION = /n8n-workflow\/dist\/cjs\/(expression|workflow-expression|workflow-data-proxy|extensions)|@n8n\/(expression-runtime|tournament)|\/luxon\//;
const HTTP = /\/(axios|follow-redirects|form-data|proxy-from-env)\/|@n8n\/backend-network|^node:(net|dns|_http_\w+|http|https|internal\/(streams?|stream_base_commons|net|dns))/;
const OWN = /\/(nodes|credentials)\/[^/]+/;

function bucketOf(stack: ProfileNode[]): Bucket | undefined {
	const leaf = stack[0].callFrame;
	if (leaf.functionName === '(idle)' || leaf.functionName === '(root)') return undefined;
	if (leaf.functionName === '(garbage collector)') return 'garbage collection';
	const url = leaf.url.replace(/^file:\/\//, '');
	if (EXPRESSION.test(url)) {
		return stack.some((n) => n.callFrame.functionName === 'authenticate') ? 'credential header expressions' : 'parameter expressions';
	}
	if (HTTP.test(url) || leaf.functionName === 'internalConnect') return 'HTTP client';
	if (OWN.test(url) && !url.includes('node_modules')) return 'Risk Info node code';
	return 'n8n engine and the rest';
}

/** Milliseconds of CPU per bucket over the profile. */
export function summarise(profile: CpuProfile): Record<Bucket, number> {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const out = Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<Bucket, number>;
	const cache = new Map<number, Bucket | undefined>();
	profile.samples.forEach((id, i) => {
		if (!cache.has(id)) {
			const stack: ProfileNode[] = [];
			for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur)!);
			cache.set(id, bucketOf(stack));
		}
		const bucket = cache.get(id);
		if (bucket) out[bucket] += (profile.timeDeltas[i] ?? 0) / 1000;
	});
	return out;
}

/** Runs `work` under the profiler and returns its result with the CPU per bucket. */
export async function profiled<T>(work: () => Promise<T>): Promise<{ result: T; buckets: Record<Bucket, number> }> {
	const session = new Session();
	session.connect();
	const post = <R>(method: string, params?: object) =>
		new Promise<R>((resolve, reject) => session.post(method, params ?? {}, (error, r) => (error ? reject(error) : resolve(r as R))));
	await post('Profiler.enable');
	await post('Profiler.setSamplingInterval', { interval: 500 });
	await post('Profiler.start');
	const result = await work();
	const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
	session.disconnect();
	return { result, buckets: summarise(profile) };
}
