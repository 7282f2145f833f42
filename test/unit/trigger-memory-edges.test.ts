// The trigger's memory at its edges, for what mutation testing found unchecked (test/MUTANTS.md,
// "trigger-memory"): the redaction mark and which secret is replaced first, that data without a
// secret is read but never rewritten, deep and shared data, and the names and bounds of what is
// kept in static data and carried from webhook() to execute(). The modules are loaded inside each
// test (isolated) so their module-level names count as reached. Expected values are written out.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { isolated } from '../helpers/isolated';

type RedactModule = typeof import('../../nodes/RiskInfoTrigger/redact');
type DedupModule = typeof import('../../nodes/RiskInfoTrigger/dedup');
type CarryModule = typeof import('../../nodes/RiskInfoTrigger/carry');

const load = () =>
	isolated(() => ({
		...(require('../../nodes/RiskInfoTrigger/redact') as RedactModule),
		...(require('../../nodes/RiskInfoTrigger/dedup') as DedupModule),
		...(require('../../nodes/RiskInfoTrigger/carry') as CarryModule),
	}));

const KEY = '0123456789abcdef0123456789abcdef';
const OTHER_KEY = 'fedcba9876543210fedcba9876543210';

describe('redactor', () => {
	it('puts "[redacted]" where a secret was', () => {
		expect(load().redactor(['tok'])('a tok b tok')).toBe('a [redacted] b [redacted]');
	});

	it('replaces a secret that holds another one whole, whatever order they are listed in', () => {
		const { redactor } = load();
		for (const secrets of [['ab', 'xaby'], ['xaby', 'ab'], ['ab', 'b', 'xaby', 'aby'], ['b', 'aby', 'ab', 'xaby']]) {
			expect(redactor(secrets)('1 xaby 2')).toBe('1 [redacted] 2');
		}
	});

	it('ignores an empty secret, and with no secret left changes nothing at all', () => {
		const { redactor, keepAll } = load();
		expect(redactor(['', 'tok'])('a tok')).toBe('a [redacted]');
		expect(redactor(['tok', ''])('ab')).toBe('ab');
		expect(redactor([])).toBe(keepAll);
		expect(redactor(['', ''])).toBe(keepAll);
	});
});

/** A redactor that counts its calls: data read and found clean must not be walked at all. */
function counting(redactor: RedactModule['redactor'], secrets: string[]) {
	const inner = redactor(secrets);
	const calls: string[] = [];
	const redact = Object.assign((text: string) => (calls.push(text), inner(text)), { secrets: inner.secrets });
	return { redact, calls };
}

describe('redactData on data that holds no secret', () => {
	it.each<[string, unknown]>([
		['an array of one short string', ['a']],
		['an array of one long string', ['a long text without it']],
		['a record of short keys and strings', { a: 'b', c: 1 }],
		['a record of long keys and strings', { 'a long key': 'a long value here' }],
		['arrays and records inside each other', { list: [{ x: 'yy' }, ['zz', 34567]], n: null, t: true }],
		// Array indexes are not keys a delivery gave: a secret spelt like one is not looked for there.
		['an array longer than a secret spelt as an index', Array.from({ length: 14 }, () => 'v')],
	])('%s is handed back untouched, with no text rewritten', (_, data) => {
		const { redactor, redactData } = load();
		const { redact, calls } = counting(redactor, ['tok', '12', 'a secret much longer than the rest']);
		const copy = structuredClone(data);
		expect(redactData(data, redact)).toBe(data);
		expect(data).toEqual(copy);
		expect(calls).toEqual([]);
	});

	it('with no secret at all, the data is not even read', () => {
		const { keepAll, redactData } = load();
		const read: string[] = [];
		const watched = new Proxy({ a: 'tok' }, { ownKeys: (t) => (read.push('keys'), Reflect.ownKeys(t)), get: (t, k) => (read.push(String(k)), Reflect.get(t, k)) });
		expect(redactData(watched, keepAll)).toBe(watched);
		expect(read).toEqual([]);
	});

	it('nesting far past its reading depth, with no secret, neither fails nor is rewritten', () => {
		const { redactor, redactData } = load();
		let deep: unknown = ['bottom'];
		for (let i = 0; i < 50_000; i++) deep = i % 2 ? [deep] : { nivel: deep };
		expect(redactData(deep, redactor(['tok']))).toBe(deep);
	});
});

describe('redactData on data that holds a secret', () => {
	it('a record reached twice is redacted once', () => {
		const { redactor, redactData } = load();
		// "act" is inside "[redacted]": a second pass over the same record would show.
		const shared = { note: 'an act' };
		const data = { event: shared, rows: [{ finding: shared }] };
		redactData(data, redactor(['act']));
		expect(shared).toEqual({ note: 'an [redacted]' });
	});

	it('an array keeps its indexes even when a secret is spelt like one', () => {
		const { redactor, redactData } = load();
		const data = { list: ['a', 'b'], note: 'x1' };
		expect(redactData(data, redactor(['1']))).toEqual({ list: ['a', 'b'], note: 'x[redacted]' });
		expect(Object.keys(data.list)).toEqual(['0', '1']);
	});

	it('true, false and null stay what they are, even beside a secret that spells them', () => {
		const { redactor, redactData } = load();
		const data = { yes: true, no: false, none: null, note: 'true false null' };
		expect(redactData(data, redactor(['true', 'false', 'null']))).toEqual({ yes: true, no: false, none: null, note: '[redacted] [redacted] [redacted]' });
	});
});

