// The one transport, driven through n8n's own engine and request path against a tiny server
// started here: error mapping for every status of spec §7, retries, and the secret never leaking.
// At the end, the transport on its own on virtual time against a scripted service (virtual.ts): a
// Base URL pasted with a trailing slash, Maximum Total Wait reached exactly, a 300 answer, service
// texts in V1 shapes or too long, a PDF request answered with JSON, and which failed paid calls
// give their place under Maximum Paid Loads per Run back.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INode } from 'n8n-workflow';

import { runRiskInfo, TestCredentialsHelper } from '../../harness/workflow';
import type { ApiRequest, TransportOptions } from '../../nodes/shared/transport';
import { clock } from '../../nodes/shared/transport/accounts';
import { leavingError, PaidCapReached, ServiceError } from '../../nodes/shared/errors';
import { type Answer as ServiceAnswer, fakeContext, instantClock, Transport, virtualClock, type VirtualClock } from './virtual';

const TOKEN = 'tok-SECRET-98765';
const CLIENT = 'client-7';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'destroy';
let script: Answer[] = [];
/** Requests as they arrived, `at` on the transport's clock. */
let seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string; at: number }> = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
	server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (c) => (body += c));
		req.on('end', () => {
			seen.push({ method: req.method, url: req.url, headers: req.headers, body, at: clock.now() });
			const answer = script.length > 1 ? script.shift()! : script[0];
			if (answer === 'destroy') {
				req.socket.destroy();
				return;
			}
			res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
			res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
	script = [];
	seen = [];
});

async function run(parameters: IDataObject, opts: { continueOnFail?: boolean; base?: string; items?: number } = {}) {
	return await runRiskInfo({
		parameters: { requestOptions: { maxAttempts: 3, maxWaitSeconds: 10 }, ...parameters },
		inputs: Array.from({ length: opts.items ?? 1 }, (_, i) => ({ i })),
		access: { baseUrl: opts.base ?? baseUrl, accessToken: TOKEN, clientIdentifier: CLIENT },
		node: { name: 'Risk', continueOnFail: opts.continueOnFail },
	});
}

const usage = { apiVersion: 'v2', resource: 'account', operation: 'getUsage' };

function expectNoSecret(value: unknown) {
	const text = JSON.stringify(value, Object.getOwnPropertyNames(value ?? {}));
	expect(text).not.toContain(TOKEN);
	expect(JSON.stringify(value)).not.toContain(TOKEN);
}

