// The pace against a service that counts requests in fixed one-second windows when they arrive,
// with requests slow on their way now and then (a busy machine, a busy network): a start that
// replaces one exactly a window later can arrive in the same window of the service as the one it
// replaced, one more than the limit, refused though within the budget. On virtual time
// (test/transport/virtual.ts), every verdict a count of what was sent when.
import { EPOCH, fakeContext, sendAll, summaryReads, Transport, virtualClock, type Answer, type Sent, type VirtualClock } from './virtual';

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

/** Refused requests sent after the first pause, by the second of the run they were sent in. */
const refusedAfterCrossing = (sent: Sent[]) => sent.filter((s) => s.status === 429 && s.at >= EPOCH + 1000).map((s) => Math.floor((s.at - EPOCH) / 1000));

test.each([375, 400, 425])(
	'ten requests 60 ms on their way where the budget meets the edge of the service\'s window (%i ms into each second): none refused for it, the limit still used whole',
	async (phase) => {
		// Requests 150 to 159 (about the sixteenth second) are slow on their way there, the others take 1 ms.
		const sent = await run(phase, (n) => (n >= 150 && n < 160 ? 60 : 1));
		// What the pace meets anyway, whatever the way there: the ramp's crossing, then the probes four
		// windows after its pause and sixteen after that, each refused alone. A start let go a window
		// after a slow one it replaced would have met it in one window of the service: eight refusals
		// in the sixteenth second and more after.
		expect(refusedAfterCrossing(sent)).toEqual([5, 22]);
		const accepted = sent.filter((s) => s.status === 200);
		const lastSecond = Math.floor((Math.max(...accepted.map((s) => s.at)) - EPOCH) / 1000);
		expect(lastSecond).toBeLessThanOrEqual(Math.ceil((300 / LIMIT) * 1.1));
	},
);
