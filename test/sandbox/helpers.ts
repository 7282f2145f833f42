/** Shared test plumbing: an HTTP client for the sandbox and a webhook receiver. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Sandbox } from '../../sandbox';

export const V2 = '/api/clients/v2';
export const V1 = '/api/v1';
export const EXT = '/api/external/v1';

export interface CallOptions {
	body?: unknown;
	/** Sent as is (for invalid JSON and huge bodies). */
	raw?: string | Buffer;
	headers?: Record<string, string>;
	/** Leave out the two authentication headers. */
	noAuth?: boolean;
}

export interface Answer {
	status: number;
	headers: Headers;
	buffer: Buffer;
	text: string;
	json: any;
}

function authHeaders(sb: Sandbox): Record<string, string> {
	return { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId };
}

export async function call(sb: Sandbox, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
	const headers: Record<string, string> = { accept: 'application/json', ...(opts.noAuth ? {} : authHeaders(sb)), ...opts.headers };
	let body: string | Buffer | undefined = opts.raw;
	if (opts.body !== undefined) {
		body = JSON.stringify(opts.body);
		headers['content-type'] ??= 'application/json';
	}
	const res = await fetch(sb.url + path, { method, headers, body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body) });
	const buffer = Buffer.from(await res.arrayBuffer());
	const text = buffer.toString('utf8');
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, buffer, text, json };
}

interface ReceivedDelivery {
	method: string;
	headers: http.IncomingHttpHeaders;
	raw: Buffer;
	/** The body inflated and parsed; undefined when it was not gzip JSON. */
	event: any;
}

/** A webhook receiver answering the given statuses in turn (the last one repeats). */
export async function startReceiver(statuses: number[] = [200]) {
	const received: ReceivedDelivery[] = [];
	let n = 0;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks);
			let event: unknown;
			try {
				event = JSON.parse(gunzipSync(raw).toString('utf8'));
			} catch {
				event = undefined;
			}
			received.push({ method: req.method ?? '', headers: req.headers, raw, event });
			res.statusCode = statuses[Math.min(n++, statuses.length - 1)];
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		close: () => new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		}),
	};
}

/** Modulo-11 check character, computed here independently of the sandbox's own code. */
export function mod11(body: number): string {
	const digits = String(body).split('').reverse().map(Number);
	const sum = digits.reduce((acc, d, i) => acc + d * [2, 3, 4, 5, 6, 7][i % 6], 0);
	const r = 11 - (sum % 11);
	return r === 11 ? '0' : r === 10 ? 'K' : String(r);
}
