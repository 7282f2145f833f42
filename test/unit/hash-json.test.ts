// hashJson (fingerprint.ts) must feed the hash exactly the text JSON.stringify writes, however it
// cuts that text into pieces: the keys Ignore Repeated Deliveries stored before it existed are the
// SHA-256 of that text. The oracle here is JSON.stringify itself, on values built to reach every
// way the piecewise writer could part from it.
import { createHash } from 'node:crypto';

import { hashJson } from '../../nodes/RiskInfoTrigger/fingerprint';
import { isolated } from '../helpers/isolated';

type Rec = Record<string, unknown>;

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function hashed(value: unknown, skip?: readonly string[]): string {
	const hash = createHash('sha256');
	if (skip) hashJson(hash, value, skip);
	else hashJson(hash, value);
	return hash.digest('hex');
}

/** JSON.stringify of `value` without the given top-level keys, written independently of hashJson. */
function expected(value: unknown, skip: readonly string[] = []): string {
	if (skip.length === 0 || Array.isArray(value)) return JSON.stringify(value);
	const copy: Rec = {};
	for (const key of Object.keys(value as Rec)) {
		if (!skip.includes(key)) Object.defineProperty(copy, key, { value: (value as Rec)[key], enumerable: true, writable: true, configurable: true });
	}
	return JSON.stringify(copy);
}

function expectSameText(value: unknown, skip?: readonly string[]): void {
	expect(hashed(value, skip)).toBe(sha(expected(value, skip)));
}

/** `levels` records nested under "k", a different key at each level, around `inner`. */
function nested(levels: number, inner: unknown): unknown {
	let value = inner;
	for (let i = levels; i > 0; i--) value = { [`k${i}`]: value, after: i };
	return value;
}

/** A deterministic generator, so a failure can be run again. */
function prng(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 2 ** 32;
	};
}

function randomValue(next: () => number, depth: number): unknown {
	const pick = Math.floor(next() * (depth > 6 ? 8 : 11));
	switch (pick) {
		case 0:
			return null;
		case 1:
			return next() < 0.5;
		case 2:
			return Math.round(next() * 1e6) / 100 - 5000;
		case 3:
			return `texto ${Math.floor(next() * 1000)} ñandú "comillas" \\ \n ${String.fromCharCode(0xd83d)}`;
		case 4:
			return undefined;
		case 5:
			return () => 1;
		case 6:
			return Symbol('s');
		case 7:
			return next() < 0.5 ? new Date(Math.floor(next() * 1e12)) : { toJSON: (key: string) => (key === '0' ? undefined : { key }) };
		case 8:
		case 9: {
			const out: unknown[] = [];
			const n = Math.floor(next() * 5);
			for (let i = 0; i < n; i++) out.push(randomValue(next, depth + 1));
			return out;
		}
		default: {
			const out: Rec = {};
			const n = Math.floor(next() * 6);
			for (let i = 0; i < n; i++) out[['a', 'b', 'webhookId', 'z', '10', 'ñ'][Math.floor(next() * 6)] + i] = randomValue(next, depth + 1);
			return out;
		}
	}
}

