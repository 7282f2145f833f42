/** Starting the sandbox: in-process on a free port, and `npm run sandbox` with its port rules and clean stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { DEMO_CLIENT_ID, DEMO_TOKEN, KNOWN_RUTS, startSandbox } from '../../sandbox';
import { parseCli } from '../../sandbox/cli-options';
import { V2 } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const srv = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}

describe('startSandbox', () => {
	test('listens on 127.0.0.1 on a free port; several run side by side; close() frees the port', async () => {
		const boxes = await Promise.all([startSandbox(), startSandbox(), startSandbox()]);
		const urls = boxes.map((b) => b.url);
		expect(new Set(urls).size).toBe(3);
		for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(boxes[0].token).toBe(DEMO_TOKEN);
		expect(boxes[0].clientId).toBe(DEMO_CLIENT_ID);
		const res = await fetch(`${urls[0]}${V2}/usage`, { headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'x-client-identifier': DEMO_CLIENT_ID } });
		expect(res.status).toBe(200);
		await Promise.all(boxes.map((b) => b.close()));
		await expect(fetch(`${urls[0]}${V2}/usage`)).rejects.toThrow();
	});

	test('a given port is used', async () => {
		const port = await freePort();
		const sb = await startSandbox({ port });
		try {
			expect(sb.url).toBe(`http://127.0.0.1:${port}`);
		} finally {
			await sb.close();
		}
	});

	test('close() returns while a client keeps a connection open, ending that connection itself', async () => {
		const sb = await startSandbox();
		const { port } = new URL(sb.url);
		// A slow client: its request is under way, the body still to come. Node's server.close()
		// waits for such a connection (it ends only idle ones), so close() has to end it.
		const socket = net.connect(Number(port), '127.0.0.1');
		let received = '';
		socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
		const closedByServer = new Promise<string>((resolve) => socket.once('close', () => resolve('closed')));
		await new Promise((r) => socket.once('connect', r));
		socket.write(`POST ${V2}/helper/cargarRut HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 40\r\nExpect: 100-continue\r\n\r\n`);
		// The 100 Continue says the sandbox has the request and waits for its body.
		while (!received.includes('\r\n\r\n')) await new Promise((r) => socket.once('data', r));
		expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
		// A close() that waited for the client would never return (the test would time out).
		await sb.close();
		// The client never ends its side: the sandbox did, and its port takes no new connection.
		expect(await closedByServer).toBe('closed');
		const again = net.connect(Number(port), '127.0.0.1');
		await expect(new Promise((resolve, reject) => again.once('connect', resolve).once('error', reject))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
	});
});

test('maxLogEntries keeps only the latest requests', async () => {
	const sb = await startSandbox({ maxLogEntries: 3 });
	try {
		for (const p of ['/a', '/b', '/c', '/d', '/e']) await fetch(sb.url + p);
		expect(sb.requests.map((r) => r.path)).toEqual(['/c', '/d', '/e']);
		expect(sb.requests.every((r) => r.status === 404)).toBe(true);
	} finally {
		await sb.close();
	}
});

describe('command-line options', () => {
	test('port: --port, else SANDBOX_PORT, else 4010', () => {
		expect(parseCli([], {}).options.port).toBe(4010);
		expect(parseCli([], { SANDBOX_PORT: '4999' }).options.port).toBe(4999);
		expect(parseCli(['--port', '5001'], { SANDBOX_PORT: '4999' }).options.port).toBe(5001);
		expect(() => parseCli(['--port', 'abc'], {})).toThrow(/--port/);
	});

	test('webhook, latency and rate-limit flags', () => {
		const { options } = parseCli(['--webhook-url', 'http://127.0.0.1:5678/webhook/x', '--webhook-token', 's3cret', '--latency', '20', '--rate-limit', '50'], {});
		expect(options.webhook).toEqual({ url: 'http://127.0.0.1:5678/webhook/x', auth: { type: 'bearer', token: 's3cret' } });
		expect(options.latencyMs).toBe(20);
		expect(options.rateLimit).toEqual({ perSecond: 50, headers: false });
		expect(parseCli(['--rate-limit', '10', '--rate-limit-headers'], {}).options.rateLimit).toEqual({ perSecond: 10, headers: true });
		expect(options.maxLogEntries).toBe(10_000);
		const basic = parseCli(['--webhook-url', 'http://h/x', '--webhook-user', 'u', '--webhook-password', 'p'], {}).options;
		expect(basic.webhook?.auth).toEqual({ type: 'basic', username: 'u', password: 'p' });
	});
});

/**
 * Resolves once every process of the group has ended (polled: the last one may still be exiting
 * after closing its pipes). No deadline of its own: a group that never ends fails on the test's timeout.
 */
