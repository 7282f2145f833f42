// A delivery nested far deeper than the call stack, with a valid token, must get a clear 4xx (or
// 200 when it can be read), never a 500 from a RangeError. The trigger refuses anything nested
// more than 100 levels (docs/trigger.md, "What happens to a delivery") before it reads the
// event, and reads deep events up to that limit whole.
import { BEARER_CREDENTIAL, DEEP, deepJson, event, freshId, jsonWith, nesting, textDelivery, type Rec } from './forms';
import { TriggerHarness } from './harness';

/** 466 bytes gzipped, far past any call stack. */
const LEVELS = 20_000;

let h: TriggerHarness;
beforeAll(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: { ignoreRepeatedDeliveries: false } });
});
afterAll(async () => h.close());
afterEach(() => expect(h.thrown.splice(0)).toEqual([]));

async function send(json: string, params: Rec = {}) {
	h.options.params = { ignoreRepeatedDeliveries: false, ...params };
	const d = textDelivery(json);
	return await h.post(d.headers, d.body);
}

const failed = () => event('failed');
const success = () => event('success');
const withPenal = (item: (first: Rec) => Rec) => {
	const e = success();
	const penal = e.dataPenal as Rec[];
	expect(penal.length).toBeGreaterThan(0);
	return { ...e, dataPenal: [item(penal[0]), ...penal.slice(1)] };
};

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Each pair of names the service may send a field under, both holding the deep value (a list holds a deep array). */
const ALIAS_PAIRS: Array<[string, () => Rec, (levels: number) => string]> = [
	['details / detalle', () => ({ ...failed(), details: DEEP, detalle: DEEP }), deepJson],
	['summary / resumen', () => ({ ...success(), summary: DEEP, resumen: DEEP }), deepJson],
	['fullName / nombreCompleto', () => ({ ...failed(), fullName: DEEP, nombreCompleto: DEEP }), deepJson],
	['dataPenal / datosPenal', () => ({ ...success(), dataPenal: DEEP, datosPenal: DEEP }), deepArray],
	["a finding's name / nombre", () => withPenal((first) => ({ ...first, name: DEEP, nombre: DEEP })), deepJson],
];

describe(`a delivery nested ${LEVELS.toLocaleString('en')} levels deep, with a valid token`, () => {
	it.each(ALIAS_PAIRS)('%s: refused with 400 too_deep, nothing started', async (_name, make, deep) => {
		const json = jsonWith(make(), deep(LEVELS));
		const answer = await send(json);
		expect(answer.status).toBe(400);
		expect(answer.refusedByN8n).toBe(false);
		expect(answer.json?.error).toBe('too_deep');
		expect(String(answer.json?.message)).toMatch(/more than 100 levels/);
		expect(answer.run).toBeUndefined();
	});

	it('the same in an unknown field, in every output mode: refused, nothing started', async () => {
		const json = jsonWith({ ...success(), nivelDetalle: DEEP }, deepJson(5_000));
		for (const output of ['event', 'findings', 'raw']) {
			const answer = await send(json, { output });
			expect([output, answer.status, answer.json?.error, answer.run]).toEqual([output, 400, 'too_deep', undefined]);
		}
	});

	it('an array nested 200,000 levels is refused the same way, also with Ignore Repeated Deliveries on', async () => {
		const deep = 200_000;
		const json = `{"webhookId":${freshId()},"status":"FAILED","fullName":"Hondo","nivel":${'['.repeat(deep)}${']'.repeat(deep)}}`;
		for (let i = 0; i < 2; i++) {
			const answer = await send(json, { ignoreRepeatedDeliveries: true });
			expect([answer.status, answer.json?.error, answer.run]).toEqual([400, 'too_deep', undefined]);
		}
	});
});

describe('the limit is 100 levels, counting the event itself', () => {
	it('an event nesting exactly 100 levels comes through with the deep value intact; 101 is refused', async () => {
		// The event is level 1, so its field holds 99 levels.
		const fits = jsonWith({ ...failed(), nivel: DEEP }, deepJson(99, '"fondo"'));
		expect(nesting(JSON.parse(fits))).toBe(100);
		const answer = await send(fits);
		expect(answer.status).toBe(200);
		expect(answer.run).toHaveLength(1);
		const kept = (answer.run![0].extra as Rec).nivel;
		expect(nesting(kept)).toBe(99);
		expect(JSON.stringify(kept)).toBe(deepJson(99, '"fondo"'));

		const over = jsonWith({ ...failed(), nivel: DEEP }, deepJson(100));
		expect(nesting(JSON.parse(over))).toBe(101);
		const refused = await send(over);
		expect([refused.status, refused.json?.error, refused.run]).toEqual([400, 'too_deep', undefined]);
	});

	it('a deep raw payload at the limit comes through as sent', async () => {
		const fits = jsonWith({ ...failed(), nivel: DEEP }, deepJson(99));
		const answer = await send(fits, { output: 'raw' });
		expect(answer.status).toBe(200);
		expect(nesting(answer.run![0])).toBe(100);
	});
});

describe('aliases nested to the limit', () => {
	// The deepest alias pair holds its value three levels down (event, list, finding): 97 more fit.
	const FITS = 97;

	it.each(ALIAS_PAIRS)('%s: both deep and equal, read once and not repeated under extra', async (_name, make, deep) => {
		const answer = await send(jsonWith(make(), deep(FITS)));
		expect(answer.status).toBe(200);
		const extra = (answer.run![0].extra as Rec | undefined) ?? {};
		for (const spanish of ['detalle', 'resumen', 'nombreCompleto', 'datosPenal']) expect(Object.keys(extra)).not.toContain(spanish);
	});

	it('two deep aliases that differ only at the bottom disagree: the second is kept under extra', async () => {
		const answer = await send(jsonWith({ ...failed(), details: DEEP, detalle: DEEP }, deepJson(FITS)).replace(/1(\}+)$/, '2$1'));
		expect(answer.status).toBe(200);
		const extra = answer.run![0].extra as Rec;
		expect(Object.keys(extra)).toEqual(['detalle']);
		expect(nesting(extra.detalle)).toBe(FITS);
	});
});
