// The credential's "Test" request, resolved the way n8n resolves it (expressions over
// $credentials, then the credential's own authenticate block) and sent to a live server through
// n8n's own HTTP client, which is what n8n's credential tester ends in.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';

import { Workflow } from 'n8n-workflow';
import type { IHttpRequestOptions, INode } from 'n8n-workflow';

import { RiskInfoApi } from '../credentials/RiskInfoApi.credentials';
import { MANUAL_TRIGGER, NodeTypesRegistry, TestCredentialsHelper } from '../harness/workflow';

let server: http.Server;
let baseUrl: string;
const seen: Array<{ url?: string; headers: http.IncomingHttpHeaders }> = [];

beforeAll(async () => {
	server = http.createServer((req, res) => {
		seen.push({ url: req.url, headers: req.headers });
		// An old address that forwards to the right one, as an http:// Base URL often does.
		if (req.url?.startsWith('/old/')) {
			res.writeHead(301, { location: req.url.slice('/old'.length) });
			res.end();
			return;
		}
		const ok = req.headers.authorization === 'Bearer good-token' && req.headers['x-client-identifier'] === 'acme';
		res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
		res.end(JSON.stringify(ok ? { success: true, data: {} } : { success: false, code: 401, error: 'No autorizado' }));
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

async function testCredential(data: { baseUrl: string; accessToken: string; clientIdentifier: string }) {
	const node: INode = { id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new NodeTypesRegistry() });
	const resolve = (v: string | undefined) =>
		String(workflow.expression.getSimpleParameterValue(node, v ?? '', 'internal', { $credentials: data }, undefined, ''));
	const { request } = new RiskInfoApi().test;
	const options = {
		...request,
		baseURL: resolve(request.baseURL),
		url: resolve(request.url),
		headers: { ...request.headers },
	} as IHttpRequestOptions;
	const authed = await new TestCredentialsHelper({ riskInfoApi: data }).authenticate(data, 'riskInfoApi', options, workflow, node);
	try {
		const response = (await Container.get(OutboundHttp).requests().request({ ...authed, returnFullResponse: true })) as { statusCode: number };
		return response.statusCode;
	} catch (error) {
		// n8n's tester reports any failed request as a failed test.
		return (error as { response?: { status?: number } }).response?.status ?? 'failed';
	}
}

test('Test credential reads V2 usage with both headers and passes for a working pair', async () => {
	seen.length = 0;
	expect(await testCredential({ baseUrl: `${baseUrl}/`, accessToken: 'good-token', clientIdentifier: 'acme' })).toBe(200);
	expect(seen[0].url).toBe('/api/clients/v2/usage');
	expect(seen[0].headers.authorization).toBe('Bearer good-token');
	expect(seen[0].headers['x-client-identifier']).toBe('acme');
});

test('Test credential fails for a wrong token or client identifier', async () => {
	expect(await testCredential({ baseUrl, accessToken: 'bad', clientIdentifier: 'acme' })).toBe(401);
	expect(await testCredential({ baseUrl, accessToken: 'good-token', clientIdentifier: 'other' })).toBe(401);
});

test('Test credential fails for a Base URL that redirects, which the node would refuse too', async () => {
	seen.length = 0;
	const status = await testCredential({ baseUrl: `${baseUrl}/old`, accessToken: 'good-token', clientIdentifier: 'acme' });
	expect(status).toBe(301);
	expect(seen.map((s) => s.url)).toEqual(['/old/api/clients/v2/usage']);
});
