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
	| { ok: false; reason: 'tooLarge' | 'corrupt'; detail?: string };

export function looksGzipped(bytes: Uint8Array): boolean {
	return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export async function gunzipCapped(input: Uint8Array, maxBytes: number): Promise<InflateResult> {
	const stream = new DecompressionStream('gzip');
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	let stopped = false;
	const chunks: Uint8Array[] = [];
	/** Inflated bytes read so far; the feeding sizes its slices from it. */
	let total = 0;

	// Rejections from the writing side mirror the reading side's; they are handled there.
	const feeding = (async () => {
		for (let at = 0; at < input.length && !stopped; ) {
			const end = at + sliceSize(maxBytes - total);
			// A copy, so the stream owns plain ArrayBuffer-backed bytes whatever backs the input.
			await writer.write(new Uint8Array(input.subarray(at, end)));
			at = end;
		}
		if (!stopped) await writer.close();
	})().catch(() => undefined);

	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > maxBytes) {
				stopped = true;
				await Promise.allSettled([reader.cancel(), writer.abort()]);
				await feeding;
				return { ok: false, reason: 'tooLarge' };
			}
			chunks.push(value);
		}
	} catch (error) {
		stopped = true;
		await Promise.allSettled([writer.abort()]);
		await feeding;
		return { ok: false, reason: 'corrupt', detail: error instanceof Error ? error.message : String(error) };
	}
	await feeding;

	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return { ok: true, bytes };
}