describe('hashJson: the text JSON.stringify writes, in pieces', () => {
	it('leaves out object keys whose value JSON.stringify writes as nothing, first, middle and last', () => {
		expectSameText({ a: undefined, b: 1, c: () => 2, d: 'x', e: Symbol('e') });
		expectSameText({ only: undefined });
		expectSameText(nested(2, { a: undefined, b: 1, c: () => 2 }));
	});

	it('writes null for array elements JSON.stringify writes as nothing, and for holes', () => {
		 
		expectSameText({ list: [undefined, 1, () => 2, Symbol('s'), , 'x'] });
		expectSameText({ list: [[undefined], [[() => 1]]] });
	});

	it('lets toJSON decide, where JSON.stringify calls it, at every depth', () => {
		const nothing = { toJSON: () => undefined };
		const swapped = { toJSON: () => ({ swapped: [1, 2] }), hidden: 'never written' };
		expectSameText({ when: new Date(0), nothing, swapped, list: [nothing, swapped, new Date(1)] });
		expectSameText(nested(5, { nothing, swapped }));
		// A key named toJSON that is not a function is data, as for JSON.stringify.
		expectSameText({ toJSON: 'plain data', inner: { toJSON: 3 } });
		// toJSON is handed the key (an array element's index as text), at every depth.
		const byKey = { toJSON: (key: string) => `under ${key}` };
		expectSameText({ a: byKey, list: [byKey, [byKey]], deep: nested(6, { b: byKey, list: [0, byKey] }) });
		// What toJSON returns is written as it is, not handed to its own toJSON again.
		const twice = { toJSON: () => ({ toJSON: () => 'second', kept: 1 }) };
		expectSameText({ twice, list: [twice], deep: nested(5, { twice }) });
	});

	it('writes boxed values, class instances, null-prototype records and array subclasses as JSON.stringify does', () => {
		class Point {
			constructor(
				readonly x: number,
				readonly y: number,
			) {}
		}
		class List extends Array<unknown> {}
		const bare = Object.create(null) as Rec;
		bare.z = 1;
		bare.a = [new Point(1, 2)];
		const list = new List();
		list.push(1, undefined, 'x');
		 
		const boxed = { s: new String('text'), n: new Number(3), b: new Boolean(false) };
		expectSameText({ boxed, point: new Point(3, 4), bare, list, deep: nested(5, { boxed, bare, list }) });
	});

	it('writes a "__proto__" key the record owns, and keeps Object.keys order (integer keys first)', () => {
		const withProto: Rec = { b: 1 };
		Object.defineProperty(withProto, '__proto__', { value: { x: 1 }, enumerable: true, writable: true, configurable: true });
		expectSameText({ top: withProto, 2: 'two', a: 'a', 1: 'one' });
	});

	it('writes values below the depth it opens, and containers above it, the same way', () => {
		for (let levels = 0; levels <= 8; levels++) {
			expectSameText(nested(levels, { list: [{ b: undefined, a: [undefined, 1] }], empty: {}, none: [] }));
		}
	});

	it('skips the given keys at the top level only', () => {
		const value = { webhookId: 5, status: 'SUCCESS', inner: { webhookId: 6 } };
		expectSameText(value, ['webhookId']);
		expect(hashed(value, ['webhookId'])).not.toBe(sha(JSON.stringify(value)));
		expectSameText({ webhookId: 5 }, ['webhookId']);
		expectSameText({ webhookId: 5, after: 1 }, ['webhookId']);
	});

	it('hands text longer than its flush size to the hash whole, including characters outside Latin-1', () => {
		const long = 'ñ'.repeat(70_000) + '😀'.repeat(40_000);
		expectSameText({ a: long, b: [long, { c: long }], d: 'x'.repeat(65_535) });
		const many = Array.from({ length: 5_000 }, (_, i) => ({ name: `Socio ${i} ñ`, rut: `${i}-K`, nested: { level: [i] } }));
		expectSameText({ lists: { mesh: { total: many.length, items: many } } });
	});

	it('agrees with JSON.stringify on generated values', () => {
		for (let seed = 1; seed <= 300; seed++) {
			const value = { webhookId: seed, ...(randomValue(prng(seed), 0) as object), body: randomValue(prng(seed * 7), 0) };
			expectSameText(value);
			expectSameText(value, ['webhookId']);
		}
	});

	it('refuses a value JSON.stringify writes nothing for, rather than digest an empty text', () => {
		expect(() => hashed(undefined)).toThrow(new TypeError('hashJson: JSON.stringify writes nothing for this value'));
		expect(() => hashed(() => 1)).toThrow(TypeError);
	});

	it('hands a top-level toJSON the empty key, and a BigInt toJSON its own key, as JSON.stringify does', () => {
		const byKey = { toJSON: (key: string) => `under "${key}"` };
		expectSameText(byKey);
		const proto = BigInt.prototype as unknown as { toJSON?: (this: bigint, key: string) => string };
		proto.toJSON = function (key) {
			return `${key}=${this.toString()}`;
		};
		try {
			expectSameText({ a: BigInt(1), list: [BigInt(2)], deep: nested(5, { b: BigInt(3) }) });
		} finally {
			delete proto.toJSON;
		}
	});

	it('skips the given keys at the top level only, however deep arrays and records hold the same key', () => {
		expectSameText({ list: [{ webhookId: 5, a: 1 }], deep: [[{ webhookId: 6 }]] }, ['webhookId']);
		expectSameText([{ inner: { webhookId: 5 } }, [{ webhookId: 6 }]], ['webhookId']);
	});
});

/**
 * The pieces hashJson hands a stand-in for the hash. fingerprint.ts is loaded inside the test, so
 * mutation testing counts its flush size (a module-level value) as reached by these tests.
 */
function piecesOf(value: unknown): string[] {
	const fresh = isolated(() => require('../../nodes/RiskInfoTrigger/fingerprint') as typeof import('../../nodes/RiskInfoTrigger/fingerprint'));
	const pieces: string[] = [];
	const hash = {
		update(text: string) {
			pieces.push(text);
			return hash;
		},
	};
	fresh.hashJson(hash as unknown as Parameters<typeof hashJson>[0], value);
	return pieces;
}

const FLUSH = 64 * 1024;

describe('hashJson: the size of the pieces', () => {
	// The reason for the pieces: no string of the whole text (5 MB for a large delivery), and not
	// a hash call per value either. Each write below, comma and key included, is at most 1,010
	// characters (`,"k299":` and a quoted 1,000), so no piece may pass 64 KiB by that much.
	const element = 'x'.repeat(1_000);
	const bare = Object.create(null) as Rec;
	for (let i = 0; i < 300; i++) bare[`k${i}`] = element;
	const values: Array<[string, unknown]> = [
		['an array at the top', Array.from({ length: 300 }, () => element)],
		['a null-prototype record at the top', bare],
		['a record holding an array', { list: Array.from({ length: 300 }, () => element) }],
	];

	it.each(values)('%s: joined, the pieces are the text; each but the last is at least 64 KiB, none much more', (_, value) => {
		const pieces = piecesOf(value);
		expect(pieces.join('')).toBe(JSON.stringify(value));
		expect(pieces.length).toBeGreaterThan(3);
		for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(FLUSH);
		for (const piece of pieces) expect(piece.length).toBeLessThan(FLUSH + 1_010);
	});

	it('hands a piece over as soon as it reaches 64 KiB', () => {
		// "[" and then the first element's text, quotes included: 1 + 65,535 characters.
		const pieces = piecesOf(['x'.repeat(FLUSH - 3), 'y']);
		expect(pieces.map((piece) => piece.length)).toEqual([FLUSH, ',"y"]'.length]);
	});
});
