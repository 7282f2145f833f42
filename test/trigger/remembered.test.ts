// Issue 15 point 2 (c), in n8n's own engine: Ignore Repeated Deliveries must remember deliveries
// although n8n 2.40.7 drops what a webhook trigger's webhook() writes to static data once the
// workflow has some. production.ts reproduces n8n's path for a production delivery; measured in a
// real n8n 2.40.7 before the fix (deliveries 1,1,2,2,3,3, each after the last one's execution
// ended), executions were 1,0,1,1,1,1: only the first key was ever saved.
import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { recordCarried } from '../../nodes/RiskInfoTrigger/carry';
import { DEDUP_WINDOW } from '../../nodes/RiskInfoTrigger/dedup';
import { event, freshId, type Rec } from './forms';
import { output, ProductionWebhook } from './production';

const started = (d: { run?: unknown }) => (d.run ? 1 : 0);
/** A key as versions before the packed form stored it (32 hex), and the same key packed: its first 96 bits in base64url. */
const hexKey = (i: number) => createHash('sha256').update(String(i)).digest('hex').slice(0, 32);
const packedFrom = (hex: string) => Buffer.from(hex.slice(0, 24), 'hex').toString('base64url');

describe.each([
	['one process', 'single'],
	['queue mode, run by a worker', 'queue'],
] as const)('a production delivery in n8n 2.40.7, %s', (_, topology) => {
	it('deliveries 1,1,2,2,3,3, each after the previous execution ended, start 1,0,1,0,1,0 executions', async () => {
		const n8n = new ProductionWebhook({ topology });
		const [one, two, three] = [event('success'), event('failed'), event('nomatch')];
		const counts: number[] = [];
		for (const e of [one, one, two, two, three, three]) counts.push(started(await n8n.deliver(e)));
		expect(counts).toEqual([1, 0, 1, 0, 1, 0]);
		expect(n8n.remembered).toHaveLength(3);
	});

	it('a repeat is still caught after other deliveries came in between', async () => {
		const n8n = new ProductionWebhook({ topology });
		// n8n saves webhook()'s own write only into a workflow without static data: not the case here.
		expect(started(await n8n.deliver(event('nomatch')))).toBe(1);
		const first = event('success');
		expect(started(await n8n.deliver(first))).toBe(1);
		for (let i = 0; i < 5; i++) expect(started(await n8n.deliver(event('failed')))).toBe(1);
		const repeat = await n8n.deliver(first);
		expect(repeat.run).toBeUndefined();
		expect(repeat.answer).toMatchObject({ received: true, emitted: 0 });
	});

	it("the key never shows in what the trigger emits nor in what the next node gets; the items are the event's", async () => {
		const n8n = new ProductionWebhook({ topology, params: { output: 'findings' } });
		const sent = event('success');
		const { run, answer } = await n8n.deliver(sent);
		const [emitted, next] = [output(run, 'trigger'), output(run, 'next')];
		expect(emitted.length).toBe((answer as Rec).emitted);
		expect(emitted.length).toBeGreaterThan(1);
		expect(n8n.remembered).toHaveLength(1);
		for (const item of [...emitted, ...next]) {
			expect(Object.keys(item).sort()).toEqual(['json', 'pairedItem']);
			expect(JSON.stringify(item)).not.toMatch(/riskInfoDelivery/);
			expect(JSON.stringify(item)).not.toContain(n8n.remembered[0]);
			expect(item.json.webhookId).toBe(sent.webhookId);
		}
		expect(next.map((i) => i.json)).toEqual(emitted.map((i) => i.json));
	});

	it('what is remembered stays bounded: one fixed-size key per delivery, the oldest forgotten first', async () => {
		const n8n = new ProductionWebhook({ topology });
		// Stored by a version before the packed form: read as keys, older than any new one.
		const old = Array.from({ length: DEDUP_WINDOW - 1 }, (_, i) => hexKey(i));
		n8n.stored = JSON.stringify({ 'node:Risk Info Trigger': { emittedDeliveries: old } });
		await n8n.deliver({ ...event('failed'), webhookId: 'x'.repeat(100_000) });
		await n8n.deliver(event('failed'));
		expect(n8n.remembered).toHaveLength(DEDUP_WINDOW);
		expect(n8n.remembered[0]).toBe(packedFrom(old[1]));
		expect(n8n.remembered.at(-3)).toBe(packedFrom(old.at(-1)!));
		expect(n8n.remembered.every((k) => /^[A-Za-z0-9_-]{16}$/.test(k))).toBe(true);
		// 16 characters a key, in one string: less than half what as many texts of 32 hex took.
		expect((n8n.stored ?? '').length).toBeLessThan(DEDUP_WINDOW * 16 + 100);
	});
});

