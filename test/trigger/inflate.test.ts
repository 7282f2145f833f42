// Gunzip without zlib, capped: where a body's next gzip member starts (Node 24, which n8n 2.x runs
// on, stops its DecompressionStream after the first member), and how the stream is fed so that a
// bomb stops near the cap. The whole path runs in the real n8n: scripts/lib/hostile.js (e2e).
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';

import type { InflateResult, OpenStream } from '../../nodes/RiskInfoTrigger/inflate';
import { gunzipCapped, MAX_MEMBERS, nextMember } from '../../nodes/RiskInfoTrigger/inflate';

const first = gzipSync('{"webhookId":1,');
const second = gzipSync('"estado":"FAILED"}');
const body = Buffer.concat([first, second]);
const SIZE = Buffer.byteLength('{"webhookId":1,');

describe('nextMember', () => {
	it('finds the member after one by the size it inflated to', () => {
		expect(nextMember(body, 0, SIZE)).toBe(first.length);
	});

	it('a header whose preceding four bytes are not that size is not a boundary', () => {
		expect(nextMember(body, 0, SIZE + 1)).toBe(-1);
		// The size is counted modulo 2^32, as gzip stores it.
		expect(nextMember(body, 0, SIZE + 2 ** 32)).toBe(first.length);
	});

	it('the bytes 1f 8b must be followed by 08 (deflate), and nothing is looked for inside the first 18 bytes', () => {
		const size = Buffer.alloc(4);
		size.writeUInt32LE(7);
		const notDeflate = Buffer.concat([Buffer.alloc(18), size, Buffer.from([0x1f, 0x8b, 0x07, 0, 0]), size, Buffer.from([0x1f, 0x8b, 0x08, 0, 0])]);
		expect(nextMember(notDeflate, 0, 7)).toBe(18 + 4 + 5 + 4);
		const notGzip = Buffer.concat([Buffer.alloc(18), size, Buffer.from([0x1f, 0x00, 0x08, 0, 0])]);
		expect(nextMember(notGzip, 0, 7)).toBe(-1);
		const early = Buffer.concat([Buffer.alloc(13), size, Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0])]);
		expect(nextMember(early, 0, 7)).toBe(-1);
		// One byte later it is 18 bytes past the member's start, unless the member starts a byte later too.
		expect(nextMember(Buffer.concat([Buffer.alloc(1), early]), 0, 7)).toBe(18);
		expect(nextMember(Buffer.concat([Buffer.alloc(1), early]), 1, 7)).toBe(-1);
	});

	it('searches from the member it is given, and a header cut off at the end is none', () => {
		const three = Buffer.concat([first, first, second]);
		expect(nextMember(three, first.length, SIZE)).toBe(2 * first.length);
		expect(nextMember(Buffer.concat([first, second.subarray(0, 2)]), 0, SIZE)).toBe(-1);
		expect(nextMember(Buffer.concat([first, second.subarray(0, 3)]), 0, SIZE)).toBe(first.length);
	});
});

/**
 * The body of `texts` gzipped one member each, and a way to open streams over it that stop after
 * a member and call the rest junk, as Node 24's DecompressionStream does (Node 20's, which this
 * suite runs on, reads every member itself). Each stream is told how long its member is.
 */
function members(texts: string[]): { body: Buffer; open: OpenStream; opened: () => number } {
	const parts = texts.map((text) => gzipSync(text));
	let opened = 0;
	const open: OpenStream = () => {
		const inner = new DecompressionStream('gzip');
		const writer = inner.writable.getWriter();
		let room = parts[opened++]?.length ?? Infinity;
		let junk = false;
		const writable = new WritableStream<BufferSource>({
			async write(chunk) {
				if (junk) return;
				const bytes = new Uint8Array(chunk as Uint8Array);
				const fits = bytes.subarray(0, Math.max(0, room));
				room -= fits.length;
				if (fits.length) await writer.write(fits);
				if (fits.length < bytes.length) {
					junk = true;
					await writer.close();
				}
			},
			close: () => (junk ? undefined : writer.close()),
			abort: (reason) => writer.abort(reason),
		});
		// What the member inflated to comes out first, then the error, as on Node 24.
		const readable = inner.readable.pipeThrough(
			new TransformStream<Uint8Array, Uint8Array>({
				flush(controller) {
					if (junk) controller.error(new TypeError('Trailing junk found after the end of the compressed stream'));
				},
			}),
		);
		return { writable, readable };
	};
	return { body: Buffer.concat(parts), open, opened: () => opened };
}

