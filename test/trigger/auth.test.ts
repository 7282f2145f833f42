// Who may deliver: only authenticated deliveries start the workflow; every comparison is
// timing-safe; a refused delivery gets 401 (+ WWW-Authenticate for bearer and basic) before its
// body is looked at; the Authorization header is read in linear time, at its edges too; and what
// the trigger says about a credential it cannot use.
import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';

import { checkDelivery, schemeCredentials, secretProblem, secretTexts, toSecret, type DeliverySecret } from '../../nodes/RiskInfoTrigger/auth';
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

// The token must be the whole header after the scheme and its blanks.
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

// Parsing the Authorization header must be linear, whatever it holds. Counted,
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

const BEARER_CHALLENGE = 'Bearer realm="n8n Risk Info Trigger"';
const BEARER_INVALID = 'Bearer realm="n8n Risk Info Trigger", error="invalid_token"';
const BASIC_CHALLENGE = 'Basic realm="n8n Risk Info Trigger", charset="UTF-8"';

describe('schemeCredentials: where the scheme ends and the blanks around the credentials', () => {
	test.each<[string | undefined, string, string | undefined]>([
		[undefined, 'bearer', undefined],
		['', 'bearer', undefined],
		['Bea', 'bearer', undefined],
		['Bearer', 'bearer', undefined],
		['bearer', 'bearer', undefined],
		['Basic', 'basic', undefined],
		['Bearer ', 'bearer', ''],
		['Bearer \t  ', 'bearer', ''],
		['Basic ', 'basic', ''],
		['Bearer tok', 'bearer', 'tok'],
		['bearer tok', 'bearer', 'tok'],
		['BEARER tok', 'bearer', 'tok'],
		['bEaReR tok', 'bearer', 'tok'],
		['BASIC dTpw', 'basic', 'dTpw'],
		['Bearer\ttok', 'bearer', 'tok'],
		['Bearer  \t tok', 'bearer', 'tok'],
		['Bearer tok ', 'bearer', 'tok'],
		['Bearer tok\t', 'bearer', 'tok'],
		['Bearer \t tok \t \t', 'bearer', 'tok'],
		['Bearer a b', 'bearer', 'a b'],
		['Bearer  a \t b  ', 'bearer', 'a \t b'],
		['Bearer x', 'bearer', 'x'],
		['Bearer x ', 'bearer', 'x'],
		// no blank after the scheme
		['Bearertok', 'bearer', undefined],
		['Bearer:tok', 'bearer', undefined],
		['Bearer\ntok', 'bearer', undefined],
		['Basicdtpw', 'basic', undefined],
		// a different character at each position of the scheme
		['Xearer tok', 'bearer', undefined],
		['bXarer tok', 'bearer', undefined],
		['beXrer tok', 'bearer', undefined],
		['beaXer tok', 'bearer', undefined],
		['bearXr tok', 'bearer', undefined],
		['beareX tok', 'bearer', undefined],
		['Token1 tok', 'bearer', undefined],
		['Basic dTpw', 'bearer', undefined],
		['Bearer tok', 'basic', undefined],
		['Xasic dTpw', 'basic', undefined],
		['bXsic dTpw', 'basic', undefined],
		['baXic dTpw', 'basic', undefined],
		['basXc dTpw', 'basic', undefined],
		['basiX dTpw', 'basic', undefined],
		// folding is ASCII letters only: a non-letter one bit away from a letter is not the letter
		['\u0002earer tok', 'bearer', undefined],
		[' bearer tok', 'bearer', undefined],
	])('%j with scheme %s gives %j', (header, scheme, expected) => {
		expect(schemeCredentials(header, scheme)).toBe(expected);
	});
});

