// The normaliser (normalise.ts) on the edges of what it reads: which of a field's names wins, what
// is left for `extra` and in which order, what stands in for an absent value, and the refusals.
// Events are written here from spec §6 and fields.ts's names; a few are built in process, with an
// inherited or undefined key, which no JSON body has.
import { LISTS, SUMMARY_ENTRY, type Field } from '../../nodes/RiskInfoTrigger/fields';
import { normaliseEvent } from '../../nodes/RiskInfoTrigger/normalise';
import { normalised } from '../helpers/normalised';

type Rec = Record<string, unknown>;

const head = { webhookId: 41, estado: 'SUCCESS', nombreCompleto: 'Ana Pérez' };
const pep = { nombre: 'Ana Pérez', cargo: 'Ministra', institucion: 'Ministerio', periodo: '2020-2022' };
const mapped = { name: 'Ana Pérez', position: 'Ministra', institution: 'Ministerio', period: '2020-2022' };

/** The PEP Chile findings of an event holding `items`. */
function pepItems(items: unknown[], extra: Rec = {}): Rec[] {
	const lists = normalised({ ...head, datosPepChile: items, totalPepChile: items.length, ...extra }).event.lists as Record<string, { items: Rec[] }>;
	return lists.pepChile.items;
}

describe('which name of a field is read', () => {
	it('the first one present; an alias with another value is kept under extra, in the order the keys came', () => {
		expect(pepItems([{ name: 'Ana', ...pep }])).toEqual([{ ...mapped, name: 'Ana', extra: { nombre: 'Ana Pérez' } }]);
		expect(pepItems([{ notas: 1, ...pep, name: 'Ana Pérez', fuente: 2 }])).toEqual([{ ...mapped, extra: { notas: 1, fuente: 2 } }]);
		expect(pepItems([{ nombre: 'B', name: 'A', cargo: 'C' }])).toEqual([{ name: 'A', position: 'C', institution: null, period: null, extra: { nombre: 'B' } }]);
	});

	it('of three names, each later one present is compared with the one read, whichever of them that is', () => {
		const summary = (entry: Rec) => ((normalised({ ...head, resumen: { pepChile: entry } }).event.summary as Rec).pepChile as Rec);
		expect(summary({ totalResults: 2, total: 3, riesgo: 'low' })).toEqual({ total: 2, risk: 'low', extra: { total: 3 } });
		expect(summary({ totalResultados: 2, totalResults: 2, total: 3, riesgo: 'low' })).toEqual({ total: 2, risk: 'low', extra: { total: 3 } });
		expect(summary({ totalResultados: 2, totalResults: 3, total: 2, riesgo: 'low' })).toEqual({ total: 2, risk: 'low', extra: { totalResults: 3 } });
		expect(summary({ totalResultados: 2, totalResults: 2, total: 2, riesgo: 'low' })).toEqual({ total: 2, risk: 'low' });
	});

	it('a name present with an undefined value, or only inherited, is passed over for the next', () => {
		const inherited = (proto: Rec, own: Rec) => Object.assign(Object.create(proto) as Rec, own);
		expect(pepItems([{ ...pep, name: undefined }])).toEqual([mapped]);
		expect(pepItems([inherited({ name: 'Heredado' }, pep)])).toEqual([mapped]);
		expect(normalised({ ...head, fullName: undefined }).event.fullName).toBe('Ana Pérez');
		expect(normalised(inherited({ fullName: 'Heredado', status: 'FAILED' }, head))).toMatchObject({ status: 'SUCCESS', event: { fullName: 'Ana Pérez' } });
		expect(normaliseEvent(inherited({ webhookId: 41 }, { estado: 'SUCCESS' }))).toMatchObject({ ok: false, error: 'missing_fields' });
	});

	it('a status that is blank is passed over for the next name, and kept under extra', () => {
		const n = normalised({ webhookId: 41, status: '  ', estado: 'failed', error: 'x' });
		expect(n.status).toBe('FAILED');
		expect(n.event.extra).toEqual({ status: '  ' });
	});
});

describe('what stands in for what is absent', () => {
	it('a field no name of which is present is null, in a finding, in the profile and in a failure', () => {
		expect(pepItems([{ nombre: 'Ana Pérez' }])).toEqual([{ name: 'Ana Pérez', position: null, institution: null, period: null }]);
		const n = normalised(head).event;
		expect([n.personType, n.searchTolerance, n.isNewProfile, n.risk]).toEqual([null, null, null, null]);
		expect(normalised({ webhookId: 41, estado: 'FAILED' }).event).toEqual({ webhookId: 41, status: 'FAILED', fullName: null, message: expect.stringMatching(/^The service could not complete this screening/), error: null, details: null });
	});

	it('a null summary is the spec\'s empty one, and is not kept under extra', () => {
		const n = normalised({ ...head, resumen: null }).event;
		expect((n.summary as Rec).publicOfficials).toEqual({ total: 0, risk: 'free' });
		expect((n.summary as Rec).pepChile).toEqual({ total: null, risk: null });
		expect(n.extra).toBeUndefined();
	});

	it('a summary that is neither a record nor null says nothing: each entry is as if it were missing, and the value is kept under extra', () => {
		const n = normalised({ ...head, resumen: 'ninguno' }).event;
		expect((n.summary as Rec).publicOfficials).toEqual({ total: 0, risk: 'free' });
		expect((n.summary as Rec).pepChile).toEqual({ total: null, risk: null });
		expect(n.extra).toEqual({ resumen: 'ninguno' });
	});

	it('a key named "undefined" is no field\'s value: it goes under extra, and the fields it could stand for stay null', () => {
		expect(pepItems([{ nombre: 'Ana Pérez', undefined: 'x' }])).toEqual([{ name: 'Ana Pérez', position: null, institution: null, period: null, extra: { undefined: 'x' } }]);
	});

	it('a null list is empty and a null total is the count of the list; neither is kept under extra', () => {
		const n = normalised({ ...head, datosPepChile: null, totalPepChile: null, datosNoticias: [{ titulo: 't' }], totalNoticias: null }).event;
		const lists = n.lists as Record<string, Rec>;
		expect(lists.pepChile).toEqual({ total: 0, items: [] });
		expect((lists.news as { total: number }).total).toBe(1);
		expect(n.extra).toBeUndefined();
	});

	it('a total that is not a number is not the count: the list is counted, and the value kept under extra', () => {
		const n = normalised({ ...head, datosPepChile: [pep], totalPepChile: '7' }).event;
		expect(((n.lists as Record<string, Rec>).pepChile as Rec).total).toBe(1);
		expect(n.extra).toEqual({ totalPepChile: '7' });
		const stray = normalised({ ...head, datosPepChile: 'none' }).event;
		expect(((stray.lists as Record<string, Rec>).pepChile as Rec).items).toEqual([]);
		expect(stray.extra).toEqual({ datosPepChile: 'none' });
	});
});

