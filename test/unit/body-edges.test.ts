// How the trigger finds a delivery's JSON on the request n8n hands it (body.ts): which body it
// takes, when it reads the raw bytes, how many gzip layers it takes off, where its cap is, and what
// a JSON syntax error may say. Requests are written here the way n8n's body parser leaves them.
import { gzipSync } from 'node:zlib';

import type { DeliveryRequest } from '../../nodes/RiskInfoTrigger/body';
import { readPayload } from '../../nodes/RiskInfoTrigger/body';
import { isolated } from '../helpers/isolated';

const event = { webhookId: 5, estado: 'FAILED', error: 'x' };
const text = JSON.stringify(event);
const raw = (bytes: string | Uint8Array, more: Partial<DeliveryRequest> = {}): DeliveryRequest => ({ headers: {}, contentType: 'application/octet-stream', rawBody: typeof bytes === 'string' ? Buffer.from(bytes) : bytes, ...more });
const unreadable = () => Promise.reject(new Error('must not be read'));
const empty = { ok: false, status: 400, error: 'empty_body', message: 'The body is empty; expected a JSON compliance event.' };

describe('the body n8n parsed, or the raw bytes', () => {
	it('n8n\'s parsed object is taken for application/json, or with no Content-Type, without reading the bytes', async () => {
		for (const contentType of ['application/json', undefined]) {
			await expect(readPayload({ headers: {}, contentType, body: event, readRawBody: unreadable })).resolves.toEqual({ ok: true, payload: event });
		}
	});

	it('for another Content-Type, or a parsed body that is null, empty or text, the raw bytes are read instead', async () => {
		const other = { webhookId: 6 };
		for (const req of [
			raw(text, { body: other, contentType: 'text/plain' }),
			raw(text, { body: undefined, contentType: 'application/json' }),
			raw(text, { body: null, contentType: 'application/json' }),
			raw(text, { body: {}, contentType: 'application/json' }),
			raw(text, { body: JSON.stringify(other), contentType: 'application/json' }),
		]) {
			await expect(readPayload(req)).resolves.toEqual({ ok: true, payload: event });
		}
	});

	it('an empty array is a parsed body, not an empty one: it is taken as it is', async () => {
		await expect(readPayload(raw(text, { body: [], contentType: 'application/json' }))).resolves.toEqual({ ok: true, payload: [] });
	});

	it('bytes already on the request are not read again; missing ones are read when n8n offers to', async () => {
		await expect(readPayload(raw(text, { readRawBody: unreadable }))).resolves.toEqual({ ok: true, payload: event });
		const req: DeliveryRequest = { headers: {}, contentType: 'application/gzip' };
		req.readRawBody = async () => {
			req.rawBody = gzipSync(text);
		};
		await expect(readPayload(req)).resolves.toEqual({ ok: true, payload: event });
	});

	it('without bytes or a way to read them, text n8n kept is parsed, and raw bytes kept as text are too', async () => {
		await expect(readPayload({ headers: {}, contentType: 'text/plain', body: text })).resolves.toEqual({ ok: true, payload: event });
		await expect(readPayload({ headers: {}, contentType: 'text/plain', rawBody: text as unknown as Uint8Array })).resolves.toEqual({ ok: true, payload: event });
		await expect(readPayload({ headers: {}, contentType: 'text/plain' })).resolves.toEqual(empty);
	});

	it('an empty body says what was expected', async () => {
		await expect(readPayload(raw(new Uint8Array(0)))).resolves.toEqual(empty);
	});

	it('bytes n8n cannot read: 413 when it says too large (status or statusCode), 400 otherwise', async () => {
		const failing = (error: object): DeliveryRequest => ({ headers: {}, contentType: 'application/gzip', readRawBody: () => Promise.reject(Object.assign(new Error('no'), error)) });
		const tooLarge = { ok: false, status: 413, error: 'body_too_large', message: 'The body is larger than n8n accepts.' };
		await expect(readPayload(failing({ status: 413 }))).resolves.toEqual(tooLarge);
		await expect(readPayload(failing({ statusCode: 413 }))).resolves.toEqual(tooLarge);
		await expect(readPayload(failing({ statusCode: 400 }))).resolves.toEqual({
			ok: false,
			status: 400,
			error: 'unreadable_body',
			message: 'The body could not be read (a Content-Encoding that does not match the data?).',
		});
	});
});

