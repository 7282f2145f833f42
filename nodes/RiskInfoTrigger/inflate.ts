/**
 * Gunzip with a hard ceiling on the inflated size, without zlib (n8n Cloud forbids it): the
 * web-standard DecompressionStream is a global in Node ≥ 18.
 *
 * The input is fed in small slices and the output is counted as it appears, so a small body
 * that would inflate to gigabytes is abandoned once it passes the ceiling instead of being
 * inflated in full first.
 */

/** 1 KiB of deflate data inflates to at most ~1 MiB, so a slice can overshoot the cap by that much. */
const SLICE = 1024;

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

	// Rejections from the writing side mirror the reading side's; they are handled there.
	const feeding = (async () => {
		for (let at = 0; at < input.length && !stopped; at += SLICE) {
			// A copy, so the stream owns plain ArrayBuffer-backed bytes whatever backs the input.
			await writer.write(new Uint8Array(input.subarray(at, at + SLICE)));
		}
		if (!stopped) await writer.close();
	})().catch(() => undefined);

	const chunks: Uint8Array[] = [];
	let total = 0;
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
