// n8n's SSRF protection on (N8N_SSRF_PROTECTION_ENABLED, a default of n8n 3): a Base URL on a
// private or local address is refused by n8n itself before anything is sent. The node and the
// credential Test must say so and name the setting that lets the address through, not "could not
// reach the service". n8n-core's own request path with its own protection, against a live server
// on 127.0.0.1 that counts what reaches it. n8n reads the setting when it first sends a request,
// and each test file has its own n8n-core, so setting it here affects this file only.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { CredentialTestContext } from 'n8n-core';
import type { IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';
import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { ssrfAdvice, ssrfBlock, type SsrfBlock } from '../../nodes/shared/connection';

let server: http.Server;
let port: number;
let received = 0;

beforeAll(async () => {
	process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
	server = http.createServer((_req, res) => {
		received++;
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ success: true, data: {} }));
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
	delete process.env.N8N_SSRF_PROTECTION_ENABLED;
	await new Promise((r) => server.close(r));
});
beforeEach(() => (received = 0));

const access = (baseUrl: string) => ({ baseUrl, accessToken: 'tok-SECRET-4321', clientIdentifier: 'client-1' });

async function read(baseUrl: string, continueOnFail = false) {
	return await runRiskInfo({
		parameters: { apiVersion: 'v2', resource: 'account', operation: 'getUsage', requestOptions: { maxAttempts: 3, maxWaitSeconds: 5 } },
		access: access(baseUrl),
		node: { name: 'Risk', continueOnFail },
	});
}

async function pressTest(baseUrl: string) {
	const fn = new RiskInfo().methods.credentialTest.riskInfoApiTest;
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await fn.call(context, { id: '1', name: 'Risk Info', type: 'riskInfoApi', data: access(baseUrl) });
}

test('a read against 127.0.0.1: n8n blocked it, and the error names the narrowest setting that allows that address', async () => {
	const result = await read(`http://127.0.0.1:${port}`);
	const error = result.nodeErrors.Risk;
	expect(error.message).toBe(
		`n8n's SSRF protection blocked the request to 127.0.0.1, the Base URL of the Risk Info credential: it is a private or local address n8n may not reach. ` +
			'If the service really is there, ask the n8n administrator to allow it with the setting N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 on every n8n process and restart n8n; otherwise correct the Base URL.',
	);
	expect(error.message).not.toMatch(/Could not reach/);
	expect(JSON.stringify(error)).not.toContain('tok-SECRET-4321');
	// Refused before sending, and not retried: n8n would refuse it again.
	expect(received).toBe(0);
});

test('a Base URL by host name: the host name is what to allow', async () => {
	const result = await read(`http://localhost:${port}`);
	expect(result.nodeErrors.Risk.message).toMatch(/^n8n's SSRF protection blocked the request to localhost \((127\.0\.0\.1|::1)\), the Base URL/);
	expect(result.nodeErrors.Risk.message).toContain('N8N_SSRF_ALLOWED_HOSTNAMES=localhost on every n8n process');
	expect(received).toBe(0);
});

test('with On Error → Continue the item leaves as an error item with the same words', async () => {
	const result = await read(`http://127.0.0.1:${port}`, true);
	const [item] = result.items.Risk;
	expect(item.json.error).toMatch(/^n8n's SSRF protection blocked the request to 127\.0\.0\.1.*N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.1\/32/);
	expect(item.pairedItem).toEqual({ item: 0 });
});

test('the credential Test says the same', async () => {
	const result = await pressTest(`http://127.0.0.1:${port}`);
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^n8n's SSRF protection blocked the request to 127\.0\.0\.1, the Base URL.*N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.1\/32/);
	expect(result.message).not.toMatch(/Nothing accepts connections|Could not reach/);
	expect(received).toBe(0);
});

describe('reading n8n\'s errors', () => {
	const blocked = Object.assign(new Error('The request was blocked because it resolves to a restricted IP address'), { name: 'SsrfBlockedIpError', ip: '10.1.2.3' });

	test('found as thrown, or as the cause of n8n\'s wrapper; anything else is not a block', () => {
		expect(ssrfBlock(blocked)).toEqual({ ip: '10.1.2.3', hostname: undefined });
		expect(ssrfBlock(new Error('wrapped', { cause: blocked }))).toEqual({ ip: '10.1.2.3', hostname: undefined });
		expect(ssrfBlock(Object.assign(new Error('x'), { name: 'SsrfBlockedHostnameError', hostname: 'api.internal' }))).toEqual({ ip: undefined, hostname: 'api.internal' });
		expect(ssrfBlock(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeUndefined();
		expect(ssrfBlock('SsrfBlockedIpError')).toBeUndefined();
	});

	test('a cause chain that loops is read a few deep, never forever', () => {
		const a: { name: string; cause?: unknown } = { name: 'A' };
		a.cause = { name: 'B', cause: a };
		expect(ssrfBlock(a)).toBeUndefined();
	});

	test.each<[string, SsrfBlock, string, string]>([
		['https://10.1.2.3:8443', { ip: '10.1.2.3' }, 'N8N_SSRF_ALLOWED_IP_RANGES=10.1.2.3/32', 'to 10.1.2.3,'],
		['http://[::1]:4010', { ip: '::1' }, 'N8N_SSRF_ALLOWED_IP_RANGES=::1/128', 'to [::1],'],
		['https://riskinfo.corp.local', { ip: '192.168.4.9' }, 'N8N_SSRF_ALLOWED_HOSTNAMES=riskinfo.corp.local', 'to riskinfo.corp.local (192.168.4.9),'],
		['https://api.internal', { hostname: 'api.internal' }, 'N8N_SSRF_ALLOWED_HOSTNAMES=api.internal', 'to api.internal,'],
	])('%s blocked as %j: allow %s', (baseUrl, block, setting, target) => {
		const advice = ssrfAdvice(baseUrl, block);
		expect(advice).toContain(`with the setting ${setting} on every n8n process`);
		expect(advice).toContain(block.ip ? 'a private or local address' : "on n8n's deny-list (N8N_SSRF_BLOCKED_HOSTNAMES)");
		expect(advice).toContain(`blocked the request ${target} the Base URL`);
	});
});