async function groupGone(pgid: number): Promise<void> {
	for (;;) {
		try {
			process.kill(-pgid, 0);
		} catch {
			return;
		}
		await new Promise((r) => setTimeout(r, 100));
	}
}

describe('npm run sandbox', () => {
	let child: ChildProcess | undefined;
	afterEach(() => {
		// npm does not pass signals on to its script reliably: end the whole process group.
		if (child?.pid) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				// already gone
			}
		}
	});

	function run(args: string[], env: Record<string, string>) {
		const proc = spawn('npm', ['run', '--silent', 'sandbox', '--', ...args], {
			cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
		});
		child = proc;
		let out = '';
		proc.stdout!.on('data', (d) => (out += d));
		proc.stderr!.on('data', (d) => (out += d));
		const printed = new Promise<string>((resolve, reject) => {
			proc.stdout!.on('data', () => {
				if (/Client identifier:.*\n/.test(out)) resolve(out);
			});
			proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
		});
		// 'close' waits for every process holding the output pipes (npm, its shell and the sandbox) to end.
		const closed = new Promise<void>((resolve) => proc.on('close', () => resolve()));
		// As a terminal's Ctrl-C or a supervisor does: signal the whole process group.
		const signal = (name: NodeJS.Signals) => process.kill(-proc.pid!, name);
		return { proc, printed, closed, signal, output: () => out };
	}

	test.each(['SIGTERM', 'SIGINT'] as const)('prints base URL, token and client identifier, serves on SANDBOX_PORT, stops on %s', async (signal) => {
		const port = await freePort();
		const { proc, printed, closed, signal: send, output } = run([], { SANDBOX_PORT: String(port) });
		const out = await printed;
		expect(out).toContain(`http://127.0.0.1:${port}`);
		const token = /Access token:\s+(\S+)/.exec(out)?.[1];
		const client = /Client identifier:\s+(\S+)/.exec(out)?.[1];
		expect(token).toBe(DEMO_TOKEN);
		expect(client).toBe(DEMO_CLIENT_ID);
		const headers = { authorization: `Bearer ${token}`, 'x-client-identifier': client!, 'content-type': 'application/json' };
		const load = await fetch(`http://127.0.0.1:${port}${V2}/helper/cargarRut`, { method: 'POST', headers, body: JSON.stringify({ rut: KNOWN_RUTS.clean }) });
		expect(load.status).toBe(200);
		send(signal);
		await closed;
		// npm itself dies of the signal; what matters is that the sandbox closed and exited on its own.
		expect(output()).toContain(`${signal} received, stopping the sandbox`);
		expect(output()).toContain('Sandbox stopped.');
		await groupGone(proc.pid!);
		await expect(fetch(`http://127.0.0.1:${port}${V2}/usage`, { headers })).rejects.toThrow();
	}, 60_000);

	test('--port wins over SANDBOX_PORT', async () => {
		const [port, other] = [await freePort(), await freePort()];
		const { printed, closed, signal, output } = run(['--port', String(port)], { SANDBOX_PORT: String(other) });
		expect(await printed).toContain(`http://127.0.0.1:${port}`);
		signal('SIGTERM');
		await closed;
		expect(output()).toContain('Sandbox stopped.');
	}, 60_000);
});
