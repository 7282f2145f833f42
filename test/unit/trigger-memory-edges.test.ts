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
	isolated(() => {
		const dedup = require('../../nodes/RiskInfoTrigger/dedup') as DedupModule;
		return {
			...(require('../../nodes/RiskInfoTrigger/redact') as RedactModule),
			...dedup,
			...(require('../../nodes/RiskInfoTrigger/carry') as CarryModule),
			// What the trigger does with static data: read it once, then check, add or merge, and write.
			emittedIn: (staticData: IDataObject, k: Parameters<DedupModule['alreadyEmitted']>[1]) => dedup.alreadyEmitted(dedup.remembered(staticData), k),
			remember: (staticData: IDataObject, key: string) => dedup.store(staticData, dedup.withKey(dedup.remembered(staticData), key)),
			restore: (staticData: IDataObject, seen: Parameters<DedupModule['merged']>[1]) => dedup.store(staticData, dedup.merged(dedup.remembered(staticData), seen)),
		};
	});

/** Keys as the trigger stores them: 16 base64url characters. */
const KEY = 'key1key1key1key1';
const OTHER_KEY = 'key2-key2_key2ke';
/** Keys as versions before the packed form stored them (32 hex), and the same keys packed (their first 96 bits). */
const HEX = '0123456789abcdef0123456789abcdef';
const HEX_PACKED = 'ASNFZ4mrze8BI0Vn';
const OTHER_HEX = 'fedcba9876543210fedcba9876543210';
const OTHER_HEX_PACKED = '_ty6mHZUMhD-3LqY';

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
	const key = (k: string) => ({ key: k, earlierPrefix: '1|FAILED|', earlier: () => '1|FAILED|x' });

	it('is one string of 16-character keys under "deliveryKeys", oldest first', () => {
		const { emittedIn, remember } = load();
		const stored: IDataObject = {};
		remember(stored, KEY);
		remember(stored, OTHER_KEY);
		expect(stored).toEqual({ deliveryKeys: `${KEY}${OTHER_KEY}` });
		expect(emittedIn(stored, key(KEY))).toBe(true);
		expect(emittedIn(stored, key(OTHER_KEY))).toBe(true);
		expect(emittedIn(stored, key('key3key3key3key3'))).toBe(false);
	});

	it('finds a key only where a key begins, looking past a match across two keys', () => {
		const { emittedIn } = load();
		const across = { deliveryKeys: `${'a'.repeat(8)}${'b'.repeat(8)}${'c'.repeat(8)}${'d'.repeat(8)}` };
		expect(emittedIn(across, key(`${'b'.repeat(8)}${'c'.repeat(8)}`))).toBe(false);
		const later = { deliveryKeys: `x${'a'.repeat(15)}${'a'.repeat(16)}` };
		expect(emittedIn(later, key('a'.repeat(16)))).toBe(true);
	});

	it.each<[string, unknown]>([
		['a number', 5],
		['a list', [KEY]],
		['one character short of a whole key', `${KEY}${OTHER_KEY.slice(1)}`],
		['a character base64url does not use', `${KEY}key2+key2/key2ke`],
	])('"deliveryKeys" holding %s is read as nothing remembered', (_, packed) => {
		const { remembered } = load();
		expect(remembered({ deliveryKeys: packed } as IDataObject)).toEqual({ keys: '', earlier: [] });
	});

	it('reads the list earlier versions stored under "emittedDeliveries": hex keys packed as older, 0.1 entries kept, the rest dropped', () => {
		const { remembered, remember, emittedIn } = load();
		const stored: IDataObject = {
			deliveryKeys: KEY,
			emittedDeliveries: [5, null, ['x'], HEX, '1|FAILED|x', `${'e'.repeat(255)}|`, `${'e'.repeat(256)}|`, 'g'.repeat(32), HEX.toUpperCase()],
		};
		expect(remembered(stored)).toEqual({ keys: `${HEX_PACKED}${KEY}`, earlier: ['1|FAILED|x', `${'e'.repeat(255)}|`] });
		expect(emittedIn(stored, key(HEX_PACKED))).toBe(true);
		expect(emittedIn(stored, key('1|FAILED|xxxxxxx'))).toBe(true);
		remember(stored, OTHER_KEY);
		expect(stored).toEqual({ deliveryKeys: `${HEX_PACKED}${KEY}${OTHER_KEY}`, emittedDeliveries: ['1|FAILED|x', `${'e'.repeat(255)}|`] });
	});

	it('once no 0.1 entry is left, "emittedDeliveries" is taken away', () => {
		const { remember } = load();
		const stored: IDataObject = { emittedDeliveries: [HEX, 'e'.repeat(300)] };
		remember(stored, KEY);
		expect(stored).toEqual({ deliveryKeys: `${HEX_PACKED}${KEY}` });
	});

	it('holds a key once however often it is remembered, as the newest', () => {
		const { remember } = load();
		const stored: IDataObject = {};
		for (const k of [KEY, OTHER_KEY, KEY, KEY]) remember(stored, k);
		expect(stored.deliveryKeys).toBe(`${OTHER_KEY}${KEY}`);
	});

	it('keeps the last 1,000, forgetting 0.1 entries before any key', () => {
		const { remember, DEDUP_WINDOW } = load();
		const keys = Array.from({ length: DEDUP_WINDOW - 2 }, (_, i) => `${i}`.padStart(16, 'k'));
		const stored: IDataObject = { deliveryKeys: keys.join(''), emittedDeliveries: ['1|FAILED|a', '1|FAILED|b'] };
		remember(stored, KEY);
		expect(stored).toEqual({ deliveryKeys: `${keys.join('')}${KEY}`, emittedDeliveries: ['1|FAILED|b'] });
		remember(stored, OTHER_KEY);
		expect(stored).toEqual({ deliveryKeys: `${keys.join('')}${KEY}${OTHER_KEY}` });
		remember(stored, 'key3key3key3key3');
		expect(stored).toEqual({ deliveryKeys: `${keys.slice(1).join('')}${KEY}${OTHER_KEY}key3key3key3key3` });
	});

	it('restore adds only what is missing, before what is held, within the window', () => {
		const { restore, DEDUP_WINDOW } = load();
		const stored: IDataObject = { deliveryKeys: KEY };
		restore(stored, { keys: `${OTHER_KEY}${KEY}${OTHER_KEY}`, earlier: ['1|FAILED|x'] });
		expect(stored).toEqual({ deliveryKeys: `${OTHER_KEY}${KEY}`, emittedDeliveries: ['1|FAILED|x'] });
		const keys = Array.from({ length: DEDUP_WINDOW }, (_, i) => `${i}`.padStart(16, 'k')).join('');
		const full: IDataObject = { deliveryKeys: keys };
		restore(full, { keys: KEY, earlier: ['1|FAILED|x'] });
		expect(full).toEqual({ deliveryKeys: keys });
	});

	it('restore onto nothing takes what was seen whole', () => {
		const { restore } = load();
		const empty: IDataObject = {};
		restore(empty, { keys: `${KEY}${OTHER_KEY}`, earlier: ['1|FAILED|x'] });
		expect(empty).toEqual({ deliveryKeys: `${KEY}${OTHER_KEY}`, emittedDeliveries: ['1|FAILED|x'] });
	});

	it('merging the same keys still adds the 0.1 entries only what was seen holds', () => {
		const { merged } = load();
		const held = { keys: `${KEY}${OTHER_KEY}`, earlier: ['1|FAILED|x'] };
		expect(merged(held, { keys: held.keys, earlier: ['1|SUCCESS|y', '1|FAILED|x'] })).toEqual({ keys: held.keys, earlier: ['1|SUCCESS|y', '1|FAILED|x'] });
	});

	it('merging hands back what is held, as it is, when nothing is missing or it fills the window', () => {
		const { merged, DEDUP_WINDOW } = load();
		const held = { keys: `${KEY}${OTHER_KEY}`, earlier: ['1|FAILED|x', 'e'.repeat(300)] };
		expect(merged(held, { keys: OTHER_KEY, earlier: ['1|FAILED|x'] })).toBe(held);
		expect(merged(held, { keys: held.keys, earlier: [] })).toBe(held);
		const full = { keys: Array.from({ length: DEDUP_WINDOW }, (_, i) => `${i}`.padStart(16, 'k')).join(''), earlier: [] };
		expect(merged(full, { keys: KEY, earlier: ['1|FAILED|x'] })).toBe(full);
		const oneShort = { keys: full.keys.slice(16), earlier: [] };
		expect(merged(oneShort, { keys: KEY, earlier: [] })).toEqual({ keys: `${KEY}${oneShort.keys}`, earlier: [] });
	});
});

