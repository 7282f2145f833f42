/**
 * Gunzip with a hard ceiling on the inflated size, without zlib (n8n Cloud forbids it): the
 * web-standard DecompressionStream is a global in Node ≥ 18.
 *
 * The input is fed in slices and the output is counted as it appears, so a small body that
 * would inflate to gigabytes is abandoned once it passes the ceiling instead of being inflated in
 * full first.
 */

/** A byte of deflate data inflates to at most 1,032 bytes. */
const MAX_RATIO = 1032;
/** 1 KiB inflates to at most ~1 MiB: what the output can pass the cap by. */
const MIN_SLICE = 1024;
const MAX_SLICE = 64 * 1024;
/**
 * A slice may inflate to at most a quarter of the room left under the cap, counted from the
 * output read so far; the count lags the feeding by a slice or so, and a quarter leaves room for
 * three. Slices start at 4 KiB under n8n's 16 MiB cap: each costs a round trip through the
 * stream, and 1 KiB slices made inflating a 5 MB delivery cost about twice as much.
 */
function sliceSize(room: number): number {
	return Math.min(MAX_SLICE, Math.max(MIN_SLICE, Math.floor(room / (4 * MAX_RATIO))));
}

export type InflateResult =
	| { ok: true; bytes: Uint8Array }
	| { ok: false; reason: 'tooLarge' }
	| { ok: false; reason: 'corrupt'; detail: string };

export function looksGzipped(bytes: Uint8Array): boolean {
	// Past the end, bytes[i] is undefined: no match.
	return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Members one body may hold. Node 24 (n8n 2.x) inflates them one stream each, and a stream costs
 * about as much as a few KiB of data, so a body of thousands of empty members would cost far
 * more than its size; concatenated files give a handful.
 * @internal
 */
export const MAX_MEMBERS = 64;

/**
 * Where the gzip member after one that inflated to `size` bytes starts, searching from `from`: the
 * first gzip header (1f 8b 08) whose preceding four bytes are that member's ISIZE (RFC 1952, the
 * size modulo 2^32, little-endian). -1 when there is none.
 * @internal
 */
export function nextMember(input: Uint8Array, from: number, size: number): number {
	const isize = size >>> 0;
	// A member is at least 18 bytes of header and trailer.
	for (let at = input.indexOf(0x1f, from + 18); at !== -1; at = input.indexOf(0x1f, at + 1)) {
		// Past the end, input[i] is undefined: no match.
		if (input[at + 1] !== 0x8b || input[at + 2] !== 0x08) continue;
		const stored = (input[at - 4] | (input[at - 3] << 8) | (input[at - 2] << 16) | (input[at - 1] << 24)) >>> 0;
		if (stored === isize) return at;
	}
	return -1;
}

/** A gunzipping stream: DecompressionStream, or in the tests one that stops after a member as Node 24's does on any Node. */
type GzipStream = ReadableWritablePair<Uint8Array, BufferSource>;
export type OpenStream = () => GzipStream;

type Inflated = { kind: 'done'; chunks: Uint8Array[]; total: number } | { kind: 'stopped'; chunks: Uint8Array[]; total: number; detail: string } | { kind: 'tooLarge' };

/**
 * Gunzips `input`, up to `maxBytes` of output, with several members read as one stream (RFC 1952,
 * as zlib and n8n read them). Node 20's DecompressionStream reads every member; Node 24's follows
 * the Compression Streams standard, stops after the first and calls the rest junk, so the next
 * member is found from the size the first inflated to and inflated in a stream of its own.
 */
export async function gunzipCapped(input: Uint8Array, maxBytes: number, open: OpenStream = () => new DecompressionStream('gzip')): Promise<InflateResult> {
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (let start = 0, members = 1; ; members++) {
		const part = await inflateStream(open(), input.subarray(start), maxBytes - total);
		if (part.kind === 'tooLarge') return { ok: false, reason: 'tooLarge' };
		chunks.push(...part.chunks);
		total += part.total;
		if (part.kind === 'done') break;
		const next = part.total > 0 ? nextMember(input, start, part.total) : -1;
		if (next === -1) return { ok: false, reason: 'corrupt', detail: part.detail };
		if (members >= MAX_MEMBERS) return { ok: false, reason: 'corrupt', detail: `more than ${MAX_MEMBERS} gzip members` };
		start = next;
	}
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return { ok: true, bytes };
}

/** One DecompressionStream over `input`: what it inflated until it ended or stopped, or tooLarge past `maxBytes`. */
async function inflateStream(stream: GzipStream, input: Uint8Array, maxBytes: number): Promise<Inflated> {
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	const chunks: Uint8Array[] = [];
	/** Inflated bytes read so far; the feeding sizes its slices from it. */
	let total = 0;

	// Once the stream is stopped, writing to it rejects, which ends the feeding; those rejections
	// mirror the reading side's, which is where they are handled.
	const feeding = (async () => {
		for (let at = 0; at < input.length; ) {
			const end = at + sliceSize(maxBytes - total);
			// A copy, so the stream owns plain ArrayBuffer-backed bytes whatever backs the input.
			await writer.write(new Uint8Array(input.subarray(at, end)));
			at = end;
		}
		await writer.close();
	})().catch(() => undefined);
	/** Stops both sides, so that the feeding ends too; then waits for it. */
	const stop = async () => {
		await Promise.allSettled([reader.cancel(), writer.abort()]);
		await feeding;
	};

	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > maxBytes) {
				await stop();
				return { kind: 'tooLarge' };
			}
			chunks.push(value);
		}
	} catch (error) {
		await stop();
		return { kind: 'stopped', chunks, total, detail: error instanceof Error ? error.message : String(error) };
	}
	await feeding;
	return { kind: 'done', chunks, total };
}
