// Every body form arrives — what n8n inflates and parses, and what it leaves alone (JSON media
// types it does not parse, bodies still gzipped) — and a body that is not a usable event gets a
// 4xx with a JSON error, never a run. Gzip bodies come from the sandbox's own delivery code. The
// last part reads requests written the way n8n's body parser leaves them (body.ts at its edges).
import { gzipSync } from 'node:zlib';

import { readPayload, type DeliveryRequest } from '../../nodes/RiskInfoTrigger/body';
import { BEARER, BEARER_CREDENTIAL, WEBHOOK_TOKEN, delivery, event, type Rec } from './forms';
import { N8N_PAYLOAD_SIZE_MAX, TriggerHarness } from './harness';

const AUTH = { Authorization: `Bearer ${WEBHOOK_TOKEN}` };

let h: TriggerHarness;
beforeAll(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: { ignoreRepeatedDeliveries: false, respond: 'immediately' } });
});
afterAll(async () => h.close());
afterEach(() => expect(h.thrown).toEqual([]));

async function expectEvent(headers: Record<string, string>, body: Uint8Array | string, webhookId: unknown) {
	const answer = await h.post(headers, body);
	expect(answer.refusedByN8n).toBe(false);
	expect(answer.status).toBe(200);
	expect(answer.run).toHaveLength(1);
	expect(answer.run?.[0].webhookId).toBe(webhookId);
	expect(answer.json).toEqual({ received: true, emitted: 1 });
}

async function expectRejected(headers: Record<string, string>, body: Uint8Array | string, status: number, error: string) {
	const before = h.runs.length;
	const answer = await h.post(headers, body);
	expect(answer.refusedByN8n).toBe(false);
	expect(answer.status).toBe(status);
	expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
	expect(answer.json?.error).toBe(error);
	expect(typeof answer.json?.message).toBe('string');
	expect(h.runs.length).toBe(before);
	return answer.json?.message as string;
}

