// Edges of the one transport that the rest of the suite leaves unchecked (issue 21 point 6: the
// mutants of transport/index.ts and paid.ts that survived): a Base URL pasted with a trailing
// slash, Maximum Total Wait reached exactly, a 300 answer, service texts in V1 shapes or too long,
// a PDF request answered with JSON, and which failed paid calls give their place under Maximum Paid
// Loads per Run back. Transport-level cases run on virtual time against a scripted service
// (test/transport/virtual.ts); the PDF cases go through n8n's engine and request helper to a server
// started here, since what they check depends on the bytes n8n hands back.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INode } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';
import type { ApiRequest, TransportOptions } from '../../nodes/shared/transport';
import { PaidCapReached, ServiceError, leavingError } from '../../nodes/shared/errors';
import { fakeContext, Transport, virtualClock, type Answer, type VirtualClock } from './virtual';

const credential = { baseUrl: 'http://service.test', accessToken: 'tok-edges-24680', clientIdentifier: 'client-edges' };
const node = { id: '1', name: 'Risk', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 2, position: [0, 0], parameters: {} } as INode;

const usage: ApiRequest = { method: 'GET', root: 'v2', path: '/usage' };
const paidLoad: ApiRequest = { method: 'POST', root: 'v2', path: '/rut/load', body: { rut: '12345678-5' }, paid: true };

const ok: Answer = { statusCode: 200, headers: {}, body: { success: true, data: { ok: true } } };
const failing = (statusCode: number, body: unknown = { success: false, code: statusCode, error: 'x' }, headers = {}): Answer => ({ statusCode, headers, body });
/** What n8n's helper throws when the connection fails: its error, with the socket's code on the cause. */
const connectionError = (code: string) => Object.assign(new Error(`request failed: ${code}`), { cause: Object.assign(new Error(code), { code }) });

type Reply = Answer | Error;

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

	test.each(['ECONNRESET', 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'E2BIG'])('%s: could not reach the service, naming the code', async (code) => {
		expect(await messageFor(code)).toMatch(new RegExp(`^Could not reach the Risk Info service \\(${code}\\)`));
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
	// Private, as in test/unit/pace-edges.test.ts: the answers a later 429's budget would be learnt from.
	const pace = (transport as unknown as { pace: { accepted: number[]; acceptedFrom: number } }).pace;
	expect(pace.accepted.length - pace.acceptedFrom).toBe(1);
});
