// The pace against a service that counts requests in fixed one-second windows when they arrive,
// with requests slow on their way now and then (a busy machine, a busy network): a start that
// replaces one exactly a window later can arrive in the same window of the service as the one it
// replaced, one more than the limit, refused though within the budget. On virtual time
// (test/transport/virtual.ts), every verdict a count of what was sent when.
import { EPOCH, fakeContext, sendAll, summaryReads, Transport, virtualClock, type Answer, type VirtualClock } from './virtual';

const account = { baseUrl: 'http://service.invalid', accessToken: 'tok-edge', clientIdentifier: 'client-edge' };
const LIMIT = 10;

let time: VirtualClock;
beforeEach(() => {
	time = virtualClock();
});
afterEach(() => time.restore());

/** Fixed windows whose edges fall `phase` ms past each whole second; a refused request counts too, as in the sandbox. */
function service(phase: number) {
	let window = -Infinity;
	let count = 0;
	return async (): Promise<Answer> => {
		const at = time.now() - EPOCH - phase;
		const w = Math.floor(at / 1000);
		if (w !== window) [window, count] = [w, 0];
		if (++count <= LIMIT) return { statusCode: 200, headers: {}, body: { success: true, data: {} } };
		return { statusCode: 429, headers: { 'retry-after': String(Math.ceil(((w + 1) * 1000 - at) / 1000)) }, body: { success: false } };
	};
}

async function run(phase: number, wayThere: (n: number) => number) {
	const reads = summaryReads(Array.from({ length: 300 }, (_, i) => `${20_000_000 + i}-0`));
	const { ctx, sent } = fakeContext(time, service(phase), account, 10, wayThere);
	const transport = new Transport(ctx, { maxAttempts: 10, maxWaitSeconds: 600 });
	const results = await time.drive(sendAll(transport, reads, 10));
	expect(results.filter((r) => r instanceof Error)).toEqual([]);
	return sent;
}

test('debug2', async () => {
	const { paceOf } = await import('../../nodes/shared/transport/accounts');
	const sent = await run(450, (n) => (n % 7 === 3 ? 40 : 1));
	const lines = sent.filter((s) => s.at - EPOCH > 4_400 && s.at - EPOCH < 9_500).map((s) => `${s.at - EPOCH} → ${(s.arrivedAt ?? 0) - EPOCH} w${Math.floor(((s.arrivedAt ?? 0) - EPOCH - 450) / 1000)} ${s.status}`);
	console.log(lines.join('\n'), paceOf(account.baseUrl, account.clientIdentifier).state);
});

test.skip('debug', async () => {
	const out: string[] = [];
	for (let phase = 0; phase < 1000; phase += 50) {
		time.restore();
		time = virtualClock();
		const sent = await run(phase, (n) => (n % 7 === 3 ? 40 : 1));
		const refused = sent.filter((s) => s.status === 429);
		out.push(`${phase}: ${refused.length} ${refused.map((s) => Math.floor((s.at - EPOCH) / 1000)).join(',')}`);
	}
	console.log(out.join('\n'));
});
