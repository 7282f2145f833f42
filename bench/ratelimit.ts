// Point 4, third bullet: against a sandbox that allows 10 requests a second and answers 429 with
// Retry-After beyond that, 500 items all succeed and refused requests stay under 5% of those sent.
import { performance } from 'node:perf_hooks';

import { startSandbox } from '../sandbox';
import { distinctRuts } from './ruts';
import { runChild } from './spawn';
import { fixed, type Section } from './types';
import { GET_SUMMARY } from './workflow';

const ITEMS = 500;
const PER_SECOND = 10;
const RETRY_AFTER_SECONDS = 1;
const LATENCY_MS = 20;
const PARALLEL = 10;
const MAX_REFUSED_SHARE = 0.05;

export async function rateLimit(): Promise<Section> {
	const ruts = distinctRuts(ITEMS, 79_000_000);
	const sandbox = await startSandbox({
		preloadedRuts: ruts,
		latencyMs: LATENCY_MS,
		rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: RETRY_AFTER_SECONDS },
	});
	try {
		const started = performance.now();
		const r = await runChild({ kind: 'engine', access: { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId }, ruts, warmup: [], parameters: GET_SUMMARY, parallel: PARALLEL });
		const seconds = (performance.now() - started) / 1000;
		const sent = sandbox.requests.length;
		const refused = sandbox.requests.filter((q) => q.status === 429).length;
		const share = refused / sent;
		const achieved = ITEMS / (r.ms / 1000);
		return {
			title: `Rate limit: ${ITEMS} items against ${PER_SECOND} requests/s (429 with Retry-After: ${RETRY_AFTER_SECONDS})`,
			method: `Parallelism ${PARALLEL}, ${LATENCY_MS} ms latency, all RUTs distinct and preloaded; the sandbox counts requests in fixed one-second windows.`,
			table: [
				['items out', 'failed', 'requests sent', 'refused (429)', 'refused share', 'items/s (limit 10)', 'wall time s'],
				[String(r.outputs), String(r.failures), String(sent), String(refused), `${fixed(share * 100, 1)}%`, fixed(achieved, 1), fixed(seconds, 1)],
			],
			checks: [
				{ target: `all ${ITEMS} items succeed`, measured: `${r.outputs - r.failures} of ${ITEMS}${r.firstError ? ` (first error: ${r.firstError})` : ''}`, pass: r.outputs === ITEMS && r.failures === 0 },
				{ target: `429s under ${MAX_REFUSED_SHARE * 100}% of requests sent`, measured: `${fixed(share * 100, 1)}% (${refused} of ${sent})`, pass: share < MAX_REFUSED_SHARE },
			],
			data: { items: ITEMS, perSecond: PER_SECOND, retryAfterSeconds: RETRY_AFTER_SECONDS, parallel: PARALLEL, outputs: r.outputs, failures: r.failures, firstError: r.firstError, sent, refused, itemsPerSecond: achieved, ms: r.ms },
		};
	} finally {
		await sandbox.close();
	}
}
