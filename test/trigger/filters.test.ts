// Issue 5 points 4 and 5: event and risk filters, One Item per Finding, and repeated deliveries
// ignored through workflow static data (bounded, no module state). A repeat is the same webhookId,
// status and content: a re-delivery with changed findings is not one. Filtered-out and repeated
// deliveries are still answered 200.

import { createHash } from 'node:crypto';

import { fingerprint, writeCanonicalJson } from '../../nodes/RiskInfoTrigger/fingerprint';
import { BEARER_CREDENTIAL, SPEC_LISTS, delivery, event, freshId, inputItems, reverseKeys, sortedKeys as sorted, toSpanishItems, type Rec } from './forms';
import { TriggerHarness } from './harness';

let h: TriggerHarness;
beforeAll(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
});
afterAll(async () => h.close());
afterEach(() => expect(h.thrown).toEqual([]));

async function send(body: object, params: Rec, harness = h) {
	harness.options.params = params;
	const d = delivery(body);
	const answer = await harness.post(d.headers, d.body);
	expect(answer.status).toBe(200);
	return answer.run;
}

const withRisk = (riesgo: string | null) => ({ ...event('success'), riesgo });

describe('Events', () => {
	it.each([
		['all', { SUCCESS: true, FAILED: true }],
		['success', { SUCCESS: true, FAILED: false }],
		['failed', { SUCCESS: false, FAILED: true }],
	] as const)('%s', async (events, expected) => {
		for (const kind of ['success', 'failed'] as const) {
			const run = await send(event(kind), { events });
			expect(run !== undefined).toBe(expected[kind === 'success' ? 'SUCCESS' : 'FAILED']);
		}
	});

	it('a filtered-out delivery is answered 200 with a JSON note, not as an error', async () => {
		h.options.params = { events: 'success' };
		const d = delivery(event('failed'));
		const answer = await h.post(d.headers, d.body);
		expect(answer.status).toBe(200);
		expect(answer.run).toBeUndefined();
		expect(answer.json?.emitted).toBe(0);
	});
});

describe('Minimum Risk', () => {
	// Spec §2.2 / §6.2: risk is free < medium < critical.
	const passes: Record<string, string[]> = { any: ['free', 'medium', 'critical'], medium: ['medium', 'critical'], critical: ['critical'] };

	it.each(Object.keys(passes))('%s', async (minimumRisk) => {
		for (const riesgo of ['free', 'medium', 'critical']) {
			const run = await send(withRisk(riesgo), { minimumRisk });
			expect([riesgo, run !== undefined]).toEqual([riesgo, passes[minimumRisk].includes(riesgo)]);
		}
	});

	it('compares the risk without regard to case or spaces', async () => {
		expect(await send(withRisk(' Critical '), { minimumRisk: 'critical' })).toBeDefined();
	});

	it('a completed screening without a known risk passes only "Any"', async () => {
		expect(await send(withRisk(null), { minimumRisk: 'medium' })).toBeUndefined();
		expect(await send(withRisk('altísimo'), { minimumRisk: 'medium' })).toBeUndefined();
		expect(await send(withRisk(null), { minimumRisk: 'any' })).toBeDefined();
	});

	it('failed screenings have no risk and are not hidden by it', async () => {
		expect(await send(event('failed'), { minimumRisk: 'critical' })).toBeDefined();
	});

	it('combines with Events', async () => {
		expect(await send(withRisk('critical'), { events: 'failed', minimumRisk: 'critical' })).toBeUndefined();
		expect(await send(withRisk('medium'), { events: 'success', minimumRisk: 'critical' })).toBeUndefined();
		expect(await send(withRisk('critical'), { events: 'success', minimumRisk: 'critical' })).toBeDefined();
	});
});

describe('One Item per Finding', () => {
	it('one item per row of every list, each with its category, the profile name and webhookId', async () => {
		const sent = event('success');
		const run = (await send(sent, { output: 'findings' })) as Rec[];
		const expected = SPEC_LISTS.flatMap((spec) => inputItems(sent, spec).map((row) => ({ category: spec.list, row })));
		expect(expected.length).toBeGreaterThan(1);
		expect(run).toHaveLength(expected.length);
		const resumen = sent.resumen as Record<string, Rec>;
		run.forEach((item, i) => {
			expect(item.webhookId).toBe(sent.webhookId);
			expect(item.fullName).toBe(sent.nombreCompleto);
			expect(item.status).toBe('SUCCESS');
			expect(item.risk).toBe(sent.riesgo);
			expect(item.category).toBe(expected[i].category);
			expect(typeof item.categoryLabel).toBe('string');
			const spec = SPEC_LISTS.find((s) => s.list === item.category)!;
			expect(item.categoryRisk).toBe(resumen[spec.summary].riesgo);
			const finding = item.finding as Rec;
			const row = expected[i].row;
			if (spec.list === 'corporateMesh') expect(finding.companyName).toBe(row.nombreSociedad);
			else expect(finding.name).toBe(row.name ?? row.nombre);
		});
	});

	it('a screening with no findings starts no run (answered 200)', async () => {
		expect(await send(event('nomatch'), { output: 'findings' })).toBeUndefined();
	});

	it('a failed screening still comes through, as one event item', async () => {
		const sent = event('failed');
		const run = (await send(sent, { output: 'findings' })) as Rec[];
		expect(run).toHaveLength(1);
		expect(run[0].status).toBe('FAILED');
		expect(run[0].error).toBe(sent.error);
	});

	it('honours the risk filter', async () => {
		expect(await send(withRisk('free'), { output: 'findings', minimumRisk: 'medium' })).toBeUndefined();
	});
});

