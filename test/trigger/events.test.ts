// SUCCESS (matches), the no-match form and FAILED, with English or Spanish item keys, all become
// one documented shape (README and docs/trigger.md, "The event"); Raw Payload emits the event as
// received; unknown fields are kept. Expectations are computed from the sent event through the
// spec's own vocabulary (forms.ts), never copied from the node. The last part reads the normaliser
// at its edges, with events written from spec §6 and fields.ts's names (a few built in process,
// with an inherited or undefined key, which no JSON body has).
import type { Key } from '../../nodes/shared/service/keys';
import { LISTS, SUMMARY_ENTRY } from '../../nodes/shared/service/screening';
import { normaliseEvent, type NormalisedEvent } from '../../nodes/RiskInfoTrigger/normalise';
import {
	BEARER_CREDENTIAL,
	SPANISH_ITEM_KEYS,
	SPEC_LISTS,
	allKeys,
	delivery,
	event,
	inputItems,
	reverseKeys,
	toSpanishItems,
	type Rec,
} from './forms';
import { TriggerHarness } from './harness';

const SUCCESS_ORDER = ['webhookId', 'status', 'fullName', 'personType', 'searchTolerance', 'isNewProfile', 'risk', 'summary', 'lists'];
const FAILED_ORDER = ['webhookId', 'status', 'fullName', 'message', 'error', 'details'];

let h: TriggerHarness;
beforeAll(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: { ignoreRepeatedDeliveries: false } });
});
afterAll(async () => h.close());
afterEach(() => expect(h.thrown).toEqual([]));

async function emitted(body: object, params: Rec = {}): Promise<Rec[]> {
	h.options.params = { ignoreRepeatedDeliveries: false, ...params };
	const d = delivery(body);
	const answer = await h.post(d.headers, d.body);
	expect(answer.status).toBe(200);
	expect(answer.run).toBeDefined();
	return answer.run as Rec[];
}

async function one(body: object, params: Rec = {}): Promise<Rec> {
	const items = await emitted(body, params);
	expect(items).toHaveLength(1);
	return items[0];
}

/** The lists of an emitted event against the arrays, totals and summary of the sent one. */
function expectListsMatch(out: Rec, sent: Rec) {
	const lists = out.lists as Record<string, { total: unknown; items: Rec[] }>;
	const summary = out.summary as Record<string, { total: unknown; risk: unknown }>;
	const resumen = sent.resumen as Record<string, Rec>;
	expect(Object.keys(lists).sort()).toEqual(SPEC_LISTS.map((s) => s.list).sort());
	for (const spec of SPEC_LISTS) {
		const items = inputItems(sent, spec);
		expect(lists[spec.list].total).toBe(sent[spec.total]);
		expect(lists[spec.list].items).toHaveLength(items.length);
		const entry = resumen[spec.summary];
		expect(summary[spec.list].total).toBe(entry.totalResultados ?? entry.totalResults);
		expect(summary[spec.list].risk).toBe(entry.riesgo);
		items.forEach((item, i) => {
			const mapped = lists[spec.list].items[i];
			if (spec.list === 'corporateMesh') {
				expect(mapped.companyName).toBe(item.nombreSociedad);
				expect(mapped.companyRut).toBe(item.rutSociedad);
				expect((mapped.partners as Rec[]).map((p) => p.name)).toEqual((item.socios as Rec[]).map((p) => p.nombre));
			} else {
				expect(mapped.name).toBe(item.name ?? item.nombre);
			}
		});
	}
	const leftovers = [...allKeys(out)].filter((k) => SPANISH_ITEM_KEYS.has(k));
	expect(leftovers).toEqual([]);
}

describe('SUCCESS with matches', () => {
	it('has webhookId and status at the top, then the documented fields in order', async () => {
		const sent = event('success');
		const out = await one(sent);
		expect(Object.keys(out)).toEqual(SUCCESS_ORDER);
		expect(out.webhookId).toBe(sent.webhookId);
		expect(out.status).toBe('SUCCESS');
		expect(out.fullName).toBe(sent.nombreCompleto);
		expect(out.personType).toBe(sent.tipPersona);
		expect(out.searchTolerance).toBe(sent.toleranciaBusqueda);
		expect(out.isNewProfile).toBe(sent.esPerfilNuevo);
		expect(out.risk).toBe(sent.riesgo);
		expectListsMatch(out, sent);
		const criminal = (out.lists as Record<string, { items: Rec[] }>).criminal.items;
		expect(criminal.length).toBeGreaterThan(0);
		expect((criminal[0].litigants as Rec[])[0].name).toBe(((sent.dataPenal as Rec[])[0].litigants as Rec[])[0].nombre);
	});

	it('is the same event whether the items use the English (sample) or Spanish (field table) keys', async () => {
		const sent = event('success');
		const spanish = toSpanishItems(sent);
		expect(JSON.stringify(spanish)).not.toEqual(JSON.stringify(sent));
		const fromEnglish = await one(sent);
		const fromSpanish = await one(spanish);
		expect(fromSpanish).toEqual(fromEnglish);
		expectListsMatch(fromSpanish, spanish);
	});

	it('reads the pure §6.2 form: estado and nombreCompleto only', async () => {
		const { status: _s, fullName: _f, ...sent } = event('success');
		const out = await one(sent);
		expect(Object.keys(out).slice(0, 3)).toEqual(['webhookId', 'status', 'fullName']);
		expect(out.status).toBe(sent.estado);
		expect(out.fullName).toBe(sent.nombreCompleto);
		expect(out.extra).toBeUndefined();
	});
});

