// A local server playing the service's wrong answers for the credential tests: each path prefix
// before "/api/" names a case, and every request is recorded for the test to read back.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply = (status: number, body: string, headers?: Record<string, string>) => void;
export type Seen = Array<{ url?: string; headers: http.IncomingHttpHeaders }>;

/** Starts it on 127.0.0.1; `answer` gets the case's prefix ("/ok", …) and answers with `reply`. */
export async function answeringServer(answer: (prefix: string, reply: Reply, req: http.IncomingMessage) => void) {
	const seen: Seen = [];
	const server = http.createServer((req, res) => {
		seen.push({ url: req.url, headers: req.headers });
		const [prefix] = (req.url ?? '').split('/api/');
		answer(prefix, (status, body, headers = { 'content-type': 'application/json' }) => {
			res.writeHead(status, headers);
			res.end(body);
		}, req);
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { server, url, seen, close: async () => await new Promise((r) => server.close(r)) };
}
