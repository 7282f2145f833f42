/**
 * Failures to reach the service at all, as users see them: a connection error's code, a request
 * n8n's SSRF protection refused, a Base URL on n8n's own machine (Docker, the local sandbox), and
 * what n8n's HTTP helper threw otherwise. The credential's Test and the transport share them.
 */
import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

/** A connection error's code: ECONNRESET or ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE, not an HTTP status or a message. */
const CONNECTION_CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * The connection error code of a failed request, for the node and the credential's Test alike.
 * n8n's helpers wrap the socket's error once or twice, so the causes are read first (a few deep,
 * never as deep as a hostile chain), then the error's own code and n8n's httpCode.
 */
export function connectionErrorCode(error: unknown): string | undefined {
	const chain: Array<{ code?: unknown; httpCode?: unknown; cause?: unknown }> = [];
	for (let e = error; typeof e === 'object' && e !== null && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
	const [top, ...causes] = chain;
	for (const candidate of [...causes.map((c) => c.code), top?.code, top?.httpCode]) {
		if (typeof candidate === 'string' && CONNECTION_CODE.test(candidate)) return candidate;
	}
	return undefined;
}

/** What n8n's SSRF protection blocked: the address a Base URL resolved to, or a host name on its deny-list. */
export interface SsrfBlock {
	ip?: string;
	hostname?: string;
}

/**
 * n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED) refusing the request, found by its errors'
 * names: they live in n8n's own packages, which node code cannot import. n8n's helpers wrap them
 * once (httpRequestWithAuthentication) or not at all (the credential Test).
 */
export function ssrfBlock(error: unknown): SsrfBlock | undefined {
	let e = error;
	for (let depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
		const { name, ip, hostname } = e as { name?: unknown; ip?: unknown; hostname?: unknown };
		if (name === 'SsrfBlockedIpError' || name === 'SsrfBlockedHostnameError') {
			return { ip: typeof ip === 'string' ? ip : undefined, hostname: typeof hostname === 'string' ? hostname : undefined };
		}
	}
	return undefined;
}

/**
 * What to tell a user whose request n8n's SSRF protection blocked: the narrowest allowance that
 * lets this Base URL through. A host name on the allow-list skips the address check; an address
 * written in the Base URL is checked against the allowed ranges only.
 */
export function ssrfAdvice(baseUrl: string | URL, block: SsrfBlock): string {
	let host = block.hostname ?? '';
	try {
		host = new URL(String(baseUrl)).hostname;
	} catch {
		// The transport and the Test parse the Base URL before sending: the error's own words serve.
	}
	const address = host.replace(/^\[|\]$/g, '');
	const literal = /^[\d.]+$/.test(address) || address.includes(':');
	const target = block.ip && block.ip !== address ? `${host} (${block.ip})` : host || block.ip || 'the Base URL';
	const allow = literal ? `N8N_SSRF_ALLOWED_IP_RANGES=${address}/${address.includes(':') ? 128 : 32}` : `N8N_SSRF_ALLOWED_HOSTNAMES=${host}`;
	const why = block.ip ? 'it is a private or local address n8n may not reach' : "its host name is on n8n's deny-list (N8N_SSRF_BLOCKED_HOSTNAMES)";
	return (
		`n8n's SSRF protection blocked the request to ${target}, the Base URL of the Risk Info credential: ${why}. ` +
		`If the service really is there, ask the n8n administrator to allow it with the setting ${allow} on every n8n process and restart n8n; otherwise correct the Base URL.`
	);
}

/** The local sandbox's address, which a clone of the package's repository starts (npm start, npm run sandbox). */
const SANDBOX_URL = 'http://127.0.0.1:4010';

/** A Base URL on this machine's loopback: the sandbox's, or a service a user runs beside n8n. */
export function isLoopback(baseUrl: string | URL | undefined): boolean {
	let url: URL;
	try {
		url = new URL(String(baseUrl ?? ''));
	} catch {
		return false;
	}
	return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
}

/**
 * What a connection failure to a loopback Base URL may mean, and only to one: a production Base
 * URL must not be told about a development sandbox.
 */
export const LOOPBACK_NOTE =
	`The Base URL points at the machine n8n runs on. If n8n runs in Docker, 127.0.0.1 (or localhost) is n8n's own container, not the computer it runs on: use that computer's address, e.g. http://host.docker.internal:4010 on Docker Desktop. The local sandbox of a clone of this package's repository listens on ${SANDBOX_URL} while npm start or npm run sandbox runs.`;

/** A request n8n's SSRF protection refused to send: not the service's failure, and the same next time. */
export function ssrfError(node: INode, baseUrl: string | undefined, block: SsrfBlock): NodeApiError {
	const text = ssrfAdvice(baseUrl ?? '', block);
	const error = new NodeApiError(node, { message: text } as JsonObject, { message: text });
	error.message = text;
	return error;
}

/**
 * A failure of n8n's HTTP helper that is neither an answer nor a known connection error. Only its
 * message (already redacted) goes on: the helper's error carries the request, with its headers.
 */
export function unexpectedError(node: INode, message: string): NodeApiError {
	const text = `The request to the Risk Info service failed: ${message}`;
	const error = new NodeApiError(node, { message: text } as JsonObject, { message: text });
	error.message = text;
	return error;
}
