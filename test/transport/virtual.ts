// Virtual time for the transport: its clock (nodes/shared/transport/accounts.ts, `clock`) is replaced by one
// that moves only when every worker is waiting on it, so pauses and paces are checked by counting
// what was sent when, without waiting and without any wall-clock threshold. The service answers
// either from a model in this process or over real HTTP (the sandbox, on the same virtual clock);
// while an answer is on its way, time stands still.
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';
import { request } from 'undici';

import { runPool } from '../../nodes/shared/pool';
import { clock, forgetPaces } from '../../nodes/shared/transport/accounts';
import { Transport, type ApiRequest, type ApiResponse } from '../../nodes/shared/transport';

/** A whole second, so HTTP dates in Retry-After are exact on it. */
export const EPOCH = 1_750_000_000_000;

export interface Answer {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

export function virtualClock(start = EPOCH) {
	let now = start;
	let seq = 0;
	let busy = 0;
	let idle: () => void = () => {};
	const sleepers: Array<{ wake: number; seq: number; resolve: () => void }> = [];
	/** Every wait the transport asked for, in order. */
	const waits: number[] = [];
	const saved = { ...clock };
	clock.now = () => now;
	// Each account's pace lives for the process (accounts.ts): one learnt on another clock's time means nothing on this one.
	forgetPaces();
	/** Time passing for the test's own actors (a service's latency), not a wait the transport chose. */
	const pass = (ms: number) => new Promise<void>((resolve) => sleepers.push({ wake: now + Math.max(0, ms), seq: seq++, resolve }));
	clock.sleep = (ms: number) => {
		waits.push(ms);
		return pass(ms);
	};

	/** Work the clock must wait for (an HTTP exchange): time does not move while it runs. */
	async function during<T>(work: Promise<T>): Promise<T> {
		busy++;
		try {
			return await work;
		} finally {
			if (--busy === 0) idle();
		}
	}

	async function settled(): Promise<void> {
		for (;;) {
			if (busy > 0) await new Promise<void>((resolve) => (idle = resolve));
			// Everything the last wake-up or answer set going runs to its next wait.
			await new Promise((resolve) => setImmediate(resolve));
			if (busy === 0) return;
		}
	}

	/** Runs `work` to its end, waking sleepers one at a time in time order whenever nothing else can run. */
	async function drive<T>(work: Promise<T>): Promise<T> {
		let done = false;
		const finished = work.finally(() => (done = true));
		finished.catch(() => {});
		for (;;) {
			await settled();
			if (done) return await finished;
			if (!sleepers.length) throw new Error('virtual clock: nothing to wake and the work has not ended');
			sleepers.sort((a, b) => a.wake - b.wake || a.seq - b.seq);
			const first = sleepers.shift()!;
			now = Math.max(now, first.wake);
			first.resolve();
		}
	}

	return {
		now: () => now,
		pass,
		waits,
		during,
		drive,
		restore: () => Object.assign(clock, saved),
	};
}
export type VirtualClock = ReturnType<typeof virtualClock>;

/**
 * For one request at a time (a run through n8n's engine with one item): every wait the transport
 * asks for is recorded and passes at once, moving the clock by exactly that much.
 */
export function instantClock(start = EPOCH) {
	let now = start;
	const waits: number[] = [];
	const saved = { ...clock };
	clock.now = () => now;
	forgetPaces();
	clock.sleep = async (ms: number) => {
		waits.push(ms);
		now += Math.max(0, ms);
	};
	return { now: () => now, waits, restore: () => Object.assign(clock, saved) };
}

export interface Sent {
	at: number;
	/** When the service saw it: later than `at` by the way there (`fakeContext`'s `wayThereMs`). */
	arrivedAt?: number;
	/** When the answer reached the transport. */
	answeredAt?: number;
	method: string;
	url: string;
	status: number;
}

/**
 * What the transport needs of n8n's execution context: the node, the credential and the
 * authenticated HTTP helper, answered by `service` (at the virtual time of sending, or `wayThereMs` later) and delivered
 * `latencyMs` later.
 */
export function fakeContext(
	time: VirtualClock,
	service: (options: IHttpRequestOptions, credential: ICredentialDataDecryptedObject) => Promise<Answer>,
	credential: ICredentialDataDecryptedObject,
	/** Time from the service's decision to the answer reaching the transport, per answer (n counts from 0). */
	latencyMs: number | ((answer: Answer, n: number) => number) = 0,
	/** Time from sending to the service's decision, per request (n counts from 0): the way there. */
	wayThereMs?: (n: number) => number,
) {
	const sent: Sent[] = [];
	const node = { name: 'Risk', type: 'riskInfo', typeVersion: 1, parameters: {}, credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } } } as unknown as INode;
	// The node's own context within the execution, where the run's paid calls are counted.
	const nodeContext = {};
	const ctx = {
		getNode: () => node,
		getContext: () => nodeContext,
		getCredentials: async () => credential,
		helpers: {
			async httpRequestWithAuthentication(_type: string, options: IHttpRequestOptions): Promise<Answer> {
				const at = time.now();
				const n = sent.length;
				sent.push({ at, method: String(options.method), url: options.url, status: 0 });
				const wayThere = wayThereMs?.(n) ?? 0;
				if (wayThere > 0) await time.pass(wayThere);
				sent[n].arrivedAt = time.now();
				const answer = await time.during(service(options, credential));
				sent[n].status = answer.statusCode;
				const latency = typeof latencyMs === 'number' ? latencyMs : latencyMs(answer, n);
				if (latency > 0) await time.pass(latency);
				sent[n].answeredAt = time.now();
				return answer;
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, sent };
}

/** The sandbox over real HTTP, with the headers the credential sends. */
export function overHttp() {
	return async (options: IHttpRequestOptions, credential: ICredentialDataDecryptedObject): Promise<Answer> => {
		const url = new URL(options.url);
		for (const [k, v] of Object.entries(options.qs ?? {})) url.searchParams.set(k, String(v));
		const headers: Record<string, string> = {
			...(options.headers as Record<string, string>),
			authorization: `Bearer ${String(credential.accessToken)}`,
			'x-client-identifier': String(credential.clientIdentifier),
		};
		const hasBody = options.body !== undefined;
		if (hasBody) headers['content-type'] = 'application/json';
		const answer = await request(url, { method: options.method as 'GET' | 'POST', headers, body: hasBody ? JSON.stringify(options.body) : undefined });
		const text = await answer.body.text();
		let body: unknown = text;
		try {
			body = JSON.parse(text);
		} catch {
			// not JSON: the transport gets the text, as from n8n's helper
		}
		return { statusCode: answer.statusCode, headers: answer.headers as IDataObject, body };
	};
}

/** The requests through the nodes' own pool (nodes/shared/pool.ts), `parallel` at a time; each ends in its answer or its error. */
export async function sendAll(transport: Transport, requests: ApiRequest[], parallel: number): Promise<Array<ApiResponse | Error>> {
	const outcomes = await runPool(
		requests.map((request) => async () => await transport.request(request)),
		parallel,
	);
	return outcomes.map((outcome) => (outcome !== undefined && 'value' in outcome ? outcome.value : (outcome?.error as Error)));
}

/**
 * Sends reads for the account until its pace is past the ramp it starts with (pace.ts) and runs
 * free, the service taking everything: for tests of what a free pool does when a limit appears.
 * Virtual time moves on by a few seconds, to a whole one.
 */
export async function rampUp(time: VirtualClock, credential: ICredentialDataDecryptedObject): Promise<void> {
	const ok = async (): Promise<Answer> => ({ statusCode: 200, headers: {}, body: { success: true, data: {} } });
	const { ctx } = fakeContext(time, ok, credential, 1);
	const transport = new Transport(ctx, { maxAttempts: 1, maxWaitSeconds: 1 });
	const reads = summaryReads(Array.from({ length: 4000 }, (_, i) => `${90_000_000 + i}-0`));
	await time.drive(sendAll(transport, reads, 8));
	// On to a whole second, where a service's one-second windows start, and far enough that no
	// answer of these counts in a lesson the test's service teaches.
	await time.drive(time.pass(5000 - ((time.now() - EPOCH) % 1000)));
}

/** Free reads of a summary, one per RUT. */
/**
 * A service counting requests when they arrive, in fixed one-second windows whose edges fall
 * `phaseMs` past each whole second, `limit` a window; a refused request counts too, as in the sandbox.
 */
export function fixedWindows(time: VirtualClock, limit: number, phaseMs: number): () => Promise<Answer> {
	let window = -Infinity;
	let count = 0;
	return async (): Promise<Answer> => {
		const at = time.now() - EPOCH - phaseMs;
		const w = Math.floor(at / 1000);
		if (w !== window) [window, count] = [w, 0];
		if (++count <= limit) return { statusCode: 200, headers: {}, body: { success: true, data: {} } };
		return { statusCode: 429, headers: { 'retry-after': String(Math.ceil(((w + 1) * 1000 - at) / 1000)) }, body: { success: false } };
	};
}

export function summaryReads(ruts: string[]): ApiRequest[] {
	return ruts.map((rut) => ({ method: 'GET', root: 'v2', path: '/helper/resumen', query: { rut }, rut }));
}

export { Transport };
