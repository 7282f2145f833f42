// Issue 68: the account's pace against a sandbox that allows so many requests a second and answers
// 429 with Retry-After beyond. Each case is a fresh child process, as a fresh n8n process would be,
// running its executions through n8n's engine (bench/ratelimit-child.ts): 500 items alone, three
// executions at once on one account, a second execution after a first, the 500 items again with the
// sandbox sending rate-limit headers, and again with answers that take 100 to 500 ms (the sandbox's
// own work, varied, as a real service's). The figures: items/s against the limit, 429s sent. Then,
// for information, what the pace's ramp costs where there is no limit: 1,000 items in a fresh
// process, then 1,000 more in the same one.
import { startSandbox } from '../sandbox';
import type { Execution, RateLimitJob } from './ratelimit-child';
import { distinctRuts } from './ruts';
import { runScript } from './spawn';
import { fixed, type Check, type Section } from './types';
import { GET_SUMMARY } from './workflow';

const RETRY_AFTER_SECONDS = 1;
const LATENCY_MS = 20;
const PARALLEL = 10;

interface Case {
	name: string;
	perSecond: number;
	headers?: boolean;
	/** The sandbox's own work on each request it serves (not on a 429): ms plus up to plusUpToMs more, seeded. */
	work?: { ms: number; plusUpToMs: number };
	/** Executions per step (run together), items per execution. */
	steps: number[][];
}

const CASES = {
	alone: { name: '500 items, one execution', perSecond: 10, steps: [[500]] },
	together: { name: 'three executions of 200 at once', perSecond: 20, steps: [[200, 200, 200]] },
	after: { name: 'an execution of 200, then a second', perSecond: 20, steps: [[200], [200]] },
	headers: { name: '500 items, the sandbox sending rate-limit headers', perSecond: 10, headers: true, steps: [[500]] },
	slow: { name: '500 items, answers taking 100 to 500 ms', perSecond: 10, work: { ms: 100, plusUpToMs: 400 }, steps: [[500]] },
} satisfies Record<string, Case>;

/** 1,000 items in a fresh process, then 1,000 more past the ramp: the ramp's cost, with no limit at all. */
const NO_LIMIT: Omit<Case, 'perSecond'> = { name: '1,000 items, then 1,000 more, no limit', steps: [[1000], [1000]] };

async function measure(c: Case, base: number) {
	let next = base;
	const steps = c.steps.map((step) => step.map((n) => distinctRuts(n, (next += 100_000))));
	const warmup = distinctRuts(1, base - 1)[0];
	const all = [...steps.flat(2), warmup];
	const sandbox = await startSandbox({
		preloadedRuts: all,
		latencyMs: LATENCY_MS,
		work: c.work,
		rateLimit: c.perSecond === Infinity ? undefined : { perSecond: c.perSecond, retryAfterSeconds: RETRY_AFTER_SECONDS, headers: c.headers },
		maxLogEntries: 4 * all.length,
	});
	try {
		const job: RateLimitJob = { access: { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId }, parameters: GET_SUMMARY, parallel: PARALLEL, steps, warmup };
		const result = await runScript<Execution[][]>('ratelimit-child.ts', job, 'rate limit');
		const requests = sandbox.requests;
		const refusedOf = (ruts: string[]) => {
			const mine = new Set(ruts);
			return requests.filter((q) => q.status === 429 && mine.has(q.query.rut)).length;
		};
		const executions = result.flat();
		const items = executions.reduce((a, e) => a + e.items, 0);
		const seconds = Math.max(...executions.map((e) => e.endMs)) / 1000 - Math.min(...executions.map((e) => e.startMs)) / 1000;
		const stepSeconds = result.map((step) => (Math.max(...step.map((e) => e.endMs)) - Math.min(...step.map((e) => e.startMs))) / 1000);
		const refused = requests.filter((q) => q.status === 429).length;
		const sent = requests.filter((q) => q.query.rut !== warmup).length;
		return {
			items,
			failures: executions.reduce((a, e) => a + e.failures, 0),
			firstError: executions.find((e) => e.firstError)?.firstError,
			sent,
			refused,
			share: refused / sent,
			// Executions one after the other: each step's own rate, the busy time only.
			ofLimit: items / stepSeconds.reduce((a, b) => a + b, 0) / c.perSecond,
			seconds,
			refusedPerStep: steps.map((step) => refusedOf(step.flat())),
			stepSeconds,
		};
	} finally {
		await sandbox.close();
	}
}

