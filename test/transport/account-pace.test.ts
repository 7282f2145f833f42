// One pace per account in the process (nodes/shared/transport/accounts.ts): two executions of the
// same account share what the first learnt, another client identifier learns on its own, the key
// holds nothing of the token, and the map is bounded. Then the pace at the limit: a limit that
// rises is found, one that falls is followed. On virtual time (test/transport/virtual.ts): every
// verdict is a count of what was sent when.
import { forgetPaces, paceOf, pacedAccounts } from '../../nodes/shared/transport/accounts';
import { EPOCH, fakeContext, sendAll, summaryReads, Transport, virtualClock, type Answer, type Sent, type VirtualClock } from './virtual';

const TOKEN = 'tok-account-pace-8f3a1c';
const account = { baseUrl: 'http://service.invalid', accessToken: TOKEN, clientIdentifier: 'client-a' };
const ok = (): Answer => ({ statusCode: 200, headers: {}, body: { success: true, data: {} } });
const refused = (): Answer => ({ statusCode: 429, headers: { 'retry-after': '1' }, body: { success: false, code: 429, error: 'Demasiadas solicitudes' } });
const ruts = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `${10_000_000 + from + i}-0`);

let time: VirtualClock;
beforeEach(() => {
	time = virtualClock();
});
afterEach(() => time.restore());

/** The service: each client identifier its own account, whose limit per one-second window may change with time. */
function service(limitAt: (ms: number) => number) {
	const windows = new Map<string, { window: number; count: number }>();
	return async (_options: unknown, credential: { clientIdentifier?: unknown }): Promise<Answer> => {
		const at = time.now() - EPOCH;
		const id = String(credential.clientIdentifier);
		const w = Math.floor(at / 1000);
		const state = windows.get(id)?.window === w ? windows.get(id)! : { window: w, count: 0 };
		windows.set(id, state);
		return ++state.count <= limitAt(at) ? ok() : refused();
	};
}

async function execution(serve: ReturnType<typeof service>, credential: typeof account, reads: string[], parallel = 10) {
	const { ctx, sent } = fakeContext(time, serve as never, credential, 10);
	const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
	const results = await time.drive(sendAll(transport, summaryReads(reads), parallel));
	expect(results.filter((r) => r instanceof Error)).toEqual([]);
	return sent;
}
const refusals = (sent: Sent[]) => sent.filter((s) => s.status === 429).length;

test('a second execution of the same account starts at the pace the first learnt; another client identifier learns on its own', async () => {
	const serve = service(() => 5);
	const first = await execution(serve, account, ruts(40));
	// The first meets the limit: refused where its ramp crosses it, and its first probe four windows later.
	expect(refusals(first)).toBeGreaterThanOrEqual(2);
	const second = await execution(serve, { ...account, accessToken: 'another-token-of-the-account' }, ruts(40, 40));
	// The second (another transport, another token, the same account) starts at the budget, no ramp to cross: at most its probe beyond it.
	expect(refusals(second)).toBeLessThanOrEqual(1);
	const other = await execution(serve, { ...account, clientIdentifier: 'client-b' }, ruts(40, 80));
	expect(refusals(other)).toBe(refusals(first));
});

test('without the shared pace the second execution would meet the limit again (a fresh process)', async () => {
	const serve = service(() => 5);
	const first = await execution(serve, account, ruts(40));
	forgetPaces();
	const second = await execution(serve, account, ruts(40, 40));
	// More than the shared pace's one probe at most: the crossing again, and a probe soon after.
	expect(refusals(second)).toBeGreaterThanOrEqual(2);
	expect(refusals(first)).toBeGreaterThanOrEqual(2);
});

test('the key is the base URL and the client identifier, nothing of the token; the map is bounded', () => {
	forgetPaces();
	const pace = paceOf('http://a.example', 'client-1');
	expect(paceOf('http://a.example', 'client-1')).toBe(pace);
	expect(paceOf('http://b.example', 'client-1')).not.toBe(pace);
	expect(pacedAccounts().join(' ')).not.toContain('tok');
	expect(pacedAccounts()).toEqual([JSON.stringify(['http://a.example', 'client-1']), JSON.stringify(['http://b.example', 'client-1'])]);
	for (let i = 0; i < 100; i++) paceOf('http://c.example', `client-${i}`);
	expect(pacedAccounts()).toHaveLength(64);
	// The account used longest ago was forgotten first: a new pace for it now.
	expect(paceOf('http://a.example', 'client-1')).not.toBe(pace);
});

/** Accepted requests per one-second window of the run, by sending time. */
function acceptedPerWindow(sent: Sent[]): number[] {
	const out: number[] = [];
	for (const s of sent) if (s.status === 200) out[Math.floor((s.at - EPOCH) / 1000)] = (out[Math.floor((s.at - EPOCH) / 1000)] ?? 0) + 1;
	return Array.from(out, (n) => n ?? 0);
}

test('at the limit, not under it: a steady limit is used whole, with a refused probe now and then', async () => {
	const sent = await execution(service(() => 10), account, ruts(400));
	const perWindow = acceptedPerWindow(sent);
	// Every whole window but the last takes all ten the service allows, or loses one to a probe's pause.
	const full = perWindow.slice(0, -1).filter((n) => n === 10).length;
	expect(full).toBeGreaterThanOrEqual(perWindow.length - 1 - refusals(sent));
	// One or two refused where the ramp crosses the limit, not the pool of ten; then probes after
	// four windows and sixteen (40 windows in all).
	expect(refusals(sent)).toBeLessThanOrEqual(2 + 2);
	expect(perWindow.length).toBeLessThanOrEqual(Math.ceil((400 / 10) * 1.1));
});

test('a limit that rises is found within a few windows of the next probe; one that falls is followed at once', async () => {
	// 5 a second, 25 from the 10th second, 8 from the 40th.
	const limit = (ms: number) => (ms < 10_000 ? 5 : ms < 40_000 ? 25 : 8);
	const sent = await execution(service(limit), account, ruts(1200), 16);
	const perWindow = acceptedPerWindow(sent);
	// The rise is found: within 16 windows of the next probe (one waits at most 16 windows so early) and a few more, every window takes 25.
	expect(perWindow.slice(10 + 16 + 4, 40).every((n) => n >= 24)).toBe(true);
	// The fall is followed: a window or two of refusals, then none.
	const after = sent.filter((s) => s.at >= EPOCH + 42_000);
	expect(after.filter((s) => s.status === 429).length).toBeLessThanOrEqual(2);
	expect(perWindow.slice(42, -1).every((n) => n >= 7)).toBe(true);
});

test('a limit that dips for one window costs that window\'s refusal: climbing back to the budget it held does not probe beyond it before its time', async () => {
	// Ten a second, nine in the 30th second only.
	const sent = await execution(service((ms) => (ms >= 30_000 && ms < 31_000 ? 9 : 10)), account, ruts(600));
	const refusedIn = (from: number, to: number) => sent.filter((s) => s.status === 429 && s.at >= EPOCH + from && s.at < EPOCH + to).length;
	expect(refusedIn(30_000, 31_000)).toBe(1);
	// The cut to nine is climbed back by a probe a window after it; the probe beyond ten waits as the
	// refused probes before the dip set it to (64 windows), past the end of the run.
	expect(refusedIn(31_000, 70_000)).toBe(0);
	expect(acceptedPerWindow(sent).slice(34, -1).every((n) => n === 10)).toBe(true);
});