describe('test runs from the editor (manual mode)', () => {
	it('the same test event twice runs twice, and nothing is written to the static data', async () => {
		const n8n = new ProductionWebhook({ mode: 'manual' });
		const sent = event('success', freshId());
		const runs = [await n8n.deliver(sent), await n8n.deliver(sent)];
		expect(runs.map(started)).toEqual([1, 1]);
		expect(n8n.stored).toBeNull();
		for (const { run } of runs) expect(output(run, 'next').map((i) => (i.json as IDataObject).webhookId)).toEqual([sent.webhookId]);
	});
});

describe('with Ignore Repeated Deliveries off', () => {
	it('every delivery runs and nothing is remembered', async () => {
		const n8n = new ProductionWebhook({ params: { ignoreRepeatedDeliveries: false } });
		const sent = event('failed');
		expect([await n8n.deliver(sent), await n8n.deliver(sent)].map(started)).toEqual([1, 1]);
		expect(n8n.remembered).toEqual([]);
	});
});

describe('what execute() accepts from the items', () => {
	const item = (carried: unknown): INodeExecutionData => ({ json: { webhookId: 1 }, riskInfoDelivery: carried as IDataObject });

	it('a key not of the trigger\'s form, or no list, records nothing; the item still loses the carrier', () => {
		for (const carried of [{ key: 'x'.repeat(32), remembered: [] }, { key: 'x'.repeat(17), keys: '' }, { key: 'a'.repeat(32) }, { key: 'a'.repeat(16) }, 'a'.repeat(32), null]) {
			const staticData: IDataObject = {};
			const [out] = recordCarried(staticData, [item(carried)]);
			expect(out).toEqual({ json: { webhookId: 1 } });
			expect(staticData).toEqual({});
		}
	});

	it('a list longer than the window, or with oversized entries, stays within the window', () => {
		const staticData: IDataObject = {};
		const list = [...Array.from({ length: 3 * DEDUP_WINDOW }, (_, i) => hexKey(i)), 'z'.repeat(100_000)];
		recordCarried(staticData, [item({ key: 'b'.repeat(16), remembered: list })]);
		expect(staticData.emittedDeliveries).toBeUndefined();
		const stored = staticData.deliveryKeys as string;
		expect(stored).toHaveLength(DEDUP_WINDOW * 16);
		expect(stored.slice(0, 16)).toBe(packedFrom(hexKey(2 * DEDUP_WINDOW + 1)));
		expect(stored.slice(-16)).toBe('b'.repeat(16));
		const keys = Array.from({ length: 3 * DEDUP_WINDOW }, (_, i) => packedFrom(hexKey(i))).join('');
		const fromKeys: IDataObject = {};
		recordCarried(fromKeys, [item({ key: 'b'.repeat(16), keys: `${keys}x` })]);
		expect(fromKeys).toEqual({ deliveryKeys: 'b'.repeat(16) });
		recordCarried(fromKeys, [item({ key: 'c'.repeat(16), keys })]);
		expect((fromKeys.deliveryKeys as string).slice(0, 16)).toBe(packedFrom(hexKey(2 * DEDUP_WINDOW + 2)));
		expect(fromKeys.deliveryKeys).toHaveLength(DEDUP_WINDOW * 16);
	});
});
