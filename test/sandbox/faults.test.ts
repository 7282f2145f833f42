/** Faults on demand: latency, the service's work, rate limit with Retry-After, seeded 500/408 shares, test headers. */
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, V1, V2 } from './helpers';

const rut = KNOWN_RUTS.clean;
const READ = `${V2}/helper/resumen?rut=${rut}`;

describe('latency', () => {
	test('x-sandbox-latency holds one answer back: a later, undelayed request overtakes it', async () => {
		const sb = await startSandbox({ preloadedRuts: [rut] });
		try {
			const order: string[] = [];
			const slow = call(sb, 'GET', READ, { headers: { 'x-sandbox-latency': '400' } }).then(() => order.push('slow'));
			await new Promise((r) => setTimeout(r, 20));
			const fast = call(sb, 'GET', READ).then(() => order.push('fast'));
			await Promise.all([slow, fast]);
			expect(order).toEqual(['fast', 'slow']);
		} finally {
			await sb.close();
		}
	});

	test('holdAnswers keeps API requests unanswered and out of the log until it is turned off; control requests still answer', async () => {
		const sb = await startSandbox({ preloadedRuts: [rut], rateLimit: { perSecond: 100 } });
		try {
			sb.configure({ holdAnswers: true });
			let settled = false;
			const held = call(sb, 'GET', READ).then((answer) => ((settled = true), answer));
			expect((await call(sb, 'GET', '/_sandbox/drift')).status).toBe(200);
			await new Promise((r) => setTimeout(r, 100));
			expect([settled, sb.requests.filter((q) => q.path.endsWith('/resumen'))]).toEqual([false, []]);
			sb.configure({ holdAnswers: false });
			expect((await held).status).toBe(200);
			expect(sb.requests.filter((q) => q.path.endsWith('/resumen')).map((q) => q.status)).toEqual([200]);
		} finally {
			await sb.close();
		}
	});

	test('latencyMs applies to every answer, also errors', async () => {
		const sb = await startSandbox({ preloadedRuts: [rut], latencyMs: 400 });
		const plain = await startSandbox({ preloadedRuts: [rut] });
		try {
			const order: string[] = [];
			const delayed = call(sb, 'GET', `${V2}/nowhere`).then((a) => order.push(`delayed ${a.status}`));
			await new Promise((r) => setTimeout(r, 20));
			const direct = call(plain, 'GET', `${V2}/nowhere`).then((a) => order.push(`direct ${a.status}`));
			await Promise.all([delayed, direct]);
			expect(order).toEqual(['direct 404', 'delayed 404']);
		} finally {
			await Promise.all([sb.close(), plain.close()]);
		}
	});
});

describe('work', () => {
	test('the service works on a request it serves, not on one it refuses: a 429 sent later overtakes an answer', async () => {
		// One a second, on a clock that stands still: the second request is refused.
		const sb = await startSandbox({ preloadedRuts: [rut], now: () => Date.UTC(2026, 0, 1), rateLimit: { perSecond: 1 }, work: { ms: 1500 } });
		try {
			const order: number[] = [];
			const served = call(sb, 'GET', READ).then((a) => order.push(a.status));
			await new Promise((r) => setTimeout(r, 20));
			const refused = call(sb, 'GET', READ).then((a) => order.push(a.status));
			await Promise.all([served, refused]);
			expect(order).toEqual([429, 200]);
		} finally {
			await sb.close();
		}
	});
});

describe('rate limit', () => {
	test('beyond perSecond in one second of the sandbox clock: 429 with Retry-After; the next second passes again', async () => {
		let now = Date.UTC(2026, 0, 1, 0, 0, 0, 100);
		const sb = await startSandbox({ preloadedRuts: [rut], now: () => now, rateLimit: { perSecond: 3 } });
		try {
			const statuses = [];
			for (let i = 0; i < 5; i++) statuses.push((await call(sb, 'GET', READ)).status);
			expect(statuses).toEqual([200, 200, 200, 429, 429]);
			const limited = await call(sb, 'GET', READ);
			expect(limited.json).toEqual({ success: false, code: 429, error: 'Demasiadas solicitudes' });
			expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
			const v1 = await call(sb, 'GET', `${V1}/helper/${rut}/summary`);
			expect([v1.status, v1.json]).toEqual([429, { success: false, message: 'Demasiadas solicitudes.' }]);
			now += 1000;
			expect((await call(sb, 'GET', READ)).status).toBe(200);
		} finally {
			await sb.close();
		}
	});

	test('retryAfterSeconds sets the header; configure() turns the limit on and off while running', async () => {
		const sb = await startSandbox({ preloadedRuts: [rut], now: () => 5_000_000 });
		try {
			expect((await call(sb, 'GET', READ)).status).toBe(200);
			sb.configure({ rateLimit: { perSecond: 0, retryAfterSeconds: 7 } });
			const limited = await call(sb, 'GET', READ);
			expect(limited.status).toBe(429);
			expect(limited.headers.get('retry-after')).toBe('7');
			sb.configure({ rateLimit: undefined });
			expect((await call(sb, 'GET', READ)).status).toBe(200);
		} finally {
			await sb.close();
		}
	});
});

