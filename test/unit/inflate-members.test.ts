// Where a body's next gzip member starts, for Node 24 (n8n 2.x), whose DecompressionStream stops
// after the first member. The whole path runs in the real n8n: scripts/lib/hostile.js (e2e).
import { gzipSync } from 'node:zlib';

import { nextMember } from '../../nodes/RiskInfoTrigger/inflate';

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
