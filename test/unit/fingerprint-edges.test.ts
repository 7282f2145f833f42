// Edge cases of the content digest (fingerprint.ts) where its key-sorted copy could part from the
// canonical text: key lists that are a prefix of another, of the same length, or seen again after
// others, sorted records holding unsorted ones, arrays of unsorted records, objects that are not
// plain (null prototype, class instances, Date, boxed String, an Array subclass), array holes, keys
// starting with digits, nesting past the copy's depth limit, the skip list (top level only), values
// JSON cannot hold, and texts longer than the digest's flush size. Every expected value is computed by an independent key-sorting helper
// written here (or written out by hand), never by the code under test.
import { createHash } from 'node:crypto';

import { fingerprint, sortedCopy, UNCOPYABLE, writeCanonicalJson } from '../../nodes/RiskInfoTrigger/fingerprint';

type Rec = Record<string, unknown>;

/** The canonical text, written recursively: keys sorted, holes skipped, what JSON cannot hold as null. */
function canon(value: unknown, skip: readonly string[] = [], top = true): string {
	if (Array.isArray(value)) {
		const parts: string[] = [];
		value.forEach((item) => parts.push(canon(item, skip, false)));
		return `[${parts.join(',')}]`;
	}
	if (typeof value === 'object' && value !== null) {
		const keys = Object.keys(value)
			.filter((key) => !(top && skip.includes(key)))
			.sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canon((value as Rec)[key], skip, false)}`).join(',')}}`;
	}
	if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
	if (typeof value === 'number' && Number.isFinite(value)) return JSON.stringify(value);
	return 'null';
}

const digestOf = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

function written(value: unknown, skip?: readonly string[]): string {
	let text = '';
	const write = (part: string): void => {
		text += part;
	};
	if (skip) writeCanonicalJson(value, write, skip);
	else writeCanonicalJson(value, write);
	return text;
}

/** Checks both ways of digesting against the helper's text. */
function expectCanonical(value: unknown, skip?: readonly string[]): void {
	const text = canon(value, skip ?? []);
	expect(written(value, skip)).toBe(text);
	expect(skip ? fingerprint(value, skip) : fingerprint(value)).toBe(digestOf(text));
}

/** `levels` records nested under "a", with an out-of-order record at the bottom, and its text by hand. */
function deep(levels: number): { value: unknown; text: string } {
	let value: unknown = { c: 2, b: 1 };
	for (let i = 0; i < levels; i++) value = { a: value };
	return { value, text: `${'{"a":'.repeat(levels)}{"b":1,"c":2}${'}'.repeat(levels)}` };
}

