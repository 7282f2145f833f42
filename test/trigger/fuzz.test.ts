// At least 1,000 randomly mutated deliveries (seeded, so a failure replays), built from the
// sandbox's own events and delivery code, each must end in a run with items or in a 4xx from the
// node — never an exception, never a 2xx that started nothing. Then the same with deep nesting,
// long headers and huge ids on top (last describe).
import { gzipSync } from 'node:zlib';

import { BEARER_CREDENTIAL, DEEP, WEBHOOK_TOKEN, deepJson, event, jsonWith, nesting, textDelivery, type Rec } from './forms';
import { TriggerHarness } from './harness';

const SEED = 0x5eed_2025;
const DELIVERIES = 1200;

/** mulberry32 */
function prng(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
		chance: (p: number) => next() < p,
	};
}
type Rng = ReturnType<typeof prng>;

const KEYS = [
	'webhookId', 'status', 'estado', 'fullName', 'nombreCompleto', 'tipPersona', 'riesgo', 'resumen', 'summary',
	'dataPenal', 'datosPenal', 'totalPenal', 'totalResults', 'totalResultados', 'nombre', 'name', 'litigantes',
	'socios', 'extra', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'ñandú', '0',
];

function junk(rng: Rng, depth = 0): unknown {
	const simple = [
		null, true, false, 0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, '', ' ', 'SUCCESS', 'FAILED', 'success',
		'critical', 'medium', 'free', 'null', '{}', '🙂', '\u0000', 'x'.repeat(2000), '\ud800',
	];
	if (depth > 2 || rng.chance(0.7)) return rng.pick(simple);
	if (rng.chance(0.5)) return Array.from({ length: rng.int(0, 3) }, () => junk(rng, depth + 1));
	const obj: Rec = {};
	for (let i = rng.int(0, 3); i > 0; i--) Object.defineProperty(obj, rng.pick(KEYS), { value: junk(rng, depth + 1), enumerable: true, writable: true, configurable: true });
	return obj;
}

/** Every (container, key) pair in the value, so a mutation can hit any depth. */
function slots(value: unknown, out: Array<[Rec | unknown[], string | number]> = []) {
	if (Array.isArray(value)) value.forEach((v, i) => (out.push([value, i]), slots(v, out)));
	else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) (out.push([value as Rec, k]), slots(v, out));
	return out;
}

function mutate(rng: Rng, root: Rec): unknown {
	let doc: unknown = root;
	for (let n = rng.int(1, 4); n > 0; n--) {
		const all = slots(doc);
		if (all.length === 0 || rng.chance(0.03)) {
			doc = rng.chance(0.5) ? junk(rng) : [doc];
			continue;
		}
		const [container, key] = rng.pick(all);
		const op = rng.int(0, 5);
		if (Array.isArray(container)) {
			const i = key as number;
			if (op === 0) container.splice(i, 1);
			else if (op === 1) container.push(container[i]);
			else container[i] = junk(rng);
			continue;
		}
		const k = key as string;
		const value = container[k];
		if (op === 0) delete container[k];
		else if (op === 1) {
			delete container[k];
			Object.defineProperty(container, rng.pick(KEYS), { value, enumerable: true, writable: true, configurable: true });
		} else if (op === 2) container[k] = rng.chance(0.5) ? [value] : { value };
		else if (op === 3) Object.defineProperty(container, rng.pick(KEYS), { value: junk(rng), enumerable: true, writable: true, configurable: true });
		else container[k] = junk(rng);
	}
	return doc;
}

/** How the bytes travel: the sandbox's form, or one of the forms n8n leaves to the node. */
function transport(rng: Rng, json: string, authorization = `Bearer ${WEBHOOK_TOKEN}`): { headers: Record<string, string>; body: Buffer } {
	const text = Buffer.from(json);
	const form = rng.int(0, 4);
	// Form 0 is the sandbox's own delivery (gzip, application/json), with the given Authorization.
	let { headers, body } = textDelivery(json);
	headers = { ...headers, Authorization: authorization };
	if (form === 1) headers = { Authorization: authorization, 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'x-gzip' };
	if (form === 2) ({ headers, body } = { headers: { Authorization: authorization, 'Content-Type': 'application/vnd.riskinfo+json' }, body: text });
	if (form === 3) ({ headers, body } = { headers: { Authorization: authorization, 'Content-Type': 'text/plain; charset=utf-8' }, body: text });
	if (form === 4) ({ headers, body } = { headers: { Authorization: authorization, 'Content-Type': 'application/gzip' }, body: gzipSync(text) });
	// Byte damage only where the node, not n8n, reads the bytes.
	if (form !== 0 && rng.chance(0.15)) {
		body = Buffer.from(body);
		const damage = rng.int(0, 2);
		if (damage === 0 && body.length) body[rng.int(0, body.length - 1)] ^= 1 << rng.int(0, 7);
		else if (damage === 1) body = body.subarray(0, rng.int(0, body.length));
		else body = Buffer.concat([body, Buffer.from(String(JSON.stringify(junk(rng))))]);
	}
	return { headers, body };
}

