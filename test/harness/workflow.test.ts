// Proves the in-process harness itself: n8n's engine runs our action node, and the credential's
// two headers reach a live server through n8n-core's own authenticated request path.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { MANUAL_TRIGGER, NO_OP, runWorkflow } from '../../harness/workflow';

interface Seen {
	method?: string;
	url?: string;
	headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];
const usage = { consultasPagadas: 3, consultasGratis: 11 };

beforeAll(async () => {
	server = http.createServer((req, res) => {
		seen.push({ method: req.method, url: req.url, headers: req.headers });
		const authorised = req.headers.authorization === 'Bearer tok-123' && req.headers['x-client-identifier'] === 'client-9';
		res.writeHead(authorised ? 200 : 401, { 'content-type': 'application/json' });
		res.end(JSON.stringify(authorised ? { success: true, data: usage } : { success: false, code: 401, error: 'No autorizado' }));
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise((r) => server.close(r));
});

beforeEach(() => {
	seen.length = 0;
});

function usageWorkflow() {
	return {
		nodes: [
			{ id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0] as [number, number], parameters: {} },
			{
				id: '2',
				name: 'Usage',
				type: 'n8n-nodes-riskinfo.riskInfo',
				typeVersion: 1,
				position: [200, 0] as [number, number],
				parameters: { apiVersion: 'v2', resource: 'account', operation: 'getUsage' },
				credentials: { riskInfoApi: { id: '1', name: 'Risk Info (test)' } },
			},
			{ id: '3', name: 'Done', type: NO_OP, typeVersion: 1, position: [400, 0] as [number, number], parameters: {} },
		],
		connections: {
			Start: { main: [[{ node: 'Usage', type: 'main' as const, index: 0 }]] },
			Usage: { main: [[{ node: 'Done', type: 'main' as const, index: 0 }]] },
		},
	};
}

test('the credential headers reach the server through n8n-core, and the answer flows to the next node', async () => {
	const result = await runWorkflow({
		...usageWorkflow(),
		credentials: { riskInfoApi: { baseUrl, accessToken: 'tok-123', clientIdentifier: 'client-9' } },
	});
	expect(result.error).toBeUndefined();
	expect(result.executionOrder).toEqual(['Start', 'Usage', 'Done']);
	expect(seen).toHaveLength(1);
	expect(seen[0].method).toBe('GET');
	expect(seen[0].url).toBe('/api/clients/v2/usage');
	expect(seen[0].headers.authorization).toBe('Bearer tok-123');
	expect(seen[0].headers['x-client-identifier']).toBe('client-9');
	expect(result.items.Done.map((i) => i.json)).toEqual([usage]);
});

test('a wrong token fails the run with the service error, and the next node never runs', async () => {
	const result = await runWorkflow({
		...usageWorkflow(),
		credentials: { riskInfoApi: { baseUrl, accessToken: 'wrong', clientIdentifier: 'client-9' } },
	});
	expect(seen[0].headers.authorization).toBe('Bearer wrong');
	expect(result.error).toBeDefined();
	expect(result.nodeErrors.Usage).toBeDefined();
	expect(result.executionOrder).not.toContain('Done');
});