export async function rateLimit(): Promise<Section> {
	const m = {
		alone: await measure(CASES.alone, 79_000_000),
		together: await measure(CASES.together, 80_000_000),
		after: await measure(CASES.after, 81_000_000),
		headers: await measure(CASES.headers, 82_000_000),
		slow: await measure(CASES.slow, 84_000_000),
	};
	const noLimit = await measure({ ...NO_LIMIT, perSecond: Infinity }, 83_000_000);
	const [freshS, pastRampS] = noLimit.stepSeconds;
	const pct = (x: number) => `${fixed(x * 100, 1)}%`;
	const allOk = (r: (typeof m)['alone'], c: Case) => r.items === c.steps.flat().reduce((a, b) => a + b, 0) && r.failures === 0;
	const checks: Check[] = [
		{ target: 'every item of every case succeeds', measured: Object.entries(m).map(([k, r]) => `${k}: ${r.items - r.failures} of ${r.items}${r.firstError ? ` (${r.firstError})` : ''}`).join('; '), pass: (Object.keys(m) as Array<keyof typeof m>).every((k) => allOk(m[k], CASES[k])) },
		{ target: '500 items at 10/s: at least 0.97× the limit', measured: `${fixed(m.alone.ofLimit, 3)}×`, pass: m.alone.ofLimit >= 0.97 },
		{ target: '500 items at 10/s: at most 1% of requests refused', measured: `${pct(m.alone.share)} (${m.alone.refused} of ${m.alone.sent})`, pass: m.alone.share <= 0.01 },
		{ target: 'three executions at once: at least 0.9× the limit', measured: `${fixed(m.together.ofLimit, 3)}×`, pass: m.together.ofLimit >= 0.9 },
		{ target: 'three executions at once: under 2% of requests refused', measured: `${pct(m.together.share)} (${m.together.refused} of ${m.together.sent})`, pass: m.together.share < 0.02 },
		{ target: 'a second execution after a first: at most 2 refusals', measured: `${m.after.refusedPerStep[1]} (the first: ${m.after.refusedPerStep[0]})`, pass: m.after.refusedPerStep[1] <= 2 },
		{ target: 'with rate-limit headers: no 429 at all', measured: `${m.headers.refused} of ${m.headers.sent}`, pass: m.headers.refused === 0 },
		{ target: 'answers taking 100 to 500 ms: at least 0.95× the limit', measured: `${fixed(m.slow.ofLimit, 3)}×`, pass: m.slow.ofLimit >= 0.95 },
		{ target: 'answers taking 100 to 500 ms: at most 1% of requests refused', measured: `${pct(m.slow.share)} (${m.slow.refused} of ${m.slow.sent})`, pass: m.slow.share <= 0.01 },
	];
	return {
		title: `Rate limit: the account's pace against a sandbox limit (429 with Retry-After: ${RETRY_AFTER_SECONDS})`,
		method:
			`Each case is a fresh child process (a fresh n8n process: nothing learnt yet) running its executions through n8n-core's engine, V2 Get Summary at parallelism ${PARALLEL}, ` +
			`${LATENCY_MS} ms latency, all RUTs distinct and preloaded; the sandbox counts requests in fixed one-second windows. Executions in one step start together; ` +
			"the next step starts when they have ended. Items/s are the items over the steps' own time; \"of the limit\" divides by the limit. " +
			'The fourth case is the first with the sandbox sending RateLimit-Policy, RateLimit and X-RateLimit-* on every answer (the spec shows no such headers). ' +
			'The fifth is the first again with the sandbox working on each request it serves 100 ms plus up to 400 ms more (seeded; a 429 comes back without it), as real services vary. ' +
			`For information, the ramp a fresh process starts with, against no limit at all: ${NO_LIMIT.name}: ${fixed(freshS, 2)} s, then ${fixed(pastRampS, 2)} s (${noLimit.failures} failed).`,
		table: [
			['case', 'limit /s', 'items', 'failed', 'requests sent', 'refused (429)', 'refused share', 'of the limit', 'wall time s', '429s per step'],
			...(Object.keys(m) as Array<keyof typeof m>).map((k) => {
				const r = m[k];
				return [CASES[k].name, String(CASES[k].perSecond), String(r.items), String(r.failures), String(r.sent), String(r.refused), pct(r.share), `${fixed(r.ofLimit, 3)}×`, fixed(r.seconds, 1), r.refusedPerStep.join(' / ')];
			}),
		],
		checks,
		data: { latencyMs: LATENCY_MS, parallel: PARALLEL, retryAfterSeconds: RETRY_AFTER_SECONDS, cases: CASES, measured: m, noLimit: { freshSeconds: freshS, pastRampSeconds: pastRampS, failures: noLimit.failures } },
	};
}