describe('mutated deliveries', () => {
	let h: TriggerHarness;
	const unhandled: unknown[] = [];
	const onUnhandled = (reason: unknown) => unhandled.push(reason);
	beforeAll(async () => {
		process.on('unhandledRejection', onUnhandled);
		h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
	});
	afterAll(async () => {
		process.off('unhandledRejection', onUnhandled);
		await h.close();
	});

	it(`${DELIVERIES} seeded mutations each end in items or a 4xx`, async () => {
		const rng = prng(SEED);
		const tally = { runs: 0, refusedByNode: 0, refusedByN8n: 0, statuses: new Map<number, number>() };
		for (let i = 0; i < DELIVERIES; i++) {
			const kind = rng.pick(['success', 'nomatch', 'failed'] as const);
			const name = `${rng.pick(['Inversiones', 'Comercial', 'Juan', 'María José'])} ${rng.pick(['Penumbra SpA', 'Pérez Soto', 'Limitada', 'Ñuñoa Ltda'])}`;
			const doc = mutate(rng, event(kind, rng.int(1, 1e9), name));
			const output = rng.pick(['event', 'raw'] as const);
			h.options.params = { ignoreRepeatedDeliveries: false, output };
			const { headers, body } = transport(rng, JSON.stringify(doc));
			const where = `delivery #${i} (seed ${SEED}): ${JSON.stringify(doc)?.slice(0, 300)}`;

			const answer = await h.post(headers, body);
			tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
			expect([where, h.thrown]).toEqual([where, []]);
			if (answer.status >= 200 && answer.status < 300) {
				expect([where, answer.run?.length ?? 0]).toEqual([where, 1]);
				const item = answer.run![0];
				if (output === 'event') expect([where, Object.keys(item).slice(0, 2)]).toEqual([where, ['webhookId', 'status']]);
				expect(() => JSON.stringify(item)).not.toThrow();
				tally.runs++;
			} else {
				expect([where, answer.status >= 400 && answer.status < 500]).toEqual([where, true]);
				expect([where, typeof answer.json?.error === 'string' || answer.refusedByN8n]).toEqual([where, true]);
				if (answer.refusedByN8n) tally.refusedByN8n++;
				else tally.refusedByNode++;
			}
		}
		expect(unhandled).toEqual([]);
		// The mutations must exercise both paths of the node, not just one of them.
		expect(tally.runs).toBeGreaterThan(DELIVERIES / 10);
		expect(tally.refusedByNode).toBeGreaterThan(DELIVERIES / 10);
		expect(tally.runs + tally.refusedByNode).toBeGreaterThanOrEqual(1000);
	}, 120_000);

	it('a wrong token on a mutated delivery is still just a 401', async () => {
		const rng = prng(SEED + 1);
		for (let i = 0; i < 50; i++) {
			const { headers, body } = transport(rng, JSON.stringify(mutate(rng, event('success'))), `Bearer ${WEBHOOK_TOKEN.slice(1)}`);
			const answer = await h.post(headers, body);
			if (!answer.refusedByN8n) expect(answer.status).toBe(401);
		}
		expect(h.thrown).toEqual([]);
	});
});

// The same mutations plus what an attacker sends on purpose — values nested far deeper than the
// call stack (also in both names of an aliased field), long Authorization and other headers, huge
// webhookIds — with Ignore Repeated Deliveries on. Never a 5xx, never a throw out of webhook(),
// and nothing kept in the workflow's static data.
const HOSTILE = 400;
const ALIAS_PAIRS = [
	['details', 'detalle'],
	['summary', 'resumen'],
	['fullName', 'nombreCompleto'],
	['dataPenal', 'datosPenal'],
	['status', 'estado'],
	['webhookId', 'webhookId'],
] as const;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** Node's HTTP server (n8n's too) answers 431 itself when the request's headers pass 16 KiB. */
const HEADERS_TOO_LARGE = 431;

interface Hostile {
	json: string;
	authorization: string;
	headers: Record<string, string>;
	/** Levels of the deepest value planted, if any. */
	deep: number;
}

