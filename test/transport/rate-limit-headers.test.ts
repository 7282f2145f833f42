// The service's own rate-limit headers (nodes/shared/transport/quota.ts): read in each form
// services use, hostile values ignored, and with the sandbox sending them (rateLimit.headers) the
// pace meets no 429 at all, over real HTTP on virtual time.
import { startSandbox, type Sandbox } from '../../sandbox';
import { announced } from '../../nodes/shared/transport/quota';
import { distinctRuts } from '../../bench/ruts';
import { EPOCH, fakeContext, overHttp, sendAll, summaryReads, Transport, virtualClock, type VirtualClock } from './virtual';

const NOW = 1_750_000_000_000;

describe('reading the headers', () => {
	test.each([
		['the IETF draft', { 'ratelimit-policy': '"default";q=10;w=1', ratelimit: '"default";r=3;t=1' }, { limit: 10, remaining: 3, resetMs: 1000, windowMs: 1000 }],
		['the first policy of a list', { 'ratelimit-policy': '"burst";q=10;w=1, "day";q=1000;w=86400', ratelimit: '"burst";r=0;t=1, "day";r=900;t=3600' }, { limit: 10, remaining: 0, resetMs: 1000, windowMs: 1000 }],
		['the older combined field', { ratelimit: 'limit=50, remaining=49, reset=2' }, { limit: 50, remaining: 49, resetMs: 2000 }],
		['the older separate fields', { 'ratelimit-limit': '20', 'ratelimit-remaining': '5', 'ratelimit-reset': '1' }, { limit: 20, remaining: 5, resetMs: 1000 }],
		['X-RateLimit, reset in seconds', { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1' }, { limit: 10, remaining: 7, resetMs: 1000 }],
		['X-RateLimit, reset as a Unix time', { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(NOW / 1000 + 30) }, { limit: 10, remaining: 7, resetMs: 30_000 }],
	])('%s', (_name, headers, expected) => {
		expect(announced(headers, NOW)).toEqual({ windowMs: undefined, ...expected });
	});

	test.each([
		['nothing', {}],
		['a remaining without a reset', { 'x-ratelimit-remaining': '3' }],
		['a negative remaining', { 'x-ratelimit-remaining': '-3', 'x-ratelimit-reset': '1' }],
		['a fraction', { 'x-ratelimit-remaining': '3.5', 'x-ratelimit-reset': '1' }],
		['words', { ratelimit: 'limit=ten, remaining=lots, reset=soon' }],
		['a number too long to be one', { 'x-ratelimit-remaining': '99999999999999999999', 'x-ratelimit-reset': '1' }],
		['a reset hours away (a daily quota: not the pace\'s business)', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7200' }],
		['a reset in the past', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 - 10) }],
		['a field far too long to be honest', { ratelimit: `"default";r=3;t=1${';x=1'.repeat(100_000)}` }],
		['a long run of separators', { ratelimit: `r=1${'='.repeat(50_000)};t=1` }],
		['objects instead of text', { 'x-ratelimit-remaining': { a: 1 }, 'x-ratelimit-reset': ['1'] }],
	])('ignored: %s', (_name, headers) => {
		expect(announced(headers as never, NOW)).toBeUndefined();
	});

	test('a zero or absurd limit is no limit; a window over a minute is ignored', () => {
		expect(announced({ 'ratelimit-policy': 'q=0;w=1', ratelimit: 'r=3;t=1' }, NOW)).toEqual({ remaining: 3, resetMs: 1000, limit: undefined, windowMs: 1000 });
		expect(announced({ 'ratelimit-policy': 'q=10;w=3600', ratelimit: 'r=3;t=1' }, NOW)).toEqual({ remaining: 3, resetMs: 1000, limit: 10, windowMs: undefined });
	});
});

describe('with the sandbox sending them, over HTTP on virtual time', () => {
	const ruts = distinctRuts(120, 74_000_000);
	let time: VirtualClock;
	let sandbox: Sandbox;
	afterEach(async () => {
		time.restore();
		await sandbox.close();
	});

	async function run(headers: boolean, perSecond: number, parallel: number) {
		time = virtualClock();
		sandbox = await startSandbox({ preloadedRuts: ruts, rateLimit: { perSecond, retryAfterSeconds: 1, headers }, now: () => time.now() });
		const credential = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
		const { ctx, sent } = fakeContext(time, overHttp(), credential, 20);
		const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
		const results = await time.drive(sendAll(transport, summaryReads(ruts), parallel));
		expect(results.filter((r) => r instanceof Error)).toEqual([]);
		const last = Math.max(...sent.map((s) => s.answeredAt!)) - EPOCH;
		return { refused: sandbox.requests.filter((q) => q.status === 429).length, seconds: last / 1000 };
	}

	test.each([
		[10, 10],
		[20, 8],
		[50, 10],
	])('%i requests/s at parallelism %i: no 429 at all, and the limit used', async (perSecond, parallel) => {
		const withHeaders = await run(true, perSecond, parallel);
		expect(withHeaders.refused).toBe(0);
		// The floor is the reads ÷ the limit; the pace spreads them evenly, so the last goes in the last window it needs.
		expect(withHeaders.seconds).toBeLessThanOrEqual(Math.ceil(ruts.length / perSecond) + 1);
	});

	test('the same run without the headers meets the limit (the headers are what spared it)', async () => {
		expect((await run(false, 10, 10)).refused).toBeGreaterThan(0);
	});
});

describe('the sandbox', () => {
	test('with headers on, each answer says what the second has left, the 429 too; with them off, nothing', async () => {
		const { request } = await import('undici');
		const rut = distinctRuts(1, 75_000_000)[0];
		const ask = async (sb: Sandbox) => {
			const res = await request(`${sb.url}/api/clients/v2/helper/resumen?rut=${rut}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } });
			await res.body.dump();
			return { status: res.statusCode, headers: res.headers };
		};
		// 400 ms into a second of the sandbox clock: 600 ms to the next window, announced as 1 s.
		const on = await startSandbox({ preloadedRuts: [rut], rateLimit: { perSecond: 2, headers: true }, now: () => NOW + 400 });
		try {
			const answers = [await ask(on), await ask(on), await ask(on)];
			expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
			expect(answers.map((a) => a.headers.ratelimit)).toEqual(['"default";r=1;t=1', '"default";r=0;t=1', '"default";r=0;t=1']);
			expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['1', '0', '0']);
			expect(answers[0].headers['ratelimit-policy']).toBe('"default";q=2;w=1');
			expect(answers[2].headers['retry-after']).toBe('1');
			expect(answers.map((a) => announced(a.headers as never, NOW + 400)?.remaining)).toEqual([1, 0, 0]);
		} finally {
			await on.close();
		}
		const off = await startSandbox({ preloadedRuts: [rut], rateLimit: { perSecond: 2 }, now: () => NOW + 400 });
		try {
			const answer = await ask(off);
			expect(Object.keys(answer.headers).filter((h) => h.includes('ratelimit'))).toEqual([]);
		} finally {
			await off.close();
		}
	});
});
