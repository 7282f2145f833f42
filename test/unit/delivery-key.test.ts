// The repeat key of a delivery (dedup.ts) on both of its ways of digesting the content: an event
// the field tables lay out whole is digested as written, one that keeps a record as it came through
// a key-sorted copy. On either way the key must not depend on the order of the delivery's keys and
// must change with any value. Whether the tables laid out the whole event is checked against
// events written here, field by field, from spec §6.
import { createHash } from 'node:crypto';

import { alreadyEmitted, deliveryKey, remembered } from '../../nodes/RiskInfoTrigger/dedup';
import { normalised } from '../helpers/normalised';
import { event, reverseKeys, type Rec } from '../trigger/forms';

const pep = { nombre: 'Ana Pérez', cargo: 'Ministra', institucion: 'Ministerio', periodo: '2020-2022' };
const success = {
	webhookId: 9001,
	estado: 'SUCCESS',
	nombreCompleto: 'Ana Pérez',
	riesgo: 'high',
	datosPepChile: [pep, { ...pep, nombre: 'Luis Soto', periodo: ['2010', '2014'] }],
	totalPepChile: 2,
};
const failed = { webhookId: 9002, estado: 'FAILED', nombreCompleto: 'Ana Pérez', error: 'timeout', detalles: 'the list provider did not answer' };

