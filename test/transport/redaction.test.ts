// A service (or a proxy in front of it) that echoes the access token back, in an error body, its
// details, a redirect's Location, a 200 answer's data or a PDF's file name, never gets the token
// into anything the node produces: output items, error messages and descriptions, the execution's
// data, or n8n's log. Run through n8n's engine against a server started here, with and without
// Continue On Fail. The engine itself: test/shared/redaction.test.ts.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';
import { EPOCH, fakeContext, instantClock, sendAll, summaryReads, Transport, virtualClock } from './virtual';

// Characters that URL-encoding changes, as real tokens have (base64).
const TOKEN = 'tk/SECRET+4242=';
const ENCODED = encodeURIComponent(TOKEN);
const forms = [TOKEN, ENCODED];
const REDACTED = '[redacted]';

// n8n's own logger, as n8n-core resolves it, at its most verbose level: every line it would write.
const { Logger } = require(require.resolve('@n8n/backend-common', { paths: [path.dirname(require.resolve('n8n-core'))] })) as {
	Logger: { prototype: { log: (...args: unknown[]) => void } };
};
let logged: unknown[][] = [];
let logSpy: jest.SpyInstance;
const level = process.env.N8N_LOG_LEVEL;
beforeAll(() => {
	logSpy = jest.spyOn(Logger.prototype, 'log').mockImplementation((...args: unknown[]) => void logged.push(args));
	// Built now, at debug level, it is the logger of this file's runs and n8n-workflow's LoggerProxy
	// (the engine's own lines) writes through it.
	process.env.N8N_LOG_LEVEL = 'debug';
	Container.get(Logger as never);
});
afterAll(() => {
	logSpy.mockRestore();
	if (level === undefined) delete process.env.N8N_LOG_LEVEL;
	else process.env.N8N_LOG_LEVEL = level;
});

/** Everything reachable from a value, own non-enumerable properties (message, stack, cause) included. */
function everything(value: unknown): string {
	const seen = new Set<unknown>();
	const out: string[] = [];
	const stack: unknown[] = [value];
	while (stack.length) {
		const v = stack.pop();
		if (typeof v === 'string') out.push(v);
		else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
		else if (Buffer.isBuffer(v)) out.push(v.toString('latin1'));
		else if (v !== null && typeof v === 'object' && !seen.has(v)) {
			seen.add(v);
			for (const key of Object.getOwnPropertyNames(v)) {
				out.push(key);
				try {
					stack.push((v as Record<string, unknown>)[key]);
				} catch {
					// a getter that throws holds nothing we wrote
				}
			}
		}
	}
	return out.join('\n');
}

function expectNoToken(what: string, value: unknown) {
	const text = everything(value);
	for (const form of forms) expect([what, text.includes(form)]).toEqual([what, false]);
}

