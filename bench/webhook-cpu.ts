// Child script: the Risk Info Trigger's webhook() alone, in process, on the large delivery, against
// what decoding the same body costs by itself (zlib.gunzipSync + JSON.parse). Two forms of the
// delivery: as n8n hands it over when the service sends Content-Encoding: gzip with
// Content-Type: application/json (spec §6: n8n inflates and parses, webhook() gets the object), and
// as raw gzip bytes n8n left alone (another Content-Type), which webhook() inflates and parses itself.
import { gunzipSync, gzipSync } from 'node:zlib';

import type { IDataObject, INodeType, IWebhookFunctions } from 'n8n-workflow';

import { loadPackageTypes } from '../harness/workflow';
import { payloads } from './deliveries';
import { cpuProfileOf, summariseBy, type ProfileNode } from './profile';

interface WebhookCpuJob {
	payload: 'small' | 'large';
	deliveries: number;
	token: string;
}

export type WebhookCpuForm = 'decode alone' | 'webhook(), body parsed by n8n' | 'webhook(), raw gzip body';
export const FORMS: WebhookCpuForm[] = ['decode alone', 'webhook(), body parsed by n8n', 'webhook(), raw gzip body'];

export interface WebhookCpuResult {
	nodeVersion: string;
	jsonBytes: number;
	gzipBytes: number;
	/** CPU ms of each delivery, per form, in the order they ran. */
	cpuMs: Record<WebhookCpuForm, number[]>;
	/** webhook() on the raw gzip body under the profiler: CPU ms per part. */
	profileMs: Record<string, number>;
	profiledDeliveries: number;
}

// Found the way n8n finds it (package.json's n8n section); a plain import would resolve the .node.json beside it.
const node = loadPackageTypes().nodes.find((n) => n.name === 'n8n-nodes-riskinfo.riskInfoTrigger')!.type as INodeType;

function context(req: object, staticData: IDataObject, token: string): IWebhookFunctions {
	const res = {
		statusCode: 200,
		headersSent: false,
		writableEnded: false,
		setHeader() {},
		writeHead(status: number) {
			this.statusCode = status;
			return this;
		},
		end() {
			this.writableEnded = true;
		},
	};
	const quiet = () => undefined;
	return {
		getNode: () => ({ id: 'bench', name: 'Risk Info Trigger', type: 'n8n-nodes-riskinfo.riskInfoTrigger', typeVersion: 1, position: [0, 0], parameters: {} }),
		getMode: () => 'webhook',
		// The node's defaults: bearer credential, all events, any risk, one item per event, repeats ignored.
		getNodeParameter: (_name: string, fallback?: unknown) => fallback,
		getCredentials: async () => ({ method: 'bearer', token }),
		getWorkflowStaticData: () => staticData,
		getRequestObject: () => req,
		getResponseObject: () => res,
		logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
	} as unknown as IWebhookFunctions;
}

function cpuMsOf(start: NodeJS.CpuUsage): number {
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

async function main(job: WebhookCpuJob): Promise<WebhookCpuResult> {
	const payload = payloads().find((p) => p.name === job.payload)!;
	const staticData: IDataObject = {};
	const headers = { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' };
	let id = 1;
	/** The request webhook() sees for a fresh delivery, built outside the measured time. */
	const request = (form: WebhookCpuForm) => {
		const webhookId = id++;
		if (form === 'webhook(), body parsed by n8n') {
			const text = payload.json(webhookId);
			return { headers: { ...headers, 'content-encoding': 'gzip' }, contentType: 'application/json', body: JSON.parse(text) as unknown, rawBody: Buffer.from(text) };
		}
		// One gzip member, as the service and the sandbox send (payload.gzip's two members would take
		// the member-by-member path on Node 24).
		return { headers: { ...headers, 'content-type': 'application/gzip' }, contentType: 'application/gzip', body: {}, rawBody: gzipSync(payload.json(webhookId)) };
	};
	const deliver = async (req: object) => {
		const out = await node.webhook!.call(context(req, staticData, job.token));
		if (!out.workflowData || out.workflowData[0].length !== 1) throw new Error(`webhook() did not emit the event: ${JSON.stringify(out.webhookResponse)}`);
	};
	const cpuMs = Object.fromEntries(FORMS.map((f) => [f, [] as number[]])) as Record<WebhookCpuForm, number[]>;
	const body = gzipSync(payload.json(0));
	// One untimed round so every code path is compiled, then the forms in turn, rotating which goes first.
	for (let round = -1; round < job.deliveries; round++) {
		const order = FORMS.map((_, i) => FORMS[(i + Math.max(round, 0)) % FORMS.length]);
		for (const form of order) {
			const req = form === 'decode alone' ? undefined : request(form);
			const start = process.cpuUsage();
			if (req) await deliver(req);
			else JSON.parse(gunzipSync(body).toString('utf8'));
			if (round >= 0) cpuMs[form].push(cpuMsOf(start));
		}
	}
	// Where webhook() spends its CPU on the raw gzip body, by source file.
	const profiledDeliveries = Math.max(3, Math.floor(job.deliveries / 2));
	const requests = Array.from({ length: profiledDeliveries }, () => request('webhook(), raw gzip body'));
	const { profile } = await cpuProfileOf(async () => {
		for (const req of requests) await deliver(req);
	});
	const byPart = summariseBy(profile, partOf);
	return { nodeVersion: process.version, jsonBytes: payload.jsonBytes, gzipBytes: body.length, cpuMs, profileMs: Object.fromEntries(byPart), profiledDeliveries };
}

/** The trigger's source file that the sample's stack is in (nearest first), or what else is running. */
function partOf(stack: ProfileNode[]): string | undefined {
	const leaf = stack[0].callFrame.functionName;
	if (leaf === '(idle)' || leaf === '(root)' || leaf === '(program)') return undefined;
	if (stack.some((n) => n.callFrame.url.endsWith('/bench/profile.ts'))) return undefined;
	if (leaf === '(garbage collector)') return 'garbage collection';
	const own = stack.find((n) => /\/nodes\/|\/credentials\//.test(n.callFrame.url));
	if (!own) return stack.some((n) => /node:internal\/(webstreams|zlib)|node:zlib/.test(n.callFrame.url)) ? 'inflate (DecompressionStream)' : 'other';
	const file = own.callFrame.url.replace(/^.*\/(nodes|credentials)\//, '');
	// Work done inside Node's streams on behalf of inflate.ts is inflate's.
	return file;
}

process.once('message', (job: WebhookCpuJob) => {
	main(job).then(
		(result) => process.send!({ ok: true, result }, () => process.exit(0)),
		(error: unknown) => process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1)),
	);
});
