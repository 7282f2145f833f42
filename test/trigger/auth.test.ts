// Issue 5 point 1: only authenticated deliveries start the workflow; every comparison is
// timing-safe; a refused delivery gets 401 (+ WWW-Authenticate for bearer and basic) before
// its body is looked at.
import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';

import { checkDelivery, type DeliverySecret } from '../../nodes/RiskInfoTrigger/auth';
import { encodeDelivery } from '../../sandbox/delivery';
import { BEARER, BEARER_CREDENTIAL, WEBHOOK_TOKEN, delivery, event } from './forms';
import { TriggerHarness } from './harness';

const withHeader = (headers: Record<string, string>, name: string, value: string | undefined) => {
	const out = { ...headers };
	delete out.Authorization;
	if (value !== undefined) out[name] = value;
	return out;
};

async function expectRefused(h: TriggerHarness, headers: Record<string, string>, body: Uint8Array | string, challenge?: RegExp) {
	const before = h.runs.length;
	const answer = await h.post(headers, body);
	expect(answer.status).toBe(401);
	expect(answer.json?.error).toBe('unauthorized');
	if (challenge) expect(String(answer.headers['www-authenticate'])).toMatch(challenge);
	else expect(answer.headers['www-authenticate']).toBeUndefined();
	expect(h.runs.length).toBe(before);
	expect(h.thrown).toEqual([]);
}

async function expectAccepted(h: TriggerHarness, headers: Record<string, string>, body: Uint8Array | string, webhookId: unknown) {
	const answer = await h.post(headers, body);
	expect(answer.status).toBe(200);
	expect(answer.run).toHaveLength(1);
	expect(answer.run?.[0].webhookId).toBe(webhookId);
}

describe('bearer token (the default method)', () => {
	let h: TriggerHarness;
	beforeAll(async () => {
		h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
	});
	afterAll(async () => h.close());

	it('accepts the right token, sent by the sandbox delivery code', async () => {
		const e = event('success');
		const d = delivery(e);
		await expectAccepted(h, d.headers, d.body, e.webhookId);
	});

	it('accepts the scheme in any case, as RFC 7235 says', async () => {
		const e = event('failed');
		const d = delivery(e);
		await expectAccepted(h, withHeader(d.headers, 'authorization', `bEARER ${WEBHOOK_TOKEN}`), d.body, e.webhookId);
	});

	it('refuses a wrong token, a prefix of the token, a missing header and a Basic header', async () => {
		const d = delivery(event('success'), { type: 'bearer', token: `${WEBHOOK_TOKEN}x` });
		await expectRefused(h, d.headers, d.body, /^Bearer realm="[^"]+", error="invalid_token"$/);
		const prefix = delivery(event('success'), { type: 'bearer', token: WEBHOOK_TOKEN.slice(0, -1) });
		await expectRefused(h, prefix.headers, prefix.body, /^Bearer /);
		const none = delivery(event('success'), { type: 'none' });
		await expectRefused(h, none.headers, none.body, /^Bearer realm="[^"]+"$/);
		const basic = delivery(event('success'), { type: 'basic', username: 'Bearer', password: WEBHOOK_TOKEN });
		await expectRefused(h, basic.headers, basic.body, /^Bearer /);
		const empty = delivery(event('success'));
		await expectRefused(h, withHeader(empty.headers, 'Authorization', 'Bearer '), empty.body, /^Bearer /);
	});

	it('refuses before reading the body: garbage and a gzip bomb get 401, not 400 or 413', async () => {
		const wrong = { Authorization: `Bearer nope`, 'Content-Type': 'application/octet-stream' };
		await expectRefused(h, wrong, 'this is not json', /^Bearer /);
		const Original = globalThis.DecompressionStream;
		let inflations = 0;
		globalThis.DecompressionStream = class extends Original {
			constructor(format: CompressionFormat) {
				super(format);
				inflations++;
			}
		};
		try {
			const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
			await expectRefused(h, { ...wrong, 'Content-Encoding': 'x-gzip' }, bomb, /^Bearer /);
		} finally {
			globalThis.DecompressionStream = Original;
		}
		expect(inflations).toBe(0);
	});
});