describe('fingerprint edges', () => {
	it('writes what JSON cannot hold as null, on both ways', () => {
		const odd = [undefined, () => 1, Symbol('s'), BigInt(10), NaN, Infinity, -Infinity, -0, 'x', false];
		const text = '[null,null,null,null,null,null,null,0,"x",false]';
		expect(written(odd)).toBe(text);
		expect(fingerprint(odd)).toBe(digestOf(text));
		// A record with an array-index key among others takes the writer's way.
		const record = { '1': undefined, '2': NaN, b: () => 1, a: Symbol('s') };
		const recordText = '{"1":null,"2":null,"a":null,"b":null}';
		expect(written(record)).toBe(recordText);
		expect(fingerprint(record)).toBe(digestOf(recordText));
	});

	it('digests scalars and null at the top', () => {
		for (const value of [null, undefined, 'x', 0, 1.5, true, NaN]) expectCanonical(value);
		expect(fingerprint(null)).toBe(digestOf('null'));
	});

	it('with no skip list, writes every key whatever its name', () => {
		const value = { 'Stryker was here': 1, a: 2, '': 3 };
		expect(written(value)).toBe('{"":3,"Stryker was here":1,"a":2}');
		expect(fingerprint(value)).toBe(digestOf('{"":3,"Stryker was here":1,"a":2}'));
		expectCanonical(value);
	});

	it('skips the listed keys at the top level only', () => {
		const value = { k: 1, a: { k: 2, b: [{ k: 3, j: 4 }] }, x: [{ z: 1, k: 5 }] };
		const text = '{"a":{"b":[{"j":4,"k":3}],"k":2},"x":[{"k":5,"z":1}]}';
		expect(written(value, ['k'])).toBe(text);
		expect(fingerprint(value, ['k'])).toBe(digestOf(text));
		expectCanonical(value, ['k']);
		expectCanonical({ a: { k: 1, z: 2 }, k: 0 }, ['k']);
		expectCanonical({ x: [{ k: 1, z: 2 }] }, ['k']);
		expectCanonical({ x: [{ a: 1, k: 2 }] }, ['k']);
	});

	it('does not take one key list for another that is its prefix or of the same length', () => {
		expectCanonical([
			{ b: 1, a: 2, c: 3 },
			{ b: 4, a: 5 },
		]);
		expectCanonical([
			{ b: 4, a: 5 },
			{ b: 1, a: 2, c: 3 },
		]);
		expectCanonical([
			{ b: 1, a: 2 },
			{ b: 1, c: 2 },
			{ d: 1, a: 2 },
			{ a: 1, b: 2 },
			{ b: 3, a: 4 },
		]);
		expectCanonical({ b: 1, a: 2, c: { b: 1, a: 2, c: { b: 1, a: 2 } } });
	});

	it('sorts key lists seen again after more than eight others', () => {
		const records: Rec[] = [];
		for (let n = 0; n < 12; n++) {
			const record: Rec = {};
			for (const key of ['z', 'y', `k${n}`, 'a']) record[key] = n;
			records.push(record);
		}
		expectCanonical([...records, records[0], records[1], { z: 1, y: 2, k0: 3, a: 4 }]);
	});

	it('sorts records nested in sorted records and arrays', () => {
		expectCanonical({ a: 1, b: { d: 1, c: 2 }, c: [1, { y: 1, x: 2 }] });
		expectCanonical({ a: { b: { d: 1, c: 2 } }, b: 2 });
		expectCanonical([{ a: 1 }, { b: 1, a: 2 }, [{ d: 1, c: [{ f: 1, e: 2 }] }], 'x', null]);
		expectCanonical({ a: [{ a: 1, b: 2 }, { b: 1, a: 2 }], b: { a: 1 } });
	});

	it('writes objects that are not plain as the writer does', () => {
		class Thing {
			z = 1;
			a = { d: 1, c: 2 };
		}
		class List extends Array<unknown> {}
		const list = new List();
		list.push({ b: 1, a: 2 }, 3);
		const bare = Object.create(null) as Rec;
		bare.y = 1;
		bare.x = { b: 1, a: 2 };
		const lone = Object.create(null) as Rec;
		lone.a = 1;
		const odd = [new Thing(), new Date(0), new String('ab'), list, bare, lone, { a: new Date(0) }];
		expectCanonical(odd);
		expectCanonical({ a: new Thing(), b: new Date(0), c: new String('ab'), d: list, e: bare, f: lone });
		expectCanonical({ a: list });
		expectCanonical([list]);
		expect(fingerprint({ a: list })).toBe(digestOf('{"a":[{"a":2,"b":1},3]}'));
		expect(fingerprint([new Date(0)])).toBe(digestOf('[{}]'));
	});

	it('reads an array up to its length only, even where its prototype holds the next index', () => {
		class Padded extends Array<unknown> {}
		Object.defineProperty(Padded.prototype, '1', { value: 'beyond', enumerable: true });
		const padded = new Padded();
		padded.push({ b: 1, a: 2 });
		expect(padded.length).toBe(1);
		expectCanonical(padded);
		expectCanonical({ a: padded });
		expect(fingerprint(padded)).toBe(digestOf('[{"a":2,"b":1}]'));
	});

	it('skips array holes as the writer does', () => {
		const holey = [1, , { b: 1, a: 2 }, , 'x'];
		expectCanonical(holey);
		expectCanonical({ b: holey, a: [undefined, { d: 1, c: 2 }] });
		expect(fingerprint(holey)).toBe(digestOf('[1,{"a":2,"b":1},"x"]'));
	});

	it('orders keys starting with digits as text', () => {
		expectCanonical({ '10': 1, '9': 2 });
		expectCanonical({ '0': 1, '2': 2, '10': 3 });
		expectCanonical({ '9': 1, '10': 2, b: 3 });
		expectCanonical({ '1a': 1, b: 2, '10': 3, '2': 4 });
		expectCanonical({ '5': { b: 1, a: 2 } });
		expectCanonical([{ '0': 1, '2': 2, '10': 3 }, { '9': { y: 1, x: 2 }, '10': 2 }]);
		expect(fingerprint({ '0': 1, '2': 2, '10': 3 })).toBe(digestOf('{"0":1,"10":3,"2":2}'));
		expect(fingerprint({ '9': 1, '10': 2 })).toBe(digestOf('{"10":2,"9":1}'));
	});

	it('sorts records nested past the copy depth', () => {
		for (const levels of [199, 200, 201, 300, 20000]) {
			const { value, text } = deep(levels);
			expect(fingerprint(value)).toBe(digestOf(text));
		}
		const { value, text } = deep(300);
		expect(written(value)).toBe(text);
		let list: unknown = [{ c: 2, b: 1 }];
		let listText = '[{"b":1,"c":2}]';
		for (let i = 0; i < 250; i++) {
			list = [list, { y: 1, x: i }];
			listText = `[${listText},{"x":${i},"y":1}]`;
		}
		expect(fingerprint(list)).toBe(digestOf(listText));
		// Arrays count as levels too: 20,000 of them would overflow a copy that did not count them.
		const arrays = JSON.parse(`${'['.repeat(20000)}{"b":1,"a":2}${']'.repeat(20000)}`) as unknown;
		expect(fingerprint(arrays)).toBe(digestOf(`${'['.repeat(20000)}{"a":2,"b":1}${']'.repeat(20000)}`));
	});

	it('keeps a key named "__proto__" as a key, at any depth', () => {
		const parsed = JSON.parse('{"x":1,"__proto__":{"b":1,"a":2},"y":[{"__proto__":3}]}') as unknown;
		expect(fingerprint(parsed)).toBe(digestOf('{"__proto__":{"a":2,"b":1},"x":1,"y":[{"__proto__":3}]}'));
		expectCanonical(parsed);
	});

	it('digests texts longer than the flush size whole', () => {
		const long = 'é'.repeat(70 * 1024);
		const values = [
			{ '1': long, '2': long, b: long, a: [long] },
			[long, , { b: long, a: long }],
			{ '9': 'x'.repeat(200 * 1024), '10': 'y' },
		];
		for (const value of values) {
			const text = canon(value);
			expect(text.length).toBeGreaterThan(64 * 1024);
			expect(written(value)).toBe(text);
			expect(fingerprint(value)).toBe(digestOf(text));
		}
	});
});

