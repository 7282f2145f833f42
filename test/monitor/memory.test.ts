// What the Monitor remembers in static data: compact (texts shared, numbers as written), read
// back exactly, written only where something differs, bounded (the shared texts have a limit),
// and robust to static data it did not write.
import type { IDataObject } from 'n8n-workflow';

import { FIELDS, type Value } from '../../nodes/RiskInfoMonitor/fields';
import { MAX_SETS, MAX_TEXTS, Memory } from '../../nodes/RiskInfoMonitor/memory';

/** A store that records every write, as n8n's static data marks itself changed on each one. */
function recordingStore(initial: IDataObject = {}) {
	const writes: string[] = [];
	const store = new Proxy(initial, {
		set: (target, key, value) => {
			writes.push(String(key));
			return Reflect.set(target, key, value);
		},
		deleteProperty: (target, key) => {
			writes.push(`-${String(key)}`);
			return Reflect.deleteProperty(target, key);
		},
	});
	return { store, writes };
}

const values = (o: Partial<Record<string, Value>>): Value[] => FIELDS.map((f) => (f.name in o ? o[f.name]! : null));

test('values read back as written: numbers, texts, unknowns, the fingerprint', () => {
	const { store } = recordingStore();
	const m = new Memory(store);
	const a = values({ complianceRisk: 'medium', activeCivilCases: 2, bulletinUnpaidAmount: 54_000_000, classificationLabel: 'Riesgo medio', classificationPercentage: 62.5, activityStatus: 'Contribuyente activo' });
	m.set('76111111', { values: a, fingerprint: 'Ab3dE9x2' });
	m.set('76222222', { values: values({ complianceRisk: 'medium', classificationLabel: 'Riesgo medio' }), fingerprint: '' });
	m.save();
	const again = new Memory(JSON.parse(JSON.stringify(store)));
	expect(again.get('76111111')).toEqual({ values: a, fingerprint: 'Ab3dE9x2' });
	expect(again.get('76222222')).toEqual({ values: values({ complianceRisk: 'medium', classificationLabel: 'Riesgo medio' }), fingerprint: '' });
	expect(again.get('76333333')).toBeUndefined();
	// Texts repeated across RUTs are kept once.
	expect(store.texts).toEqual(['medium', 'Riesgo medio', 'Contribuyente activo']);
});

test('nothing is written when nothing differs; a changed part is written, and only it', () => {
	const { store, writes } = recordingStore();
	const m = new Memory(store);
	m.set('1', { values: values({ activeCivilCases: 1 }), fingerprint: 'x' });
	m.setFailures('2', 1);
	m.after = 1;
	m.save();
	expect(writes.sort()).toEqual(['after', 'fail', 'rec', 'texts', 'v']);

	writes.length = 0;
	const same = new Memory(store);
	same.set('1', { values: values({ activeCivilCases: 1 }), fingerprint: 'x' });
	same.setFailures('2', 1);
	same.after = 1;
	same.keepOnly(new Set(['1', '2']));
	same.save();
	expect(writes).toEqual([]);

	const changed = new Memory(store);
	changed.set('1', { values: values({ activeCivilCases: 2 }), fingerprint: 'x' });
	changed.save();
	expect(writes).toEqual(['rec']);
});

test('not loaded, failures and RUTs no longer watched', () => {
	const { store } = recordingStore();
	const m = new Memory(store);
	m.setNotLoaded('5');
	m.set('6', { values: values({}), fingerprint: 'y' });
	m.setFailures('6', 2);
	m.setFailures('7', 1);
	expect([m.get('5'), m.failures('6'), m.failures('7'), m.failures('8')]).toEqual(['notLoaded', 2, 1, 0]);
	m.keepOnly(new Set(['6']));
	m.setFailures('6', 0);
	m.save();
	expect(store.rec).toEqual({ '6': expect.any(String) });
	expect(store.fail).toEqual({});
});

test('static data the Monitor did not write (another layout, hand edits) starts afresh rather than failing', () => {
	for (const junk of [{ rec: 'x' }, { v: 1, rec: [1], fail: 'y', texts: 3, after: 'z' }, { v: 99, rec: { '1': '0|||' } }]) {
		const m = new Memory({ ...junk } as IDataObject);
		expect([m.get('1'), m.failures('1'), m.after]).toEqual([undefined, 0, undefined]);
	}
	const odd = new Memory({ v: 1, rec: { '1': 'zz|x|||||||', '2': 5 } } as unknown as IDataObject);
	expect(odd.get('1')).toEqual({ values: values({}), fingerprint: '' });
	expect(odd.get('2')).toBeUndefined();
});

test('the shared texts are bounded: unused ones are dropped when full, and a text with no room reads as unknown', () => {
	const { store } = recordingStore();
	const m = new Memory(store);
	for (let i = 0; i < MAX_TEXTS; i++) m.set(String(i), { values: values({ activityStatus: `status ${i}` }), fingerprint: '' });
	// Half the RUTs move to a text already known: their old texts are no longer used.
	for (let i = 0; i < MAX_TEXTS / 2; i++) m.set(String(i), { values: values({ activityStatus: 'status 999' }), fingerprint: '' });
	m.set('new', { values: values({ activityStatus: 'a new status' }), fingerprint: '' });
	m.save();
	expect((store.texts as string[]).length).toBe(MAX_TEXTS / 2 + 1);
	expect(m.get('new')).toEqual({ values: values({ activityStatus: 'a new status' }), fingerprint: '' });
	expect(m.get('3')).toEqual({ values: values({ activityStatus: 'status 999' }), fingerprint: '' });
	expect(m.get(String(MAX_TEXTS - 1))).toEqual({ values: values({ activityStatus: `status ${MAX_TEXTS - 1}` }), fingerprint: '' });

	const full = new Memory({});
	for (let i = 0; i < MAX_TEXTS; i++) full.set(String(i), { values: values({ activityStatus: `s${i}` }), fingerprint: '' });
	full.set('x', { values: values({ activityStatus: 'one too many', activeCivilCases: 3 }), fingerprint: '' });
	expect(full.get('x')).toEqual({ values: values({ activeCivilCases: 3 }), fingerprint: '' });
	expect(full.get('7')).toEqual({ values: values({ activityStatus: 's7' }), fingerprint: '' });
});

