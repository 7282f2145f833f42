// The Risk Info API credential's Test, for what test/credential-check.test.ts leaves open and
// mutation testing found unchecked: fields pasted with non-breaking spaces (which the URL parser
// and HTTP keep, unlike plain spaces), an unusable Base URL quoted without its spaces, a request
// helper that throws null or hands back a parsed body, and the module's own constants (the usage
// path, the Base URL hint), read with the module loaded inside the test.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { CredentialTestContext } from 'n8n-core';
import type { ICredentialTestFunctions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

type Check = typeof import('../../credentials/RiskInfoApiCheck');

/** The module, evaluated inside the calling test. */
function load(): Check {
	let check: Check | undefined;
	jest.isolateModules(() => {
		check = require('../../credentials/RiskInfoApiCheck') as Check;
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
			'The Base URL "not an address" is not a web address. Enter the root address the service gave you, such as https://api.example.cl, without /api/…, starting with https:// (or http:// for the local sandbox, http://127.0.0.1:4010).',
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
		message: `Nothing answers at ${base}/elsewhere/api/clients/v2/usage (HTTP 404). Check that the Base URL is the root address the service gave you, such as https://api.example.cl, without /api/….`,
	});
	expect(seen.map((s) => s.url)).toEqual(['/elsewhere/api/clients/v2/usage']);
});
