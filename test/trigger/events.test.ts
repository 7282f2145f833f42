// Issue 5 point 3: SUCCESS (matches), the no-match form and FAILED, with English or Spanish item
// keys, all become one documented shape (README and docs/trigger.md, "The event"); Raw Payload emits the event as
// received; unknown fields are kept. Expectations are computed from the sent event through the
// spec's own vocabulary (forms.ts), never copied from the node.
import {
	BEARER_CREDENTIAL,
	SPANISH_ITEM_KEYS,
	SPEC_LISTS,
	allKeys,
	delivery,
	event,
	inputItems,
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
