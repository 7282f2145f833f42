// What the trigger answers and logs for each kind of delivery (README, "What happens to a
// delivery"), checked for what each answer must say rather than only its status: a skip says why
// it was skipped, a refusal names what is wrong, and an operator reading n8n's log learns why
// deliveries are refused. The parameters left unset take the node's defaults.
import { BEARER_CREDENTIAL, delivery, event, type Rec } from './forms';
import { TriggerHarness } from './harness';

let h: TriggerHarness;
beforeEach(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
});
afterEach(async () => {
	expect(h.thrown).toEqual([]);
	await h.close();
});

async function post(body: object, params: Rec = {}) {
	h.options.params = params;
	const d = delivery(body);
	return await h.post(d.headers, d.body);
}

describe('deliberate skips are answered 200 with emitted 0 and why', () => {
	it('an event the settings filter out', async () => {
		const answer = await post(event('failed'), { events: 'success' });
		expect(answer.run).toBeUndefined();
		expect(answer.json).toEqual({ received: true, emitted: 0, reason: expect.stringMatching(/^filtered out by the trigger settings/) });
	});

	it('an event without findings in One Item per Finding', async () => {
		const answer = await post(event('nomatch'), { output: 'findings' });
		expect(answer.run).toBeUndefined();
		expect(answer.json).toEqual({ received: true, emitted: 0, reason: expect.stringMatching(/no findings/) });
	});
});

describe('what a delivery starts, with every parameter at its default', () => {
	it('every event runs as one item, answered with an empty body (Respond: When the Workflow Has Finished)', async () => {
		for (const kind of ['success', 'failed', 'nomatch'] as const) {
			const sent = event(kind);
			const answer = await post(sent);
			expect([answer.status, answer.json]).toEqual([200, undefined]);
			expect(answer.run).toHaveLength(1);
			expect(answer.run![0].webhookId).toBe(sent.webhookId);
		}
	});

	it('Respond Immediately answers with the items it hands on; a repeat is answered the same, as its execution finds it a repeat', async () => {
		const sent = event('success');
		for (let i = 0; i < 2; i++) {
			const answer = await post(sent, { respond: 'immediately', output: 'findings' });
			expect(answer.run!.length).toBeGreaterThan(1);
			expect(answer.json).toEqual({ received: true, emitted: answer.run!.length });
		}
	});

	it('nothing is kept in the workflow static data', async () => {
		await post(event('failed'));
		expect(h.staticData).toEqual({});
	});
});

describe('refusals name what is wrong', () => {
	it('wrong credentials: 401 with a challenge, and nothing read', async () => {
		const d = delivery(event('success'), { type: 'bearer', token: 'not-the-token' });
		const answer = await h.post(d.headers, d.body);
		expect(answer.status).toBe(401);
		expect(answer.json).toEqual({ error: 'unauthorized', message: expect.stringMatching(/wrong credentials/) });
		expect(answer.headers['www-authenticate']).toMatch(/^Bearer realm=/);
	});

	it('no credential attached: 500, and the log says the credential could not be read and why the delivery was refused', async () => {
		await h.close();
		h = await TriggerHarness.start({ credentials: null });
		const answer = await post(event('success'));
		expect(answer.status).toBe(500);
		expect(answer.json).toEqual({ error: 'trigger_misconfigured', message: expect.stringMatching(/not set up to authenticate/) });
		const errors = h.logs.filter((line) => line.startsWith('error '));
		expect(errors).toHaveLength(2);
		expect(errors[0]).toMatch(/^error Risk Info Trigger: the webhook auth credential could not be read .*Node does not have any credentials/s);
		expect(errors[1]).toMatch(/^error Risk Info Trigger refused a delivery: The trigger has no Risk Info Webhook Auth credential\./);
	});

	it('an unusable secret: 500, and the log says what is wrong with it', async () => {
		await h.close();
		h = await TriggerHarness.start({ credentials: { method: 'bearer', token: ' padded ' } });
		const answer = await post(event('success'));
		expect(answer.status).toBe(500);
		expect(answer.json?.error).toBe('trigger_misconfigured');
		expect(h.logs.filter((line) => line.startsWith('error '))).toEqual([expect.stringMatching(/^error Risk Info Trigger refused a delivery: .*space/)]);
	});

	it('too deep: 400 too_deep, saying how deep the trigger reads and how deep an event nests', async () => {
		let deep: unknown = 'x';
		for (let i = 0; i < 150; i++) deep = [deep];
		const answer = await post({ ...event('success'), nota: deep });
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({ error: 'too_deep', message: expect.stringMatching(/more than 100 levels deep \(a screening result nests fewer than 10\)/) });
	});
});
