/** The HTTP server: body limits, faults, rate limit, authentication, routing and the request log. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ComplianceDesk } from './compliance';
import { errorBody, HttpError, type Flavor } from './errors';
import { DEMO_CLIENT_ID, DEMO_TOKEN } from './known';
import { Rng } from './prng';
import type { Reply, Route } from './routes';
import { parseRut } from './rut';
import { Account } from './state';
import type { RecordedDelivery, RecordedRequest, Sandbox, SandboxOptions } from './types';
import { externalV1Routes, v1Routes } from './v1';
import { v2Routes } from './v2';

interface Root { prefix: string; flavor: Flavor; routes: Route[] }
const ROOTS: Root[] = [
	{ prefix: '/api/clients/v2', flavor: 'v2', routes: v2Routes },
	{ prefix: '/api/v1', flavor: 'v1', routes: v1Routes },
	{ prefix: '/api/external/v1', flavor: 'score', routes: externalV1Routes },
];

const FAULT_STATUSES = new Set([408, 429, 500, 503]);
const DEFAULT_MAX_BODY = 1024 * 1024;

interface Incoming {
	method: string;
	path: string;
	search: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body: unknown;
	invalidJson: boolean;
	tooLarge: boolean;
}

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

export async function startSandbox(initial: SandboxOptions = {}): Promise<Sandbox> {
	const options: SandboxOptions = { ...initial };
	let clockOffset = 0;
	const clock = { now: () => (options.now ?? Date.now)() + clockOffset, advance: (ms: number) => void (clockOffset += ms) };
	const account = new Account(clock.now);
	const requests: RecordedRequest[] = [];
	const deliveries: RecordedDelivery[] = [];
	const waiters = new Map<number, ((d: RecordedDelivery) => void)[]>();
	const desk = new ComplianceDesk({
		account,
		options: () => options,
		record: (d) => {
			deliveries.push(d);
			for (const w of waiters.get(d.webhookId) ?? []) w(d);
			waiters.delete(d.webhookId);
		},
	});
	let faultRng = new Rng(options.faultSeed ?? 1);
	const forced: number[] = [];
	const headerFaultsLeft = new Map<string, number>();
	let rateWindow = -1;
	let rateCount = 0;

	const token = () => options.token ?? DEMO_TOKEN;
	const clientId = () => options.clientId ?? DEMO_CLIENT_ID;

	function preload(ruts: string[] | undefined) {
		for (const r of ruts ?? []) {
			const rut = parseRut(r);
			if (!rut) throw new Error(`Not a valid RUT: ${r}`);
			account.load(rut, false, false, false);
		}
	}
	preload(options.preloadedRuts);

	/** `x-sandbox-fault: <status>[:<times>|:always]`, counted per `x-sandbox-fault-key` or per identical request. */
	function headerFault(inc: Incoming): number | undefined {
		const spec = inc.headers['x-sandbox-fault'];
		if (!spec) return undefined;
		const [statusText, timesText = '1'] = spec.split(':').map((s) => s.trim());
		const status = Number(statusText);
		if (!FAULT_STATUSES.has(status)) return undefined;
		if (timesText === 'always') return status;
		const key = inc.headers['x-sandbox-fault-key'] ?? `${inc.method} ${inc.path}${inc.search} ${spec}`;
		const left = headerFaultsLeft.get(key) ?? Math.max(0, Math.floor(Number(timesText)) || 0);
		headerFaultsLeft.set(key, Math.max(0, left - 1));
		return left > 0 ? status : undefined;
	}

	function rateLimited(): number | undefined {
		const limit = options.rateLimit;
		if (!limit) return undefined;
		const now = clock.now();
		const window = Math.floor(now / 1000);
		if (window !== rateWindow) {
			rateWindow = window;
			rateCount = 0;
		}
		rateCount++;
		if (rateCount <= limit.perSecond) return undefined;
		return limit.retryAfterSeconds ?? Math.max(1, Math.ceil(((window + 1) * 1000 - now) / 1000));
	}

	function randomFault(): number | undefined {
		const rate500 = options.faults?.rate500 ?? 0;
		const rate408 = options.faults?.rate408 ?? 0;
		if (rate500 <= 0 && rate408 <= 0) return undefined;
		const r = faultRng.next();
		if (r < rate500) return 500;
		if (r < rate500 + rate408) return 408;
		return undefined;
	}

	const fail = (flavor: Flavor, status: number, details?: string, headers: Record<string, string> = {}): Reply => ({ status, json: errorBody(flavor, status, details), headers });
	const retryAfter = (status: number, seconds = 1): Record<string, string> => (status === 429 || status === 503 ? { 'Retry-After': String(seconds) } : {});

	function authError(inc: Incoming, route: Route | undefined, flavor: Flavor): Reply | undefined {
		const auth = /^Bearer\s+(\S+)\s*$/i.exec(inc.headers.authorization ?? '');
		const missing = !auth ? (route?.compliance ? 'Token de autenticación no encontrado' : undefined) : undefined;
		if (!auth || auth[1] !== token() || inc.headers['x-client-identifier'] !== clientId()) return fail(flavor, 401, missing);
		return undefined;
	}

	function dispatch(inc: Incoming): Reply {
		const root = ROOTS.find((r) => inc.path === r.prefix || inc.path.startsWith(`${r.prefix}/`));
		if (!root) return fail('v2', 404);
		const rel = inc.path.slice(root.prefix.length);
		const matches = root.routes.map((route) => ({ route, m: route.pattern.exec(rel) })).filter((x) => x.m);
		const hit = matches.find((x) => x.route.method === inc.method);
		const flavor = (hit ?? matches[0])?.route.flavor ?? root.flavor;

		const fault = headerFault(inc) ?? forced.shift();
		if (fault !== undefined) return fail(flavor, fault, undefined, retryAfter(fault));
		const wait = rateLimited();
		if (wait !== undefined) return fail(flavor, 429, undefined, { 'Retry-After': String(wait) });
		const random = randomFault();
		if (random !== undefined) return fail(flavor, random);
		if (inc.tooLarge) return fail(flavor, 413);
		const denied = authError(inc, hit?.route, flavor);
		if (denied) return denied;
		// A known path with another method is still "not found": the spec lists no 405.
		if (!hit || !hit.m) return fail(flavor, 404);
		if (inc.invalidJson) return fail(flavor, 400, hit.route.compliance ? 'El cuerpo no es JSON válido' : undefined);
		try {
			return hit.route.handler({ params: hit.m.slice(1), query: inc.query, body: inc.body, account, now: clock.now, desk });
		} catch (error) {
			// Only compliance rejections carry details (spec §7.3); other errors keep the exact §7 bodies.
			if (error instanceof HttpError) return fail(flavor, error.status, hit.route.compliance ? error.details : undefined, error.headers);
			return fail(flavor, 500);
		}
	}

	async function onRequest(req: http.IncomingMessage, res: http.ServerResponse) {
		let url: URL;
		try {
			url = new URL(req.url ?? '/', 'http://sandbox.local');
		} catch {
			url = new URL('http://sandbox.local/');
		}
		const headers = flattenHeaders(req.headers);
		const { buf, tooLarge } = await readBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY);
		let body: unknown;
		let invalidJson = false;
		if (buf.length > 0) {
			try {
				body = JSON.parse(buf.toString('utf8'));
			} catch {
				invalidJson = true;
			}
		}
		const inc: Incoming = {
			method: req.method ?? 'GET', path: url.pathname, search: url.search, query: Object.fromEntries(url.searchParams), headers, body, invalidJson, tooLarge,
		};
		let reply: Reply;
		try {
			reply = dispatch(inc);
		} catch {
			reply = fail('v2', 500);
		}
		const extra = Number(headers['x-sandbox-latency']);
		const latency = (options.latencyMs ?? 0) + (Number.isFinite(extra) && extra > 0 ? Math.min(extra, 60_000) : 0);
		if (latency > 0) await sleep(latency);
		const status = reply.status ?? 200;
		requests.push({ method: inc.method, path: inc.path, query: inc.query, headers, body, status });
		const cap = options.maxLogEntries;
		if (cap !== undefined && requests.length > cap) requests.splice(0, requests.length - cap);
		if (res.destroyed) return;
		const payload = reply.raw ?? Buffer.from(JSON.stringify(reply.json ?? null), 'utf8');
		res.writeHead(status, {
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

	return {
		url: `http://127.0.0.1:${port}`,
		get token() {
			return token();
		},
		get clientId() {
			return clientId();
		},
		requests,
		deliveries,
		resetLog() {
			requests.length = 0;
			deliveries.length = 0;
		},
		clock,
		configure(patch) {
			Object.assign(options, patch);
			if (patch.faultSeed !== undefined) faultRng = new Rng(patch.faultSeed);
			preload(patch.preloadedRuts);
		},
		loadRut(rut, opts = {}) {
			const canonical = parseRut(rut);
			if (!canonical) throw new Error(`Not a valid RUT: ${rut}`);
			account.load(canonical, opts.isMonitoring ?? false, opts.includeBureau ?? false, false);
		},
		usage: () => account.usage(),
		failNext(status, count = 1) {
			for (let i = 0; i < count; i++) forced.push(status);
		},
		waitForDelivery(webhookId, timeoutMs = 10_000) {
			const done = deliveries.find((d) => d.webhookId === webhookId);
			if (done) return Promise.resolve(done);
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error(`No delivery for webhook ${webhookId} within ${timeoutMs} ms`)), timeoutMs);
				const list = waiters.get(webhookId) ?? [];
				list.push((d) => {
					clearTimeout(timer);
					resolve(d);
				});
				waiters.set(webhookId, list);
			});
		},
		async close() {
			await desk.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}
