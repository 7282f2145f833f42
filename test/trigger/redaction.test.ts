// The secret of the Risk Info Webhook Auth credential never appears in an item, an answer's
// message or a log line of the trigger, whatever the delivery carries — here, deliveries that
// reflect their own authentication back in fields, keys and findings. It is replaced by
// "[redacted]" (docs/trigger.md, "What happens to a delivery"). The engine itself:
// test/shared/redaction.test.ts.
import { randomBytes } from 'node:crypto';

import { encodeDelivery, type WebhookAuth } from '../../sandbox/delivery';
import { event, type Rec } from './forms';
import { TriggerHarness } from './harness';

const MASK = '[redacted]';
const random = () => randomBytes(12).toString('hex');

interface Method {
	name: string;
	credential: Record<string, unknown>;
	auth: WebhookAuth;
	/** Every text that gives the secret away. */
	secrets: string[];
	/** The authentication exactly as it travels, which a reflecting sender would echo. */
	reflected: string;
}

function bearer(): Method {
	const token = `tok-${random()}`;
	return { name: 'bearer token', credential: { method: 'bearer', token }, auth: { type: 'bearer', token }, secrets: [token], reflected: `Bearer ${token}` };
}

function basic(): Method {
	const user = 'riskinfo-sender';
	const password = `pw-${random()}`;
	const encoded = Buffer.from(`${user}:${password}`).toString('base64');
	return {
		name: 'basic auth',
		credential: { method: 'basic', user, password },
		auth: { type: 'basic', username: user, password },
		secrets: [password, encoded],
		reflected: `Basic ${encoded}`,
	};
}

function header(): Method {
	const value = `hdr-${random()}`;
	return {
		name: 'custom header',
		credential: { method: 'header', headerName: 'X-RiskInfo-Secret', headerSecret: value },
		auth: { type: 'header', name: 'X-RiskInfo-Secret', value },
		secrets: [value],
		reflected: `X-RiskInfo-Secret: ${value}`,
	};
}

/** A SUCCESS event that carries the secret back in a known field, a finding, an unknown field and a key. */
function reflecting(m: Method, secret: string): Rec {
	const e = event('success');
	const penal = e.dataPenal as Rec[];
	expect(penal.length).toBeGreaterThan(0);
	return {
		...e,
		fullName: `Inversiones ${secret} SpA`,
		nombreCompleto: `Inversiones ${secret} SpA`,
		dataPenal: [{ ...penal[0], name: m.reflected }, ...penal.slice(1)],
		eco: { headers: { authorization: m.reflected }, numbers: [1, 2, 3] },
		[`clave ${m.reflected}`]: 'valor',
	};
}

function expectHidden(m: Method, what: string, text: string) {
	for (const secret of m.secrets) expect([what, text.includes(secret)]).toEqual([what, false]);
}

