// The redactor, for what test/transport/redact.test.ts leaves open and mutation testing found
// unchecked: a token only in a key, answers that are null or missing, and that a redacted answer
// stays an ordinary object later steps (n8n's pairing, Set, Code) can change.
import { Redactor } from '../../nodes/shared/redact';

const TOKEN = 'tk/SECRET+4242=';

test('a token only in a key is taken out of it, the value kept', () => {
	const answer = JSON.parse(`{"data": {"${TOKEN}": 1, "ok": 2}}`);
	expect(new Redactor(TOKEN).value(answer)).toEqual({ data: { '[redacted]': 1, ok: 2 } });
});

test('null and a missing answer are handed back as they are', () => {
	const r = new Redactor(TOKEN);
	expect(r.value(null)).toBeNull();
	expect(r.value(undefined)).toBeUndefined();
	expect(r.value(42)).toBe(42);
});

test('a redacted answer is an ordinary object: its fields can be changed, deleted and listed', () => {
	const answer = JSON.parse(`{"error": "bad token ${TOKEN}", "${TOKEN}": "x", "list": ["${TOKEN}"]}`);
	const clean = new Redactor(TOKEN).value(answer) as Record<string, unknown> & { list: string[] };
	expect(Object.keys(clean).sort()).toEqual(['[redacted]', 'error', 'list']);
	clean.error = 'changed';
	clean.list[0] = 'changed too';
	expect(clean.error).toBe('changed');
	expect(clean.list[0]).toBe('changed too');
	expect(delete clean['[redacted]']).toBe(true);
	expect(Object.keys(clean).sort()).toEqual(['error', 'list']);
});
