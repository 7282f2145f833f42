// A stand-in for n8n's webhook server around the Risk Info Trigger, over real HTTP on 127.0.0.1.
//
// What n8n does before and after a trigger's webhook() is reproduced from its source
// (n8n-io/n8n, packages/cli/src/middlewares/body-parser.ts and
// packages/cli/src/webhooks/webhook-helpers.ts, n8n 2.x):
//  - the raw-body reader inflates only `Content-Encoding: gzip` or `deflate`, and refuses bodies
//    over N8N_PAYLOAD_SIZE_MAX (16 MiB) after inflation;
//  - Content-Type is split into `req.contentType` (no parameters, lower case) and a charset;
//  - for a version-1 node every body goes through parseBody: exact `application/json` is
//    parsed (a failure is answered 422 and the node never runs), form bodies become objects,
//    text/plain a string, anything else leaves `req.body` = {} with the bytes in `req.rawBody`;
//    for a later version only a Content-Type starting with application/json, text/plain or
//    application/x-www-form-urlencoded (or ending in xml) does; any other body is left unread;
//  - after webhook(): `noWebhookResponse` means the node answered; `workflowData` starts a run,
//    answered in onReceived mode as webhook-on-received-response-extractor.ts does (the
//    webhook's `responseData`, 'firstEntryJson' when undefined, wins over the node's
//    `webhookResponse`); otherwise `webhookResponse` (or "Webhook call received") is sent with
//    200; a throw is answered 500.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import type { Readable } from 'node:stream';
import { inspect } from 'node:util';
import { createGunzip, createInflate } from 'node:zlib';

import { Workflow, type IDataObject, type INode, type IWebhookFunctions } from 'n8n-workflow';
import { request } from 'undici';

import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { onlyType } from '../helpers/node-types';

export const N8N_PAYLOAD_SIZE_MAX = 16 * 1024 * 1024;

type Params = Record<string, unknown>;

export interface HarnessOptions {
	params?: Params;
	/** Values of the Risk Info Webhook Auth credential; null = no credential attached. */
	credentials?: Record<string, unknown> | null;
	mode?: 'webhook' | 'manual';
	/** The trigger's version in the workflow: 1.1, its only one, unless said. */
	typeVersion?: number;
}

export interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	json: Record<string, unknown> | undefined;
	/** The items of the run this delivery started, if it started one. */
	run?: IDataObject[];
	/** Whether n8n answered before the node ran (body it could not parse or read). */
	refusedByN8n: boolean;
}

type Req = http.IncomingMessage & {
	contentType?: string;
	encoding?: BufferEncoding;
	rawBody?: Buffer;
	readRawBody: () => Promise<void>;
	body?: unknown;
};

class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

async function readLimited(stream: Readable, limit: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of stream) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new HttpError(413, 'request entity too large');
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