describe('summary entries the event leaves out (spec §6.2)', () => {
	it('public officials default to total 0 and risk free; other categories stay unknown (null)', async () => {
		const sent = event('success');
		const { funcionariosPublicos: _officials, penal: _penal, ...resumen } = sent.resumen as Record<string, Rec>;
		const out = await one({ ...sent, resumen });
		const summary = out.summary as Record<string, Rec>;
		expect(summary.publicOfficials).toEqual({ total: 0, risk: 'free' });
		expect(summary.criminal).toEqual({ total: null, risk: null });
		expect(summary.pepChile.total).toBe((resumen.pepChile as Rec).totalResultados);
		expect(summary.extra).toBeUndefined();
	});

	it('a null entry is read as missing: the same default for public officials, null for the others', async () => {
		const sent = event('success');
		const resumen = { ...(sent.resumen as Rec), funcionariosPublicos: null, penal: null };
		const summary = (await one({ ...sent, resumen })).summary as Record<string, Rec>;
		expect(summary.publicOfficials).toEqual({ total: 0, risk: 'free' });
		expect(summary.criminal).toEqual({ total: null, risk: null });
		expect(summary.extra).toBeUndefined();
	});

	it('a stray value is not a missing entry: unknown, and kept under extra', async () => {
		const sent = event('success');
		const resumen = { ...(sent.resumen as Rec), funcionariosPublicos: 'pendiente' };
		const summary = (await one({ ...sent, resumen })).summary as Record<string, Rec>;
		expect(summary.publicOfficials).toEqual({ total: null, risk: null });
		expect(summary.extra).toEqual({ funcionariosPublicos: 'pendiente' });
	});
});

describe('the no-match form', () => {
	it('maps totalResults and datosPenal onto the same shape, with empty lists and zero totals', async () => {
		const sent = event('nomatch');
		expect(sent.datosPenal).toEqual([]);
		expect((sent.resumen as Record<string, Rec>).penal.totalResults).toBe(0);
		const out = await one(sent);
		expect(Object.keys(out)).toEqual(SUCCESS_ORDER);
		expectListsMatch(out, sent);
		for (const spec of SPEC_LISTS) {
			expect((out.summary as Record<string, Rec>)[spec.list].total).toBe(0);
			expect((out.lists as Record<string, Rec>)[spec.list]).toEqual({ total: 0, items: [] });
		}
	});
});

describe('FAILED', () => {
	it('carries webhookId, status, fullName, error and details, with an English message before the service\'s own words', async () => {
		const sent = event('failed');
		const out = await one(sent);
		expect(Object.keys(out)).toEqual(FAILED_ORDER);
		for (const key of ['webhookId', 'status', 'fullName', 'error', 'details']) expect(out[key]).toBe(sent[key]);
		// The service's Spanish text is kept as it came; the message says in English what it means.
		expect(sent.error).toBe('No fue posible completar la busqueda de compliance');
		expect(out.message).toBe(
			"The service could not complete this screening, so it has no result; loading the profile again is a new paid call, so ask the service if it keeps failing. The service's own words, often in Spanish, follow in error and details.",
		);
	});
});

describe('Raw Payload', () => {
	it.each(['success', 'nomatch', 'failed'] as const)('%s: emits the event exactly as received', async (kind) => {
		const sent = toSpanishItems(event(kind));
		const out = await one(sent, { output: 'raw' });
		expect(out).toEqual(JSON.parse(JSON.stringify(sent)));
		expect(Object.keys(out)).toEqual(Object.keys(sent));
	});
});

describe('a payload with a field named "json" (n8n item wrappers use that name)', () => {
	it.each(['raw', 'event'])('%s output: the whole event is the item, not just that field', async (output) => {
		const sent: Rec = { ...event('failed'), json: { note: 'not a wrapper' } };
		const out = await one(sent, { output });
		expect(out.webhookId).toBe(sent.webhookId);
		expect(out.status).toBe('FAILED');
		if (output === 'raw') expect(out).toEqual(sent);
		else expect(out.extra).toEqual({ json: sent.json });
	});
});