describe('random 500 and 408 shares', () => {
	async function statuses(options: { rate500?: number; rate408?: number }, n: number, seed = 1) {
		const sb = await startSandbox({ preloadedRuts: [rut], faults: options, faultSeed: seed });
		try {
			const out: number[] = [];
			for (let i = 0; i < n; i++) out.push((await call(sb, 'GET', READ)).status);
			return out;
		} finally {
			await sb.close();
		}
	}

	test('rate 1 fails every request, rate 0 none', async () => {
		expect(new Set(await statuses({ rate500: 1 }, 10))).toEqual(new Set([500]));
		expect(new Set(await statuses({ rate408: 1 }, 10))).toEqual(new Set([408]));
		expect(new Set(await statuses({ rate500: 0, rate408: 0 }, 10))).toEqual(new Set([200]));
	});

	test('a share is drawn from a seeded PRNG: the same seed repeats the sequence, the share is about right', async () => {
		const a = await statuses({ rate500: 0.2, rate408: 0.1 }, 200);
		const b = await statuses({ rate500: 0.2, rate408: 0.1 }, 200);
		expect(b).toEqual(a);
		const c = await statuses({ rate500: 0.2, rate408: 0.1 }, 200, 99);
		expect(c).not.toEqual(a);
		const count = (s: number) => a.filter((x) => x === s).length;
		// Fixed seed: these counts are deterministic, the bounds only guard the share's meaning.
		expect(count(500)).toBeGreaterThan(20);
		expect(count(500)).toBeLessThan(60);
		expect(count(408)).toBeGreaterThan(5);
		expect(count(408)).toBeLessThan(35);
		expect(count(200)).toBe(200 - count(500) - count(408));
	});

	test('fault bodies use the version shape', async () => {
		const sb = await startSandbox({ preloadedRuts: [rut], faults: { rate408: 1 } });
		try {
			expect((await call(sb, 'GET', READ)).json).toEqual({ success: false, code: 408, error: 'Tiempo de espera agotado' });
			expect((await call(sb, 'GET', `${V1}/helper/${rut}/summary`)).json).toEqual({ success: false, message: 'Tiempo de espera agotado.' });
		} finally {
			await sb.close();
		}
	});
});

describe('per-request faults', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await startSandbox({ preloadedRuts: [rut] });
	});
	afterEach(() => sb.close());

	test.each([408, 429, 500, 503])('x-sandbox-fault: %i answers it once; the identical retry succeeds', async (status) => {
		const headers = { 'x-sandbox-fault': String(status) };
		const first = await call(sb, 'GET', READ, { headers });
		expect(first.status).toBe(status);
		expect(first.json.code).toBe(status);
		if (status === 429 || status === 503) expect(first.headers.get('retry-after')).toBe('1');
		expect((await call(sb, 'GET', READ, { headers })).status).toBe(200);
	});

	test('<status>:<n> answers n times, :always every time, and a fault key groups different requests', async () => {
		const three = { 'x-sandbox-fault': '500:3' };
		const got = [];
		for (let i = 0; i < 4; i++) got.push((await call(sb, 'GET', READ, { headers: three })).status);
		expect(got).toEqual([500, 500, 500, 200]);
		for (let i = 0; i < 3; i++) expect((await call(sb, 'GET', READ, { headers: { 'x-sandbox-fault': '503:always' } })).status).toBe(503);
		const keyed = { 'x-sandbox-fault': '408', 'x-sandbox-fault-key': 'k1' };
		expect((await call(sb, 'GET', READ, { headers: keyed })).status).toBe(408);
		expect((await call(sb, 'GET', `${V1}/helper/${rut}/summary`, { headers: keyed })).status).toBe(200);
	});

	test('failNext(status, n) makes the next n requests fail, for clients that send no test headers', async () => {
		sb.failNext(503, 2);
		const got = [];
		for (let i = 0; i < 3; i++) got.push((await call(sb, 'GET', READ)).status);
		expect(got).toEqual([503, 503, 200]);
	});

	test('an unsupported fault value is ignored', async () => {
		expect((await call(sb, 'GET', READ, { headers: { 'x-sandbox-fault': '418' } })).status).toBe(200);
		expect((await call(sb, 'GET', READ, { headers: { 'x-sandbox-fault': 'soon' } })).status).toBe(200);
	});
});
