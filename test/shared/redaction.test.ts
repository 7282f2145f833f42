// The one redaction engine (nodes/shared/redact.ts), used by the action node's transport on what
// the service answers and by the trigger on what a delivery carries: what it replaces, what it
// leaves as it is, and that hostile values cannot make it fail. The transport's own rule for its
// token (URL-encoded too; none under 8 characters) is shown through the transport, in
// test/transport/redaction.test.ts.
import { Redactor } from '../../nodes/shared/redact';

const MASK = '[redacted]';
const TOKEN = 'tk/SECRET+4242=';
const r = new Redactor(TOKEN);

/** `value` and everything in it frozen: a rewrite of any of it would throw. */
function frozen<T>(value: T): T {
	if (typeof value === 'object' && value !== null) {
		for (const item of Object.values(value)) frozen(item);
		Object.freeze(value);
	}
	return value;
}

describe('text', () => {
	it('replaces each secret every time it occurs', () => {
		expect(r.text(`a ${TOKEN} b ${TOKEN}`)).toBe(`a ${MASK} b ${MASK}`);
		expect(r.text('nothing here')).toBe('nothing here');
	});

	it('replaces a secret that holds another one whole, whatever order they are given in', () => {
		for (const secrets of [['ab', 'xaby'], ['xaby', 'ab'], ['ab', 'b', 'xaby', 'aby'], ['b', 'aby', 'ab', 'xaby']]) {
			expect(new Redactor(...secrets).text('1 xaby 2')).toBe(`1 ${MASK} 2`);
		}
	});

	it('ignores an empty secret; with none at all it changes nothing', () => {
		expect(new Redactor('', 'tok').text('a tok')).toBe(`a ${MASK}`);
		expect(new Redactor('tok', '').text('ab')).toBe('ab');
		expect(new Redactor('', '').text('')).toBe('');
		expect(new Redactor().text('anything')).toBe('anything');
	});
});

describe('a value that holds no secret', () => {
	it.each<[string, unknown]>([
		['an array of short and long strings', ['a', 'a long text without it']],
		['a record of keys, strings and numbers', { 'a long key': 'a long value here', c: 1 }],
		['arrays and records inside each other', { list: [{ x: 'yy' }, ['zz', 34567]], n: null, t: true }],
		// Array indexes are not keys a sender gave: a secret spelt like one is not looked for there.
		['an array longer than a secret spelt as an index', Array.from({ length: 14 }, () => 'v')],
	])('%s is handed back as it is, not copied or rewritten', (_, data) => {
		const redactor = new Redactor('tok', '12', 'a secret much longer than the rest');
		const copy = structuredClone(data);
		expect(redactor.value(frozen(data))).toBe(data);
		expect(data).toEqual(copy);
	});

	it('with no secrets to look for, the value is not even read', () => {
		const read: string[] = [];
		const watched = new Proxy({ a: 'tok' }, { ownKeys: (t) => (read.push('keys'), Reflect.ownKeys(t)), get: (t, k) => (read.push(String(k)), Reflect.get(t, k)) });
		expect(new Redactor().value(watched)).toBe(watched);
		expect(read).toEqual([]);
	});

	it('null, undefined, numbers and booleans are handed back as they are', () => {
		for (const v of [null, undefined, 42, true]) expect(r.value(v)).toBe(v);
	});
});