describe('error mapping (spec §7)', () => {
	const cases: Array<[number, unknown, RegExp, string]> = [
		[400, { success: false, code: 400, error: 'Solicitud inválida' }, /rejected the request as invalid/, 'Solicitud inválida'],
		[401, { success: false, code: 401, error: 'No autorizado' }, /Access Token and the Client Identifier/, 'No autorizado'],
		[403, { success: false, code: 403, error: 'No tienes permiso para acceder a este recurso' }, /lacks permission/, 'No tienes permiso'],
		[404, { success: false, code: 404, error: 'Recurso no encontrado' }, /no such resource/, 'Recurso no encontrado'],
		[408, { success: false, code: 408, error: 'Tiempo de espera agotado' }, /timed out \(tried 3 times\)/, 'Tiempo de espera agotado'],
		[429, { success: false, code: 429, error: 'Demasiadas solicitudes' }, /rate-limited .*\(tried 3 times\)/, 'Demasiadas solicitudes'],
		[500, { success: false, code: 500, error: 'Error interno del servidor' }, /failed \(HTTP 500\) \(tried 3 times\)/, 'Error interno'],
		[502, 'Bad gateway', /failed \(HTTP 502\)/, 'Bad gateway'],
		[503, { success: false, code: 503, error: 'down' }, /failed \(HTTP 503\)/, 'down'],
		[504, { success: false, code: 504, error: 'slow' }, /failed \(HTTP 504\)/, 'slow'],
		// V1 bodies (their shape is not in the spec; the text is).
		[400, { success: false, message: 'Data enviada es incorrecta o inexistente.' }, /invalid/, 'Data enviada es incorrecta'],
		[401, { success: false, message: 'No autorizado.' }, /Access Token/, 'No autorizado.'],
		[404, { success: false, message: 'Data no encontrada.' }, /no such resource/, 'Data no encontrada.'],
		[500, { success: false, message: 'Server error' }, /failed \(HTTP 500\)/, 'Server error'],
	];

	test.each(cases)('HTTP %i becomes a plain-English NodeApiError with the service text', async (status, body, message, text) => {
		script = [{ status, body, headers: { 'retry-after': '0' } }];
		const result = await run(usage);
		const error = result.nodeErrors.Risk as Error & { description?: string; httpCode?: string; context?: IDataObject };
		expect(error).toBeDefined();
		expect(error.message).toMatch(message);
		expect(error.description).toContain(text);
		expect(error.httpCode).toBe(String(status));
		expect(error.context?.itemIndex).toBe(0);
		expectNoSecret(error);
		expectNoSecret(result.run.data.resultData);
		// Every request carried the credential: it just never comes back out.
		expect(seen.every((s) => s.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
	});

	test('the same failure with Continue On Fail is an error item per input item, paired, without the secret', async () => {
		script = [{ status: 401, body: { success: false, code: 401, error: 'No autorizado' } }];
		const result = await run(usage, { continueOnFail: true, items: 2 });
		const out = result.items.Risk;
		expect(out).toHaveLength(2);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(out[1].json.error).toMatch(/Access Token/);
		expect(out[1].json.details).toEqual({ itemIndex: 1, httpCode: '401', description: 'The service said: No autorizado' });
		expectNoSecret(out);
		// Both items asked for the same thing: one request.
		expect(seen).toHaveLength(1);
	});

	test('success: false under HTTP 200 is an error, not data', async () => {
		script = [{ status: 200, body: { success: false, code: 404, error: 'Recurso no encontrado' } }];
		const result = await run(usage);
		const error = result.nodeErrors.Risk as Error & { httpCode?: string; description?: string };
		expect(error.message).toMatch(/no such resource/);
		expect(error.httpCode).toBe('404');
		script = [{ status: 200, body: { success: false } }];
		const again = await run(usage);
		expect(again.nodeErrors.Risk.message).toMatch(/reported a failure/);
	});

	test('a refused connection says the service cannot be reached, after retrying', async () => {
		const closed = http.createServer();
		await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
		const port = (closed.address() as AddressInfo).port;
		await new Promise((r) => closed.close(r));
		const result = await run(
			{ ...usage, requestOptions: { maxAttempts: 2, maxWaitSeconds: 5 } },
			{ base: `http://127.0.0.1:${port}` },
		);
		const error = result.nodeErrors.Risk as Error & { httpCode?: string };
		expect(error.message).toMatch(/Could not reach the Risk Info service \(ECONNREFUSED\) \(tried 2 times\)/);
		// A Base URL on n8n's own machine: in Docker that is the container, and the sandbox may be what was meant.
		expect(error.message).toMatch(/If n8n runs in Docker, 127\.0\.0\.1 \(or localhost\) is n8n's own container/);
		expect(error.message).toContain('sandbox');
		expectNoSecret(error);
	});

	test('a redirect is not followed: the token stays home and the error points at the Base URL', async () => {
		let elsewhere = 0;
		const other = http.createServer((_req, res) => {
			elsewhere++;
			res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: {} }));
		});
		await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
		const target = `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/clients/v2/usage`;
		try {
			script = [{ status: 301, headers: { location: target } }];
			const result = await run(usage);
			const error = result.nodeErrors.Risk as Error & { httpCode?: string };
			expect(error.message).toContain(`redirect to ${target} (HTTP 301)`);
			expect(error.message).toContain('Base URL');
			expect(error.httpCode).toBe('301');
			expect(seen).toHaveLength(1);
			expect(elsewhere).toBe(0);
		} finally {
			await new Promise((r) => other.close(r));
		}
	});
});