describe('basic auth', () => {
	let h: TriggerHarness;
	const user = 'riskinfo-sender';
	const password = `pw:with:colons ${WEBHOOK_TOKEN}`;
	beforeAll(async () => {
		h = await TriggerHarness.start({ credentials: { method: 'basic', user, password } });
	});
	afterAll(async () => h.close());

	it('accepts the right user and password (a password may contain colons and spaces)', async () => {
		const e = event('success');
		const d = encodeDelivery(e, { type: 'basic', username: user, password });
		await expectAccepted(h, d.headers, d.body, e.webhookId);
	});

	it('refuses a wrong password, a wrong user, no header and a bearer header', async () => {
		const challenge = /^Basic realm="[^"]+", charset="UTF-8"$/;
		for (const auth of [
			{ type: 'basic' as const, username: user, password: `${password}!` },
			{ type: 'basic' as const, username: `${user}2`, password },
			{ type: 'none' as const },
			{ type: 'bearer' as const, token: password },
		]) {
			const d = encodeDelivery(event('success'), auth);
			await expectRefused(h, d.headers, d.body, challenge);
		}
		const noColon = encodeDelivery(event('success'), { type: 'none' });
		const b64 = Buffer.from(`${user}${password}`).toString('base64');
		await expectRefused(h, withHeader(noColon.headers, 'Authorization', `Basic ${b64}`), noColon.body, challenge);
	});
});

describe('custom header', () => {
	let h: TriggerHarness;
	const secret = `hdr-${WEBHOOK_TOKEN}`;
	beforeAll(async () => {
		h = await TriggerHarness.start({ credentials: { method: 'header', headerName: 'X-RiskInfo-Secret', headerSecret: secret } });
	});
	afterAll(async () => h.close());

	it('accepts the right value whatever the case of the header name', async () => {
		const e = event('nomatch');
		const d = encodeDelivery(e, { type: 'header', name: 'X-RiskInfo-Secret', value: secret });
		await expectAccepted(h, d.headers, d.body, e.webhookId);
		const e2 = event('nomatch');
		const other = encodeDelivery(e2, { type: 'header', name: 'x-riskinfo-SECRET', value: secret });
		await expectAccepted(h, other.headers, other.body, e2.webhookId);
	});

	it('refuses a wrong value, a missing header and the secret sent as a bearer token (no WWW-Authenticate)', async () => {
		const d = encodeDelivery(event('nomatch'), { type: 'none' });
		await expectRefused(h, withHeader(d.headers, 'X-RiskInfo-Secret', `${secret} `.repeat(2)), d.body);
		await expectRefused(h, withHeader(d.headers, 'X-RiskInfo-Secret', secret.slice(1)), d.body);
		await expectRefused(h, d.headers, d.body);
		const bearer = encodeDelivery(event('nomatch'), { type: 'bearer', token: secret });
		await expectRefused(h, bearer.headers, bearer.body);
	});
});

describe('timing-safe comparison', () => {
	let spy: jest.SpyInstance;
	beforeEach(() => {
		spy = jest.spyOn(crypto, 'timingSafeEqual');
	});
	afterEach(() => spy.mockRestore());

	it.each([
		['bearer', BEARER_CREDENTIAL, 1],
		['basic', { method: 'basic', user: 'u', password: 'p' }, 2],
		['header', { method: 'header', headerName: 'X-Secret', headerSecret: 's' }, 1],
	])('%s: every secret goes through crypto.timingSafeEqual on equal-length digests', async (_name, credentials, comparisons) => {
		const h = await TriggerHarness.start({ credentials });
		try {
			const d = encodeDelivery(event('success'), { type: 'basic', username: 'x', password: 'y' });
			const answer = await h.post({ ...d.headers, 'X-Secret': 'wrong' }, d.body);
			expect(answer.status).toBe(401);
			expect(spy).toHaveBeenCalledTimes(comparisons);
			for (const [a, b] of spy.mock.calls) {
				expect(a.length).toBe(b.length);
			}
		} finally {
			await h.close();
		}
	});
});

describe('"None" and a missing or unusable credential', () => {
	it('None accepts an unauthenticated delivery', async () => {
		const h = await TriggerHarness.start({ params: { authentication: 'none' }, credentials: null });
		try {
			const e = event('success');
			const d = encodeDelivery(e, { type: 'none' });
			await expectAccepted(h, d.headers, d.body, e.webhookId);
		} finally {
			await h.close();
		}
	});

	it.each([
		['no credential attached', null],
		['an empty token', { method: 'bearer', token: '' }],
		['a header credential without a header name', { method: 'header', headerName: '', headerSecret: 'x' }],
	])('%s: the delivery is refused with 500 and the workflow does not run', async (_name, credentials) => {
		const h = await TriggerHarness.start({ credentials });
		try {
			const d = delivery(event('success'), BEARER);
			const answer = await h.post(d.headers, d.body);
			expect(answer.status).toBe(500);
			expect(answer.json?.error).toBe('trigger_misconfigured');
			expect(JSON.stringify(answer.json)).not.toContain(WEBHOOK_TOKEN);
			expect(h.runs).toHaveLength(0);
			expect(h.thrown).toEqual([]);
		} finally {
			await h.close();
		}
	});
});