// Where the copy gives up, the writer takes over and gives the same digest, so the tests above
// cannot tell whether the copy was used: these say where it is, since that is what makes a large
// event's digest cost tens of milliseconds instead of hundreds.
describe('the key-sorted copy: where it is made and where it gives up', () => {
	/** The copy's keys at every level, in the order JSON.stringify will write them. */
	const layout = (value: unknown): unknown =>
		Array.isArray(value) ? value.map(layout) : typeof value === 'object' && value !== null ? Object.entries(value).map(([k, v]) => [k, layout(v)]) : value;

	it('copies records, records in records, arrays and records in arrays, every record\'s keys sorted', () => {
		const event = { webhookId: 7, lists: [{ z: 1, a: [2, { y: true, b: null }] }, 'x'], '-note': 'k', ' pad': 0 };
		const copy = sortedCopy(event, []);
		expect(copy).not.toBe(UNCOPYABLE);
		expect(layout(copy)).toEqual([
			[' pad', 0],
			['-note', 'k'],
			['lists', [[['a', [2, [['b', null], ['y', true]]]], ['z', 1]], 'x']],
			['webhookId', 7],
		]);
		expect(layout(sortedCopy({ b: { d: 1, c: 2 }, a: [] }, ['b']))).toEqual([['a', []]]);
	});

	it('gives up on a record whose first key starts with a digit, on a hole in an array, and past 200 levels', () => {
		for (const key of ['0', '5x', '9']) expect(sortedCopy({ a: { [key]: 1 } }, [])).toBe(UNCOPYABLE);
		for (const key of ['/', ':', 'a']) expect(sortedCopy({ a: { [key]: 1 } }, [])).not.toBe(UNCOPYABLE);
		expect(sortedCopy({ a: [1, , 3] }, [])).toBe(UNCOPYABLE);
		const nested = (levels: number) => {
			let value: unknown = 'leaf';
			for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
			return value;
		};
		expect(sortedCopy(nested(200), [])).not.toBe(UNCOPYABLE);
		expect(sortedCopy(nested(201), [])).toBe(UNCOPYABLE);
	});
});
