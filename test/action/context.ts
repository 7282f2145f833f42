// A hand-made execute context for running the Risk Info action node in a test without the
// n8n engine: parameters come from plain objects per item, HTTP is real (fetch to the sandbox),
// and the credential's two headers are added the way the credential's `authenticate` block says.
// Whole-workflow runs through n8n's own engine live in harness/workflow.ts.
import {
	NodeApiError,
	type IBinaryData,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';

export type Params = Record<string, unknown>;

export interface NodeRun {
	/** Credential values. */
	baseUrl: string;
	token: string;
	clientId: string;
	/** One parameter set per input item, or one set shared by every item. */
	params: Params | Params[];
	/** Input items' JSON; defaults to one empty item per parameter set. */
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** The node class, when a test loaded the node's modules itself (test/helpers/isolated.ts). */
	node?: typeof RiskInfo;
}

export interface RunResult {
	/** The node's first (only) output. */
	items: INodeExecutionData[];
	/** The parameters that were asked for, per item, so tests can see what an operation read. */
	asked: Array<Set<string>>;
}

const NODE: INode = {
	id: 'riskinfo-test-node',
	name: 'Risk Info',
	type: 'n8n-nodes-riskinfo.riskInfo',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Runs the Risk Info node once; errors the node throws are rethrown as they are. */
export async function runNode(run: NodeRun): Promise<RunResult> {
	const ctx = makeContext(run);
	const [items] = await new (run.node ?? RiskInfo)().execute.call(ctx.context);
	return { items, asked: ctx.asked };
}

/** Expected to throw: returns the error (fails the test when the node does not throw). */
export async function runNodeError(run: NodeRun): Promise<Error & { context?: IDataObject; description?: string | null }> {
	try {
		await runNode(run);
	} catch (error) {
		return error as Error;
	}
	throw new Error('the node did not throw');
}

function makeContext(run: NodeRun): { context: IExecuteFunctions; asked: Array<Set<string>> } {
	const count = Array.isArray(run.params) ? run.params.length : Math.max(1, run.items?.length ?? 1);
	const items: INodeExecutionData[] = (run.items ?? Array.from({ length: count }, () => ({}))).map((json) => ({ json }));
	const paramsOf = (i: number): Params => (Array.isArray(run.params) ? run.params[i] : run.params) ?? {};
	const asked = items.map(() => new Set<string>());
	const properties = new (run.node ?? RiskInfo)().description.properties;
	// n8n's execution context of the node: one per execution, like the engine's.
	const nodeContext: IDataObject = {};

	const context = {
		getNode: () => NODE,
		getInputData: () => items,
		continueOnFail: () => run.continueOnFail === true,
		getContext: () => nodeContext,
		getCredentials: async (name: string) => {
			if (name !== 'riskInfoApi') throw new Error(`unexpected credential ${name}`);
			return { baseUrl: run.baseUrl, accessToken: run.token, clientIdentifier: run.clientId };
		},
		getNodeParameter(name: string, itemIndex: number, fallback?: unknown) {
			asked[itemIndex]?.add(name);
			const params = paramsOf(itemIndex);
			const value = lookup(params, name);
			if (value !== undefined) return value;
			// n8n fills unset parameters with the description's default before a fallback applies.
			const defaulted = defaultOf(properties, name, (key) => lookup(params, key));
			if (defaulted !== undefined) return defaulted;
			if (fallback !== undefined) return fallback;
			throw new Error(`Could not get parameter "${name}" for item ${itemIndex}`);
		},
		helpers: {
			httpRequestWithAuthentication: async function (credentialName: string, options: IHttpRequestOptions) {
				const credentials = await context.getCredentials(credentialName);
				return await send(options, {
					Authorization: `Bearer ${credentials.accessToken}`,
					'x-client-identifier': credentials.clientIdentifier,
				});
			},
			prepareBinaryData: async (data: Buffer, fileName?: string, mimeType?: string): Promise<IBinaryData> => ({
				data: data.toString('base64'),
				mimeType: mimeType ?? 'application/octet-stream',
				fileName,
				fileSize: String(data.length),
			}),
			returnJsonArray: (data: IDataObject | IDataObject[]) => (Array.isArray(data) ? data : [data]).map((json) => ({ json })),
			constructExecutionMetaData: (data: INodeExecutionData[], meta: { itemData: { item: number } }) =>
				data.map((d) => ({ ...d, pairedItem: meta.itemData })),
		},
	};
	return { context: context as unknown as IExecuteFunctions, asked };
}

/** `a.b` reads nested collection values, as n8n's getNodeParameter does. */
function lookup(params: Params, name: string): unknown {
	let value: unknown = params;
	for (const part of name.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Params)[part];
	}
	return value;
}

/**
 * The default n8n would give an unset parameter: the one of the property with that name
 * whose displayOptions.show matches the item's other parameters (resolved the same way).
 */
function defaultOf(properties: INodeProperties[], name: string, read: (key: string) => unknown, depth = 0): unknown {
	if (depth > 5) return undefined;
	const resolve = (key: string) => read(key) ?? defaultOf(properties, key, read, depth + 1);
	for (const p of properties) {
		if (p.name !== name) continue;
		const show = p.displayOptions?.show ?? {};
		const visible = Object.entries(show).every(([key, allowed]) => (allowed as unknown[]).includes(resolve(key)));
		if (visible) return p.default;
	}
	return undefined;
}

/** What n8n's httpRequest does for the options our transport uses. */
async function send(options: IHttpRequestOptions, authHeaders: Record<string, string>) {
	const url = new URL(options.url, options.baseURL);
	for (const [k, v] of Object.entries(options.qs ?? {})) {
		if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
	}
	const headers: Record<string, string> = { ...(options.headers as Record<string, string>), ...authHeaders };
	let body: string | undefined;
	if (options.body !== undefined) {
		body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
	}
	let response: Response;
	try {
		response = await fetch(url, { method: options.method ?? 'GET', headers, body });
	} catch (error) {
		// axios (used by n8n) puts the connection code on the error itself.
		const e = new Error((error as Error).message) as Error & { code?: string };
		e.code = (error as { cause?: { code?: string } }).cause?.code;
		throw e;
	}
	const raw = Buffer.from(await response.arrayBuffer());
	let parsed: unknown = raw;
	if (options.encoding !== 'arraybuffer') {
		const text = raw.toString('utf8');
		parsed = text;
		if (options.json) {
			try {
				parsed = JSON.parse(text);
			} catch {
				parsed = text;
			}
		}
	}
	const responseHeaders: IDataObject = {};
	response.headers.forEach((v, k) => (responseHeaders[k] = v));
	if (!response.ok && !options.ignoreHttpStatusErrors) {
		throw new NodeApiError(NODE, { message: `HTTP ${response.status}`, httpCode: String(response.status) } as JsonObject);
	}
	if (!options.returnFullResponse) return parsed;
	return { statusCode: response.status, statusMessage: response.statusText, headers: responseHeaders, body: parsed };
}

/** The three credential values of a running sandbox (anything with url, token and clientId). */
export function credentialsOf(sandbox: { url: string; token: string; clientId: string }) {
	return { baseUrl: sandbox.url, token: sandbox.token, clientId: sandbox.clientId };
}

/**
 * A GET straight to the server, bypassing the node, so a test can compare the node's output
 * with what the service itself says. `path` includes the version root.
 */
export async function rawGet(sandbox: { url: string; token: string; clientId: string }, path: string): Promise<{ status: number; body: any }> {
	const response = await fetch(`${sandbox.url}${path}`, {
		headers: { authorization: `Bearer ${sandbox.token}`, 'x-client-identifier': sandbox.clientId, accept: 'application/json' },
	});
	return { status: response.status, body: await response.json() };
}

/** V1 Download Summary's parameters for `rut`, with `extra` over them. */
export const downloadSummaryParams = (rut: string, extra: Params = {}) => ({
	apiVersion: 'v1',
	resource: 'v1Rut',
	operation: 'downloadSummary',
	rut,
	...extra,
});