describe('checkDelivery, bearer', () => {
	const secret = { method: 'bearer' as const, token: 'tok' };

	test.each<[string | string[] | undefined, object]>([
		['Bearer tok', { ok: true }],
		['bearer tok', { ok: true }],
		['BEARER  tok \t', { ok: true }],
		['Bearer\ttok', { ok: true }],
		[undefined, { ok: false, challenge: BEARER_CHALLENGE }],
		[['Bearer tok'], { ok: false, challenge: BEARER_CHALLENGE }],
		[['Bearer tok', 'Bearer tok'], { ok: false, challenge: BEARER_CHALLENGE }],
		['', { ok: false, challenge: BEARER_CHALLENGE }],
		['Bearer', { ok: false, challenge: BEARER_CHALLENGE }],
		['Bearertok', { ok: false, challenge: BEARER_CHALLENGE }],
		['Basic tok', { ok: false, challenge: BEARER_CHALLENGE }],
		['Token1 tok', { ok: false, challenge: BEARER_CHALLENGE }],
		['Bearer ', { ok: false, challenge: BEARER_INVALID }],
		['Bearer wrong', { ok: false, challenge: BEARER_INVALID }],
		['Bearer tokx', { ok: false, challenge: BEARER_INVALID }],
		['Bearer to k', { ok: false, challenge: BEARER_INVALID }],
	])('authorization %j gives %j', (authorization, expected) => {
		expect(checkDelivery({ authorization }, secret)).toEqual(expected);
	});

	test('an empty token is matched only by a header that gives one, never by a missing header', () => {
		const empty = { method: 'bearer' as const, token: '' };
		expect(checkDelivery({}, empty)).toEqual({ ok: false, challenge: BEARER_CHALLENGE });
		expect(checkDelivery({ authorization: 'Bearer' }, empty)).toEqual({ ok: false, challenge: BEARER_CHALLENGE });
		expect(checkDelivery({ authorization: ['Bearer '] }, empty)).toEqual({ ok: false, challenge: BEARER_CHALLENGE });
		expect(checkDelivery({ authorization: 'Bearer  ' }, empty)).toEqual({ ok: true });
	});
});