describe('retries', () => {
	// The transport's waits pass at once on a clock of their own: what it waited is read off that
	// clock (and the server notes arrivals on it), never measured in wall-clock time.
	let time: ReturnType<typeof instantClock>;
	beforeEach(() => {
		time = instantClock();
	});
	afterEach(() => time.restore());

	test('a 429 with Retry-After is waited out, then the read succeeds', async () => {
		script = [
			{ status: 429, body: { success: false, code: 429, error: 'Demasiadas solicitudes' }, headers: { 'retry-after': '3' } },
			{ status: 200, body: { success: true, data: { ok: 1 } } },
		];
		const result = await run(usage);
		expect(result.error).toBeUndefined();
		expect(seen).toHaveLength(2);
		expect(result.items.Risk[0].json).toEqual({ ok: 1 });
		// The retry went out exactly Retry-After after the 429, and that was the only wait.
		expect(seen[1].at - seen[0].at).toBe(3000);
		expect(time.waits).toEqual([3000]);
	});

	test('Retry-After as an HTTP date is honoured too', async () => {
		// Five seconds after the clock's now, which sits on a whole second, as HTTP dates do.
		const date = new Date(time.now() + 5000).toUTCString();
		script = [
			{ status: 503, body: { success: false, code: 503, error: 'x' }, headers: { 'retry-after': date } },
			{ status: 200, body: { success: true, data: { ok: 2 } } },
		];
		const result = await run(usage);
		expect(result.items.Risk[0].json).toEqual({ ok: 2 });
		expect(seen).toHaveLength(2);
		expect(seen[1].at - seen[0].at).toBe(5000);
		expect(time.waits).toEqual([5000]);
	});

	test('without Retry-After a read waits an exponential backoff: half to all of 0.5 s, then of 1 s', async () => {
		script = [
			{ status: 503, body: { success: false, code: 503, error: 'x' } },
			{ status: 503, body: { success: false, code: 503, error: 'x' } },
			{ status: 200, body: { success: true, data: { ok: 3 } } },
		];
		const result = await run(usage);
		expect(result.items.Risk[0].json).toEqual({ ok: 3 });
		expect(time.waits).toHaveLength(2);
		expect(time.waits[0]).toBeGreaterThanOrEqual(250);
		expect(time.waits[0]).toBeLessThanOrEqual(500);
		expect(time.waits[1]).toBeGreaterThanOrEqual(500);
		expect(time.waits[1]).toBeLessThanOrEqual(1000);
	});

	test('reads give up after Maximum Attempts', async () => {
		script = [{ status: 500, body: { success: false, code: 500, error: 'Error interno del servidor' }, headers: { 'retry-after': '0' } }];
		await run({ ...usage, requestOptions: { maxAttempts: 4, maxWaitSeconds: 10 } });
		expect(seen).toHaveLength(4);
	});

	test('Maximum Total Wait stops retrying before a long Retry-After', async () => {
		script = [{ status: 429, body: { success: false, code: 429, error: 'x' }, headers: { 'retry-after': '30' } }];
		const result = await run({ ...usage, requestOptions: { maxAttempts: 5, maxWaitSeconds: 2 } });
		expect(seen).toHaveLength(1);
		expect(result.nodeErrors.Risk.message).toMatch(/rate-limited/);
	});

	test('a transient connection reset on a read is retried', async () => {
		script = ['destroy', { status: 200, body: { success: true, data: { ok: 3 } } }];
		const result = await run(usage);
		expect(result.items.Risk[0].json).toEqual({ ok: 3 });
		expect(seen).toHaveLength(2);
	});

	const load = { apiVersion: 'v2', resource: 'rut', operation: 'load', rut: '12.345.678-5' };

	test('a paid load is not repeated after a 500: it may have run and been charged', async () => {
		script = [{ status: 500, body: { success: false, code: 500, error: 'Error interno del servidor' }, headers: { 'retry-after': '0' } }];
		const result = await run({ ...load, requestOptions: { maxAttempts: 5, maxWaitSeconds: 10 } });
		expect(seen).toHaveLength(1);
		expect(seen[0].method).toBe('POST');
		expect(JSON.parse(seen[0].body)).toMatchObject({ rut: '12345678-5' });
		expect(result.nodeErrors.Risk.message).toMatch(/failed \(HTTP 500\)/);
	});

	test('the error of a paid load that may have run says so, instead of advising a retry', async () => {
		script = [{ status: 500, body: { success: false, code: 500, error: 'Error interno del servidor' }, headers: { 'retry-after': '0' } }];
		const paid = (await run(load)).nodeErrors.Risk.message;
		expect(paid).toMatch(/may have run and been charged.*Get Usage/);
		expect(paid).not.toMatch(/raise the retry options/);
		// A free read failing the same way keeps the advice to retry.
		seen = [];
		const free = (await run(usage)).nodeErrors.Risk.message;
		expect(free).toMatch(/raise the retry options/);
		expect(free).not.toMatch(/charged/);
	});

	test('a paid compliance load that timed out warns about the charge too', async () => {
		script = [{ status: 408, body: { success: false, code: 408, error: 'Tiempo de espera agotado' } }];
		const result = await run({ apiVersion: 'v2', resource: 'compliance', operation: 'loadProfile', fullName: 'Inversiones Penumbra SpA' });
		expect(seen).toHaveLength(1);
		expect(result.nodeErrors.Risk.message).toMatch(/timed out\. The load may have run and been charged/);
	});

	test('a paid load is not repeated after a 408 or a reset connection either', async () => {
		script = [{ status: 408, body: { success: false, code: 408, error: 'Tiempo de espera agotado' }, headers: { 'retry-after': '0' } }];
		await run({ ...load, requestOptions: { maxAttempts: 5, maxWaitSeconds: 10 } });
		expect(seen).toHaveLength(1);
		seen = [];
		script = ['destroy', { status: 200, body: { success: true, data: {} } }];
		await run({ ...load, requestOptions: { maxAttempts: 5, maxWaitSeconds: 10 } });
		expect(seen).toHaveLength(1);
	});

	test('a paid load is repeated after a 429: the service did not run it', async () => {
		script = [
			{ status: 429, body: { success: false, code: 429, error: 'Demasiadas solicitudes' }, headers: { 'retry-after': '0' } },
			{ status: 200, body: { success: true, data: { message: 'ok' } } },
		];
		const result = await run(load);
		expect(seen).toHaveLength(2);
		expect(result.items.Risk[0].json).toMatchObject({ rut: '12345678-5', message: 'ok' });
	});
});