describe('unknown fields are kept, never dropped', () => {
	it('at the top, in the summary, in list items and in sub-records, under `extra` where they appeared', async () => {
		const sent = event('success');
		const resumen = sent.resumen as Record<string, Rec>;
		const penal = sent.dataPenal as Rec[];
		const changed: Rec = {
			...sent,
			nivelAlerta: { codigo: 7, motivo: 'nuevo campo' },
			__proto__field: 1,
			resumen: { ...resumen, sancionesOnu: { totalResultados: 2, riesgo: 'critical' }, penal: { ...resumen.penal, fuente: 'PJUD' } },
			dataPenal: penal.map((p, i) => ({ ...p, rit: `O-${i}-2024`, litigants: (p.litigants as Rec[]).map((l) => ({ ...l, rut: '1-9' })) })),
		};
		const out = await one(changed);
		expect(out.extra).toEqual({ nivelAlerta: changed.nivelAlerta, __proto__field: 1 });
		const summary = out.summary as Record<string, Rec>;
		expect(summary.extra).toEqual({ sancionesOnu: { totalResultados: 2, riesgo: 'critical' } });
		expect(summary.criminal.extra).toEqual({ fuente: 'PJUD' });
		const criminal = (out.lists as Record<string, { items: Rec[] }>).criminal.items;
		criminal.forEach((item, i) => {
			expect(item.extra).toEqual({ rit: `O-${i}-2024` });
			expect((item.litigants as Rec[])[0].extra).toEqual({ rut: '1-9' });
		});
	});

	it('a key named "__proto__" is kept as data and does not change any prototype', async () => {
		const text = JSON.stringify(event('failed')).replace(/^\{/, '{"__proto__":{"polluted":true},');
		const answer = await h.post({ Authorization: `Bearer ${BEARER_CREDENTIAL.token}`, 'Content-Type': 'application/vnd.x+json' }, text);
		expect(answer.status).toBe(200);
		const out = answer.run?.[0] as Rec;
		expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
		expect((out.extra as Rec)['__proto__']).toEqual({ polluted: true });
		expect(({} as Rec).polluted).toBeUndefined();
	});

	it('an alias that disagrees with the chosen field is kept; one that agrees is not repeated', async () => {
		const sent: Rec = { ...event('success'), nombreCompleto: 'Otro Nombre SpA' };
		const out = await one(sent);
		expect(out.fullName).toBe(sent.fullName);
		expect(out.extra).toEqual({ nombreCompleto: 'Otro Nombre SpA' });
	});

	it('kept with their keys in alphabetical order, so one content gives one event whatever order the delivery sent it in', async () => {
		const sent = { ...event('success'), nivelAlerta: { motivo: 'nuevo', codigo: 7, detalle: [{ z: 1, a: 2 }] } };
		const [out, reordered] = [await one(sent), await one(reverseKeys(sent) as Rec)];
		expect(JSON.stringify(reordered)).toBe(JSON.stringify(out));
		expect(JSON.stringify(out.extra)).toBe('{"nivelAlerta":{"codigo":7,"detalle":[{"a":2,"z":1}],"motivo":"nuevo"}}');
	});

	it('values of unexpected types are kept as they came', async () => {
		const sent = { ...event('success'), datosNoticias: 'sin datos', totalPepChile: 'uno', datosPepChile: [42, { nombre: 'X' }] };
		const out = await one(sent);
		const lists = out.lists as Record<string, { total: unknown; items: unknown[] }>;
		expect(lists.news).toEqual({ total: 0, items: [] });
		expect(lists.pepChile.items[0]).toBe(42);
		expect((lists.pepChile.items[1] as Rec).name).toBe('X');
		expect(lists.pepChile.total).toBe(2);
		expect(out.extra).toEqual({ datosNoticias: 'sin datos', totalPepChile: 'uno' });
	});
});

/** The normalised event, for a payload the test expects to be accepted. */
function normalised(payload: unknown): NormalisedEvent {
	const result = normaliseEvent(payload);
	if (!result.ok) throw new Error(result.message);
	return result.value;
}

const head = { webhookId: 41, estado: 'SUCCESS', nombreCompleto: 'Ana Pérez' };
const pep = { nombre: 'Ana Pérez', cargo: 'Ministra', institucion: 'Ministerio', periodo: '2020-2022' };
const mapped = { name: 'Ana Pérez', position: 'Ministra', institution: 'Ministerio', period: '2020-2022' };

/** The PEP Chile findings of an event holding `items`. */
function pepItems(items: unknown[], extra: Rec = {}): Rec[] {
	const lists = normalised({ ...head, datosPepChile: items, totalPepChile: items.length, ...extra }).event.lists as Record<string, { items: Rec[] }>;
	return lists.pepChile.items;
}

describe('which name of a field is read', () => {
	it('the first one present; an alias with another value is kept under extra, with what no field reads', () => {
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
		expect(normalised({ webhookId: 41, estado: 'FAILED' }).event).toEqual({
			webhookId: 41,
			status: 'FAILED',
			fullName: null,
			message: expect.stringMatching(/^The service could not complete this screening/),
			error: null,
			details: null,
		});
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
		const tables: Key[][] = [];
		const collect = (fields: Key[]) => {
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