function hostile(rng: Rng, doc: unknown): Hostile {
	const out: Hostile = { json: '', authorization: `Bearer ${WEBHOOK_TOKEN}`, headers: {}, deep: 0 };
	let deepText = '';
	for (let n = rng.int(1, 2); n > 0; n--) {
		const what = rng.int(0, 2);
		if (what === 0) {
			out.deep = rng.pick([50, 98, 99, 100, 101, 1_000, 5_000, 20_000]);
			deepText = rng.chance(0.5) ? deepJson(out.deep) : deepArray(out.deep);
			if (doc && typeof doc === 'object' && !Array.isArray(doc) && rng.chance(0.5)) {
				const [a, b] = rng.pick(ALIAS_PAIRS);
				Object.assign(doc, { [a]: DEEP, [b]: DEEP });
			} else {
				const all = slots(doc);
				if (all.length) {
					const [container, key] = rng.pick(all);
					(container as Record<string | number, unknown>)[key] = DEEP;
				} else doc = DEEP;
			}
		} else if (what === 1 && doc && typeof doc === 'object' && !Array.isArray(doc)) {
			const length = rng.pick([300, 4_096, 100_000, 1024 * 1024]);
			const pad = rng.pick(['', ' ', '\t ', '  ']);
			(doc as Rec).webhookId = `${pad}${rng.int(1, 1e9)}${'9'.repeat(length)}${pad}`;
		} else {
			const blanks = rng.pick([1, 100, 4_000, 15_000, 20_000]);
			out.authorization = rng.pick([
				`Bearer${' '.repeat(blanks)}${WEBHOOK_TOKEN}`,
				`Bearer${'\t'.repeat(blanks)}${WEBHOOK_TOKEN}`,
				`Bearer x${' '.repeat(blanks)}y`,
				`Bearer ${WEBHOOK_TOKEN}${' '.repeat(blanks)}extra`,
				`Basic ${'A'.repeat(blanks)}${' '.repeat(blanks)}!`,
				`${'Bearer '.repeat(blanks)}${WEBHOOK_TOKEN}`.slice(-16_000),
			]);
			if (rng.chance(0.5)) out.headers['X-Relleno'] = `${'a '.repeat(rng.int(1, 7_000))}b`;
		}
	}
	out.json = jsonWith(doc, deepText);
	return out;
}

describe('hostile deliveries', () => {
	let h: TriggerHarness;
	const unhandled: unknown[] = [];
	const onUnhandled = (reason: unknown) => unhandled.push(reason);
	beforeAll(async () => {
		process.on('unhandledRejection', onUnhandled);
		h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
	});
	afterAll(async () => {
		process.off('unhandledRejection', onUnhandled);
		await h.close();
	});

	it(`${HOSTILE} seeded hostile deliveries: no 5xx, no throw, nothing kept in static data`, async () => {
		const rng = prng(SEED + 2);
		const tally = { runs: 0, skipped: 0, tooDeep: 0, unauthorized: 0, headersTooLarge: 0, other4xx: 0 };
		for (let i = 0; i < HOSTILE; i++) {
			const doc = mutate(rng, event(rng.pick(['success', 'nomatch', 'failed'] as const), rng.int(1, 1e9)));
			const attack = hostile(rng, doc);
			const output = rng.pick(['event', 'findings', 'raw'] as const);
			h.options.params = { ignoreRepeatedDeliveries: true, output };
			const { headers, body } = transport(rng, attack.json, attack.authorization);
			const where = `hostile delivery #${i} (seed ${SEED + 2}, deep ${attack.deep}): ${attack.json.slice(0, 200)}`;

			const answer = await h.post({ ...headers, ...attack.headers }, body);
			expect([where, h.thrown]).toEqual([where, []]);
			expect([where, answer.status < 500]).toEqual([where, true]);
			if (answer.status >= 200 && answer.status < 300) {
				if (answer.run) {
					expect([where, answer.run.length > 0]).toEqual([where, true]);
					// Whatever came through can be saved by n8n: 100 levels, plus the few the event's shape adds.
					for (const item of answer.run) expect([where, nesting(item) <= 106]).toEqual([where, true]);
					tally.runs++;
				} else {
					expect([where, answer.json?.emitted, typeof answer.json?.reason]).toEqual([where, 0, 'string']);
					tally.skipped++;
				}
			} else if (answer.status === HEADERS_TOO_LARGE) {
				tally.headersTooLarge++;
			} else {
				expect([where, answer.status >= 400 && answer.status < 500]).toEqual([where, true]);
				expect([where, typeof answer.json?.error === 'string' || answer.refusedByN8n]).toEqual([where, true]);
				if (answer.json?.error === 'too_deep') tally.tooDeep++;
				else if (answer.status === 401) tally.unauthorized++;
				else tally.other4xx++;
			}
			expect([where, h.staticData]).toEqual([where, {}]);
		}
		expect(unhandled).toEqual([]);
		// Each kind of attack was actually met, and hostile input did not stop everything from running.
		expect(tally.tooDeep).toBeGreaterThan(HOSTILE / 20);
		expect(tally.unauthorized).toBeGreaterThan(HOSTILE / 20);
		expect(tally.runs).toBeGreaterThan(HOSTILE / 10);
	}, 180_000);
});
