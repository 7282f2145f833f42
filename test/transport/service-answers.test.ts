// A 2xx answer counts as data only with "success": true (spec §2.1's wrapper). Anything else is
// reported as the service's failure, as the README's errors table says, never passed on as data.
// The answers come from a tiny server started here, since the sandbox always answers correctly.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { credentialsOf, runNode, runNodeError } from '../action/context';

let answer: unknown;
let server: http.Server;
let url: string;

beforeAll(async () => {
	server = http.createServer((_req, res) => {
		res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const usage = { resource: 'account', operation: 'getUsage' };
const service = () => credentialsOf({ url, token: 'tok', clientId: 'client' });

test('with "success": true the data is the item', async () => {
	answer = { success: true, data: { paidLoads: 3 } };
	const { items } = await runNode({ ...service(), params: usage });
	expect(items.map((i) => i.json)).toEqual([{ paidLoads: 3 }]);
});

test.each([
	['no "success" at all', { data: { paidLoads: 3 } }],
	['"success" as the text "true"', { success: 'true', data: { paidLoads: 3 } }],
	['an empty object', {}],
	['a bare list', [{ paidLoads: 3 }]],
])('HTTP 200 with %s is the service\'s failure, not data', async (_name, body) => {
	answer = body;
	const error = await runNodeError({ ...service(), params: usage });
	expect(error.message).toMatch(/^The service reported a failure/);
	expect(error.description).toMatch(/"success": true/);
});
