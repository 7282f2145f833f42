// The redactor on its own: what it replaces, and that hostile answers cannot make it fail.
import { MIN_SECRET_LENGTH, REDACTED, Redactor } from '../../nodes/shared/redact';

const TOKEN = 'tk/SECRET+4242=';
const r = new Redactor(TOKEN);

test('text: the token as written and URL-encoded, every time it occurs', () => {
	expect(r.text(`a ${TOKEN} b ${TOKEN}`)).toBe(`a ${REDACTED} b ${REDACTED}`);
	expect(r.text('?t=tk%2FSECRET%2B4242%3D&x=1')).toBe(`?t=${REDACTED}&x=1`);
	expect(r.text('nothing here')).toBe('nothing here');
});

test('a value without the token is handed back as it is, not copied', () => {
	const answer = { success: true, data: { a: [1, 'dos', { tres: null }], b: 'tk/SECRET' } };
	const before = JSON.stringify(answer);
	expect(r.value(answer)).toBe(answer);
	expect(r.value(answer.data)).toBe(answer.data);
	expect(JSON.stringify(answer)).toBe(before);
});

test('a value with the token: every string and key, at any depth, in arrays too', () => {
	const answer = JSON.parse(JSON.stringify({ a: `x${TOKEN}`, list: [TOKEN, { [TOKEN]: { deep: [[`${TOKEN}!`]] } }], n: 1, ok: true, none: null }));
	expect(r.value(answer)).toEqual({ a: `x${REDACTED}`, list: [REDACTED, { [REDACTED]: { deep: [[`${REDACTED}!`]] } }], n: 1, ok: true, none: null });
});

test('bytes: replaced in place of the token, the rest byte for byte', () => {
	const bytes = Buffer.concat([Buffer.from([0, 255, 128]), Buffer.from(TOKEN), Buffer.from([7])]);
	expect([...r.bytes(bytes)]).toEqual([0, 255, 128, ...Buffer.from(REDACTED), 7]);
	const clean = Buffer.from([1, 2, 3]);
	expect(r.bytes(clean)).toBe(clean);
});

test('hostile answers: 200,000 levels deep, a "__proto__" key holding the token', () => {
	let deep: unknown = TOKEN;
	for (let i = 0; i < 200_000; i++) deep = [deep];
	let inner = r.value(deep);
	for (let i = 0; i < 200_000; i++) inner = (inner as unknown[])[0];
	expect(inner).toBe(REDACTED);

	const polluting = JSON.parse(`{"__proto__": {"polluted": "${TOKEN}"}, "ok": 1}`);
	r.value(polluting);
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	expect(Object.getOwnPropertyDescriptor(polluting, '__proto__')?.value).toEqual({ polluted: REDACTED });
});

test('an empty or placeholder-short token redacts nothing: it would cut up words and header names', () => {
	for (const secret of ['', 't', 'x'.repeat(MIN_SECRET_LENGTH - 1)]) {
		const none = new Redactor(secret);
		expect(none.text('content-type: text/plain; xxxxxxx')).toBe('content-type: text/plain; xxxxxxx');
		const v = { 'content-type': 'application/pdf' };
		expect(none.value(v)).toEqual({ 'content-type': 'application/pdf' });
	}
	expect(new Redactor('x'.repeat(MIN_SECRET_LENGTH)).text('xxxxxxxx')).toBe(REDACTED);
});
