/**
 * The service's answer as the transport reads it: the `{success, data}` envelope unwrapped (or a
 * PDF, or the bare JSON of V1's downloadable summary), the service's own words when it failed, and
 * whether and when a failed request is asked again (the retry rules, testable without HTTP).
 */
import type { IDataObject } from 'n8n-workflow';

import { ServiceError } from '../errors';
import { isPlainObject } from '../objects';
import type { ApiRequest, ApiResponse } from './types';

/** The data of a 2xx answer, or a ServiceError when the envelope does not say `success: true`. */
export function unwrap(
	req: ApiRequest,
	response: { statusCode: number; headers: IDataObject; body: unknown },
	attempts: number,
): ApiResponse {
	if (req.pdf) {
		const bytes = Buffer.from(response.body as ArrayBuffer);
		const type = String(response.headers['content-type'] ?? '');
		if (type.includes('application/pdf')) return { data: undefined, bytes, headers: response.headers };
		// The service may answer a PDF request with JSON (e.g. an error with status 200).
		return unwrap({ ...req, pdf: false }, { ...response, body: parseJson(bytes.toString('utf8')) }, attempts);
	}
	const body = typeof response.body === 'string' ? parseJson(response.body) : response.body;
	if (req.bare) return { data: body, headers: response.headers, status: response.statusCode };
	if (!isPlainObject(body) || body.success !== true) {
		const code = isPlainObject(body) && typeof body.code === 'number' ? body.code : response.statusCode;
		throw new ServiceError({
			status: code,
			...about(req),
			serviceText: serviceText(body) ?? 'the answer had no "success": true',
			attempts,
			reportedFailure: true,
		});
	}
	return { data: body.data, headers: response.headers, status: response.statusCode };
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** What an error message says about the request besides its outcome. */
export function about(req: ApiRequest) {
	return { rut: req.rut, method: req.method, path: req.path, afterLoad: req.afterLoad };
}

/** A paid call is repeated only where it certainly did not run; any other failure may have charged. */
export function mayHaveCharged(req: ApiRequest, status: number | string): boolean {
	return req.paid === true && !shouldRetry(status, true);
}

/**
 * The service's own words: `error` in V2 bodies, `message` (or `error`) in V1 ones, and the
 * `details` compliance rejections carry (spec §7.3), which tell apart causes that share a
 * status, such as the user's and the corporation's missing permission.
 */
export function serviceText(body: unknown): string | undefined {
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) body = parseJson(Buffer.from(body as Buffer).toString('utf8'));
	if (typeof body === 'string') return body.slice(0, 500) || undefined;
	if (!isPlainObject(body)) return undefined;
	const text = (key: string) => {
		const v = body[key];
		if (typeof v === 'string' && v) return v;
		if (isPlainObject(v) && typeof v.message === 'string' && v.message) return v.message;
		return undefined;
	};
	const main = ['error', 'message', 'msg'].map(text).find((t) => t !== undefined);
	const details = text('details') ?? text('detail');
	if (main && details && details !== main) return `${main} (${details})`;
	return main ?? details;
}

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

const CONNECTION_ERRORS = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
	'UND_ERR_SOCKET',
]);

/** How a request is retried when nobody set Request Options: the action node's defaults, and the Monitor's and the RUT picker's. */
export const RETRY_DEFAULTS = { maxAttempts: 4, maxWaitSeconds: 60 };

/**
 * Whether another attempt is safe. A paid call (a load) is repeated only when the service
 * certainly did not run it: it refused the connection or rate-limited the request; after a
 * 500 or a reset connection the load may have happened and been charged.
 */
export function shouldRetry(status: number | string, paid: boolean): boolean {
	if (paid) return status === 429 || status === 'ECONNREFUSED';
	return typeof status === 'number' ? RETRYABLE_STATUS.has(status) : CONNECTION_ERRORS.has(status);
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now: number): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/** Exponential backoff with full jitter in its upper half, so parallel workers spread out. */
export function backoffMs(attempt: number, baseMs = 500, capMs = 20_000, random = Math.random): number {
	const ceiling = Math.min(capMs, baseMs * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