// Issue 21 point 1 (a): the token must be the whole header after the scheme and its blanks.
describe('the bearer header is read whole, from its first character', () => {
	let h: TriggerHarness;
	beforeAll(async () => {
		h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
	});
	afterAll(async () => h.close());

	it('the right token followed by anything else is refused (401) and starts nothing', async () => {
		const d = delivery(event('success'));
		for (const value of [`Bearer ${WEBHOOK_TOKEN} extra`, `Bearer ${WEBHOOK_TOKEN}\textra`, `Bearer ${WEBHOOK_TOKEN},x`]) {
			await expectRefused(h, withHeader(d.headers, 'Authorization', value), d.body, /^Bearer realm="[^"]+", error="invalid_token"$/);
		}
	});

	it('the right token after anything but the scheme is refused (401) and starts nothing', async () => {
		const d = delivery(event('success'));
		for (const value of [`xBearer ${WEBHOOK_TOKEN}`, `Basic Bearer ${WEBHOOK_TOKEN}`, `Bearer${WEBHOOK_TOKEN}`, `Bearers ${WEBHOOK_TOKEN}`]) {
			await expectRefused(h, withHeader(d.headers, 'Authorization', value), d.body, /^Bearer realm="[^"]+"$/);
		}
	});

	it('blanks (spaces or tabs, any number) between the scheme and the token are allowed', async () => {
		for (const gap of ['\t', '  \t ', ' '.repeat(16_000)]) {
			const e = event('failed');
			const d = delivery(e);
			await expectAccepted(h, withHeader(d.headers, 'Authorization', `Bearer${gap}${WEBHOOK_TOKEN}`), d.body, e.webhookId);
		}
	});
});

// Issue 22 point 3: parsing the Authorization header must be linear, whatever it holds. Counted,
// not timed: no pattern runs over the header, and its characters are each read a bounded number
// of times.
describe('the Authorization header is parsed in linear time', () => {
	const hostile = (scheme: string, blanks: number) => `${scheme} x${' '.repeat(blanks)}y`;
	const secrets: Array<[string, DeliverySecret]> = [
		['Bearer', { method: 'bearer', token: WEBHOOK_TOKEN }],
		['Basic', { method: 'basic', user: 'u', password: WEBHOOK_TOKEN }],
	];

	it.each(secrets)('%s: no regular expression runs over a 16,000- or 60,000-blank header, and each character is read at most twice', (scheme, secret) => {
		for (const blanks of [16_000, 60_000]) {
			for (const value of [hostile(scheme, blanks), hostile(scheme.toLowerCase(), blanks), `${scheme}${'\t'.repeat(blanks)}x`]) {
				const exec = jest.spyOn(RegExp.prototype, 'exec');
				const reads = jest.spyOn(String.prototype, 'charCodeAt');
				let outcome;
				let patternRuns: unknown[][] = [];
				let characterReads = 0;
				try {
					outcome = checkDelivery({ authorization: value }, secret);
				} finally {
					// Counted before mockRestore, which clears them.
					patternRuns = exec.mock.calls.filter(([input]) => String(input).length > 256);
					characterReads = reads.mock.calls.length;
					exec.mockRestore();
					reads.mockRestore();
				}
				expect(outcome.ok).toBe(false);
				expect(patternRuns).toHaveLength(0);
				expect(characterReads).toBeLessThanOrEqual(2 * value.length + 64);
			}
		}
	});

	it('a custom header is compared as it came, without any parsing', () => {
		const exec = jest.spyOn(RegExp.prototype, 'exec');
		let patternRuns: unknown[][] = [];
		try {
			const outcome = checkDelivery({ 'x-secret': `x${' '.repeat(60_000)}y` }, { method: 'header', headerName: 'x-secret', headerValue: 's' });
			expect(outcome.ok).toBe(false);
		} finally {
			patternRuns = exec.mock.calls.filter(([input]) => String(input).length > 256);
			exec.mockRestore();
		}
		expect(patternRuns).toHaveLength(0);
	});
});