describe('a value that holds a secret', () => {
	it('every string, number and key, at any depth, in arrays too, is rewritten in place', () => {
		const answer = JSON.parse(JSON.stringify({ a: `x${TOKEN}`, list: [TOKEN, { [TOKEN]: { deep: [[`${TOKEN}!`]] } }], n: 1, ok: true, none: null }));
		expect(r.value(answer)).toBe(answer);
		expect(answer).toEqual({ a: `x${MASK}`, list: [MASK, { [MASK]: { deep: [[`${MASK}!`]] } }], n: 1, ok: true, none: null });
		expect(new Redactor('4242').value({ id: 424242, other: 7 })).toEqual({ id: `${MASK}42`, other: 7 });
	});

	it('a key taken out keeps its place among the others', () => {
		const answer = JSON.parse(`{"first": 1, "${TOKEN}": 2, "last": 3}`);
		expect(Object.keys(r.value(answer))).toEqual(['first', MASK, 'last']);
	});

	it('a record reached twice is redacted once', () => {
		// "act" is inside "[redacted]": a second pass over the same record would show.
		const shared = { note: 'an act' };
		new Redactor('act').value({ event: shared, rows: [{ finding: shared }] });
		expect(shared).toEqual({ note: `an ${MASK}` });
	});

	it('an array keeps its indexes even when a secret is spelt like one; true, false and null stay what they are', () => {
		const data = { list: ['a', 'b'], note: 'x1' };
		expect(new Redactor('1').value(data)).toEqual({ list: ['a', 'b'], note: `x${MASK}` });
		expect(Object.keys(data.list)).toEqual(['0', '1']);
		const flags = { yes: true, no: false, none: null, note: 'true false null' };
		expect(new Redactor('true', 'false', 'null').value(flags)).toEqual({ yes: true, no: false, none: null, note: `${MASK} ${MASK} ${MASK}` });
	});

	it('stays an ordinary object later steps (n8n\'s pairing, Set, Code) can change', () => {
		const clean = r.value(JSON.parse(`{"error": "bad token ${TOKEN}", "${TOKEN}": "x", "list": ["${TOKEN}"]}`)) as Record<string, unknown> & { list: string[] };
		expect(Object.keys(clean).sort()).toEqual([MASK, 'error', 'list']);
		clean.error = 'changed';
		clean.list[0] = 'changed too';
		expect([clean.error, clean.list[0]]).toEqual(['changed', 'changed too']);
		expect(delete clean[MASK]).toBe(true);
	});

	it('is found deeper than the engine reads by recursion, and the shortest of several secrets in a short text', () => {
		const redactor = new Redactor(TOKEN, 'pw', `${TOKEN}-longer`);
		let deep: unknown = { nota: `x${TOKEN}` };
		for (let i = 0; i < 300; i++) deep = i % 2 ? [deep] : { nivel: deep };
		expect(JSON.stringify(redactor.value({ deep }))).not.toContain(TOKEN);
		expect(redactor.value({ a: [1, { b: 'pw!' }] })).toEqual({ a: [1, { b: `${MASK}!` }] });
		expect(redactor.value({ a: [1, { pw: 1 }] })).toEqual({ a: [1, { [MASK]: 1 }] });
	});

	it('a text on its own is redacted and handed back', () => {
		expect(r.value(`x ${TOKEN}`)).toBe(`x ${MASK}`);
	});
});

describe('bytes', () => {
	it('replaced in place of the secret, the rest byte for byte; clean bytes handed back as they are', () => {
		const bytes = Buffer.concat([Buffer.from([0, 255, 128]), Buffer.from(TOKEN), Buffer.from([7])]);
		expect([...r.value(bytes)]).toEqual([0, 255, 128, ...Buffer.from(MASK), 7]);
		const clean = Buffer.from([1, 2, 3]);
		expect(r.bytes(clean)).toBe(clean);
		expect([...(r.value(Uint8Array.from(Buffer.from(`<${TOKEN}>`)).buffer) as unknown as Buffer)]).toEqual([...Buffer.from(`<${MASK}>`)]);
	});
});

describe('hostile values', () => {
	it('200,000 levels deep, with the secret at the bottom or none at all: no failure', () => {
		let deep: unknown = TOKEN;
		for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { nivel: deep };
		let inner = r.value(deep);
		for (let i = 199_999; i >= 0; i--) inner = i % 2 ? (inner as unknown[])[0] : (inner as { nivel: unknown }).nivel;
		expect(inner).toBe(MASK);

		let clean: unknown = ['bottom'];
		for (let i = 0; i < 50_000; i++) clean = i % 2 ? [clean] : { nivel: clean };
		expect(r.value(clean)).toBe(clean);
	});

	it('a "__proto__" key holding the secret is kept as data, and no prototype changes', () => {
		const polluting = JSON.parse(`{"__proto__": {"polluted": "${TOKEN}"}, "ok": 1}`);
		r.value(polluting);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.getOwnPropertyDescriptor(polluting, '__proto__')?.value).toEqual({ polluted: MASK });
	});
});