describe('reads of a RUT', () => {
	test('a 404 on a read says the RUT is not loaded and what to do', async () => {
		script = [{ status: 404, body: { success: false, code: 404, error: 'Recurso no encontrado' } }];
		const result = await run({ apiVersion: 'v2', resource: 'judicial', operation: 'getCivilCases', rut: '123456785' });
		expect(seen[0].url).toBe('/api/clients/v2/helper/judicial/12345678-5/civil');
		expect(result.nodeErrors.Risk.message).toMatch(/RUT 12345678-5 is not loaded .*Load RUT If Not Loaded/);
	});

	test('a read that still finds nothing right after "Load RUT If Not Loaded" loaded the RUT says so, not "turn it on"', async () => {
		script = [
			{ status: 404, body: { success: false, code: 404, error: 'Recurso no encontrado' } },
			{ status: 200, body: { success: true, data: { message: 'RUT cargado correctamente' } } },
			{ status: 404, body: { success: false, code: 404, error: 'Recurso no encontrado' } },
		];
		const result = await run({ apiVersion: 'v2', resource: 'judicial', operation: 'getCivilCases', rut: '123456785', loadIfMissing: true });
		expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'GET']);
		const message = result.nodeErrors.Risk.message;
		expect(message).toMatch(/RUT 12345678-5 was loaded just now, but the service has no data for it here yet/);
		expect(message).not.toMatch(/turn on/);
	});

	test('a 400 on a call without a RUT does not ask to check the RUT, and carries the item\'s index', async () => {
		script = [{ status: 400, body: { success: false, code: 400, error: 'Solicitud inválida', details: 'fullName es demasiado corto' } }];
		const result = await run({ apiVersion: 'v2', resource: 'compliance', operation: 'loadProfile', fullName: 'Inversiones Penumbra SpA' });
		const error = result.nodeErrors.Risk as Error & { context?: IDataObject };
		expect([error.message, error.context?.itemIndex]).toEqual(['The service rejected the request as invalid. Check the other fields of this item.', 0]);
	});

	test('the service\'s details (spec §7.3) reach the user beside its error text', async () => {
		script = [
			{
				status: 403,
				body: { success: false, code: 403, error: 'No tienes permiso para acceder a este recurso', details: 'La corporación no tiene permiso para cargar perfiles de compliance por API' },
			},
		];
		const described = async () => {
			const result = await run({ apiVersion: 'v2', resource: 'compliance', operation: 'loadProfile', fullName: 'Inversiones Penumbra SpA' });
			return (result.nodeErrors.Risk as Error & { description?: string | null }).description;
		};
		expect(await described()).toBe(
			'The service said: No tienes permiso para acceder a este recurso (La corporación no tiene permiso para cargar perfiles de compliance por API)',
		);
		// details alone, or the same text twice, is said once.
		script = [{ status: 403, body: { success: false, details: 'El usuario no tiene permiso' } }];
		expect(await described()).toBe('The service said: El usuario no tiene permiso');
		script = [{ status: 403, body: { success: false, error: 'Sin permiso', details: 'Sin permiso' } }];
		expect(await described()).toBe('The service said: Sin permiso');
	});

	test('a malformed RUT fails before any request, naming the field and the value, for its item', async () => {
		script = [{ status: 200, body: { success: true, data: {} } }];
		const result = await run({ apiVersion: 'v2', resource: 'judicial', operation: 'getCivilCases', rut: '12.345.678-4' });
		expect(seen).toHaveLength(0);
		const error = result.nodeErrors.Risk as Error & { context?: IDataObject };
		expect(error.message).toMatch(/^RUT "12.345.678-4" is not a valid RUT: the check digit does not match the number$/);
		expect(error.context?.itemIndex).toBe(0);
	});
});

