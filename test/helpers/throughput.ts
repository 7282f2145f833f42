// Shared by the tests of many items at once: the sandbox, a Start → Risk Info workflow run through n8n's
// engine, and a relay in front of the sandbox that gives the answers back in waves, in an order
// the test chooses.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { runRiskInfo as runRiskInfoWorkflow } from '../../harness/workflow';

export interface RunOptions {
	/** Risk Info parameters; the RUT comes from each item's `rut` unless given here. */
	parameters: IDataObject;
	items: IDataObject[];
	parallel: number;
	continueOnFail?: boolean;
	/** Base URL the node is given (the sandbox's, or a relay in front of it). */
	baseUrl: string;
	sandbox: Sandbox;
}

export async function runRiskInfo(o: RunOptions) {
	const result = await runRiskInfoWorkflow({
		parameters: { rut: '={{ $json.rut }}', ...o.parameters, requestOptions: { requestsInParallel: o.parallel } },
		inputs: o.items,
		access: { baseUrl: o.baseUrl, accessToken: o.sandbox.token, clientIdentifier: o.sandbox.clientId },
		node: { name: 'Risk', continueOnFail: o.continueOnFail },
	});
	if (result.error) throw result.error;
	return result.items.Risk as INodeExecutionData[];
}

/**
 * An HTTP relay in front of the sandbox that orders the answers itself. Each request is passed on
 * as it arrives (the sandbox decides its answer then), but the answers of a wave are held until
 * the wave is in, all `waves[i]` of its requests, then given back one at a time in the order
 * `sort` puts their RUTs (arrival order without it), each once the one before has been written
 * out. So the answers come back in the order the test chose on any machine, however slowly it
 * sends; and a request that needs an answer first (a load after "not loaded") cannot reach the
 * sandbox before the wave holding that answer is complete. Requests after the last wave are
 * answered as they come.
 *
 * A pool that never has a whole wave in flight leaves the relay waiting for the rest of it: the
 * test then fails on its timeout.
 */
export async function startRelay(target: string, o: { waves: number[]; sort?: (a: string, b: string) => number }) {
	/** The RUT of each answer, in the order given back. */
	const released: string[] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	let wave = 0;
	let held: Array<{ rut: string; answer: Promise<() => Promise<void>> }> = [];
	// Waves are given back one after the other, each answer after the one before.
	let giving = Promise.resolve();
	const giveBack = (batch: typeof held) => {
		const ordered = o.sort ? [...batch].sort((a, b) => o.sort!(a.rut, b.rut)) : batch;
		giving = giving.then(async () => {
			for (const { rut, answer } of ordered) {
				const write = await answer;
				inFlight--;
				released.push(rut);
				await write();
			}
		});
	};

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			inFlight++;
			maxInFlight = Math.max(maxInFlight, inFlight);
			const body = Buffer.concat(chunks);
			const url = new URL(req.url ?? '/', target);
			const rut = url.searchParams.get('rut') ?? (body.length ? String((JSON.parse(body.toString()) as { rut?: string }).rut) : '');
			const headers: Record<string, string> = {};
			for (const [k, v] of Object.entries(req.headers)) {
				if (v !== undefined && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = String(v);
			}
			// What writes the sandbox's answer back, once it is this answer's turn.
			const answer = request(`${target}${req.url}`, { method: req.method as 'GET' | 'POST', headers, body: body.length ? body : undefined }).then(
				async (from) => {
					const payload = Buffer.from(await from.body.arrayBuffer());
					const out: Record<string, string> = {};
					for (const [k, v] of Object.entries(from.headers)) if (v !== undefined && !['connection', 'transfer-encoding', 'keep-alive'].includes(k)) out[k] = String(v);
					return () => new Promise<void>((resolve) => res.writeHead(from.statusCode, out).end(payload, resolve));
				},
				() => () => new Promise<void>((resolve) => res.writeHead(502).end(resolve)),
			);
			if (wave >= o.waves.length) return giveBack([{ rut, answer }]);
			held.push({ rut, answer });
			if (held.length < o.waves[wave]) return;
			wave++;
			giveBack(held.splice(0));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		released,
		maxInFlight: () => maxInFlight,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