test('a RUT with large numbers and every text stays under 100 bytes of static data', () => {
	const store: IDataObject = {};
	const m = new Memory(store);
	const texts = { complianceRisk: 'critical', classificationLabel: 'Riesgo alto', activityStatus: 'Contribuyente con término de giro' };
	for (let i = 0; i < 1000; i++) {
		m.set(String(10_000_000 + i), {
			values: values({ ...texts, activeCivilCases: 125, activeLaborCases: 48, activeCollectionCases: 310, bulletinCases: 999, bulletinUnpaidAmount: 987_654_321_098, classificationPercentage: 12.75 }),
			fingerprint: 'Ab3dE9x2',
			// Watched fields the answer did not carry, remembered as a hash.
			unread: 'k3Jd9a',
		});
	}
	m.setFailures('10000001', 2);
	m.after = 10_000_999;
	m.save();
	expect(Buffer.byteLength(JSON.stringify(store)) / 1000).toBeLessThan(100);
});

test('which watched fields could not be read is one more part, only while there are some; entries written before it read as before', () => {
	// As the Monitor wrote it before: compliance risk text 0, one civil case, the rest unknown, the fingerprint.
	const written = ['0', '1', ...Array<string>(FIELDS.length - 2).fill(''), 'Ab3dE9x2'].join('|');
	const store: IDataObject = { v: 1, rec: { '76111111': written }, texts: ['free'] };
	const m = new Memory(store);
	const old = m.get('76111111');
	expect(old).toEqual({ values: values({ complianceRisk: 'free', activeCivilCases: 1 }), fingerprint: 'Ab3dE9x2' });
	expect(old).not.toHaveProperty('unread');
	m.set('76111111', { ...(old as { values: Value[]; fingerprint: string }), unread: 'k3Jd9a' });
	expect(m.get('76111111')).toEqual({ values: values({ complianceRisk: 'free', activeCivilCases: 1 }), fingerprint: 'Ab3dE9x2', unread: 'k3Jd9a' });
	m.set('76111111', { values: values({ complianceRisk: 'free', activeCivilCases: 1 }), fingerprint: 'Ab3dE9x2' });
	m.save();
	expect(store.rec).toEqual({ '76111111': written });
});

test('each set of unread fields is remembered once for the account, counted by the RUTs that carry it, forgotten with the last, and bounded', () => {
	const entry = (unread?: string) => ({ values: values({ complianceRisk: 'free' }), fingerprint: '', ...(unread ? { unread, names: `field${unread}` } : {}) });
	const { store } = recordingStore();
	const m = new Memory(store);
	for (let n = 0; n < 300; n++) m.set(String(76_000_000 + n), entry('aaaaaa'));
	m.setSaid('aaaaaa', 'a');
	m.save();
	// One entry for the set, however many RUTs: the names once, what was said, the count.
	expect(store.un).toEqual({ aaaaaa: { f: 'fieldaaaaaa', n: 300, s: 'a' } });
	const again = new Memory(JSON.parse(JSON.stringify(store)));
	expect([again.said('aaaaaa'), again.namesOf('aaaaaa')]).toEqual(['a', 'fieldaaaaaa']);
	// Read whole again, not loaded any more, or no longer watched: each leaves the set.
	for (let n = 0; n < 298; n++) again.set(String(76_000_000 + n), entry());
	again.setNotLoaded('76000298');
	again.keepOnly(new Set(Array.from({ length: 299 }, (_, n) => String(76_000_000 + n))));
	again.save();
	expect(again.said('aaaaaa')).toBeUndefined();
	expect(again.namesOf('aaaaaa')).toBeUndefined();

	// As many sets as RUTs (a hostile answer): no more than MAX_SETS are kept; the others are said per RUT.
	const many = new Memory({});
	for (let n = 0; n < MAX_SETS * 3; n++) many.set(String(n), entry(`s${n}`));
	many.setSaid(`s${MAX_SETS * 2}`, 'a');
	expect([many.namesOf('s0'), many.namesOf(`s${MAX_SETS - 1}`), many.namesOf(`s${MAX_SETS}`), many.said(`s${MAX_SETS * 2}`)]).toEqual(['fields0', `fields${MAX_SETS - 1}`, undefined, undefined]);
});

test('static data written before the sets were counted: counted from the RUTs\' entries on first read', () => {
	const carrying = (unread: string) => ['0', ...Array<string>(FIELDS.length - 1).fill(''), '', unread].join('|');
	const store: IDataObject = { v: 1, rec: { '1': carrying('k3Jd9a'), '2': carrying('k3Jd9a'), '3': '0' }, texts: ['free'] };
	const m = new Memory(store);
	m.setSaid('k3Jd9a', 'a');
	m.save();
	expect(store.un).toEqual({ k3Jd9a: { f: '', n: 2, s: 'a' } });
	// Nothing to count, nothing written.
	const { store: plain, writes } = recordingStore({ v: 1, rec: { '3': '0' }, texts: ['free'] });
	new Memory(plain).save();
	expect(writes).toEqual([]);
});