describe('what webhook() carries to execute()', () => {
	const deliveryKey = { key: KEY, earlierPrefix: 'id|SUCCESS|', earlier: () => 'id|SUCCESS|digest' };

	it('only the first item carries it, under "riskInfoDelivery": the key and what was remembered', () => {
		const { carryDelivery, remembered } = load();
		const items = carryDelivery([{ json: { a: 1 } }, { json: { a: 2 } }], deliveryKey, remembered({ deliveryKeys: OTHER_KEY }));
		expect(items).toEqual([{ json: { a: 1 }, riskInfoDelivery: { key: KEY, keys: OTHER_KEY } }, { json: { a: 2 } }]);
		const withEarlier = carryDelivery([{ json: {} }], deliveryKey, remembered({ emittedDeliveries: [HEX, '1|FAILED|x'] }));
		expect(withEarlier).toEqual([{ json: {}, riskInfoDelivery: { key: KEY, keys: HEX_PACKED, earlier: ['1|FAILED|x'] } }]);
	});

	it('execute() records a carrier of that form and takes it off', () => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		const out = recordCarried(stored, [{ json: { a: 1 }, riskInfoDelivery: { key: KEY, keys: OTHER_KEY, earlier: ['1|FAILED|x'] } } as INodeExecutionData]);
		expect(out).toEqual([{ json: { a: 1 } }]);
		expect(stored).toEqual({ deliveryKeys: `${OTHER_KEY}${KEY}`, emittedDeliveries: ['1|FAILED|x'] });
	});

	// A webhook process and a worker may run different versions of the package during an upgrade.
	it('execute() reads a carrier of the form versions before the packed keys wrote', () => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		const out = recordCarried(stored, [{ json: { a: 1 }, riskInfoDelivery: { key: HEX, remembered: [OTHER_HEX, '1|FAILED|x'] } } as INodeExecutionData]);
		expect(out).toEqual([{ json: { a: 1 } }]);
		expect(stored).toEqual({ deliveryKeys: `${OTHER_HEX_PACKED}${HEX_PACKED}`, emittedDeliveries: ['1|FAILED|x'] });
	});

	it.each<[string, unknown]>([
		['missing', undefined],
		['not an object', 'key1key1key1key1'],
		['a key that is a list', { key: [KEY], keys: '' }],
		['a key that is a number', { key: 1234, keys: '' }],
		['a key with a character base64url does not use', { key: 'key1key1key1key+', keys: '' }],
		['a key one character short', { key: KEY.slice(1), keys: '' }],
		['a key one character long', { key: `${KEY}0`, keys: '' }],
		['a hex key in capitals', { key: HEX.toUpperCase(), keys: '' }],
		['a hex key one digit short', { key: HEX.slice(1), keys: '' }],
	])('a carrier whose value is %s records nothing and is taken off', (_, carried) => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		expect(recordCarried(stored, [{ json: { a: 1 }, riskInfoDelivery: carried } as INodeExecutionData])).toEqual([{ json: { a: 1 } }]);
		expect(stored).toEqual({});
	});

	it('restores only the last 1,000 entries of a carried list, and of carried keys', () => {
		const { recordCarried, DEDUP_WINDOW } = load();
		const stored: IDataObject = {};
		const carried = { key: KEY, remembered: [OTHER_HEX, ...Array.from({ length: DEDUP_WINDOW }, () => HEX)] };
		recordCarried(stored, [{ json: {}, riskInfoDelivery: carried } as unknown as INodeExecutionData]);
		expect(stored).toEqual({ deliveryKeys: `${HEX_PACKED}${KEY}` });
		const keys = Array.from({ length: DEDUP_WINDOW }, (_, i) => `${i}`.padStart(16, 'k'));
		const many: IDataObject = {};
		recordCarried(many, [{ json: {}, riskInfoDelivery: { key: KEY, keys: `${OTHER_KEY}${keys.join('')}` } } as unknown as INodeExecutionData]);
		expect(many).toEqual({ deliveryKeys: `${keys.slice(1).join('')}${KEY}` });
	});

	it('keeps only the keys and 0.1 entries of a carried list', () => {
		const { recordCarried } = load();
		const stored: IDataObject = {};
		const carried = { key: KEY, keys: 7, remembered: [['x'], 7, null, { a: 1 }, OTHER_HEX, 'plain'], earlier: 'not a list' };
		recordCarried(stored, [{ json: {}, riskInfoDelivery: carried } as unknown as INodeExecutionData]);
		expect(stored).toEqual({ deliveryKeys: `${OTHER_HEX_PACKED}${KEY}` });
	});
});
