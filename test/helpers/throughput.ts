// Shared by the throughput tests: the sandbox, a Start → Risk Info workflow run through n8n's
// engine, and a relay in front of the sandbox that gives each RUT its own latency and notes
// when each request arrived and was answered.
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

interface Relayed {
	rut: string;
	method: string;
	arrivedAt: number;
	answeredAt: number;
	status: number;
}

/**
 * An HTTP relay in front of the sandbox. It adds the sandbox's `x-sandbox-latency` header from
 * `latencyFor(rut)`, so chosen requests take longer, and records every request.
 */
/**
 * `gate`: requests are held until that many have arrived, then sent on together, so latencies
 * chosen to reorder the answers do reorder them however slowly a loaded machine sends.
 */
export async function startRelay(target: string, latencyFor: (rut: string) => number, gate = 0) {
	const seen: Relayed[] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	let arrived = 0;
	const held: Array<() => void> = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const arrivedAt = Date.now();
			inFlight++;
			maxInFlight = Math.max(maxInFlight, inFlight);
			const body = Buffer.concat(chunks);
			const url = new URL(req.url ?? '/', target);
			const rut = url.searchParams.get('rut') ?? (body.length ? String((JSON.parse(body.toString()) as { rut?: string }).rut) : '');
			const headers: Record<string, string> = {};
			for (const [k, v] of Object.entries(req.headers)) {
				if (v !== undefined && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = String(v);
			}
			headers['x-sandbox-latency'] = String(latencyFor(rut));
			const forward = () =>
				request(`${target}${req.url}`, { method: req.method as 'GET' | 'POST', headers, body: body.length ? body : undefined })
					.then(async (answer) => {
						const payload = Buffer.from(await answer.body.arrayBuffer());
						const out: Record<string, string> = {};
						for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !['connection', 'transfer-encoding', 'keep-alive'].includes(k)) out[k] = String(v);
						inFlight--;
						seen.push({ rut, method: req.method ?? '', arrivedAt, answeredAt: Date.now(), status: answer.statusCode });
						res.writeHead(answer.statusCode, out).end(payload);
					})
					.catch(() => {
						inFlight--;
						res.writeHead(502).end();
					});
			arrived++;
			if (arrived < gate) held.push(forward);
			else {
				for (const send of held.splice(0)) void send();
				void forward();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		maxInFlight: () => maxInFlight,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