describe('Ignore Repeated Deliveries', () => {
	it('is on by default: the same webhookId and status a second time is answered 200 and starts nothing', async () => {
		const sent = event('success');
		expect(await send(sent, {})).toBeDefined();
		h.options.params = {};
		const d = delivery(sent);
		const again = await h.post(d.headers, d.body);
		expect(again.status).toBe(200);
		expect(again.run).toBeUndefined();
		expect(again.json?.emitted).toBe(0);
	});

	it('the same delivery twice: the second is answered 200, starts nothing and says why', async () => {
		h.options.params = {};
		const d = delivery(event('success'));
		const first = await h.post(d.headers, d.body);
		expect(first.status).toBe(200);
		expect(first.run).toBeDefined();
		const second = await h.post(d.headers, d.body);
		expect(second.status).toBe(200);
		expect(second.run).toBeUndefined();
		expect(second.json).toEqual({ received: true, emitted: 0, reason: expect.stringMatching(/repeated delivery/) });
	});

	it('the same webhookId and status with a changed finding comes through (a monitoring profile delivered again)', async () => {
		const sent = event('success');
		const penal = sent.dataPenal as Rec[];
		expect(penal.length).toBeGreaterThan(0);
		expect(await send(sent, {})).toBeDefined();
		const changed: Rec = { ...sent, esPerfilNuevo: false, dataPenal: [{ ...penal[0], stage: `${String(penal[0].stage)} (changed)` }, ...penal.slice(1)] };
		const run = (await send(changed, {})) as Rec[];
		expect(run).toHaveLength(1);
		expect(run[0].webhookId).toBe(sent.webhookId);
		expect(((run[0].lists as Rec).criminal as { items: Rec[] }).items[0].stage).toMatch(/changed/);
		// A retry of the changed delivery is a repeat in its turn, and so is one of the first.
		expect(await send(changed, {})).toBeUndefined();
		expect(await send(sent, {})).toBeUndefined();
	});

	it('a finding more or fewer, or only another esPerfilNuevo, is other content and comes through', async () => {
		const sent = event('success');
		const pep = sent.datosPepChile as Rec[];
		expect(pep.length).toBeGreaterThan(1);
		expect(await send(sent, {})).toBeDefined();
		// Only the array changes, not its total: the findings themselves are compared.
		expect(await send({ ...sent, datosPepChile: pep.slice(1) }, {})).toBeDefined();
		expect(await send({ ...sent, datosPepChile: [...pep, pep[0]] }, {})).toBeDefined();
		expect(await send({ ...sent, esPerfilNuevo: false }, {})).toBeDefined();
	});

	it('the same content with the JSON keys in another order is still a repeat', async () => {
		const sent = event('success');
		expect(await send(sent, {})).toBeDefined();
		const reordered = reverseKeys(sent) as Rec;
		expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(sent));
		expect(JSON.parse(JSON.stringify(reordered))).toEqual(sent);
		expect(await send(reordered, {})).toBeUndefined();
	});

	it('the same content in the Spanish field-table names, or without the duplicated status/fullName, is still a repeat', async () => {
		const sent = event('success');
		expect(await send(sent, {})).toBeDefined();
		expect(await send(toSpanishItems(sent), {})).toBeUndefined();
		const { status: _status, fullName: _fullName, ...single } = sent;
		expect(single.estado).toBe('SUCCESS');
		expect(await send(single, {})).toBeUndefined();
	});

	it('entries saved before the content digest ("id|STATUS") are harmless: they never match, the new key is added', async () => {
		const old = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
		try {
			const sent = event('failed');
			old.staticData = { emittedDeliveries: [`${String(sent.webhookId)}|FAILED`, 'unrelated|SUCCESS'] };
			expect(await send(sent, {}, old)).toBeDefined();
			expect(old.staticData.emittedDeliveries).toEqual([`${String(sent.webhookId)}|FAILED`, 'unrelated|SUCCESS']);
			// A fixed-size digest since issue 22 (repeats.test.ts), packed since issue 19.
			expect(old.staticData.deliveryKeys).toMatch(/^[A-Za-z0-9_-]{16}$/);
			expect(await send(sent, {}, old)).toBeUndefined();
		} finally {
			await old.close();
		}
	});

	it('the content digest walks without recursing: a value nested deeper than the call stack is digested', () => {
		// Deliveries that deep are refused before this (deep.test.ts); the digest must not depend on that.
		const deep = 200_000;
		const value = JSON.parse(`{"nivel":${'['.repeat(deep)}${']'.repeat(deep)}}`) as Rec;
		const other = JSON.parse(`{"nivel":${'['.repeat(deep)}1${']'.repeat(deep)}}`) as Rec;
		expect(fingerprint(value)).toMatch(/^[0-9a-f]{16}$/);
		expect(fingerprint(value)).not.toBe(fingerprint(other));
	});

	it('the digested text is the JSON of the event with sorted keys, with "__proto__" and odd strings kept as data', () => {
		const value = JSON.parse('{"b":[3,{"z":null,"a":"\\ud800"}],"__proto__":{"x":1},"a":-0,"c":"ñ 🙂","d":1e21}') as Rec;
		let text = '';
		writeCanonicalJson(value, (t) => (text += t));
		expect(text).toBe(JSON.stringify(sorted(value)));
		expect(text.startsWith('{"__proto__":{"x":1},"a":0,"b":[3,{"a":"\\ud800","z":null}]')).toBe(true);
		let skipped = '';
		writeCanonicalJson(value, (t) => (skipped += t), ['a', 'b']);
		expect(skipped).toBe('{"__proto__":{"x":1},"c":"ñ 🙂","d":1e+21}');
	});

	it('the digest is the sha256 of exactly that text, whatever the value holds', () => {
		const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
		// Texts written out by hand where an object cannot hold the sorted order itself (array-index
		// keys come first in any object) or where JSON.stringify alone would write something else.
		const cases: Array<[unknown, string]> = [
			[JSON.parse('{"b":1,"10":2,"2":3,"!":4}'), '{"!":4,"10":2,"2":3,"b":1}'],
			[JSON.parse('{"x":{"1a":true,"a1":false}}'), '{"x":{"1a":true,"a1":false}}'],
			[{ a: undefined, b: [undefined, () => 1], c: BigInt(1), d: Number.NaN }, '{"a":null,"b":[null,null],"c":null,"d":null}'],
			[{ holes: [1, , 2] }, '{"holes":[1,2]}'],
			[{ when: new Date(0), text: new String('ab') }, '{"text":{"0":"a","1":"b"},"when":{}}'],
			// Records already in key order and arrays are handed to JSON.stringify uncopied when nothing in them changes.
			[{ a: { b: new Date(0) }, c: [new Date(0), undefined, 'x'] }, '{"a":{"b":{}},"c":[{},null,"x"]}'],
			[{ a: 1, b: undefined, c: [1, [2]] }, '{"a":1,"b":null,"c":[1,[2]]}'],
			[Object.assign(Object.create({ toJSON: () => 'x' }) as Rec, { a: [Object.assign(Object.create({ toJSON: () => 'y' }) as Rec, { b: 1 })] }), '{"a":[{"b":1}]}'],
			[undefined, 'null'],
			['"quoted" ñ', '"\\"quoted\\" ñ"'],
		];
		for (const [value, text] of cases) expect(fingerprint(value)).toBe(digestOf(text));
		// Ordinary events, around the depth where the digest changes how it writes, and one as large as the bench's.
		const nest = (levels: number) => JSON.parse(`${'{"z":1,"a":['.repeat(levels)}0${']}'.repeat(levels)}`) as Rec;
		const large = { ...event('success'), datosMallaSocietaria: Array.from({ length: 3000 }, (_, i) => ({ nombreSociedad: `S ${i}`, rutSociedad: `${i}-K`, socios: [{ rut: '1-9', nombre: 'Ana', porcentaje: i / 7 }] })) };
		for (const value of [event('success'), event('failed'), nest(150), nest(250), large]) {
			expect(fingerprint(value)).toBe(digestOf(JSON.stringify(sorted(value))));
			const { webhookId: _id, ...rest } = value as Rec;
			expect(fingerprint(value, ['webhookId'])).toBe(digestOf(JSON.stringify(sorted(rest))));
		}
	});

	it('keys on webhookId, status and content: another status or another id still runs', async () => {
		const id = freshId();
		expect(await send(event('failed', id), {})).toBeDefined();
		expect(await send(event('success', id), {})).toBeDefined();
		expect(await send(event('success', freshId()), {})).toBeDefined();
		expect(await send(event('success', id), {})).toBeUndefined();
		// A string id equal to the number is the same delivery.
		expect(await send({ ...event('success'), webhookId: String(id) }, {})).toBeUndefined();
	});

	it('a delivery that was filtered out is not remembered, so it runs once the filter allows it', async () => {
		const sent = withRisk('free');
		expect(await send(sent, { minimumRisk: 'critical' })).toBeUndefined();
		expect(await send(sent, { minimumRisk: 'any' })).toBeDefined();
	});

	it('can be turned off', async () => {
		const sent = event('failed');
		expect(await send(sent, { ignoreRepeatedDeliveries: false })).toBeDefined();
		expect(await send(sent, { ignoreRepeatedDeliveries: false })).toBeDefined();
	});

	it('does not apply to test (manual) runs, so a test event can be sent again', async () => {
		const manual = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, mode: 'manual' });
		try {
			const sent = event('failed');
			expect(await send(sent, {}, manual)).toBeDefined();
			expect(await send(sent, {}, manual)).toBeDefined();
		} finally {
			await manual.close();
		}
	});

	it('lives in the workflow static data, not in the process: another worker with that data ignores the repeat', async () => {
		const workerA = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
		const workerB = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
		const workerC = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
		try {
			const sent = event('success');
			expect(await send(sent, {}, workerA)).toBeDefined();
			// Same code in the same process, but another workflow's static data: not a repeat there.
			expect(await send(sent, {}, workerB)).toBeDefined();
			// n8n loads the saved static data into whichever process runs the next execution.
			workerC.staticData = JSON.parse(JSON.stringify(workerA.staticData));
			expect(await send(sent, {}, workerC)).toBeUndefined();
		} finally {
			await Promise.all([workerA.close(), workerB.close(), workerC.close()]);
		}
	});

	it('remembers a bounded number of deliveries: the oldest are forgotten, the store stops growing', async () => {
		const bounded = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: {} });
		try {
			const first = event('failed');
			expect(await send(first, {}, bounded)).toBeDefined();
			const sizes: number[] = [];
			for (let i = 1; i <= 1200; i++) {
				expect(await send(event('failed', 1_000_000 + i), {}, bounded)).toBeDefined();
				if (i % 200 === 0) sizes.push(JSON.stringify(bounded.staticData).length);
			}
			// The store grows while it fills (200 → 1,000 deliveries) and then stays the same size.
			expect(sizes[5]).toBeLessThan(sizes[4] * 1.01);
			expect(sizes[4]).toBeGreaterThan(sizes[0] * 2);
			// The first delivery is long forgotten (it runs again); the last is still remembered.
			expect(await send(first, {}, bounded)).toBeDefined();
			expect(await send(event('failed', 1_001_200), {}, bounded)).toBeUndefined();
			// "The last 1,000": the delivery 600 back is still remembered.
			expect(await send(event('failed', 1_000_600), {}, bounded)).toBeUndefined();
		} finally {
			await bounded.close();
		}
	}, 120_000);

	// The same window reached in a few deliveries (the store filled with other keys), so the mutation
	// run, which leaves the 1,200-delivery test above out for time, still checks the bound.
	it('keeps the last 1,000 deliveries: a new one pushes out the oldest, the store stays at 1,000', async () => {
		const bounded = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: {} });
		try {
			const oldest = event('failed', 2_000_001);
			const next = event('failed', 2_000_002);
			expect(await send(oldest, {}, bounded)).toBeDefined();
			expect(await send(next, {}, bounded)).toBeDefined();
			const [slot, ...more] = Object.keys(bounded.staticData);
			expect(more).toEqual([]);
			// The keys are packed in one string, 16 characters each.
			const stored = () => (bounded.staticData[slot] as string).match(/.{1,16}/g) ?? [];
			const [oldestKey, nextKey] = stored();
			expect(bounded.staticData[slot]).toHaveLength(32);
			const others = Array.from({ length: 998 }, (_, i) => createHash('sha256').update(`another delivery ${i}`).digest('base64url').slice(0, 16));
			bounded.staticData[slot] = [oldestKey, nextKey, ...others].join('');
			expect(await send(event('failed', 2_000_003), {}, bounded)).toBeDefined();
			expect(stored()).toHaveLength(1000);
			expect(stored().slice(0, 999)).toEqual([nextKey, ...others]);
			expect(stored()).not.toContain(oldestKey);
			// The one pushed out runs again; the one just after it is still a repeat.
			expect(await send(next, {}, bounded)).toBeUndefined();
			expect(await send(oldest, {}, bounded)).toBeDefined();
		} finally {
			await bounded.close();
		}
	});
});
