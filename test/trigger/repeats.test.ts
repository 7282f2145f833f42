// Issue 22 point 5 and issue 21 point 1 (b): Ignore Repeated Deliveries keeps a fixed-size key per
// delivery, so a huge webhookId cannot grow the workflow's static data (saved to the database on
// every delivery); entries stored by earlier versions keep working or go harmlessly; and the
// webhookId is compared trimmed, as docs/trigger.md's "5521 and "5521" are the same screening".
import { createHash } from 'node:crypto';

import { BEARER_CREDENTIAL, delivery, event, freshId, sortedKeys as sorted, type Rec } from './forms';
import { TriggerHarness } from './harness';

const MiB = 1024 * 1024;

let h: TriggerHarness;
beforeEach(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: {} });
});
afterEach(async () => {
	expect(h.thrown).toEqual([]);
	await h.close();
});

async function send(body: object) {
	const d = delivery(body);
	const answer = await h.post(d.headers, d.body);
	expect(answer.status).toBe(200);
	return answer.run;
}

const size = () => JSON.stringify(h.staticData).length;
/** The packed keys: one after the other, with nothing between them. */
const packed = () => (h.staticData.deliveryKeys as string | undefined) ?? '';

describe('a huge webhookId', () => {
	it('three deliveries with 8 MiB ids leave the static data a few hundred bytes, and each is still recognised when repeated', async () => {
		const ids = ['a', 'b', 'c'].map((c) => `${c.repeat(8 * MiB)}`);
		for (const id of ids) expect(await send({ ...event('failed'), webhookId: id })).toHaveLength(1);
		expect(packed()).toMatch(/^[A-Za-z0-9_-]{48}$/);
		expect(size()).toBeLessThan(1000);
		for (const id of ids) expect(await send({ ...event('failed'), webhookId: id })).toBeUndefined();
		// Another huge id that differs in its last character is another delivery.
		expect(await send({ ...event('failed'), webhookId: `${'a'.repeat(8 * MiB - 1)}b` })).toHaveLength(1);
		expect(size()).toBeLessThan(1000);
	}, 60_000);

	it('every stored key has the same size, whatever the id', async () => {
		for (const webhookId of [1, 'x', 'y'.repeat(100_000), freshId()]) await send({ ...event('success'), webhookId });
		expect(packed()).toMatch(/^[A-Za-z0-9_-]{64}$/);
	});
});

describe('entries stored by version 0.1 ("id|STATUS|content digest")', () => {
	it('are still recognised, so a retry that straddles the upgrade does not run twice', async () => {
		const sent = event('failed');
		// What 0.1 stored: the trimmed id, the status and the first 16 hex of the sha256 of the
		// emitted event without webhookId, as JSON with sorted keys.
		const probe = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL, params: { ignoreRepeatedDeliveries: false } });
		let emitted: Rec;
		try {
			const d = delivery(sent);
			emitted = (await probe.post(d.headers, d.body)).run![0];
		} finally {
			await probe.close();
		}
		const { webhookId: _id, ...content } = emitted;
		const digest = createHash('sha256').update(JSON.stringify(sorted(content))).digest('hex').slice(0, 16);
		h.staticData = { emittedDeliveries: [`${String(sent.webhookId)}|FAILED|${digest}`] };
		expect(await send(sent)).toBeUndefined();
		// Another event is not taken for it.
		expect(await send(event('failed'))).toHaveLength(1);
	});

	it('an oversized one (a huge id kept as text) is dropped at the next remembered delivery; ordinary ones stay', async () => {
		const huge = `${'z'.repeat(8 * MiB)}|SUCCESS|0123456789abcdef`;
		h.staticData = { emittedDeliveries: ['1234|FAILED|0123456789abcdef', huge, '5678|SUCCESS'] };
		expect(await send(event('success'))).toHaveLength(1);
		expect(h.staticData.emittedDeliveries).toEqual(['1234|FAILED|0123456789abcdef', '5678|SUCCESS']);
		expect(packed()).toMatch(/^[A-Za-z0-9_-]{16}$/);
		expect(size()).toBeLessThan(1000);
	});
});

describe('the webhookId is compared trimmed', () => {
	it('a repeat whose webhookId has spaces around it is recognised as a repeat', async () => {
		const id = freshId();
		const sent = event('success', id);
		expect(await send(sent)).toHaveLength(1);
		expect(await send({ ...sent, webhookId: ` ${id} ` })).toBeUndefined();
		expect(await send({ ...sent, webhookId: `\t${id}  ` })).toBeUndefined();
	});

	it('and the other way round: first with spaces, then without', async () => {
		const id = freshId();
		const sent = event('failed', id);
		expect(await send({ ...sent, webhookId: `  ${id} ` })).toHaveLength(1);
		expect(await send(sent)).toBeUndefined();
	});
});