describe('credentials', () => {
	test('are read and decrypted once per run, not once per request, and still sent on every request', async () => {
		script = [{ status: 200, body: { success: true, data: { ok: 1 } } }];
		const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		try {
			const ruts = ['11111111-1', '22222222-2', '7654321-6', '12345678-5', '10000013-K'];
			const result = await runRiskInfo({
				parameters: { apiVersion: 'v2', resource: 'judicial', operation: 'getCivilCases', rut: '={{ $json.rut }}' },
				inputs: ruts.map((rut) => ({ rut })),
				access: { baseUrl, accessToken: TOKEN, clientIdentifier: CLIENT },
			});
			expect(result.error).toBeUndefined();
			expect(seen).toHaveLength(5);
			expect(seen.every((s) => s.headers.authorization === `Bearer ${TOKEN}` && s.headers['x-client-identifier'] === CLIENT)).toBe(true);
			expect(reads).toHaveBeenCalledTimes(1);
		} finally {
			reads.mockRestore();
		}
	});
});

describe('the transport on its own, on virtual time, at its edges', () => {
	const credential = { baseUrl: 'http://service.test', accessToken: 'tok-edges-24680', clientIdentifier: 'client-edges' };
	const node = { id: '1', name: 'Risk', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 2, position: [0, 0], parameters: {} } as INode;

	const usage: ApiRequest = { method: 'GET', root: 'v2', path: '/usage' };
	const paidLoad: ApiRequest = { method: 'POST', root: 'v2', path: '/rut/load', body: { rut: '12345678-5' }, paid: true };

	const ok: ServiceAnswer = { statusCode: 200, headers: {}, body: { success: true, data: { ok: true } } };
	const failing = (statusCode: number, body: unknown = { success: false, code: statusCode, error: 'x' }, headers = {}): ServiceAnswer => ({ statusCode, headers, body });
	/** What n8n's helper throws when the connection fails: its error, with the socket's code on the cause. */
	const connectionError = (code: string) => Object.assign(new Error(`request failed: ${code}`), { cause: Object.assign(new Error(code), { code }) });

	type Reply = ServiceAnswer | Error;

	let time: VirtualClock;
	beforeEach(() => {
		time = virtualClock();
	});
	afterEach(() => time.restore());

	/** A transport whose service gives `replies` in order, the last one for ever after. */
	function transportFor(replies: Reply[], options: Partial<TransportOptions> = {}, access = credential) {
		const script = [...replies];
		const { ctx, sent } = fakeContext(
			time,
			async () => {
				const reply = script.length > 1 ? script.shift()! : script[0];
				if (reply instanceof Error) throw reply;
				return reply;
			},
			access,
		);
		const transport = new Transport(ctx, { maxAttempts: 1, maxWaitSeconds: 60, ...options });
		return { transport, sent };
	}

	/** The request's data, or the error it ended in. */
	async function outcome(transport: Transport, req: ApiRequest): Promise<unknown> {
		return await time.drive(transport.request(req).then((r) => r.data, (error: unknown) => error));
	}

	/** The error as the user reads it (message and description), from a request that must fail. */
	async function userError(replies: Reply[], req: ApiRequest = usage) {
		const error = await outcome(transportFor(replies).transport, req);
		expect(error).toBeInstanceOf(ServiceError);
		const shown = leavingError(node, error, 0) as Error & { description?: string | null };
		return { message: shown.message, description: shown.description };
	}

	describe('Base URL', () => {
		test.each(['http://service.test/', 'http://service.test//'])('pasted with trailing slashes (%s), requests still go to /api/…', async (baseUrl) => {
			const { transport, sent } = transportFor([ok], {}, { ...credential, baseUrl });
			expect(await outcome(transport, usage)).toEqual({ ok: true });
			expect(sent.map((s) => s.url)).toEqual(['http://service.test/api/clients/v2/usage']);
		});
	});

	describe('Maximum Total Wait', () => {
		const busy = (retryAfter: string) => failing(503, { success: false, code: 503, error: 'ocupado' }, { 'retry-after': retryAfter });

		test('a Retry-After that exactly fills it is waited out', async () => {
			const { transport, sent } = transportFor([busy('2'), ok], { maxAttempts: 3, maxWaitSeconds: 2 });
			expect(await outcome(transport, usage)).toEqual({ ok: true });
			expect(sent).toHaveLength(2);
			expect(time.waits).toEqual([2000]);
		});

		test('one that exceeds it is not: the read fails at once', async () => {
			const { transport, sent } = transportFor([busy('3'), ok], { maxAttempts: 3, maxWaitSeconds: 2 });
			expect(await outcome(transport, usage)).toBeInstanceOf(ServiceError);
			expect(sent).toHaveLength(1);
			expect(time.waits).toEqual([]);
		});
	});

	describe('answers the node reports as the service\'s failure', () => {
		test('a 300 is a redirect the node does not follow, and its error says where it pointed', async () => {
			const { message } = await userError([failing(300, '', { location: 'https://mirror.example/api' })]);
			expect(message).toContain('The service answered with a redirect to https://mirror.example/api (HTTP 300).');
		});

		test('a V1 body with its text under "msg" reaches the description', async () => {
			const { description } = await userError([failing(401, { success: false, msg: 'Token inválido' })]);
			expect(description).toBe('The service said: Token inválido');
		});

		test('"detail" is read like "details", beside the error text', async () => {
			const { description } = await userError([failing(400, { success: false, error: 'Solicitud inválida', detail: 'rut es obligatorio' })]);
			expect(description).toBe('The service said: Solicitud inválida (rut es obligatorio)');
		});

		test('a long text answer (a proxy\'s HTML page) is cut to its first 500 characters', async () => {
			const page = `<html>${'a'.repeat(994)}`;
			const { description } = await userError([failing(502, page)]);
			expect(description).toBe(`The service said: <html>${'a'.repeat(494)}`);
		});
	});

	describe('Maximum Paid Loads per Run: a failed paid call keeps its place unless it certainly did not run', () => {
		/** Each paid call in turn, as 'ok', 'failed' (sent, failed) or 'capped' (refused before sending). */
		async function paidCalls(cap: number, replies: Reply[]) {
			const { transport, sent } = transportFor(replies, { maxPaidLoads: cap });
			const outcomes: string[] = [];
			for (let i = 0; i < replies.length; i++) {
				const result = await outcome(transport, paidLoad);
				outcomes.push(result instanceof PaidCapReached ? 'capped' : result instanceof ServiceError ? 'failed' : 'ok');
			}
			return { outcomes, sent: sent.length };
		}

		test.each<[string, Reply, string[]]>([
			['a 400: the service refused it outright', failing(400), ['failed', 'ok']],
			['a refused connection: it never reached the service', connectionError('ECONNREFUSED'), ['failed', 'ok']],
			['a 408: the service may have run it before timing out', failing(408), ['failed', 'capped']],
			['a reset connection: it may have run', connectionError('ECONNRESET'), ['failed', 'capped']],
			['"success": false under HTTP 200: the service took the request', failing(200, { success: false }), ['failed', 'capped']],
		])('with a cap of 1, after %s', async (_case, failure, expected) => {
			const { outcomes, sent } = await paidCalls(1, [failure, ok]);
			expect(outcomes).toEqual(expected);
			expect(sent).toBe(expected.filter((o) => o !== 'capped').length);
		});

		test('a place given back is one place: with a cap of 2, ok, refused (400), ok leaves none', async () => {
			const { outcomes } = await paidCalls(2, [ok, failing(400), ok, ok]);
			expect(outcomes).toEqual(['ok', 'failed', 'ok', 'capped']);
		});
	});

	describe('a PDF request answered with JSON (through n8n\'s request helper)', () => {
		const TOKEN = 'tok-pdf-13579';
		let answer: { status: number; body: unknown };
		let server: http.Server;
		let baseUrl: string;
		beforeAll(async () => {
			server = http.createServer((req, res) => {
				req.resume();
				res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
			});
			await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
			baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		});
		afterAll(() => new Promise((r) => server.close(r)));

		async function downloadSummary() {
			const result = await runRiskInfo({
				parameters: { apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary', rut: '12.345.678-5', requestOptions: { maxAttempts: 1 } },
				access: { baseUrl, accessToken: TOKEN, clientIdentifier: 'client-pdf' },
				node: { name: 'Risk' },
			});
			return { items: result.items.Risk, error: result.nodeErrors.Risk as (Error & { description?: string | null }) | undefined };
		}

		test('"success": false with status 200 is the service\'s error, not a file', async () => {
			answer = { status: 200, body: { success: false, code: 404, error: 'Recurso no encontrado' } };
			const { items, error } = await downloadSummary();
			expect(items ?? []).toEqual([]);
			expect(error?.message).toMatch(/^RUT 12345678-5 is not loaded in this account/);
			expect(error?.description).toBe('The service said: Recurso no encontrado');
		});

		test('a 404 keeps the service\'s text, read from the bytes', async () => {
			answer = { status: 404, body: { success: false, code: 404, error: 'Recurso no encontrado' } };
			const { error } = await downloadSummary();
			expect(error?.message).toMatch(/^RUT 12345678-5 is not loaded in this account/);
			expect(error?.description).toBe('The service said: Recurso no encontrado');
		});
	});

	describe('which error codes are read as a connection that failed', () => {
		/** The message the user reads for a request whose connection failed with `code`. */
		async function messageFor(code: string) {
			const error = await outcome(transportFor([connectionError(code)]).transport, usage);
			return (leavingError(node, error, 0) as Error).message;
		}

		test.each(['ECONNRESET', 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'E2BIG', 'ECONNREFUSED'])('%s: could not reach the service, naming the code; a production Base URL is told nothing of a sandbox or Docker', async (code) => {
			const message = await messageFor(code);
			expect(message).toMatch(new RegExp(`^Could not reach the Risk Info service \\(${code}\\)`));
			expect(message).not.toMatch(/sandbox|npm|Docker|127\.0\.0\.1/);
		});

		// An HTTP status, a lower-case word or a sentence that only contains a code is not a socket's code.
		test.each(['404', 'econnreset', 'socket ECONNRESET', 'ECONNRESET socket', '_ECONNRESET'])('%j: an unexpected failure, not "could not reach"', async (code) => {
			const message = await messageFor(code);
			expect(message).not.toMatch(/Could not reach/);
			expect(message).toMatch(/^The request to the Risk Info service failed/);
		});
	});

	test('a connection that failed teaches the pace nothing: of a refused connection and its retry, only the answer counts as accepted', async () => {
		const { transport, sent } = transportFor([connectionError('ECONNREFUSED'), ok], { maxAttempts: 2 });
		expect(await outcome(transport, usage)).toEqual({ ok: true });
		expect(sent).toHaveLength(2);
		// Private, as in test/transport/pace.test.ts: the answers a later 429's budget would be learnt from.
		const pace = (transport as unknown as { pace: { accepted: number[]; acceptedFrom: number } }).pace;
		expect(pace.accepted.length - pace.acceptedFrom).toBe(1);
	});
});