describe.each([bearer(), basic(), header()])('$name', (m) => {
	let h: TriggerHarness;
	beforeAll(async () => {
		h = await TriggerHarness.start({ credentials: m.credential, params: { ignoreRepeatedDeliveries: false } });
	});
	afterAll(async () => h.close());
	afterEach(() => {
		expect(h.thrown).toEqual([]);
		expectHidden(m, 'log lines', h.logs.join('\n'));
	});

	async function run(body: object, output: string): Promise<Rec[]> {
		h.options.params = { ignoreRepeatedDeliveries: false, output, respond: 'immediately' };
		const d = encodeDelivery(body, m.auth);
		const answer = await h.post(d.headers, d.body);
		expect(answer.status).toBe(200);
		expect(answer.run).toBeDefined();
		expectHidden(m, 'answer', JSON.stringify(answer.json));
		return answer.run as Rec[];
	}

	it.each(m.secrets.map((secret, i) => [i, secret]))('form %i of the secret: One Item per Event shows "[redacted]" in its place, everywhere', async (_i, secret) => {
		const [item] = await run(reflecting(m, secret), 'event');
		expectHidden(m, 'item', JSON.stringify(item));
		expect(item.fullName).toBe(`Inversiones ${MASK} SpA`);
		const criminal = (item.lists as Rec).criminal as { items: Rec[] };
		expect(criminal.items[0].name).toBe(m.reflected.replace(m.secrets.find((s) => m.reflected.includes(s))!, MASK));
		const extra = item.extra as Rec;
		expect((extra.eco as Rec).numbers).toEqual([1, 2, 3]);
		expect(Object.keys(extra).some((key) => key.startsWith('clave ') && key.includes(MASK))).toBe(true);
	});

	it('One Item per Finding and Raw Payload carry no form of the secret either', async () => {
		for (const output of ['findings', 'raw']) {
			for (const secret of m.secrets) {
				const items = await run(reflecting(m, secret), output);
				expect(items.length).toBeGreaterThan(0);
				expectHidden(m, `${output} items`, JSON.stringify(items));
				expect(JSON.stringify(items)).toContain(MASK);
			}
		}
	});

	it('a webhookId that is the secret is emitted redacted, with Ignore Repeated Deliveries on', async () => {
		for (const secret of m.secrets) {
			h.options.params = { ignoreRepeatedDeliveries: true };
			const d = encodeDelivery({ ...event('failed'), webhookId: `${secret}` }, m.auth);
			const answer = await h.post(d.headers, d.body);
			expect(answer.status).toBe(200);
			expect(answer.run?.[0].webhookId).toBe(MASK);
			expect(h.staticData).toEqual({});
		}
	});

	it('a FAILED event whose details echo the secret', async () => {
		const [item] = await run({ ...event('failed'), details: `upstream said: ${m.reflected}` }, 'event');
		expectHidden(m, 'item', JSON.stringify(item));
		expect(String(item.details)).toMatch(/^upstream said: .*\[redacted\]$/);
	});

	it('a refusal message never quotes the secret, not even the stretch of the body JSON.parse quotes', async () => {
		h.options.params = { ignoreRepeatedDeliveries: false };
		for (const secret of m.secrets) {
			const d = encodeDelivery({}, m.auth);
			const headers: Record<string, string> = { ...d.headers, 'Content-Type': 'text/plain' };
			delete headers['Content-Encoding'];
			const answer = await h.post(headers, `{"eco": ${secret}}`);
			expect(answer.status).toBe(400);
			expect(answer.json?.error).toBe('invalid_json');
			expectHidden(m, 'message', String(answer.json?.message));
			// JSON.parse quotes about ten characters around the error, here the secret's start.
			expect(String(answer.json?.message)).not.toContain(secret.slice(0, 8));
		}
	});
});

describe('a secret in only one place of a large event', () => {
	// The trigger first looks for the secret without rewriting anything (the usual delivery holds
	// none): each of these must still be found. A token of digits can come back as a JSON number.
	const token = '987654321987654';
	const m: Method = { name: 'digits', credential: { method: 'bearer', token }, auth: { type: 'bearer', token }, secrets: [token], reflected: `Bearer ${token}` };
	let h: TriggerHarness;
	beforeAll(async () => {
		h = await TriggerHarness.start({ credentials: m.credential, params: { ignoreRepeatedDeliveries: false } });
	});
	afterAll(async () => h.close());
	afterEach(() => expect(h.thrown).toEqual([]));

	const large = (extra: Rec) => {
		const e = event('success');
		const penal = e.dataPenal as Rec[];
		return { ...e, dataPenal: Array.from({ length: 2000 }, (_, i) => ({ ...penal[0], rol: `C-${i}-2024` })), ...extra };
	};
	const emit = async (body: object, output = 'event') => {
		h.options.params = { ignoreRepeatedDeliveries: false, output, respond: 'immediately' };
		const d = encodeDelivery(body, m.auth);
		const answer = await h.post(d.headers, d.body);
		expect(answer.status).toBe(200);
		const items = answer.run as Rec[];
		expectHidden(m, 'items', JSON.stringify(items));
		return items;
	};

	it('as a number', async () => {
		const [item] = await emit(large({ monto: Number(token) }));
		expect((item.extra as Rec).monto).toBe(MASK);
	});

	it('as a key, deep in the last finding', async () => {
		const body = large({});
		const penal = body.dataPenal as Rec[];
		penal[penal.length - 1] = { ...penal[penal.length - 1], nota: { [`ref ${token}`]: 1 } };
		const items = await emit(body, 'findings');
		const last = items[items.length - 1].finding as Rec;
		expect((last.extra as Rec).nota).toEqual({ [`ref ${MASK}`]: 1 });
	});

	it('in a string of the raw payload', async () => {
		const [item] = await emit(large({ eco: [[`x${token}y`]] }), 'raw');
		expect(item.eco).toEqual([[`x${MASK}y`]]);
	});
});