describe('checkDelivery, basic', () => {
	const FAIL = { ok: false, challenge: BASIC_CHALLENGE };
	const up = { user: 'u', password: 'p' };

	test.each<[string, string | string[] | undefined, { user: string; password: string }, object]>([
		['u:p', 'Basic dTpw', up, { ok: true }],
		['lower-case scheme', 'basic dTpw', up, { ok: true }],
		['upper-case scheme', 'BASIC dTpw', up, { ok: true }],
		['tab and blanks around', 'Basic\t dTpw \t', up, { ok: true }],
		['one "=" of padding', 'Basic dTpw=', up, { ok: true }],
		['two "=" of padding', 'Basic dTpw==', up, { ok: true }],
		['three "=" of padding', 'Basic dTpw===', up, FAIL],
		['u:pw padded', 'Basic dTpwdw==', { user: 'u', password: 'pw' }, { ok: true }],
		['u:pw one "=" short', 'Basic dTpwdw=', { user: 'u', password: 'pw' }, { ok: true }],
		['u:pw unpadded', 'Basic dTpwdw', { user: 'u', password: 'pw' }, { ok: true }],
		['"=" in the middle', 'Basic dT=pw', up, FAIL],
		['"=" first', 'Basic =dTpw', up, FAIL],
		['"+" in the encoding', 'Basic dTo+P34=', { user: 'u', password: '>?~' }, { ok: true }],
		['"/" in the encoding', 'Basic dTo/Pj4=', { user: 'u', password: '?>>' }, { ok: true }],
		['"+" and "/" unpadded', 'Basic dTpwPz5+', { user: 'u', password: 'p?>~' }, { ok: true }],
		['non-ASCII user and password', 'Basic w7w6w58=', { user: '\u00fc', password: '\u00df' }, { ok: true }],
		['"." inside', 'Basic dT.pw', up, FAIL],
		['"!" at the end', 'Basic dTpw!', up, FAIL],
		['"*" inside', 'Basic dT*pw', up, FAIL],
		['"-" inside', 'Basic dT-pw', up, FAIL],
		['"_" inside', 'Basic dT_pw', up, FAIL],
		['"@" inside', 'Basic dT@pw', up, FAIL],
		['"[" inside', 'Basic dT[pw', up, FAIL],
		['"`" inside', 'Basic dT`pw', up, FAIL],
		['"{" inside', 'Basic dT{pw', up, FAIL],
		['":" inside', 'Basic dT:pw', up, FAIL],
		['a blank inside', 'Basic dT pw', up, FAIL],
		['a tab inside', 'Basic dT\tpw', up, FAIL],
		['non-ASCII inside', 'Basic dT\u00e9pw', up, FAIL],
		['two invalid characters at the end', 'Basic dTpw..', up, FAIL],
		['wrong password', 'Basic dTpx', up, FAIL],
		['empty user', 'Basic OnB3', { user: '', password: 'pw' }, { ok: true }],
		['empty user, another expected', 'Basic OnB3', { user: 'x', password: 'pw' }, FAIL],
		['empty password', 'Basic dXM6', { user: 'us', password: '' }, { ok: true }],
		['empty password, another expected', 'Basic dXM6', { user: 'us', password: 'x' }, FAIL],
		['no ":" though user and password are empty', 'Basic YQ==', { user: '', password: '' }, FAIL],
		['no ":", decoded is the user', 'Basic YQ==', { user: 'a', password: '' }, FAIL],
		['no ":", decoded less its last is the user', 'Basic YWI=', { user: 'a', password: '' }, FAIL],
		['no ":", decoded is the password', 'Basic YQ==', { user: '', password: 'a' }, FAIL],
		['empty credentials', 'Basic ', { user: '', password: '' }, FAIL],
		['padding only', 'Basic ==', { user: '', password: '' }, FAIL],
		['scheme only', 'Basic', { user: '', password: '' }, FAIL],
		['no blank after the scheme', 'BasicdTpw', up, FAIL],
		['another scheme', 'Bearer dTpw', up, FAIL],
		['missing', undefined, up, FAIL],
		['repeated', ['Basic dTpw', 'Basic dTpw'], up, FAIL],
		['one-element list', ['Basic dTpw'], up, FAIL],
	])('%s: %j', (_what, authorization, credentials, expected) => {
		expect(checkDelivery({ authorization }, { method: 'basic', ...credentials })).toEqual(expected);
	});
});

describe('checkDelivery, header', () => {
	test.each<[string | string[] | undefined, string, object]>([
		['v', 'v', { ok: true }],
		['', '', { ok: true }],
		[undefined, '', { ok: false }],
		[undefined, 'v', { ok: false }],
		[[], '', { ok: false }],
		[['v'], 'v', { ok: false }],
		[['v', 'v'], 'v', { ok: false }],
		['', 'v', { ok: false }],
		['v ', 'v', { ok: false }],
		['V', 'v', { ok: false }],
	])('received %j, expected %j gives %j', (received, headerValue, expected) => {
		const outcome = checkDelivery({ 'x-hook-key': received }, { method: 'header', headerName: 'x-hook-key', headerValue });
		expect(outcome).toEqual(expected);
	});

	test('the header is looked up by the configured name only', () => {
		const secret = { method: 'header' as const, headerName: 'x-hook-key', headerValue: 'v' };
		expect(checkDelivery({ 'x-other': 'v', authorization: 'v' }, secret)).toEqual({ ok: false });
	});
});

const SPACED = 'in the credential starts or ends with a space; the service would not send it that way.';

