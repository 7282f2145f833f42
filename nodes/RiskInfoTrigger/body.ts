// A delivery's body as JSON, however it arrives: parsed by n8n, raw gzip (once or twice), or text;
// anything else is a 400 or a 413 the service can read, never a 500.

import { isPlainObject } from '../shared/objects';
import type { DeliveryHeaders } from './auth';
import { gunzipCapped, looksGzipped } from './inflate';

/**
 * The ceiling on a body the node inflates itself. It matches n8n's own default request
 * limit (N8N_PAYLOAD_SIZE_MAX, 16 MiB, counted after inflation), so a delivery is accepted or
 * refused the same way whether n8n or the node did the inflating.
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A body can arrive gzipped twice: once as content, once more as Content-Encoding. */
const MAX_GZIP_LAYERS = 2;

/** The parts of n8n's webhook request (express + n8n's raw-body reader) this node reads. */
export interface DeliveryRequest {
	headers: DeliveryHeaders;
	body?: unknown;
	/** Set by n8n from Content-Type without its parameters, lower-cased. */
	contentType?: string;
	rawBody?: Uint8Array;
	readRawBody?: () => Promise<void>;
}

type Rejection = { status: 400 | 413; error: string; message: string };
export type BodyResult = { ok: true; payload: unknown } | ({ ok: false } & Rejection);

const reject = (status: 400 | 413, error: string, message: string): { ok: false } & Rejection => ({ ok: false, status, error, message });
const tooLarge = () => reject(413, 'body_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB once decompressed.`);

function isEmptyObject(value: unknown): boolean {
	return isPlainObject(value) && Object.keys(value).length === 0;
}

/** n8n parses only an exact `application/json`; anything else leaves `body` empty or as text. */
function parsedByN8n(req: DeliveryRequest): boolean {
	const jsonType = req.contentType === undefined || req.contentType === 'application/json';
	return jsonType && req.body !== undefined && req.body !== null && typeof req.body !== 'string' && !isEmptyObject(req.body);
}

async function rawBytes(req: DeliveryRequest): Promise<{ ok: true; bytes: Uint8Array } | ({ ok: false } & Rejection)> {
	if (!req.rawBody && typeof req.readRawBody === 'function') {
		try {
			await req.readRawBody();
		} catch (error) {
			const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
			if (status === 413) return reject(413, 'body_too_large', 'The body is larger than n8n accepts.');
			return reject(400, 'unreadable_body', 'The body could not be read (a Content-Encoding that does not match the data?).');
		}
	}
	const raw: unknown = req.rawBody;
	if (raw instanceof Uint8Array) return { ok: true, bytes: raw };
	if (typeof raw === 'string') return { ok: true, bytes: new TextEncoder().encode(raw) };
	// Without raw bytes, a text body n8n kept as a string is all there is.
	if (typeof req.body === 'string') return { ok: true, bytes: new TextEncoder().encode(req.body) };
	return { ok: true, bytes: new Uint8Array(0) };
}

/**
 * JSON.parse's message without the stretch of the body it quotes (`Unexpected token 'o', "…tok-0123"…
 * is not valid JSON`): that stretch may hold part of a secret the sender reflected.
 */
function syntaxProblem(error: SyntaxError): string {
	const quoted = [', "', ', ..."'].map((start) => error.message.indexOf(start)).filter((at) => at >= 0);
	// With nothing quoted, Math.min() is Infinity: the whole message.
	return error.message.slice(0, Math.min(...quoted));
}

export async function readPayload(req: DeliveryRequest): Promise<BodyResult> {
	if (parsedByN8n(req)) return { ok: true, payload: req.body };

	const raw = await rawBytes(req);
	if (!raw.ok) return raw;
	let bytes = raw.bytes;
	if (bytes.length === 0) return reject(400, 'empty_body', 'The body is empty; expected a JSON compliance event.');

	for (let layer = 0; layer < MAX_GZIP_LAYERS && looksGzipped(bytes); layer++) {
		const inflated = await gunzipCapped(bytes, MAX_BODY_BYTES);
		if (!inflated.ok) {
			return inflated.reason === 'tooLarge'
				? tooLarge()
				: reject(400, 'bad_gzip', `The body starts like gzip but could not be decompressed (${inflated.detail}).`);
		}
		bytes = inflated.bytes;
	}
	if (bytes.length > MAX_BODY_BYTES) return tooLarge();

	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return reject(400, 'invalid_json', 'The body is not UTF-8 text, so it cannot be JSON.');
	}
	try {
		return { ok: true, payload: JSON.parse(text) as unknown };
	} catch (error) {
		// JSON.parse throws only SyntaxError.
		return reject(400, 'invalid_json', `The body is not valid JSON (${syntaxProblem(error as SyntaxError)}).`);
	}
}
