/**
 * The service's answer as the transport reads it: the `{success, data}` envelope unwrapped (or a
 * PDF, or the bare JSON of V1's downloadable summary), and the service's own words when it failed.
 */
import type { IDataObject } from 'n8n-workflow';

import { ServiceError } from '../errors';
import { isPlainObject } from '../objects';
import { shouldRetry } from './retry';
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