describe('gzip layers and the cap', () => {
	it('two layers are taken off; a third is not, so the body is not JSON', async () => {
		await expect(readPayload(raw(gzipSync(gzipSync(text))))).resolves.toEqual({ ok: true, payload: event });
		await expect(readPayload(raw(gzipSync(gzipSync(gzipSync(text)))))).resolves.toMatchObject({ ok: false, status: 400, error: 'invalid_json' });
	});

	it('a body n8n did not cap is refused past 16 MiB, and accepted at exactly 16 MiB, plain or gzipped', async () => {
		// Loaded inside the test: the cap is a module-level value (test/MUTANTS.md).
		const body = isolated(() => require('../../nodes/RiskInfoTrigger/body') as typeof import('../../nodes/RiskInfoTrigger/body'));
		const padded = (size: number) => Buffer.from(`${text}${' '.repeat(size - text.length)}`);
		const refused = { ok: false, status: 413, error: 'body_too_large', message: 'The body is larger than 16 MiB once decompressed.' };
		for (const pack of [(b: Buffer) => b, (b: Buffer) => gzipSync(b)]) {
			await expect(body.readPayload(raw(pack(padded(16 * 1024 * 1024))))).resolves.toEqual({ ok: true, payload: event });
			await expect(body.readPayload(raw(pack(padded(16 * 1024 * 1024 + 1))))).resolves.toEqual(refused);
		}
	});

	it('a body is taken for gzip only when it starts with both magic bytes; otherwise it is read as text', async () => {
		for (const start of [[0x1f, 0x7b], [0x7b, 0x8b], [0x1f]]) {
			await expect(readPayload(raw(Buffer.from(start)))).resolves.toMatchObject({ ok: false, status: 400, error: 'invalid_json' });
		}
		await expect(readPayload(raw(Buffer.from([0x1f, 0x8b])))).resolves.toMatchObject({ ok: false, status: 400, error: 'bad_gzip' });
	});

	it('bytes that are not UTF-8 are not JSON, even where a decoder would replace them', async () => {
		await expect(readPayload(raw(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])))).resolves.toMatchObject({ ok: false, status: 400, error: 'invalid_json', message: 'The body is not UTF-8 text, so it cannot be JSON.' });
	});

	it('a gzip that cannot be inflated says why', async () => {
		const cut = gzipSync(text).subarray(0, 12);
		const answer = await readPayload(raw(cut));
		expect(answer).toMatchObject({ ok: false, status: 400, error: 'bad_gzip' });
		expect(answer.ok || answer.message).toMatch(/^The body starts like gzip but could not be decompressed \(.+\)\.$/);
		expect(answer.ok || answer.message).not.toContain('undefined');
	});
});

describe('a JSON syntax error', () => {
	it('says what is wrong, up to where the parser quotes the body', async () => {
		const message = async (body: string) => {
			const answer = await readPayload(raw(body));
			return answer.ok ? 'parsed' : answer.message;
		};
		await expect(message('nope')).resolves.toBe("The body is not valid JSON (Unexpected token 'o').");
		// The parser quotes from before the error: the first quote is where it stops, not a later one.
		await expect(message('{"a": 1, "b": x, "c": 2, "d": "tok-0123456789"}')).resolves.toBe("The body is not valid JSON (Unexpected token 'x').");
		await expect(message('{"a":')).resolves.toBe('The body is not valid JSON (Unexpected end of JSON input).');
	});
});
