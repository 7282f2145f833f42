// Answer Key Names (nodes/shared/service/keyNames.ts) on hand-written answers: what a mapping
// moves, what it never touches, and what it refuses. The engine-level proof (a drifted sandbox read
// right once the credential carries the mapping) is in test/action/simplify-unread.test.ts,
// test/action/check-answers.test.ts and test/monitor/unreadable.test.ts.
import { KeyNamesError } from '../../nodes/shared/errors';
import { parseKeyNames, withSpecNames } from '../../nodes/shared/service/keyNames';
import { sourceNames } from '../../nodes/shared/service/slots';

const map = (mapping: object) => parseKeyNames(JSON.stringify(mapping));

test('empty, absent or an empty object: no mapping, and the answer is returned as it is (the same object)', () => {
	const answer = { incluyeBureau: true };
	for (const raw of [undefined, null, '', '  ', '{}', {}]) expect(withSpecNames(answer, parseKeyNames(raw))).toBe(answer);
});

test('a key and a section move to where the spec puts them; the answer given is never changed', () => {
	const answer = { incluyeBuroExterno: false, boletinX: { casosAlfa: 3, variacion: {} }, rut: '1-9' };
	const frozen = JSON.stringify(answer);
	const mapped = withSpecNames(answer, map({ incluyeBureau: 'incluyeBuroExterno', boletinComercial: 'boletinX', 'boletinComercial.casosSourceA': 'boletinComercial.casosAlfa' }));
	expect(mapped).toEqual({ incluyeBureau: false, boletinComercial: { casosSourceA: 3, variacion: {} }, rut: '1-9' });
	expect(JSON.stringify(answer)).toBe(frozen);
});

test('a value may name the service\'s path as it answers, below a section the mapping moves', () => {
	const answer = { boletinX: { casosAlfa: 3 } };
	expect(withSpecNames(answer, map({ boletinComercial: 'boletinX', 'boletinComercial.casosSourceA': 'boletinX.casosAlfa' }))).toEqual({ boletinComercial: { casosSourceA: 3 } });
});

test('sections move first, whatever order the entries are written in', () => {
	const answer = { boletinX: { casosAlfa: 3 } };
	expect(withSpecNames(answer, map({ 'boletinComercial.casosSourceA': 'boletinComercial.casosAlfa', boletinComercial: 'boletinX' }))).toEqual({ boletinComercial: { casosSourceA: 3 } });
});

test('a service key two entries name moves once, to the first: what was moved is not moved again', () => {
	expect(withSpecNames({ boletinX: { casosAlfa: 3 } }, map({ boletinComercial: 'boletinX', boletinComercialSummary: 'boletinX' }))).toEqual({ boletinComercial: { casosAlfa: 3 } });
});

test('a path the answer does not have moves nothing; a section that is not there is created only for a value found', () => {
	expect(withSpecNames({ a: 1 }, map({ incluyeBureau: 'incluyeBuroExterno' }))).toEqual({ a: 1 });
	expect(withSpecNames({ flags: { bureau: true } }, map({ 'boletinComercial.incluye': 'flags.bureau' }))).toEqual({ flags: {}, boletinComercial: { incluye: true } });
	// An answer that is not an object (a list, a text) is left alone.
	expect(withSpecNames(['x'], map({ a: 'b' }))).toEqual(['x']);
});

test.each([
	['not JSON', '{', /is not JSON/],
	['a list', '[]', /must be a JSON object/],
	['a number as a value', '{"a": 1}', /entry "a" whose value is not text/],
	['an empty key', '{"a.": "b"}', /entry "a\.", which is not a dotted path/],
	['spaces in a path', '{"a": "b c"}', /entry "a" whose value "b c" is not a dotted path/],
	['a prototype\'s key', '{"constructor": "b"}', /entry "constructor", which is not a dotted path/],
	['__proto__ as a key', '{"__proto__": "b"}', /entry "__proto__", which is not a dotted path/],
	['__proto__ in a value', '{"a": "x.__proto__"}', /entry "a" whose value "x.__proto__" is not a dotted path/],
	['a path too deep', JSON.stringify({ [Array(13).fill('k').join('.')]: 'b' }), /which is not a dotted path/],
])('refused: %s, naming Answer Key Names and the entry', (_, raw, message) => {
	const error = (() => {
		try {
			parseKeyNames(raw);
		} catch (e) {
			return e;
		}
		return undefined;
	})();
	expect(error).toBeInstanceOf(KeyNamesError);
	expect((error as Error).message).toMatch(/^Answer Key Names in the Risk Info API credential /);
	expect((error as Error).message).toMatch(message);
});

test('more than 200 entries is a paste gone wrong', () => {
	const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, `v${i}`]));
	expect(() => map(many)).toThrow(/has 201 entries; at most 200 are read/);
});

test('sourceNames: the service\'s word for each bulletin source where every entry of it agrees (case aside); none where they differ or no word can be read', () => {
	expect(sourceNames(map({ 'boletinComercial.casosSourceA': 'boletinComercial.casosAlfa', 'boletinComercial.MontoSourceA': 'boletinComercial.montoalfa', 'boletinComercialSummary.casesSourceB': 'boletinX.casesBeta', incluyeBureau: 'incluyeBuro' }))).toEqual({ SourceA: 'Alfa', SourceB: 'Beta' });
	expect(sourceNames(map({ 'boletinComercial.casosSourceA': 'boletinComercial.casosAlfa', 'boletinComercial.MontoSourceA': 'boletinComercial.MontoNorte' }))).toEqual({});
	expect(sourceNames(map({ boletinComercial: 'boletinX', 'boletinComercial.casosSourceC': 'boletinComercial.cantidad' }))).toEqual({});
});