describe('gunzipCapped on a Node whose stream stops after each member', () => {
	it('goes on from the next member, one stream each, and the output is every member in order', async () => {
		const m = members(['{"a":', '"b",', '"c":1}']);
		const r = await gunzipCapped(m.body, 1024, m.open);
		expect(r.ok && Buffer.from(r.bytes).toString()).toBe('{"a":"b","c":1}');
		expect(m.opened()).toBe(3);
	});

	it(`reads ${MAX_MEMBERS} members, not one more`, async () => {
		const texts = Array.from({ length: MAX_MEMBERS }, (_, i) => `${i % 10}`);
		const all = members(texts);
		const r = await gunzipCapped(all.body, 1024, all.open);
		expect(r.ok && Buffer.from(r.bytes).toString()).toBe(texts.join(''));
		const more = members([...texts, 'x']);
		expect(await gunzipCapped(more.body, 1024, more.open)).toEqual({ ok: false, reason: 'corrupt', detail: `more than ${MAX_MEMBERS} gzip members` });
		expect(more.opened()).toBe(MAX_MEMBERS);
	});

	it('the cap counts every member: what fits passes, a byte more is too large', async () => {
		const texts = ['x'.repeat(600), 'y'.repeat(600)];
		const under = members(texts);
		expect(await gunzipCapped(under.body, 1199, under.open)).toEqual({ ok: false, reason: 'tooLarge' });
		const fits = members(texts);
		const r = await gunzipCapped(fits.body, 1200, fits.open);
		expect(r.ok && Buffer.from(r.bytes).toString()).toBe(texts.join(''));
	});

	it('a stop with no member after it, or after a member that inflated to nothing, is corrupt with the stream\'s reason', async () => {
		const junk = members(['{"a":1}']);
		const r = await gunzipCapped(Buffer.concat([junk.body, Buffer.from('zz')]), 1024, junk.open);
		expect(r).toEqual({ ok: false, reason: 'corrupt', detail: 'Trailing junk found after the end of the compressed stream' });
		const empty = members(['', 'x']);
		expect(await gunzipCapped(empty.body, 1024, empty.open)).toEqual({ ok: false, reason: 'corrupt', detail: 'Trailing junk found after the end of the compressed stream' });
		expect(empty.opened()).toBe(1);
	});
});

describe('how gunzipCapped feeds its stream', () => {
	/**
	 * gunzipCapped from a fresh load (its slice bounds are module-level values) over streams that
	 * note the size of each slice written to them and which of their sides were stopped.
	 */
	async function watched(input: Uint8Array, maxBytes: number): Promise<{ result: InflateResult; sizes: number[]; stopped: string[] }> {
		const sizes: number[] = [];
		const stopped: string[] = [];
		const open: OpenStream = () => {
			const inner = new DecompressionStream('gzip');
			const writer = inner.writable.getWriter();
			const reader = inner.readable.getReader();
			const writable = new WritableStream<BufferSource>({
				write: (chunk) => {
					sizes.push((chunk as Uint8Array).byteLength);
					return writer.write(chunk);
				},
				close: () => writer.close(),
				abort: (reason) => {
					stopped.push('writing');
					return writer.abort(reason);
				},
			});
			const readable = new ReadableStream<Uint8Array>({
				pull: async (controller) => {
					const { done, value } = await reader.read();
					if (done) controller.close();
					else controller.enqueue(value);
				},
				cancel: (reason) => {
					stopped.push('reading');
					return reader.cancel(reason);
				},
			});
			return { writable, readable };
		};
		return { result: await gunzipCapped(input, maxBytes, open), sizes, stopped };
	}
	// Random bytes do not compress, so what has been read out grows as fast as what was fed.
	const noise = (size: number) => gzipSync(randomBytes(size));

	it('with room to spare, in slices of 64 KiB; an input that ends on a slice boundary gets no empty slice after it', async () => {
		// Random data is stored, not compressed: the gzip's length follows the data's, byte for byte.
		const target = 5 * 64 * 1024;
		let size = target;
		let input = noise(size);
		for (let tries = 0; input.length !== target && tries < 20; tries++) input = noise((size -= input.length - target));
		expect(input.length).toBe(target);
		const { result: { ok }, sizes } = await watched(input, 1024 ** 3);
		expect(ok).toBe(true);
		expect(sizes).toEqual([1, 2, 3, 4, 5].map(() => 64 * 1024));
	});

	it('under a cap, each slice can inflate to at most a quarter of the room left (1 KiB of deflate data inflates to at most 1,032 KiB), shrinking as the output grows', async () => {
		const cap = 16 * 1024 * 1024;
		const input = noise(400 * 1024);
		const { result: { ok }, sizes } = await watched(input, cap);
		expect(ok).toBe(true);
		const fed = sizes.slice(0, -1);
		expect(Math.max(...fed) * 1032 * 4).toBeLessThanOrEqual(cap);
		expect(fed[0] * 1032 * 4).toBeGreaterThan(cap - 1032 * 4);
		for (let i = 1; i < fed.length; i++) expect(fed[i]).toBeLessThanOrEqual(fed[i - 1]);
		expect(fed.at(-1)).toBeLessThan(fed[0]);
		expect(Math.min(...sizes)).toBeGreaterThan(0);
	});

	it('a body that inflates past the cap stops its stream, both sides, rather than leaving it pending', async () => {
		// Random bytes inflate one to one, so the feeding is still going when the output passes the cap.
		const { result, stopped } = await watched(noise(2 * 1024 * 1024), 1024 * 1024);
		expect(result).toEqual({ ok: false, reason: 'tooLarge' });
		expect(stopped.sort()).toEqual(['reading', 'writing']);
	});

	it('never in slices under 1 KiB, however little room is left', async () => {
		const input = noise(20 * 1024);
		const { result: { ok }, sizes } = await watched(input, 1024 * 1024);
		expect(ok).toBe(true);
		expect(sizes.slice(0, -1).every((size) => size === 1024)).toBe(true);
	});
});
