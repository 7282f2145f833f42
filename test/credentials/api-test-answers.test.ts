// The Risk Info API credential's Test, for the cases test/credentials/api-test.test.ts leaves out: fields
// with spaces or missing, a Base URL with "?" or "#", answers with other statuses, and every kind
// of connection failure. Over real HTTP where a local server can produce the case; a host name
// that does not resolve, a timeout and a certificate failure cannot be produced on 127.0.0.1
// without waiting or the network, so for those n8n's request helper is replaced by one that
// fails the way n8n's does (the error code on the error or on one of its causes). Last, fields
// pasted with non-breaking spaces, and request helpers that throw null or hand back a parsed body.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CredentialTestContext } from 'n8n-core';
import type { ICredentialTestFunctions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { testRiskInfoApi } from '../../nodes/shared/service/credentialTest';
import { answeringServer, type Seen } from '../helpers/answers';

let stub: Awaited<ReturnType<typeof answeringServer>>;
let base: string;
let seen: Seen;

beforeAll(async () => {
	stub = await answeringServer((prefix, reply, req) => {
		if (prefix === '/reset') return req.socket.destroy();
		if (prefix === '/ok') return reply(200, JSON.stringify({ success: true, data: {} }));
		if (prefix === '/null') return reply(200, 'null');
		if (prefix === '/plan-size-only') return reply(200, JSON.stringify({ success: true, data: { consultasContratadas: 40 } }));
		if (prefix === '/failing-object') return reply(200, JSON.stringify({ success: false, error: { code: 7 } }));
		if (prefix === '/long-error') return reply(200, JSON.stringify({ success: false, error: 'x'.repeat(300) }));
		if (prefix === '/multiple') return reply(300, '', {});
		if (prefix === '/moved') return reply(302, '', {});
		if (prefix === '/odd-location') return reply(307, '', { location: 'not a url' });
		if (prefix === '/limit') return reply(429, JSON.stringify({ success: false, error: 'Too many' }));
		if (prefix === '/teapot') return reply(418, '');
		if (prefix === '/last-redirect') return reply(399, '', {});
		if (prefix === '/first-error') return reply(400, JSON.stringify({ success: false }));
		if (prefix === '/server-error') return reply(500, JSON.stringify({ success: false }));
		if (prefix === '/not-implemented') return reply(501, JSON.stringify({ success: false }));
		return reply(404, JSON.stringify({ success: false, error: 'Not Found' }));
	});
	({ url: base, seen } = stub);
});
afterAll(async () => await stub.close());
beforeEach(() => {
	seen.length = 0;
});

/** Presses "Test" with n8n-core's own credential test context (n8n's real HTTP client). */
async function press(data: Record<string, unknown>) {
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await testRiskInfoApi.call(context, { id: '1', name: 'Risk Info', type: 'riskInfoApi', data: data as never });
}

const fields = (baseUrl: string) => ({ baseUrl, accessToken: 'tok', clientIdentifier: 'acme' });

describe('the fields, before anything is sent', () => {
	test('spaces around every field are ignored: the request goes to the trimmed URL with trimmed headers', async () => {
		const result = await press({ baseUrl: `  ${base}/ok  `, accessToken: '  tok  ', clientIdentifier: '  acme  ' });
		expect(result).toEqual({ status: 'OK', message: 'The service accepted the Access Token and the Client Identifier.' });
		expect(seen).toEqual([expect.objectContaining({ url: '/ok/api/clients/v2/usage' })]);
		expect(seen[0].headers.authorization).toBe('Bearer tok');
		expect(seen[0].headers['x-client-identifier']).toBe('acme');
		expect(seen[0].headers.accept).toBe('application/json');
	});

	test('trailing slashes of the Base URL are dropped, however many', async () => {
		await press(fields(`${base}/ok///`));
		expect(seen.map((s) => s.url)).toEqual(['/ok/api/clients/v2/usage']);
	});

	test('a missing Base URL is named as empty', async () => {
		const result = await press({ accessToken: 'tok', clientIdentifier: 'acme' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The Base URL "" is not a web address\. Enter the root address the service gave you, such as https:\/\/api\.example\.cl \(the node adds the \/api\/… paths\)/);
	});

	test.each([
		['a missing access token', { baseUrl: 'http://127.0.0.1:9', clientIdentifier: 'acme' }, 'Enter the Access Token the service issued for your account.'],
		['an access token of spaces', { baseUrl: 'http://127.0.0.1:9', accessToken: '   ', clientIdentifier: 'acme' }, 'Enter the Access Token the service issued for your account.'],
		['a missing client identifier', { baseUrl: 'http://127.0.0.1:9', accessToken: 'tok' }, 'Enter the Client Identifier of your account (the service gives it with the token).'],
	])('%s: says which field to fill', async (_case, data, message) => {
		expect(await press(data)).toEqual({ status: 'Error', message });
	});

	test('a token that merely contains "bearer " is sent as it is', async () => {
		await press({ ...fields(`${base}/ok`), accessToken: 'notbearer x' });
		expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer notbearer x']);
	});

	test('"/api" inside a longer path segment is not the API path', async () => {
		expect((await press(fields(`${base}/apiary`))).message).toMatch(/^Nothing answers at .*\/apiary\/api\/clients\/v2\/usage \(HTTP 404\)/);
	});

	test('a Base URL ending in /api names the root to enter', async () => {
		expect((await press(fields(`${base}/x/api`))).message).toBe(
			`The Base URL ends in "/api": enter the service's root address without /api/…, here ${base}/x. The node adds /api/clients/v2, /api/v1 or /api/external/v1 itself.`,
		);
	});

	test.each([
		['a query', '/root//?x=1'],
		['a fragment', '/root/#part'],
	])('a Base URL with %s is refused, naming the address without it', async (_case, suffix) => {
		expect(await press(fields(`${base}${suffix}`))).toEqual({
			status: 'Error',
			message: `The Base URL must not carry "?" or "#" parts: enter ${base}/root.`,
		});
		expect(seen).toHaveLength(0);
	});
});

describe('what the service answers', () => {
	test('a JSON null is not a failure report', async () => {
		expect((await press(fields(`${base}/null`))).status).toBe('OK');
	});

	test('a usage answer with the plan\'s size but not what was used passes without a figure it cannot know', async () => {
		expect(await press(fields(`${base}/plan-size-only`))).toEqual({ status: 'OK', message: 'The service accepted the Access Token and the Client Identifier.' });
	});

	test('"success": false with an error that is not text reports the failure without quoting it', async () => {
		expect((await press(fields(`${base}/failing-object`))).message).toBe('The service answered but reported a failure ("success": false).');
	});

	test('a long error from the service is cut to 200 characters', async () => {
		expect((await press(fields(`${base}/long-error`))).message).toBe(
			`The service answered but reported a failure ("success": false). The service said: ${'x'.repeat(200)}`,
		);
	});

	test.each([
		['/multiple', 'The Base URL redirects (HTTP 300). The node does not follow redirects, so the token never goes to another address: enter the address it redirects to as the Base URL.'],
		['/moved', 'The Base URL redirects (HTTP 302). The node does not follow redirects, so the token never goes to another address: enter the address it redirects to as the Base URL.'],
		['/last-redirect', 'The Base URL redirects (HTTP 399). The node does not follow redirects, so the token never goes to another address: enter the address it redirects to as the Base URL.'],
		['/odd-location', 'The Base URL redirects to not a url (HTTP 307). The node does not follow redirects, so the token never goes to another address: enter the address it redirects to (not a url) as the Base URL.'],
		['/limit', 'The service is rate-limiting this account right now (HTTP 429), so the credential could not be checked. Test again in a minute.'],
		['/server-error', 'The service failed (HTTP 500), so the credential could not be checked. Test again later; if it keeps failing, ask the service.'],
		['/not-implemented', 'The service failed (HTTP 501), so the credential could not be checked. Test again later; if it keeps failing, ask the service.'],
	])('%s: says what happened and what to do', async (path, message) => {
		expect(await press(fields(`${base}${path}`))).toEqual({ status: 'Error', message });
	});

	test.each([
		['/teapot', 418],
		['/first-error', 400],
	])('%s: another status is named, with the address', async (path, status) => {
		expect(await press(fields(`${base}${path}`))).toEqual({
			status: 'Error',
			message: `The service answered HTTP ${status} to ${base}${path}/api/clients/v2/usage. Check the Base URL, the Access Token and the Client Identifier.`,
		});
	});

	test('a server that drops the connection: the message says so and suggests http against https', async () => {
		expect(await press(fields(`${base}/reset`))).toEqual({
			status: 'Error',
			message: `${base} closed the connection (ECONNRESET). Check http:// against https:// in the Base URL: the service answers on https://, the local sandbox on http://.`,
		});
	});
});

describe('connection failures that 127.0.0.1 cannot produce on demand', () => {
	/** n8n's request helper, failing with `code` on the error itself or `depth` causes down. */
	function failing(code: unknown, depth = 0): ICredentialTestFunctions {
		let error: Record<string, unknown> = { code };
		for (let i = 0; i < depth; i++) error = { message: 'wrapped', cause: error };
		return { helpers: { request: async () => await Promise.reject(Object.assign(new Error('request failed'), error)) } } as unknown as ICredentialTestFunctions;
	}
	const where = 'https://api.example.cl';
	const run = async (code: unknown, depth = 0) =>
		(await testRiskInfoApi.call(failing(code, depth), { id: '1', name: 'R', type: 'riskInfoApi', data: fields(`${where}/root`) })).message;

	test.each(['ENOTFOUND', 'EAI_AGAIN'])('%s: the host name could not be found', async (code) => {
		expect(await run(code)).toBe(`The host name "api.example.cl" could not be found (${code}). Check the spelling of the Base URL, and that n8n's machine can resolve it.`);
	});

	test.each(['ETIMEDOUT', 'ECONNABORTED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'])('%s: no answer within 15 s', async (code) => {
		expect(await run(code)).toBe(`No answer from ${where} within 15 s (${code}). Check the Base URL, and that n8n's machine may reach it (firewall, proxy).`);
	});

	test.each(['EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER', 'ECONNRESET'])('%s: closed the connection, check http against https (no word of a sandbox for a production address)', async (code) => {
		expect(await run(code)).toBe(`${where} closed the connection (${code}). Check http:// against https:// in the Base URL: the service answers on https://.`);
	});

	test('ECONNREFUSED at a production address: check the host and port, and nothing about a sandbox, npm or Docker', async () => {
		const message = await run('ECONNREFUSED');
		expect(message).toBe(`Nothing accepts connections at ${where} (connection refused). Check the host and the port in the Base URL, and that the service is running there.`);
	});

	test.each(['CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE'])(
		'%s: the certificate was not accepted',
		async (code) => {
			expect(await run(code)).toMatch(new RegExp(`^The certificate of ${where} was not accepted \\(${code}\\)\\. Check that the Base URL is the service's own address`));
		},
	);

	test('ECONNREFUSED four causes down is still found', async () => {
		expect(await run('ECONNREFUSED', 4)).toMatch(/^Nothing accepts connections at https:\/\/api\.example\.cl \(connection refused\)/);
	});

	test('a code five causes down is not looked for', async () => {
		expect(await run('ECONNREFUSED', 5)).toBe(`Could not reach ${where}. Check the Base URL and that the service is running.`);
	});

	test.each([
		['an unknown code', 'EHOSTUNREACH', `Could not reach ${where} (EHOSTUNREACH). Check the Base URL and that the service is running.`],
		['no code', undefined, `Could not reach ${where}. Check the Base URL and that the service is running.`],
		['a code with a lower-case head', 'xECONNREFUSED', `Could not reach ${where}. Check the Base URL and that the service is running.`],
		['a code with a lower-case tail', 'ECONNREFUSEDx', `Could not reach ${where}. Check the Base URL and that the service is running.`],
		['a number', 61, `Could not reach ${where}. Check the Base URL and that the service is running.`],
	])('%s: could not reach, with the code only when there is one', async (_case, code, message) => {
		expect(await run(code)).toBe(message);
	});
});

describe('fields pasted oddly and helpers that answer oddly', () => {
	type Check = typeof import('../../nodes/shared/service/credentialTest');

	/** The module, evaluated inside the calling test. */
	function load(): Check {
		let check: Check | undefined;
		jest.isolateModules(() => {
			check = require('../../nodes/shared/service/credentialTest') as Check;
		});
		return check as Check;
	}

	let server: http.Server;
	let base: string;
	const seen: Array<{ url?: string; clientId?: string | string[] }> = [];

	beforeAll(async () => {
		server = http.createServer((req, res) => {
			seen.push({ url: req.url, clientId: req.headers['x-client-identifier'] });
			res.writeHead(req.url === '/api/clients/v2/usage' ? 200 : 404, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ success: true, data: {} }));
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((r) => server.close(r)));
	beforeEach(() => {
		seen.length = 0;
	});

	const NBSP = '\u00a0';

	async function press(data: Record<string, unknown>, context?: ICredentialTestFunctions) {
		const ctx = context ?? new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
		return await load().testRiskInfoApi.call(ctx, { id: '1', name: 'Risk Info', type: 'riskInfoApi', data: data as never });
	}

	test('a Base URL and a client identifier pasted with non-breaking spaces around them pass, sent without them', async () => {
		const result = await press({ baseUrl: `${NBSP}${base}${NBSP}`, accessToken: 'tok', clientIdentifier: `${NBSP}acme${NBSP}` });
		expect(result).toEqual({ status: 'OK', message: 'The service accepted the Access Token and the Client Identifier.' });
		expect(seen).toEqual([{ url: '/api/clients/v2/usage', clientId: 'acme' }]);
	});

	test('a Base URL that is not an address is quoted without the spaces around it, with the hint of what to enter', async () => {
		const result = await press({ baseUrl: '  not an address  ', accessToken: 'tok', clientIdentifier: 'acme' });
		expect(result).toEqual({
			status: 'Error',
			message:
				'The Base URL "not an address" is not a web address. Enter the root address the service gave you, such as https://api.example.cl (the node adds the /api/… paths), starting with https://.',
		});
		expect(seen).toHaveLength(0);
	});

	test('a request helper that throws null is reported as unreachable, not a crash', async () => {
		const throwsNull = { helpers: { request: async () => await Promise.reject(null) } } as unknown as ICredentialTestFunctions;
		const result = await press({ baseUrl: 'https://api.example.cl', accessToken: 'tok', clientIdentifier: 'acme' }, throwsNull);
		expect(result).toEqual({ status: 'Error', message: 'Could not reach https://api.example.cl. Check the Base URL and that the service is running.' });
	});

	test('a body the request helper hands back already parsed still counts: "success": false is a failure', async () => {
		const parsed = {
			helpers: { request: async () => await Promise.resolve({ statusCode: 200, body: { success: false, error: 'Account suspended' }, headers: {} }) },
		} as unknown as ICredentialTestFunctions;
		const result = await press({ baseUrl: 'https://api.example.cl', accessToken: 'tok', clientIdentifier: 'acme' }, parsed);
		expect(result).toEqual({ status: 'Error', message: 'The service answered but reported a failure ("success": false). The service said: Account suspended' });
	});

	test('a 404 names the usage address it tried and what the Base URL should be', async () => {
		const result = await press({ baseUrl: `${base}/elsewhere`, accessToken: 'tok', clientIdentifier: 'acme' });
		expect(result).toEqual({
			status: 'Error',
			message: `Nothing answers at ${base}/elsewhere/api/clients/v2/usage (HTTP 404). Check that the Base URL is the root address the service gave you, such as https://api.example.cl (the node adds the /api/… paths).`,
		});
		expect(seen.map((s) => s.url)).toEqual(['/elsewhere/api/clients/v2/usage']);
	});
});