describe('the head', () => {
	it('webhookId: a number or non-blank text, trimmed in the key; status upper-cased and risk lower-cased, both trimmed', () => {
		expect(normalised({ ...head, webhookId: ' 77 ' }).webhookId).toBe('77');
		expect(normalised({ ...head, webhookId: 0 }).webhookId).toBe('0');
		expect(normaliseEvent({ ...head, webhookId: '   ' })).toMatchObject({ ok: false, error: 'missing_fields', message: 'The event lacks "webhookId" (a number).' });
		expect(normaliseEvent({ ...head, webhookId: true })).toMatchObject({ ok: false, error: 'missing_fields' });
		const n = normalised({ ...head, estado: ' success ', riesgo: ' HIGH ' });
		expect([n.status, n.risk, n.event.status, n.event.risk]).toEqual(['SUCCESS', 'high', 'SUCCESS', ' HIGH ']);
		expect(normalised({ ...head, riesgo: 3 }).risk).toBeNull();
	});

	it('what is refused, and how the body is named', () => {
		expect(normaliseEvent([head])).toEqual({ ok: false, error: 'not_an_object', message: 'The body must be a JSON object, but it is an array.' });
		expect(normaliseEvent(null)).toEqual({ ok: false, error: 'not_an_object', message: 'The body must be a JSON object, but it is null.' });
		expect(normaliseEvent('{}')).toEqual({ ok: false, error: 'not_an_object', message: 'The body must be a JSON object, but it is a string.' });
		expect(normaliseEvent({ nombreCompleto: 'x' })).toEqual({ ok: false, error: 'missing_fields', message: 'The event lacks "webhookId" (a number) and "status" or "estado" (SUCCESS or FAILED).' });
		expect(normaliseEvent({ webhookId: 1, estado: '' })).toEqual({ ok: false, error: 'missing_fields', message: 'The event lacks "status" or "estado" (SUCCESS or FAILED).' });
	});
});

describe('the field tables', () => {
	it('read each name in one field only, so a name of a finding is either understood or left for extra', () => {
		const tables: Field[][] = [];
		const collect = (fields: Field[]) => {
			tables.push(fields);
			for (const field of fields) if (field.each) collect(field.each);
		};
		for (const spec of LISTS) collect(spec.fields);
		collect(SUMMARY_ENTRY);
		expect(tables.length).toBeGreaterThan(LISTS.length + 1);
		for (const fields of tables) {
			const names = fields.flatMap((field) => field.from);
			expect(names).toEqual([...new Set(names)]);
		}
	});

	it('nested tables are laid out too: a partner and an extract inside a corporate-mesh finding', () => {
		const mesh = { nombreSociedad: 'S', socios: [{ nombre: 'P', cargo: 'C', otro: 1 }], extractos: [{ actuacion: 'A', fecha: 'F' }] };
		const lists = normalised({ ...head, datosMallaSocietaria: [mesh], totalMallaSocietaria: 1 }).event.lists as Record<string, { items: Rec[] }>;
		const [item] = lists.corporateMesh.items;
		expect((item.partners as Rec[])[0]).toMatchObject({ name: 'P', position: 'C', rut: null, extra: { otro: 1 } });
		expect(item.extracts).toEqual([{ action: 'A', date: 'F', pdfLink: null }]);
	});
});

describe('whether the event is laid out whole (ordered), which picks the cheaper digest', () => {
	/** Whether the event with a PEP finding whose position is `value` is laid out whole. */
	const ordered = (value: unknown) => normalised({ ...head, datosPepChile: [{ ...pep, cargo: value }], totalPepChile: 1 }).ordered;
	const nested = (levels: number) => {
		let value: unknown = [];
		for (let i = 1; i < levels; i++) value = [value];
		return value;
	};

	it('arrays holding no record keep it whole; a record anywhere in them does not', () => {
		expect(ordered('Ministra')).toBe(true);
		expect(ordered([['a'], []])).toBe(true);
		expect(ordered([['a'], [{ b: 1 }]])).toBe(false);
	});

	it('arrays are looked through 200 levels deep; deeper ones are taken to hold a record, unread', () => {
		expect(ordered(nested(200))).toBe(true);
		expect(ordered(nested(201))).toBe(false);
	});
});
