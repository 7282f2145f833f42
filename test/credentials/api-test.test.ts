// The Risk Info API credential's "Test" button. n8n runs the function the Risk Info node names in
// `testedBy` (its credentials tester looks there when the credential has no `test` request), with
// n8n-core's own CredentialTestContext, whose request helper is n8n's HTTP client. These tests
// run that function in that context against live HTTP servers: the sandbox, a server playing the
// wrong answers, and a port nobody listens on. Each failure must say what to do, not only
// "Unauthorized", "ECONNREFUSED" or "Not Found" as a bare request test would.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { CredentialTestContext } from 'n8n-core';
import type { ICredentialsDecrypted, INodeCredentialTestResult, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { RiskInfoApi } from '../../credentials/RiskInfoApi.credentials';
import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { startSandbox, type Sandbox } from '../../sandbox';
import { answeringServer, type Seen } from '../helpers/answers';

let sandbox: Sandbox;
let stub: Awaited<ReturnType<typeof answeringServer>>;
let serverUrl: string;
let closedPort: number;
let seen: Seen;

/** A port that was free a moment ago and that nothing listens on. */
async function unusedPort(): Promise<number> {
	const probe = http.createServer();
	await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
	const { port } = probe.address() as AddressInfo;
	await new Promise((r) => probe.close(r));
	return port;
}

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	stub = await answeringServer((prefix, reply, req) => {
		if (prefix === '/old') return reply(301, '', { location: `${serverUrl}/new${req.url!.slice('/old'.length)}` });
		if (prefix === '/html') return reply(200, '<!doctype html><title>Welcome</title>', { 'content-type': 'text/html' });
		if (prefix === '/failing') return reply(200, JSON.stringify({ success: false, error: `token ${req.headers.authorization?.slice(7)} is suspended` }));
		if (prefix === '/forbidden') return reply(403, JSON.stringify({ success: false, error: 'Sin permiso' }));
		if (prefix === '/busy') return reply(503, JSON.stringify({ success: false, error: 'Mantención' }));
		return reply(404, JSON.stringify({ success: false, error: 'Not Found' }));
	});
	({ url: serverUrl, seen } = stub);
	closedPort = await unusedPort();
});
afterAll(async () => {
	await sandbox.close();
	await stub.close();
});
beforeEach(() => {
	seen.length = 0;
});

/** Presses "Test" the way n8n's credentials tester does for a `testedBy` function. */
async function pressTest(data: { baseUrl: string; accessToken: string; clientIdentifier: string; answerKeyNames?: string }): Promise<INodeCredentialTestResult> {
	const node = new RiskInfo();
	const entry = node.description.credentials?.find((c) => c.name === new RiskInfoApi().name);
	const testedBy = entry?.testedBy;
	if (typeof testedBy !== 'string') throw new Error('the Risk Info node names no credential test function');
	const fn = node.methods.credentialTest[testedBy as keyof typeof node.methods.credentialTest];
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	const credential: ICredentialsDecrypted = { id: '1', name: 'Risk Info', type: 'riskInfoApi', data };
	return await fn.call(context, credential);
}

const good = () => ({ baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId });

test('the credential has no request test, so n8n runs the node\'s function, and the Risk Info node names it', () => {
	expect((new RiskInfoApi() as unknown as { test?: unknown }).test).toBeUndefined();
	expect(new RiskInfo().description.credentials).toEqual([expect.objectContaining({ name: 'riskInfoApi', testedBy: 'riskInfoApiTest' })]);
});

test('the sandbox credential passes, with or without a trailing slash', async () => {
	expect(await pressTest(good())).toEqual({ status: 'OK', message: expect.stringMatching(/accepted/) });
	expect((await pressTest({ ...good(), baseUrl: `${sandbox.url}/` })).status).toBe('OK');
});

test('it reads the free usage endpoint with both headers', async () => {
	await pressTest({ baseUrl: serverUrl, accessToken: 'tok', clientIdentifier: 'acme' });
	expect(seen).toHaveLength(1);
	expect(seen[0].url).toBe('/api/clients/v2/usage');
	expect(seen[0].headers.authorization).toBe('Bearer tok');
	expect(seen[0].headers['x-client-identifier']).toBe('acme');
});

test.each([
	['a wrong token', { accessToken: 'wrong-token' }],
	['a wrong client identifier', { clientIdentifier: 'someone-else' }],
])('%s: the service refuses (401) and the message says to copy both fields again', async (_case, change) => {
	const result = await pressTest({ ...good(), ...change });
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/did not accept the Access Token and the Client Identifier/);
	expect(result.message).toMatch(/HTTP 401/);
	expect(result.message).toMatch(/Copy both again/);
	expect(result.message).not.toContain('wrong-token');
});