function prepareRequest(req: Req): void {
	const header = req.headers['content-type'];
	if (header) {
		const [type, ...parameters] = header.split(';');
		req.contentType = type.trim().toLowerCase();
		const charset = parameters.map((p) => p.trim().split('=')).find(([k]) => k.toLowerCase() === 'charset');
		req.encoding = (charset?.[1]?.replace(/"/g, '').toLowerCase() ?? 'utf-8') as BufferEncoding;
	}
	req.readRawBody = async () => {
		if (req.rawBody) return;
		let stream: Readable = req;
		const encoding = req.headers['content-encoding'];
		if (encoding === 'gzip') stream = req.pipe(createGunzip());
		else if (encoding === 'deflate') stream = req.pipe(createInflate());
		try {
			req.rawBody = await readLimited(stream, N8N_PAYLOAD_SIZE_MAX);
		} catch (error) {
			req.resume();
			if (error instanceof HttpError) throw error;
			throw new HttpError(400, (error as Error).message);
		}
	};
}

/** Which bodies n8n reads and parses before webhook() (webhook-helpers.ts parseRequestBody). */
function n8nParses(req: Req, typeVersion: number): boolean {
	if (typeVersion === 1) return true;
	const type = req.contentType;
	return !!type && ['application/json', 'text/plain', 'application/x-www-form-urlencoded'].some((t) => type.startsWith(t) || type.endsWith('xml'));
}

async function parseBody(req: Req): Promise<void> {
	await req.readRawBody();
	const { rawBody, contentType } = req;
	if (rawBody?.length) {
		const text = () => rawBody.toString(req.encoding ?? 'utf-8');
		if (contentType === 'application/json') {
			try {
				req.body = JSON.parse(text());
			} catch (error) {
				throw new HttpError(422, `Failed to parse request body: ${(error as Error).message}`);
			}
		} else if (contentType === 'application/x-www-form-urlencoded') {
			req.body = { ...parseQuery(text()) };
		} else if (contentType === 'text/plain') {
			req.body = text();
		}
	}
	if (!req.body) req.body = {};
}

const NODE: INode = {
	id: 'riskinfo-trigger-test',
	name: 'Risk Info Trigger',
	type: 'n8n-nodes-riskinfo.riskInfoTrigger',
	typeVersion: 1.1,
	position: [0, 0],
	parameters: {},
	webhookId: 'b6f5f9c4-test',
};

export class TriggerHarness {
	/** Items of every run the trigger started, in order. */
	readonly runs: IDataObject[][] = [];
	/** Anything webhook() threw: must stay empty, a throw means n8n answers 500. */
	readonly thrown: unknown[] = [];
	/** Every line the node logged, with its metadata, as n8n's logger would write it. */
	readonly logs: string[] = [];
	/** The node's static data, kept across deliveries as n8n keeps it with the workflow. */
	staticData: IDataObject = {};
	readonly node = new RiskInfoTrigger();
	private server!: http.Server;
	url = '';

	constructor(public options: HarnessOptions = {}) {}

	static async start(options: HarnessOptions = {}): Promise<TriggerHarness> {
		const harness = new TriggerHarness(options);
		harness.server = http.createServer((req, res) => void harness.handle(req as Req, res));
		// Idle kept-alive sockets stay until the client closes them: test/setup/servers.js.
		harness.server.listen(0, '127.0.0.1');
		await once(harness.server, 'listening');
		harness.url = `http://127.0.0.1:${(harness.server.address() as AddressInfo).port}/webhook/${NODE.webhookId}/riskinfo-compliance`;
		return harness;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}

	private context(req: Req, res: http.ServerResponse): IWebhookFunctions {
		const params = this.options.params ?? {};
		const credentials = this.options.credentials;
		const context = {
			getNode: () => ({ ...NODE, typeVersion: this.options.typeVersion ?? 1.1, parameters: params }),
			getMode: () => this.options.mode ?? 'webhook',
			getNodeParameter: (name: string, fallback?: unknown) => (params[name] !== undefined ? params[name] : fallback),
			getCredentials: async (type: string) => {
				if (type !== 'riskInfoWebhookAuthApi' || !credentials) {
					throw new Error(`Node does not have any credentials set for "${type}"`);
				}
				return { ...credentials };
			},
			getWorkflowStaticData: (type: string) => {
				if (type !== 'node') throw new Error(`unexpected static data type ${type}`);
				return this.staticData;
			},
			getRequestObject: () => req,
			getResponseObject: () => res,
			getHeaderData: () => req.headers,
			getBodyData: () => req.body as IDataObject,
			getNodeWebhookUrl: () => this.url,
			// n8n's own helpers, loaded only if the node asks for them: the trigger does not, and n8n-core
			// takes about half a second to load in each test file (and in each mutant's run of it).
			get helpers() {
				return { returnJsonArray: (require('n8n-core') as typeof import('n8n-core')).returnJsonArray };
			},
			logger: Object.fromEntries(
				(['debug', 'info', 'warn', 'error'] as const).map((level) => [
					level,
					(message: string, meta?: unknown) => this.logs.push(`${level} ${message} ${inspect(meta, { depth: 8 })}`),
				]),
			),
		};
		return context as unknown as IWebhookFunctions;
	}

	private sendJson(res: http.ServerResponse, status: number, body: unknown): void {
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(body));
	}

	private async handle(req: Req, res: http.ServerResponse): Promise<void> {
		prepareRequest(req);
		try {
			// Webhook routes come before n8n's body-parser middleware: an unread body stays undefined.
			if (n8nParses(req, this.options.typeVersion ?? 1.1)) await parseBody(req);
		} catch (error) {
			const status = error instanceof HttpError ? error.status : 500;
			res.setHeader('x-harness', 'n8n-refused');
			this.sendJson(res, status, { code: status, message: (error as Error).message });
			return;
		}
		let result;
		try {
			result = await this.node.webhook.call(this.context(req, res));
		} catch (error) {
			this.thrown.push(error);
			this.sendJson(res, 500, { message: 'Workflow Webhook Error: Workflow could not be started!' });
			return;
		}
		if (result.noWebhookResponse) {
			if (!res.writableEnded) {
				this.thrown.push(new Error('noWebhookResponse without answering the request'));
				this.sendJson(res, 500, { message: 'no answer' });
			}
			return;
		}
		if (result.workflowData !== undefined) {
			res.setHeader('x-harness-run', String(this.runs.length));
			this.runs.push((result.workflowData[0] ?? []).map((item) => item.json));
			const responseData = this.webhookDescriptionValue('responseData', 'firstEntryJson');
			let answer: unknown = { message: 'Workflow was started' };
			if (responseData === 'noData') answer = undefined;
			else if (responseData) answer = responseData;
			else if (result.webhookResponse !== undefined) answer = result.webhookResponse;
			this.sendJson(res, 200, answer);
			return;
		}
		this.sendJson(res, 200, result.webhookResponse !== undefined ? result.webhookResponse : { message: 'Webhook call received' });
	}

	/** A field of the trigger's webhook description, evaluated as n8n does (webhook-execution-context.ts). */
	webhookDescriptionValue(field: 'responseData' | 'responseMode', fallback: string): unknown {
		const value = this.node.description.webhooks?.[0][field];
		const node = { ...NODE, typeVersion: this.options.typeVersion ?? 1.1, parameters: { ...this.options.params } as INode['parameters'] };
		const workflow = new Workflow({ id: 'harness', nodes: [node], connections: {}, active: true, nodeTypes: onlyType(this.node) });
		return workflow.expression.getSimpleParameterValue(node, value as string, this.options.mode ?? 'webhook', {}, undefined, fallback);
	}

	/** POSTs a delivery and reports n8n's answer and the run it started. */
	async post(headers: Record<string, string>, body: Uint8Array | string): Promise<Answer> {
		const res = await request(this.url, { method: 'POST', headers, body });
		const text = await res.body.text();
		let json: Record<string, unknown> | undefined;
		try {
			json = JSON.parse(text) as Record<string, unknown>;
		} catch {
			json = undefined;
		}
		const runHeader = res.headers['x-harness-run'];
		return {
			status: res.statusCode,
			headers: res.headers,
			json,
			run: typeof runHeader === 'string' ? this.runs[Number(runHeader)] : undefined,
			refusedByN8n: res.headers['x-harness'] === 'n8n-refused',
		};
	}
}