type Answer = { status: number; body?: string | Buffer; headers?: Record<string, string> };
let answer: Answer;
let requests: http.IncomingHttpHeaders[] = [];
let server: http.Server;
let baseUrl: string;
beforeAll(async () => {
	server = http.createServer((req, res) => {
		requests.push(req.headers);
		req.resume();
		req.on('end', () => {
			res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
			res.end(answer.body ?? '');
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
// Retries wait on a clock of their own, so they take no time.
let time: ReturnType<typeof instantClock>;
beforeEach(() => {
	requests = [];
	logged = [];
	time = instantClock();
});
afterEach(() => time.restore());

const usage = { apiVersion: 'v2', resource: 'account', operation: 'getUsage' };
const summary = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: '12.345.678-5' };
const pdf = { apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary', rut: '12.345.678-5' };
const json = (v: unknown) => JSON.stringify(v);

const echoes: Array<[string, IDataObject, Answer]> = [
	['an error body', usage, { status: 400, body: json({ success: false, code: 400, error: `Token ${TOKEN} no es válido` }) }],
	['the details of an error', usage, { status: 403, body: json({ success: false, code: 403, error: 'Sin permiso', details: `Authorization: Bearer ${TOKEN}` }) }],
	['a V1 error message', summary, { status: 401, body: json({ success: false, message: `Bearer ${TOKEN} rechazado` }) }],
	['an error that is not JSON', usage, { status: 502, body: `upstream refused Authorization: Bearer ${TOKEN}` }],
	['an error whose text is URL-encoded', usage, { status: 400, body: json({ success: false, error: `?access_token=${ENCODED}` }) }],
	['a redirect\'s Location', usage, { status: 301, headers: { location: `https://login.example/?access_token=${ENCODED}&raw=${TOKEN}` } }],
	['a 2xx answer reporting a failure', usage, { status: 200, body: json({ success: false, code: 500, error: `internal: ${TOKEN}` }) }],
	['a 429 retried until the attempts run out', usage, { status: 429, headers: { 'retry-after': '0' }, body: json({ success: false, error: TOKEN }) }],
	[
		'the data of a 200 answer, in values and keys',
		summary,
		{ status: 200, body: json({ success: true, data: { rut: '12345678-5', echo: `Bearer ${TOKEN}`, list: [TOKEN, { deep: [[`x${TOKEN}y`]] }], [TOKEN]: 1 } }) },
	],
	['a PDF\'s file name and bytes', pdf, { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${TOKEN}.pdf"` }, body: Buffer.from(`%PDF-1.4 ${TOKEN} %%EOF`, 'latin1') }],
];

describe.each([false, true])('Continue On Fail %s', (continueOnFail) => {
	test.each(echoes)('the token echoed in %s reaches no item, message, description, execution data or log line', async (_what, parameters, scripted) => {
		answer = scripted;
		const result = await runRiskInfo({
			parameters: { ...parameters, requestOptions: { maxAttempts: 2, maxWaitSeconds: 5 } },
			inputs: [{ n: 1 }, { n: 2 }],
			access: { baseUrl, accessToken: TOKEN, clientIdentifier: 'client-7' },
			node: { name: 'Risk', continueOnFail },
		});
		// The server did get the token (the node had it to leak), and said it back.
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.every((h) => h.authorization === `Bearer ${TOKEN}`)).toBe(true);

		const items = result.items.Risk ?? [];
		const error = result.nodeErrors.Risk;
		if (continueOnFail || !error) expect(items).toHaveLength(2);
		if (!continueOnFail && error) expect(error.message).toBeTruthy();
		expectNoToken('output items', items);
		expectNoToken('node error', error);
		expectNoToken('workflow error', result.error);
		expectNoToken('execution data', result.run);
		// n8n logs a failed node's message (its error reporter, at error level): the capture sees it.
		if (!continueOnFail && error) expect(everything(logged)).toContain(error.message);
		expect(logged.length).toBeGreaterThan(0);
		expectNoToken('log lines', logged);
		// What was taken out is marked where the service's words are shown.
		const shown = everything([items, error]);
		expect(shown).toContain(REDACTED);
	});
});

test('the file name of a PDF keeps its shape, with the token taken out', async () => {
	answer = echoes.find(([what]) => what.startsWith('a PDF'))![2];
	const result = await runRiskInfo({ parameters: pdf, access: { baseUrl, accessToken: TOKEN, clientIdentifier: 'client-7' }, node: { name: 'Risk' } });
	expect(result.items.Risk[0].binary?.data.fileName).toBe(`${REDACTED}.pdf`);
});

test('a token under 8 characters (a placeholder) is not looked for, as it would cut up words and header names; one of 8 is', async () => {
	const echoed = (token: string) => ({ status: 200, body: json({ success: true, data: { rut: '12345678-5', texto: `eco ${token}` } }) });
	for (const [token, shown] of [['abcdefg', 'eco abcdefg'], ['abcdefgh', `eco ${REDACTED}`]]) {
		answer = echoed(token);
		const result = await runRiskInfo({ parameters: summary, access: { baseUrl, accessToken: token, clientIdentifier: 'client-7' }, node: { name: 'Risk' } });
		expect([token, result.items.Risk[0].json.texto]).toEqual([token, shown]);
	}
});

test('an answer without the token passes untouched', async () => {
	answer = { status: 200, body: json({ success: true, data: { rut: '12345678-5', texto: 'Sin novedades', lista: [1, 'dos'] } }) };
	const result = await runRiskInfo({ parameters: summary, access: { baseUrl, accessToken: TOKEN, clientIdentifier: 'client-7' }, node: { name: 'Risk' } });
	expect(result.items.Risk[0].json).toMatchObject({ rut: '12345678-5', texto: 'Sin novedades', lista: [1, 'dos'] });
	expect(everything(result.items.Risk)).not.toContain(REDACTED);
});

describe('an error thrown by n8n\'s HTTP helper that is not a connection error', () => {
	// n8n-core wraps such an error in a NodeApiError whose cause is the request's error, carrying the
	// request options with the Authorization header. Nothing of it may reach the node's error.
	test('becomes an error with only the redacted message', async () => {
		time.restore();
		const virtual = virtualClock(EPOCH);
		try {
			const credential = { baseUrl: 'http://service.invalid', accessToken: TOKEN, clientIdentifier: 'client-7' };
			const { ctx } = fakeContext(virtual, async () => {
				const cause = Object.assign(new Error(`header check failed for Bearer ${TOKEN}`), {
					config: { headers: { Authorization: `Bearer ${TOKEN}` }, url: `http://service.invalid/?t=${ENCODED}` },
				});
				throw Object.assign(new Error(`The request failed: Bearer ${TOKEN}`), { cause, options: { headers: { authorization: `Bearer ${TOKEN}` } } });
			}, credential);
			const transport = new Transport(ctx, { maxAttempts: 3, maxWaitSeconds: 60 });
			const [result] = await virtual.drive(sendAll(transport, summaryReads(['12345678-5']), 1));
			expect(result).toBeInstanceOf(Error);
			expect((result as Error).message).toBe(`The request to the Risk Info service failed: The request failed: Bearer ${REDACTED}`);
			expectNoToken('error', result);
		} finally {
			virtual.restore();
		}
	});
});