describe('what the trigger says about its credential', () => {
	test.each<[string, Record<string, unknown>, string | undefined]>([
		['no method is bearer', { token: 'abc' }, undefined],
		['bearer without a token', { method: 'bearer' }, 'The credential has no Token.'],
		['bearer with an empty token', { method: 'bearer', token: '' }, 'The credential has no Token.'],
		['a token that is not text', { method: 'bearer', token: 12345 }, 'The credential has no Token.'],
		['a token with a space before it', { method: 'bearer', token: ' abc' }, `The Token ${SPACED}`],
		['a token with a tab after it', { method: 'bearer', token: 'abc\t' }, `The Token ${SPACED}`],
		['a token with a space inside', { method: 'bearer', token: 'a bc' }, undefined],
		['basic without user or password', { method: 'basic' }, 'The credential has no User or Password.'],
		['basic without a password', { method: 'basic', user: 'u' }, 'The credential has no Password.'],
		['basic without a user', { method: 'basic', password: 'p' }, 'The credential has no User.'],
		['a password with spaces around it (sent inside base64, so it can)', { method: 'basic', user: 'u', password: ' p ' }, undefined],
		['a user with a colon', { method: 'basic', user: 'a:b', password: 'p' }, 'The user name cannot contain ":" in Basic Auth.'],
		['header without name or value', { method: 'header' }, 'The credential has no Header Name or Header Value.'],
		['header without a value', { method: 'header', headerName: 'X-Risk-Token' }, 'The credential has no Header Value.'],
		['a header value with a space after it', { method: 'header', headerName: 'X-Risk-Token', headerSecret: 's3cret ' }, `The Header Value ${SPACED}`],
		['an unknown method', { method: 'oauth', token: 'abc' }, 'The credential method "oauth" is not known.'],
		['an empty method', { method: '', token: 'abc' }, 'The credential method "" is not known.'],
	])('%s', (_case, raw, problem) => {
		expect(secretProblem(raw)).toBe(problem);
	});

	const BAD_NAME = 'The header name may contain only letters, digits and - (no spaces or colons).';
	test.each<[string, string | undefined]>([
		['X-Risk-Token', undefined],
		['x', undefined],
		["A1!#$%&'*+.^_`|~-", undefined],
		[' X-Risk-Token', BAD_NAME],
		['X-Risk-Token ', BAD_NAME],
		['X Risk', BAD_NAME],
		['X-Risk:Token', BAD_NAME],
		['X-Ríesgo', BAD_NAME],
	])('header name %j', (headerName, problem) => {
		expect(secretProblem({ method: 'header', headerName, headerSecret: 's3cret' })).toBe(problem);
	});
});

describe('the secret as the trigger checks it', () => {
	test.each<[Record<string, unknown>, unknown]>([
		[{ token: 'abc' }, { method: 'bearer', token: 'abc' }],
		[{ method: 'bearer', token: 7 }, { method: 'bearer', token: '' }],
		[{ method: 'basic', user: 'u', password: 5 }, { method: 'basic', user: 'u', password: '' }],
		[{ method: 'header', headerName: 'X-Risk-Token', headerSecret: 's' }, { method: 'header', headerName: 'x-risk-token', headerValue: 's' }],
	])('%j → %j', (raw, secret) => {
		expect(toSecret(raw)).toEqual(secret);
	});

	test('a Basic secret may come back as the password, its base64 or that base64 without padding', () => {
		// "u:pw" is dTpwdw== in base64 (RFC 4648); "u:pwd" is dTpwd2Q= (one "=").
		expect(secretTexts({ method: 'basic', user: 'u', password: 'pw' })).toEqual(['pw', 'dTpwdw==', 'dTpwdw']);
		expect(secretTexts({ method: 'basic', user: 'u', password: 'pwd' })).toEqual(['pwd', 'dTpwd2Q=', 'dTpwd2Q']);
	});
});

test('a refused delivery is told the realm, and for a wrong bearer token that it is invalid', () => {
	expect(checkDelivery({}, { method: 'bearer', token: 'abc' })).toEqual({ ok: false, challenge: 'Bearer realm="n8n Risk Info Trigger"' });
	expect(checkDelivery({ authorization: 'Bearer abd' }, { method: 'bearer', token: 'abc' })).toEqual({
		ok: false,
		challenge: 'Bearer realm="n8n Risk Info Trigger", error="invalid_token"',
	});
	expect(checkDelivery({}, { method: 'basic', user: 'u', password: 'p' })).toEqual({ ok: false, challenge: 'Basic realm="n8n Risk Info Trigger", charset="UTF-8"' });
});
