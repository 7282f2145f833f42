/** Webhook deliveries as spec §6 describes them: POST, gzip-compressed JSON, the account's chosen authentication. */
import { gzipSync } from 'node:zlib';
import { setTimeout as wait } from 'node:timers/promises';
import { request } from 'undici';

export type WebhookAuth =
	| { type: 'bearer'; token: string }
	| { type: 'basic'; username: string; password: string }
	| { type: 'header'; name: string; value: string }
	| { type: 'none' };

function authorizationHeader(auth: WebhookAuth): string | undefined {
	if (auth.type === 'bearer') return `Bearer ${auth.token}`;
	if (auth.type === 'basic') return `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`;
	return undefined;
}

export function encodeDelivery(event: object, auth: WebhookAuth): { headers: Record<string, string>; body: Buffer } {
	const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
	const authorization = authorizationHeader(auth);
	if (authorization) headers.Authorization = authorization;
	// The spec allows methods other than bearer without naming them; a custom header is the common one.
	if (auth.type === 'header') headers[auth.name] = auth.value;
	return { headers, body: gzipSync(Buffer.from(JSON.stringify(event), 'utf8')) };
}

export interface DeliveryResult {
	/** The receiver's last answer; 0 when it could not be reached at all. */
	status: number;
	attempts: number;
}

export interface DeliverOptions {
	retryDelayMs?: number;
	signal?: AbortSignal;
}

const ok = (status: number) => status >= 200 && status < 300;

/** POST the event; a non-2xx answer or a network error is retried `retries` more times. */
export async function deliver(url: string, event: object, auth: WebhookAuth, retries: number, options: DeliverOptions = {}): Promise<DeliveryResult> {
	const { headers, body } = encodeDelivery(event, auth);
	const retryDelayMs = options.retryDelayMs ?? 100;
	let status = 0;
	let attempts = 0;
	for (let i = 0; i <= Math.max(0, retries); i++) {
		if (options.signal?.aborted) break;
		if (i > 0) await wait(retryDelayMs * i, undefined, { signal: options.signal }).catch(() => undefined);
		if (options.signal?.aborted) break;
		attempts++;
		try {
			const res = await request(url, { method: 'POST', headers, body, signal: options.signal, headersTimeout: 10_000, bodyTimeout: 10_000 });
			status = res.statusCode;
			await res.body.dump();
		} catch {
			status = 0;
		}
		if (ok(status)) break;
	}
	return { status, attempts };
}