test('Answer Key Names that cannot be used fail the Test before anything is sent, naming the field and the entry; a good mapping passes', async () => {
	const result = await pressTest({ baseUrl: serverUrl, accessToken: 'tok', clientIdentifier: 'acme', answerKeyNames: '{"incluyeBureau": 7}' });
	expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^Answer Key Names in the Risk Info API credential has the entry "incluyeBureau" whose value is not text.*Check Answers suggests the entries/) });
	expect(seen).toEqual([]);
	// Text the editor does not check as JSON (a text field, forms.test.ts): the Test says it is not, when the credential is saved.
	expect(await pressTest({ ...good(), answerKeyNames: '{"incluyeBureau": ' })).toEqual({ status: 'Error', message: expect.stringMatching(/^Answer Key Names in the Risk Info API credential is not JSON\. Write an object such as/) });
	expect(seen).toEqual([]);
	expect((await pressTest({ ...good(), answerKeyNames: '{"incluyeBureau": "incluyeBuroExterno"}' })).status).toBe('OK');
	expect((await pressTest({ ...good(), answerKeyNames: '' })).status).toBe('OK');
});

test('a port nobody listens on: "connection refused", and to check the host and port', async () => {
	const result = await pressTest({ ...good(), baseUrl: `http://127.0.0.1:${closedPort}` });
	expect(result.status).toBe('Error');
	expect(result.message).toContain(`Nothing accepts connections at http://127.0.0.1:${closedPort} (connection refused)`);
	expect(result.message).toMatch(/Check the host and the port in the Base URL/);
	// 127.0.0.1: the note on Docker (the container itself) and on the sandbox, which only a loopback address gets.
	expect(result.message).toMatch(/If n8n runs in Docker, 127\.0\.0\.1 \(or localhost\) is n8n's own container, not the computer it runs on/);
	expect(result.message).toMatch(/sandbox .* listens on http:\/\/127\.0\.0\.1:4010 while npm start or npm run sandbox runs/);
});

test.each(['/api/clients/v2', '/api/clients/v2/', '/API/v1'])('a Base URL ending in %s is refused before sending, naming the root to enter', async (suffix) => {
	const result = await pressTest({ ...good(), baseUrl: `${serverUrl}${suffix}` });
	expect(result.status).toBe('Error');
	expect(result.message).toContain(`enter the service's root address without /api/…, here ${serverUrl}.`);
	expect(seen).toHaveLength(0);
});

test('a Base URL the service does not answer on (404) says what the Base URL should be', async () => {
	const result = await pressTest({ ...good(), baseUrl: `${serverUrl}/elsewhere` });
	expect(result.status).toBe('Error');
	expect(result.message).toContain(`Nothing answers at ${serverUrl}/elsewhere/api/clients/v2/usage (HTTP 404)`);
	expect(result.message).toMatch(/root address the service gave you/);
});

test('a redirecting Base URL fails without following, and names where it points', async () => {
	const result = await pressTest({ ...good(), baseUrl: `${serverUrl}/old` });
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/redirects to .*\/new\/api\/clients\/v2\/usage \(HTTP 301\)/);
	expect(result.message).toContain(`(${serverUrl})`);
	expect(seen.map((s) => s.url)).toEqual(['/old/api/clients/v2/usage']);
});

test('a page that is not the API (HTML) does not pass', async () => {
	const result = await pressTest({ ...good(), baseUrl: `${serverUrl}/html` });
	expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/not with the Risk Info API's JSON/) });
});

test('403, 5xx and "success": false each say what happened', async () => {
	expect((await pressTest({ ...good(), baseUrl: `${serverUrl}/forbidden` })).message).toMatch(/enable API access/);
	expect((await pressTest({ ...good(), baseUrl: `${serverUrl}/busy` })).message).toMatch(/failed \(HTTP 503\).*Test again later/);
	const failing = await pressTest({ baseUrl: `${serverUrl}/failing`, accessToken: 'secret-token-123', clientIdentifier: 'acme' });
	expect(failing.status).toBe('Error');
	expect(failing.message).toMatch(/reported a failure/);
	expect(failing.message).toContain('[redacted]');
	expect(failing.message).not.toContain('secret-token-123');
});

test.each([
	['no scheme', { baseUrl: '127.0.0.1:4010' }, /not a web address/],
	['another scheme', { baseUrl: 'ftp://example.cl' }, /must start with https:\/\/ or http:\/\//],
	['"Bearer " typed into the token', { accessToken: 'Bearer abc' }, /without the word "Bearer"/],
	['an empty client identifier', { clientIdentifier: ' ' }, /Enter the Client Identifier/],
])('%s: refused before sending, saying what to enter', async (_case, change, message) => {
	const result = await pressTest({ ...good(), baseUrl: serverUrl, ...change });
	expect(result).toEqual({ status: 'Error', message: expect.stringMatching(message) });
	expect(seen).toHaveLength(0);
});
