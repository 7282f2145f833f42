// Issue 15 point 2 (c), in n8n's own engine: Ignore Repeated Deliveries must remember deliveries
// although n8n 2.40.7 drops what a webhook trigger's webhook() writes to static data once the
// workflow has some. production.ts reproduces n8n's path for a production delivery; measured in a
// real n8n 2.40.7 before the fix (deliveries 1,1,2,2,3,3, each after the last one's execution
// ended), executions were 1,0,1,1,1,1: only the first key was ever saved.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { recordCarried } from '../../nodes/RiskInfoTrigger/carry';
import { DEDUP_WINDOW } from '../../nodes/RiskInfoTrigger/dedup';
import { event, freshId, type Rec } from './forms';
import { output, ProductionWebhook } from './production';

const started = (d: { run?: unknown }) => (d.run ? 1 : 0);

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
		for (const item of [...emitted, ...next]) {
			expect(Object.keys(item).sort()).toEqual(['json', 'pairedItem']);
			expect(JSON.stringify(item)).not.toMatch(/riskInfoDelivery|[0-9a-f]{32}/);
			expect(item.json.webhookId).toBe(sent.webhookId);
		}
		expect(next.map((i) => i.json)).toEqual(emitted.map((i) => i.json));
	});

	it('what is remembered stays bounded: one fixed-size key per delivery, the oldest forgotten first', async () => {
		const n8n = new ProductionWebhook({ topology });
		const old = [...Array.from({ length: DEDUP_WINDOW - 1 }, (_, i) => `${i}`.padStart(32, '0'))];
		n8n.stored = JSON.stringify({ 'node:Risk Info Trigger': { emittedDeliveries: old } });
		await n8n.deliver({ ...event('failed'), webhookId: 'x'.repeat(100_000) });
		await n8n.deliver(event('failed'));
		expect(n8n.remembered).toHaveLength(DEDUP_WINDOW);
		expect(n8n.remembered[0]).toBe(old[1]);
		expect(n8n.remembered.slice(-2).every((k) => /^[0-9a-f]{32}$/.test(k))).toBe(true);
		expect((n8n.stored ?? '').length).toBeLessThan(DEDUP_WINDOW * 40);
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
		for (const carried of [{ key: 'x'.repeat(32), remembered: [] }, { key: 'a'.repeat(32) }, 'a'.repeat(32), null]) {
			const staticData: IDataObject = {};
			const [out] = recordCarried(staticData, [item(carried)]);
			expect(out).toEqual({ json: { webhookId: 1 } });
			expect(staticData).toEqual({});
		}
	});

	it('a list longer than the window, or with oversized entries, stays within the window', () => {
		const staticData: IDataObject = {};
		const list = [...Array.from({ length: 3 * DEDUP_WINDOW }, (_, i) => `${i}`.padStart(32, 'f')), 'z'.repeat(100_000)];
		recordCarried(staticData, [item({ key: 'b'.repeat(32), remembered: list })]);
		const stored = staticData.emittedDeliveries as string[];
		expect(stored).toHaveLength(DEDUP_WINDOW);
		expect(stored[stored.length - 1]).toBe('b'.repeat(32));
		expect(stored.every((k) => k.length === 32)).toBe(true);
	});
});