describe('what is remembered in static data', () => {
	it('is read from and written to "emittedDeliveries", the name earlier versions stored', () => {
		const { alreadyEmitted, remember } = load();
		const stored: IDataObject = { emittedDeliveries: [KEY] };
		expect(alreadyEmitted(stored, { key: KEY, earlierPrefix: '1|FAILED|', earlier: () => '1|FAILED|x' })).toBe(true);
		remember(stored, OTHER_KEY);
		expect(stored).toEqual({ emittedDeliveries: [KEY, OTHER_KEY] });
	});

	it('keeps only texts of at most 256 characters', () => {
		const { remembered } = load();
		const longest = 'e'.repeat(256);
		expect(remembered({ emittedDeliveries: [5, null, ['x'], KEY, longest, 'e'.repeat(257)] })).toEqual([KEY, longest]);
	});

	it('holds a key once however often it is remembered, as the newest', () => {
		const { remember } = load();
		const stored: IDataObject = {};
		for (const key of [KEY, OTHER_KEY, KEY, KEY]) remember(stored, key);
		expect(stored.emittedDeliveries).toEqual([OTHER_KEY, KEY]);
	});

	it('restore adds only what is missing and not oversized, before what is held, within the window', () => {
		const { restore, DEDUP_WINDOW } = load();
		const stored: IDataObject = { emittedDeliveries: [KEY] };
		restore(stored, ['e'.repeat(256), 'e'.repeat(257), KEY, OTHER_KEY]);
		expect(stored.emittedDeliveries).toEqual(['e'.repeat(256), OTHER_KEY, KEY]);
		const full: IDataObject = { emittedDeliveries: Array.from({ length: DEDUP_WINDOW }, (_, i) => `${i}`) };
		restore(full, [KEY]);
		expect(full.emittedDeliveries).toHaveLength(DEDUP_WINDOW);
		expect((full.emittedDeliveries as string[])[0]).toBe('0');
	});

	it('restore with nothing missing writes nothing', () => {
		const { restore } = load();
		const empty: IDataObject = {};
		restore(empty, []);
		expect(empty).toEqual({});
		const held: IDataObject = { emittedDeliveries: [KEY, 'e'.repeat(300)] };
		restore(held, [KEY]);
		expect(held).toEqual({ emittedDeliveries: [KEY, 'e'.repeat(300)] });
	});
});

describe('what webhook() carries to execute()', () => {
	const deliveryKey = { key: KEY, earlierPrefix: 'id|SUCCESS|', earlier: () => 'id|SUCCESS|digest' };

	it('only the first item carries it, under "riskInfoDelivery"', () => {
		const { carryDelivery } = load();
		const items = carryDelivery([{ json: { a: 1 } }, { json: { a: 2 } }], deliveryKey, { emittedDeliveries: [OTHER_KEY] });
		expect(items).toEqual([{ json: { a: 1 }, riskInfoDelivery: { key: KEY, remembered: [OTHER_KEY] } }, { json: { a: 2 } }]);
	});

	// A webhook process and a worker may run different versions of the package during an upgrade.
	it('execute() reads a carrier written by hand in that form', () => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		const out = recordCarried(stored, [{ json: { a: 1 }, riskInfoDelivery: { key: KEY, remembered: [OTHER_KEY] } } as INodeExecutionData]);
		expect(out).toEqual([{ json: { a: 1 } }]);
		expect(stored).toEqual({ emittedDeliveries: [OTHER_KEY, KEY] });
	});

	it.each<[string, unknown]>([
		['missing', undefined],
		['a key that is a list', { key: [KEY], remembered: [] }],
		['a key that is a number', { key: 1234, remembered: [] }],
		['a key that is not 32 lower-case hex digits', { key: KEY.toUpperCase(), remembered: [] }],
		['a key one digit short', { key: KEY.slice(1), remembered: [] }],
		['a key one digit long', { key: `${KEY}0`, remembered: [] }],
	])('a carrier whose value is %s records nothing and is taken off', (_, carried) => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		expect(recordCarried(stored, [{ json: { a: 1 }, riskInfoDelivery: carried } as INodeExecutionData])).toEqual([{ json: { a: 1 } }]);
		expect(stored).toEqual({});
	});

	it('restores only the last 5,000 entries of a carried list', () => {
		const { recordCarried, DEDUP_WINDOW } = load();
		const stored: IDataObject = {};
		const carried = { key: KEY, remembered: [OTHER_KEY, ...Array.from({ length: DEDUP_WINDOW }, () => 'e'.repeat(32))] };
		recordCarried(stored, [{ json: {}, riskInfoDelivery: carried } as unknown as INodeExecutionData]);
		expect(stored).toEqual({ emittedDeliveries: ['e'.repeat(32), KEY] });
	});

	it('keeps only the texts of a carried list', () => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		const carried = { key: KEY, remembered: [['x'], 7, null, { a: 1 }, OTHER_KEY] };
		recordCarried(stored, [{ json: {}, riskInfoDelivery: carried } as unknown as INodeExecutionData]);
		expect(stored).toEqual({ emittedDeliveries: [OTHER_KEY, KEY] });
	});
});
