/**
 * The sandbox's HTTP server on 127.0.0.1: reads each request (body capped), has it answered by
 * dispatch.ts, records it, and hands tests the control API (control.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ComplianceDesk } from './compliance';
import { Log, controlApi, preload } from './control';
import { CONTROL_PREFIX, controlReply } from './control-http';
import { dispatch, fail, type Incoming, type Service } from './dispatch';
import { Faults } from './faults';
import { DEMO_CLIENT_ID, DEMO_TOKEN } from './known';
import { Rng } from './prng';
import { RateLimit } from './ratelimit';
import type { Reply } from './routes';
import { Account } from './state';
import type { Sandbox, SandboxOptions } from './types';

const DEFAULT_MAX_BODY = 1024 * 1024;
/** How often a held request looks whether holdAnswers was turned off. */
const HOLD_POLL_MS = 20;

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
	return out;
}

/** Reads the whole body but keeps at most `max` bytes: draining lets the client read the 413. */
function readBody(req: http.IncomingMessage, max: number): Promise<{ buf: Buffer; tooLarge: boolean }> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let tooLarge = Number(req.headers['content-length'] ?? 0) > max;
		const done = () => resolve({ buf: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge });
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > max) tooLarge = true;
			if (!tooLarge) chunks.push(chunk);
		});
		req.on('end', done);
		req.on('close', done);
		req.on('error', done);
	});
}

async function readIncoming(req: http.IncomingMessage, maxBody: number): Promise<Incoming> {
	let url: URL;
	try {
		url = new URL(req.url ?? '/', 'http://sandbox.local');
	} catch {
		url = new URL('http://sandbox.local/');
	}
	const headers = flattenHeaders(req.headers);
	const { buf, tooLarge } = await readBody(req, maxBody);
	let body: unknown;
	let invalidJson = false;
	if (buf.length > 0) {
		try {
			body = JSON.parse(buf.toString('utf8'));
		} catch {
			invalidJson = true;
		}
	}
	return { method: req.method ?? 'GET', path: url.pathname, search: url.search, query: Object.fromEntries(url.searchParams), headers, body, invalidJson, tooLarge };
}

export async function startSandbox(initial: SandboxOptions = {}): Promise<Sandbox> {
	const options: SandboxOptions = { ...initial };
	let clockOffset = 0;
	const clock = { now: () => (options.now ?? Date.now)() + clockOffset, advance: (ms: number) => void (clockOffset += ms) };
	const account = new Account(clock.now);
	const log = new Log(() => options.maxLogEntries);
	const service: Service = {
		options: () => options,
		token: () => options.token ?? DEMO_TOKEN,
		clientId: () => options.clientId ?? DEMO_CLIENT_ID,
		now: clock.now,
		account,
		desk: new ComplianceDesk({ account, options: () => options, record: (d) => log.delivery(d) }),
		faults: new Faults(() => options),
		rateLimit: new RateLimit(),
	};
	preload(account, options.preloadedRuts);
	const workRng = new Rng(options.work?.seed ?? 1);

	async function onRequest(req: http.IncomingMessage, res: http.ServerResponse) {
		const inc = await readIncoming(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY);
		if (inc.path.startsWith(CONTROL_PREFIX)) return send(res, controlReply(account, options, inc), 200);
		while (options.holdAnswers && !res.destroyed) await sleep(HOLD_POLL_MS);
		let reply: Reply;
		try {
			reply = dispatch(service, inc);
		} catch {
			reply = fail('v2', 500);
		}
		const extra = Number(inc.headers['x-sandbox-latency']);
		const work = options.work && reply.status !== 429 ? options.work.ms + workRng.next() * (options.work.plusUpToMs ?? 0) : 0;
		const latency = (options.latencyMs ?? 0) + work + (Number.isFinite(extra) && extra > 0 ? Math.min(extra, 60_000) : 0);
		if (latency > 0) await sleep(latency);
		const status = reply.status ?? 200;
		log.request({ method: inc.method, path: inc.path, query: inc.query, headers: inc.headers, body: inc.body, status });
		send(res, reply, status);
	}

	function send(res: http.ServerResponse, reply: Reply, status: number) {
		if (res.destroyed) return;
		const payload = reply.raw ?? Buffer.from(JSON.stringify(reply.json ?? null), 'utf8');
		res.writeHead(reply.status ?? status, {
			...(reply.raw ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
			...reply.headers,
			'Content-Length': String(payload.length),
		});
		res.end(payload);
	}

	const server = http.createServer((req, res) => {
		onRequest(req, res).catch(() => {
			if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
		});
	});
	server.on('clientError', (_err, socket) => {
		if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
		else socket.destroy();
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;

	return controlApi({
		url: `http://127.0.0.1:${port}`,
		options,
		token: service.token,
		clientId: service.clientId,
		clock,
		account,
		log,
		faults: service.faults,
		async close() {
			await service.desk.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	});
}