describe('which events the field tables lay out whole', () => {
	it.each<[string, unknown]>([
		['a SUCCESS event of known fields (a list of texts as a value too)', success],
		['a FAILED event with text details', failed],
		['the sandbox’s SUCCESS, FAILED and no-match events', null],
	])('%s', (_, payload) => {
		const payloads = payload ? [payload] : [event('success'), event('failed'), event('nomatch')];
		for (const p of payloads) expect(normalised(p).ordered).toBe(true);
	});

	it('lists of texts nested deeper than it looks into are taken to hold a record; far deeper does not fail', () => {
		const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}"x"${']'.repeat(levels)}`) as unknown;
		expect(normalised({ ...failed, detalles: nested(150) }).ordered).toBe(true);
		expect(normalised({ ...failed, detalles: nested(250) }).ordered).toBe(false);
		expect(normalised({ ...failed, detalles: nested(100_000) }).ordered).toBe(false);
	});

	it.each<[string, unknown]>([
		['an unknown field at the top', { ...success, campoNuevo: 1 }],
		['an unknown field in a finding', { ...success, datosPepChile: [{ ...pep, notas: 'x' }] }],
		['an unknown field in the summary', { ...success, resumen: { pepChile: { totalResultados: 2, riesgo: 'high' }, otraLista: 1 } }],
		['a record as a finding’s value', { ...success, datosPepChile: [{ ...pep, periodo: { desde: '2020', hasta: '2022' } }] }],
		['a record inside a list as a value', { ...success, datosPepChile: [{ ...pep, enlace: [['a', { b: 1 }]] }] }],
		['a finding that is a list, not a record', { ...success, datosPepChile: [[{ nombre: 'x' }]] }],
		['FAILED details given as a record', { ...failed, detalles: { code: 7, reason: 'timeout' } }],
		['a record as the full name', { ...success, nombreCompleto: { first: 'Ana', last: 'Pérez' } }],
	])('not with %s', (_, payload) => {
		expect(normalised(payload).ordered).toBe(false);
	});
});

describe('a finding built in process with an inherited key (no JSON body has one)', () => {
	const finding = (own: Rec) => Object.assign(Object.create({ heredado: 1 }) as Rec, own);
	const findings = (own: Rec) => (normalised({ ...success, datosPepChile: [finding(own)], totalPepChile: 1 }).event.lists as Rec).pepChile as { items: Rec[] };

	it('maps its own keys and leaves the inherited one out', () => {
		expect(findings(pep).items).toEqual([{ name: 'Ana Pérez', position: 'Ministra', institution: 'Ministerio', period: '2020-2022' }]);
		expect(findings({ ...pep, notas: 'x' }).items[0].extra).toEqual({ notas: 'x' });
	});
});

describe('the repeat key', () => {
	const key = (payload: unknown) => deliveryKey(normalised(payload)).key;
	const unordered = { ...success, campoNuevo: { b: 1, a: [{ y: 2, x: 1 }] }, datosPepChile: [{ ...pep, periodo: { desde: '2020', hasta: '2022' } }] };

	it.each<[string, unknown]>([
		['laid out whole', success],
		['with records kept as they came', unordered],
		['FAILED', failed],
	])('%s: the same with every key in another order, another with any value changed', (_, payload) => {
		expect(key(reverseKeys(payload))).toBe(key(payload));
		expect(key(payload)).toMatch(/^[A-Za-z0-9_-]{16}$/);
		const json = JSON.stringify(payload);
		for (const [from, to] of [
			['Ana Pérez', 'Ana Perez'],
			['"webhookId":900', '"webhookId":800'],
		] as const) {
			expect(key(JSON.parse(json.replace(from, to)))).not.toBe(key(payload));
		}
	});

	it('an event laid out whole is digested as JSON.stringify writes it, without webhookId', () => {
		const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
		const { webhookId: _id, ...content } = normalised(success).event;
		const whole = sha256(`9001|SUCCESS|${sha256(JSON.stringify(content))}`);
		// The first 96 bits, in base64url.
		expect(key(success)).toBe(Buffer.from(whole.slice(0, 24), 'hex').toString('base64url'));
	});

	it('a key stored as 32 hex characters before the packed form is recognised as this delivery', () => {
		const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
		const { webhookId: _id, ...content } = normalised(success).event;
		const storedBefore = sha256(`9001|SUCCESS|${sha256(JSON.stringify(content))}`).slice(0, 32);
		const k = deliveryKey(normalised(success));
		expect(alreadyEmitted(remembered({ emittedDeliveries: [storedBefore] }), k)).toBe(true);
		expect(alreadyEmitted(remembered({ emittedDeliveries: [`${storedBefore.slice(0, 23)}0${storedBefore.slice(24)}`] }), k)).toBe(false);
	});

	it('a changed value inside a record kept as it came changes it too', () => {
		expect(key({ ...unordered, campoNuevo: { b: 1, a: [{ y: 2, x: 2 }] } })).not.toBe(key(unordered));
	});

	it('the English and Spanish forms of one event, and a padded webhookId, give one key', () => {
		const english = { webhookId: ' 9001 ', status: 'SUCCESS', fullName: 'Ana Pérez', risk: 'high', datosPepChile: success.datosPepChile, totalPepChile: 2 };
		expect(key(english)).toBe(key(success));
		// And when a record is kept as it came, which takes the key-sorted digest.
		expect(key({ ...english, campoNuevo: { b: 1, a: 2 } })).toBe(key({ ...success, campoNuevo: { a: 2, b: 1 } }));
	});

	it('what version 0.1 stored is worked out only for an entry of the same webhookId and status', () => {
		const k = deliveryKey(normalised(success));
		expect(k.earlierPrefix).toBe('9001|SUCCESS|');
		expect(k.earlier()).toMatch(/^9001\|SUCCESS\|[0-9a-f]{16}$/);
		const earlier = jest.fn(k.earlier);
		const seen = (entries: string[]) => alreadyEmitted(remembered({ emittedDeliveries: entries }), { ...k, earlier });
		expect(seen(['8001|SUCCESS|0123456789abcdef', '9001|FAILED|0123456789abcdef', 'f'.repeat(32)])).toBe(false);
		expect(earlier).not.toHaveBeenCalled();
		expect(seen(['9001|SUCCESS|0123456789abcdef', k.earlier()])).toBe(true);
		expect(earlier).toHaveBeenCalledTimes(1);
	});
});