describe('forms n8n handles before the node runs', () => {
	it('Content-Encoding gzip + application/json, exactly as the sandbox delivers', async () => {
		const e = event('success');
		const d = delivery(e);
		expect(d.headers['Content-Encoding']).toBe('gzip');
		expect(d.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
		await expectEvent(d.headers, d.body, e.webhookId);
	});

	it('application/json with parameters (n8n strips them and parses)', async () => {
		const e = event('failed');
		const d = delivery(e);
		await expectEvent({ ...d.headers, 'Content-Type': 'Application/JSON; charset=UTF-8' }, d.body, e.webhookId);
	});
});

describe('forms n8n leaves to the node', () => {
	it.each([
		['application/vnd.riskinfo+json', 'application/vnd.riskinfo+json'],
		['application/problem+json with a charset', 'application/problem+json; charset=utf-8'],
		['text/plain (n8n hands over a string)', 'text/plain'],
		['no Content-Type at all', undefined],
	])('uncompressed JSON as %s: parsed from rawBody', async (_name, type) => {
		const e = event('success');
		const headers: Record<string, string> = { ...AUTH };
		if (type) headers['Content-Type'] = type;
		await expectEvent(headers, JSON.stringify(e), e.webhookId);
	});

	it.each([
		['Content-Encoding x-gzip, application/octet-stream', { 'Content-Encoding': 'x-gzip', 'Content-Type': 'application/octet-stream' }],
		['no Content-Encoding, application/gzip', { 'Content-Type': 'application/gzip' }],
		['Content-Encoding "gzip, identity" (a list n8n does not inflate)', { 'Content-Encoding': 'gzip, identity', 'Content-Type': 'application/vnd.api+json' }],
	])('body still gzipped (%s): inflated by the node', async (_name, headers) => {
		const e = event('success');
		const d = delivery(e);
		await expectEvent({ ...d.headers, ...headers }, d.body, e.webhookId);
	});

	it('gzip inside Content-Encoding gzip (compressed twice): n8n inflates one layer, the node the other', async () => {
		const e = event('nomatch');
		const d = delivery(e);
		await expectEvent({ ...d.headers, 'Content-Type': 'application/octet-stream' }, gzipSync(d.body), e.webhookId);
	});

	it('a multi-member gzip stream is inflated whole', async () => {
		const e = event('success');
		const text = Buffer.from(JSON.stringify(e));
		const half = Math.floor(text.length / 2);
		const body = Buffer.concat([gzipSync(text.subarray(0, half)), gzipSync(text.subarray(half))]);
		await expectEvent({ ...AUTH, 'Content-Type': 'application/octet-stream' }, body, e.webhookId);
	});

	it('a large legitimate event (2 MiB) is accepted', async () => {
		const e: Rec = { ...event('failed'), details: 'x'.repeat(2 * 1024 * 1024) };
		const d = delivery(e);
		await expectEvent({ ...d.headers, 'Content-Encoding': 'x-gzip', 'Content-Type': 'application/octet-stream' }, d.body, e.webhookId);
	});
});

describe('bodies that are not a usable event: 4xx with a JSON error, no run', () => {
	const raw = { ...AUTH, 'Content-Type': 'application/vnd.riskinfo+json' };

	it('not JSON', async () => {
		await expectRejected({ ...AUTH, 'Content-Type': 'text/plain' }, 'webhookId=1&status=SUCCESS', 400, 'invalid_json');
		await expectRejected(raw, '{"webhookId": 1, "status": "SUCCESS"', 400, 'invalid_json');
		await expectRejected({ ...AUTH, 'Content-Type': 'application/x-www-form-urlencoded' }, 'webhookId=1&status=SUCCESS', 400, 'invalid_json');
	});

	it('not UTF-8 text', async () => {
		const bytes = Buffer.concat([Buffer.from('{"webhookId":1,"status":"SUCCESS","fullName":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
		await expectRejected(raw, bytes, 400, 'invalid_json');
	});

	it.each([
		['an array', [event('success')]],
		['a string', 'SUCCESS'],
		['a number', 42],
		['null', null],
	])('JSON that is %s, also when n8n parsed it', async (_name, value) => {
		const message = await expectRejected(raw, JSON.stringify(value), 400, 'not_an_object');
		expect(message).toMatch(/object/);
		if (value !== null && typeof value === 'object') {
			const d = delivery(value);
			await expectRejected(d.headers, d.body, 400, 'not_an_object');
		}
	});

	it('an object without webhookId, without a status, or with neither', async () => {
		const { webhookId: _drop, ...noId } = event('failed');
		const { status: _s, estado: _e, ...noStatus } = event('success');
		expect(await expectRejected(raw, JSON.stringify(noId), 400, 'missing_fields')).toMatch(/webhookId/);
		expect(await expectRejected(raw, JSON.stringify(noStatus), 400, 'missing_fields')).toMatch(/status/);
		const both = await expectRejected(raw, JSON.stringify({ fullName: 'x' }), 400, 'missing_fields');
		expect(both).toMatch(/webhookId/);
		expect(both).toMatch(/status/);
		const d = delivery({ webhookId: 1, status: '   ' });
		expect(await expectRejected(d.headers, d.body, 400, 'missing_fields')).toMatch(/status/);
	});

	it('an empty body, as n8n parses it ({}) and as raw bytes', async () => {
		await expectRejected({ ...AUTH, 'Content-Type': 'application/octet-stream' }, '', 400, 'empty_body');
		await expectRejected({ ...AUTH, 'Content-Type': 'application/json' }, '', 400, 'empty_body');
		await expectRejected({ ...AUTH, 'Content-Type': 'application/json' }, '{}', 400, 'missing_fields');
	});

	it('gzip magic bytes but corrupt or truncated data', async () => {
		const d = delivery(event('success'));
		const headers = { ...d.headers, 'Content-Encoding': 'x-gzip', 'Content-Type': 'application/octet-stream' };
		await expectRejected(headers, d.body.subarray(0, d.body.length - 12), 400, 'bad_gzip');
		const flipped = Buffer.from(d.body);
		flipped[Math.floor(flipped.length / 2)] ^= 0xff;
		await expectRejected(headers, flipped, 400, 'bad_gzip');
		await expectRejected(headers, Buffer.from([0x1f, 0x8b, 0x08]), 400, 'bad_gzip');
	});
});

describe('gzip bombs', () => {
	/** Counts what the node's DecompressionStream produces, to see it stop near the cap. */
	function countInflatedBytes() {
		const Original = globalThis.DecompressionStream;
		const counter = { bytes: 0, streams: 0, restore: () => (globalThis.DecompressionStream = Original) };
		globalThis.DecompressionStream = class {
			readonly writable: WritableStream<BufferSource>;
			readonly readable: ReadableStream<Uint8Array>;
			constructor(format: CompressionFormat) {
				const inner = new Original(format);
				counter.streams++;
				this.writable = inner.writable;
				this.readable = inner.readable.pipeThrough(
					new TransformStream<Uint8Array, Uint8Array>({
						transform(chunk, controller) {
							counter.bytes += chunk.byteLength;
							controller.enqueue(chunk);
						},
					}),
				);
			}
		} as unknown as typeof DecompressionStream;
		return counter;
	}

	it('a few KB from the sandbox delivery code that inflate past the cap: 413, inflation stops near the cap', async () => {
		const e: Rec = { ...event('failed'), details: 'A'.repeat(N8N_PAYLOAD_SIZE_MAX + 1024 * 1024) };
		const d = delivery(e, BEARER);
		expect(d.body.length).toBeLessThan(64 * 1024);
		const counter = countInflatedBytes();
		try {
			await expectRejected({ ...d.headers, 'Content-Encoding': 'x-gzip', 'Content-Type': 'application/octet-stream' }, d.body, 413, 'body_too_large');
		} finally {
			counter.restore();
		}
		expect(counter.streams).toBe(1);
		expect(counter.bytes).toBeGreaterThan(N8N_PAYLOAD_SIZE_MAX);
		expect(counter.bytes).toBeLessThan(N8N_PAYLOAD_SIZE_MAX + 4 * 1024 * 1024);
	});

	it('1 MB that would inflate to 1 GiB: 413 without inflating it, memory stays bounded', async () => {
		const member = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
		const bomb = Buffer.concat(Array.from({ length: 16 }, () => member));
		expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
		const counter = countInflatedBytes();
		const baseline = process.memoryUsage().rss;
		let peak = baseline;
		const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
		try {
			await expectRejected({ ...AUTH, 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'x-gzip' }, bomb, 413, 'body_too_large');
		} finally {
			clearInterval(sampler);
			counter.restore();
		}
		expect(counter.bytes).toBeLessThan(N8N_PAYLOAD_SIZE_MAX + 4 * 1024 * 1024);
		// Inflating it all would need over 1 GiB; the cap keeps the growth to tens of MiB.
		expect(peak - baseline).toBeLessThan(256 * 1024 * 1024);
	});
});

describe('bodies n8n does not read first (not JSON, text, form or XML)', () => {
	it('are still capped: 413 from the node itself past 16 MiB once inflated', async () => {
		const bomb = gzipSync(Buffer.alloc(N8N_PAYLOAD_SIZE_MAX + 1024 * 1024), { level: 9 });
		const answer = await h.post({ ...AUTH, 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip' }, bomb);
		expect([answer.status, answer.refusedByN8n, answer.json?.error]).toEqual([413, false, 'body_too_large']);
	});
});

const failed = { webhookId: 5, estado: 'FAILED', error: 'x' };
const text = JSON.stringify(failed);
const raw = (bytes: string | Uint8Array, more: Partial<DeliveryRequest> = {}): DeliveryRequest => ({ headers: {}, contentType: 'application/octet-stream', rawBody: typeof bytes === 'string' ? Buffer.from(bytes) : bytes, ...more });
const unreadable = () => Promise.reject(new Error('must not be read'));
const empty = { ok: false, status: 400, error: 'empty_body', message: 'The body is empty; expected a JSON compliance event.' };

describe('the body n8n parsed, or the raw bytes', () => {
	it('n8n\'s parsed object is taken for application/json, or with no Content-Type, without reading the bytes', async () => {
		for (const contentType of ['application/json', undefined]) {
			await expect(readPayload({ headers: {}, contentType, body: failed, readRawBody: unreadable })).resolves.toEqual({ ok: true, payload: failed });
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
			await expect(readPayload(req)).resolves.toEqual({ ok: true, payload: failed });
		}
	});

	it('an empty array is a parsed body, not an empty one: it is taken as it is', async () => {
		await expect(readPayload(raw(text, { body: [], contentType: 'application/json' }))).resolves.toEqual({ ok: true, payload: [] });
	});

	it('bytes already on the request are not read again; missing ones are read when n8n offers to', async () => {
		await expect(readPayload(raw(text, { readRawBody: unreadable }))).resolves.toEqual({ ok: true, payload: failed });
		const req: DeliveryRequest = { headers: {}, contentType: 'application/gzip' };
		req.readRawBody = async () => {
			req.rawBody = gzipSync(text);
		};
		await expect(readPayload(req)).resolves.toEqual({ ok: true, payload: failed });
	});

	it('without bytes or a way to read them, text n8n kept is parsed, and raw bytes kept as text are too', async () => {
		await expect(readPayload({ headers: {}, contentType: 'text/plain', body: text })).resolves.toEqual({ ok: true, payload: failed });
		await expect(readPayload({ headers: {}, contentType: 'text/plain', rawBody: text as unknown as Uint8Array })).resolves.toEqual({ ok: true, payload: failed });
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
		await expect(readPayload(raw(gzipSync(gzipSync(text))))).resolves.toEqual({ ok: true, payload: failed });
		await expect(readPayload(raw(gzipSync(gzipSync(gzipSync(text)))))).resolves.toMatchObject({ ok: false, status: 400, error: 'invalid_json' });
	});

	it('a body n8n did not cap is refused past 16 MiB, and accepted at exactly 16 MiB, plain or gzipped', async () => {
		const padded = (size: number) => Buffer.from(`${text}${' '.repeat(size - text.length)}`);
		const refused = { ok: false, status: 413, error: 'body_too_large', message: 'The body is larger than 16 MiB once decompressed.' };
		for (const pack of [(b: Buffer) => b, (b: Buffer) => gzipSync(b)]) {
			await expect(readPayload(raw(pack(padded(16 * 1024 * 1024))))).resolves.toEqual({ ok: true, payload: failed });
			await expect(readPayload(raw(pack(padded(16 * 1024 * 1024 + 1))))).resolves.toEqual(refused);
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
