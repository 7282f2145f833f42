// The trigger's JSON helpers at their edges, for what mutation testing found unchecked
// (test/MUTANTS.md, "trigger-digest"): a "__proto__" key kept as an ordinary own field, the depth
// check on scalars, null and inherited fields, and what sameJson calls equal. Expected values are
// written from the rules in json.ts's comments.
import { deeperThan, put, sameJson } from '../../nodes/RiskInfoTrigger/json';

describe('put', () => {
	it('keeps "__proto__" as an ordinary own field, listed, writable and deletable, without touching the prototype', () => {
		const record: Record<string, unknown> = {};
		put(record, '__proto__', { polluted: true });
		expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(record, '__proto__')).toEqual({ value: { polluted: true }, enumerable: true, writable: true, configurable: true });
		expect(Object.keys(record)).toEqual(['__proto__']);
		expect((record as { polluted?: unknown }).polluted).toBeUndefined();
	});

	it('sets any other key as a plain field', () => {
		const record: Record<string, unknown> = { a: 1 };
		put(record, 'a', 2);
		put(record, '', 3);
		expect(record).toEqual({ a: 2, '': 3 });
	});
});

describe('deeperThan', () => {
	const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

	it.each<[unknown]>([['text'], [7], [null], [undefined], [true]])('%p nests no levels, whatever the limit', (value) => {
		expect(deeperThan(value, 0)).toBe(false);
		expect(deeperThan(value, -1)).toBe(false);
	});

	it('counts only own fields of a record: inherited ones, which no JSON body has, are not followed', () => {
		const record = Object.assign(Object.create({ inherited: nested(10) }) as object, { own: nested(2) });
		expect(deeperThan(record, 3)).toBe(false);
		expect(deeperThan(record, 2)).toBe(true);
	});
});

describe('sameJson', () => {
	it.each<[unknown, unknown]>([
		[1, 2],
		['a', 'b'],
		[1, '1'],
		[1, {}],
		[{}, 1],
		['', []],
		[null, {}],
		[{}, null],
		[[], {}],
		[{}, []],
		[{ a: 1 }, { a: 1, b: 2 }],
		[{ a: 1, b: 2 }, { a: 1 }],
		[{ a: undefined }, { b: undefined }],
		[[1, 2], [2, 1]],
	])('%j and %j differ', (a, b) => {
		expect(sameJson(a, b)).toBe(false);
	});

	it.each<[unknown, unknown]>([
		[{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }],
		[[], []],
		['x', 'x'],
	])('%j and %j are the same', (a, b) => {
		expect(sameJson(a, b)).toBe(true);
	});
});
