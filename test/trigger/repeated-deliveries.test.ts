// Ignore Repeated Deliveries, through n8n's own path for a production delivery (production.ts):
// webhook() answers and hands on the items, the execution runs the trigger's execute(), which
// records the delivery in n8n's store of processed items, then the next node. "Ran" means the
// next node ran: a repeat still starts an execution, in which the trigger emits nothing.
import { event, freshId, reverseKeys, toSpanishItems, WEBHOOK_TOKEN, type Rec } from './forms';
import { recording } from '../../nodes/RiskInfoTrigger/repeats';
import { output, processedData, ProductionWebhook, ran, type ProductionOptions } from './production';

const MiB = 1024 * 1024;

/** For each event, whether the workflow's nodes after the trigger ran. */
async function deliverAll(n8n: ProductionWebhook, events: Array<object | string>): Promise<boolean[]> {
	const out: boolean[] = [];
	for (const e of events) out.push(ran(await n8n.deliver(e)));
	return out;
}

const fresh = (options: ProductionOptions = {}) => new ProductionWebhook(options);

describe.each([
	['in one process', 'single'],
	['in queue mode, the execution run by a worker', 'queue'],
] as const)('a production delivery %s', (_, topology) => {
	it('deliveries 1,1,2,2,3,3, each after the previous execution ended, run 1,0,1,0,1,0', async () => {
		const n8n = fresh({ topology });
		const [one, two, three] = [event('success'), event('failed'), event('nomatch')];
		expect(await deliverAll(n8n, [one, one, two, two, three, three])).toEqual([true, false, true, false, true, false]);
	});

	it("a repeat's execution ends successfully with the trigger emitting nothing, and the service gets its 200", async () => {
		const n8n = fresh({ topology });
		const sent = event('success');
		await n8n.deliver(sent);
		const repeat = await n8n.deliver(sent);
		expect(repeat.status).toBe(200);
		expect(repeat.run?.status).toBe('success');
		expect(output(repeat.run, 'trigger')).toEqual([]);
		expect(ran(repeat)).toBe(false);
	});

	it("a repeat's execution says so: custom execution data and a note on the trigger's output; the first copy's says nothing", async () => {
		const n8n = fresh({ topology });
		const sent = event('success');
		const first = await n8n.deliver(sent);
		const repeat = await n8n.deliver(sent);
		const said = `repeat of webhookId ${String(sent.webhookId)}, already received: nothing ran`;
		expect(repeat.run?.data.resultData.metadata).toEqual({ riskInfoDelivery: said });
		expect(first.run?.data.resultData.metadata ?? {}).toEqual({});
		const hints = (run: typeof first.run) => (run?.data.resultData.runData['Risk Info Trigger']?.[0]?.hints ?? []).map((h) => h.message);
		expect(hints(repeat.run)).toEqual([`A repeated delivery (${said}; Ignore Repeated Deliveries).`]);
		expect(hints(first.run)).toEqual([]);
	});

	it("the key never shows in what the trigger emits nor in what the next node gets; the items are the event's", async () => {
		const n8n = fresh({ topology, params: { output: 'findings' } });
		const sent = event('success');
		const { run, answer } = await n8n.deliver(sent);
		const [emitted, next] = [output(run, 'trigger'), output(run, 'next')];
		expect(emitted.length).toBe((answer as Rec).emitted);
		expect(emitted.length).toBeGreaterThan(1);
		for (const item of [...emitted, ...next]) {
			expect(Object.keys(item).sort()).toEqual(['json', 'pairedItem']);
			expect(item.json.webhookId).toBe(sent.webhookId);
		}
		expect(next.map((i) => i.json)).toEqual(emitted.map((i) => i.json));
		// Every row of a repeat is dropped, not only the first, which carried the key.
		expect(await deliverAll(n8n, [sent])).toEqual([false]);
	});
});

describe('what counts as the same delivery: webhookId, status and content', () => {
	it('a repeat is caught after other deliveries came in between', async () => {
		const n8n = fresh();
		const first = event('success');
		expect(await deliverAll(n8n, [first, event('failed'), event('nomatch'), event('failed'), first])).toEqual([true, true, true, true, false]);
	});

	it('the same webhookId and status with a changed finding runs (a monitoring profile delivered again), and its retry is a repeat', async () => {
		const n8n = fresh();
		const sent = event('success');
		const penal = sent.dataPenal as Rec[];
		expect(penal.length).toBeGreaterThan(0);
		const changed: Rec = { ...sent, dataPenal: [{ ...penal[0], etapa: `${String(penal[0].etapa)} (changed)` }, ...penal.slice(1)] };
		expect(await deliverAll(n8n, [sent, changed, changed, sent])).toEqual([true, true, false, false]);
	});

	it('a finding more or fewer, or only another esPerfilNuevo, is other content and runs', async () => {
		const n8n = fresh();
		const sent = event('success');
		const pep = sent.datosPepChile as Rec[];
		expect(pep.length).toBeGreaterThan(1);
		// Only the array changes, not its total: the findings themselves are compared.
		const others = [{ ...sent, datosPepChile: pep.slice(1) }, { ...sent, datosPepChile: [...pep, pep[0]] }, { ...sent, esPerfilNuevo: !sent.esPerfilNuevo }];
		expect(await deliverAll(n8n, [sent, ...others])).toEqual([true, true, true, true]);
	});

	it('the same content with its JSON keys in another order, also inside fields the trigger does not know, is a repeat', async () => {
		const n8n = fresh();
		const sent = { ...event('success'), nivelAlerta: { fuente: 'x', grado: [{ a: 1, b: 2 }] } };
		const reordered = reverseKeys(sent) as Rec;
		expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(sent));
		expect(JSON.parse(JSON.stringify(reordered))).toEqual(sent);
		expect(await deliverAll(n8n, [sent, reordered])).toEqual([true, false]);
		// A changed value inside the unknown field is other content.
		expect(await deliverAll(n8n, [{ ...sent, nivelAlerta: { fuente: 'x', grado: [{ a: 1, b: 3 }] } }])).toEqual([true]);
	});

	it('the same content in the Spanish field-table names, or without the duplicated status and fullName, is a repeat', async () => {
		const n8n = fresh();
		const sent = event('success');
		const { status: _status, fullName: _fullName, ...single } = sent;
		expect(single.estado).toBe('SUCCESS');
		expect(await deliverAll(n8n, [sent, toSpanishItems(sent), single])).toEqual([true, false, false]);
	});

	it('another status or another webhookId runs; the webhookId as text is the same screening', async () => {
		const n8n = fresh();
		const id = freshId();
		expect(await deliverAll(n8n, [event('failed', id), event('success', id), event('success', freshId()), event('success', id)])).toEqual([true, true, true, false]);
		expect(await deliverAll(n8n, [{ ...event('success', id), webhookId: String(id) }])).toEqual([false]);
	});

	it('a webhookId with spaces around it is the same delivery, either way round', async () => {
		const n8n = fresh();
		const plain = { ...event('failed'), webhookId: 'ws-5521' };
		const padded = { ...plain, webhookId: '  ws-5521\t' };
		expect(await deliverAll(n8n, [plain, padded])).toEqual([true, false]);
		const padFirst = { ...event('failed'), webhookId: ' 5522 ' };
		expect(await deliverAll(n8n, [padFirst, { ...padFirst, webhookId: 5522 }])).toEqual([true, false]);
	});

	it('with Raw Payload, the event is emitted as sent, and a repeat in another key order is still caught', async () => {
		const n8n = fresh({ params: { output: 'raw' } });
		const sent = event('success');
		const first = await n8n.deliver(sent);
		expect(output(first.run, 'next').map((i) => i.json)).toEqual([sent]);
		expect(await deliverAll(n8n, [reverseKeys(sent) as Rec])).toEqual([false]);
	});
});

describe('what is remembered', () => {
	it('the last 1,000 deliveries: the oldest is a repeat until a thousandth newer one pushes it out', async () => {
		const n8n = fresh();
		const oldest = event('failed');
		expect(await deliverAll(n8n, [oldest])).toEqual([true]);
		for (let i = 0; i < 999; i++) expect(ran(await n8n.deliver(event('failed')))).toBe(true);
		expect(await deliverAll(n8n, [oldest])).toEqual([false]);
		expect(await deliverAll(n8n, [event('failed'), oldest])).toEqual([true, true]);
	}, 120_000);

	it('huge webhookIds never grow it: three 8 MiB ids leave a few bytes each, and each is recognised when repeated', async () => {
		const n8n = fresh({ topology: 'queue' });
		const huge = (c: string) => ({ ...event('failed'), webhookId: c.repeat(8 * MiB) });
		const sent = [huge('a'), huge('b'), huge('c')];
		expect(await deliverAll(n8n, sent)).toEqual([true, true, true]);
		expect(n8n.stored!.length).toBeLessThan(200);
		expect(await deliverAll(n8n, sent)).toEqual([false, false, false]);
	}, 60_000);

	it('a delivery that was filtered out is not remembered, so it runs once the filter allows it', async () => {
		const sent = { ...event('success'), riesgo: 'free', risk: 'free' };
		const n8n = fresh({ params: { minimumRisk: 'critical' } });
		expect(await deliverAll(n8n, [sent])).toEqual([false]);
		expect(n8n.stored).toBeNull();
		n8n.params = { minimumRisk: 'any' };
		expect(await deliverAll(n8n, [sent, sent])).toEqual([true, false]);
	});

	it('with the option off, every delivery runs and nothing is recorded', async () => {
		const n8n = fresh({ params: { ignoreRepeatedDeliveries: false } });
		const sent = event('failed');
		expect(await deliverAll(n8n, [sent, sent])).toEqual([true, true]);
		expect(n8n.stored).toBeNull();
	});

	it('test runs from the editor (manual mode) ignore it: the same test event runs twice, and nothing is recorded', async () => {
		const n8n = fresh({ mode: 'manual' });
		const sent = event('success');
		expect(await deliverAll(n8n, [sent, sent])).toEqual([true, true]);
		expect(n8n.stored).toBeNull();
	});

	it('each workflow remembers its own deliveries', async () => {
		const [a, b] = [fresh(), fresh()];
		const sent = event('success');
		expect(await deliverAll(a, [sent])).toEqual([true]);
		expect(await deliverAll(b, [sent, sent])).toEqual([true, false]);
	});

	it('no form of the secret, even delivered as the webhookId', async () => {
		const n8n = fresh();
		const sent = { ...event('failed'), webhookId: WEBHOOK_TOKEN };
		const { run } = await n8n.deliver(sent);
		expect(JSON.stringify(output(run, 'next'))).not.toContain(WEBHOOK_TOKEN);
		expect(n8n.stored).not.toContain(WEBHOOK_TOKEN);
		expect(await deliverAll(n8n, [sent])).toEqual([false]);
	});
});

describe('deliveries at the same moment', () => {
	const different = (n: number) => Array.from({ length: n }, () => event('failed'));
	const atOnce = async (n8n: ProductionWebhook, events: object[]) => (await Promise.all(events.map(async (e) => await n8n.deliver(e)))).map(ran);

	it.each([
		['in one process', 1],
		['across two processes sharing the database (queue mode)', 2],
	])('fifty different deliveries at once %s: each runs, and each is recorded, so none of their repeats runs', async (_, processes) => {
		const n8n = fresh({ processes });
		await n8n.deliver(event('nomatch'));
		const sent = different(50);
		expect(await atOnce(n8n, sent)).toEqual(sent.map(() => true));
		// The turns the recordings took are gone once they have ended: the process holds nothing of them.
		expect(recording.size).toBe(0);
		expect(await deliverAll(n8n, sent)).toEqual(sent.map(() => false));
	});

	it('the first deliveries ever to a workflow, at once on two processes: each runs, though both find nothing recorded yet, and each is recorded', async () => {
		const n8n = fresh({ processes: 2 });
		const sent = different(8);
		expect(await atOnce(n8n, sent)).toEqual(sent.map(() => true));
		expect(await deliverAll(n8n, sent)).toEqual(sent.map(() => false));
	});

	it('fifty pairs, both copies at the same moment in one process: each delivery runs once', async () => {
		const n8n = fresh();
		await n8n.deliver(event('nomatch'));
		const sent = different(50);
		const runs = await atOnce(n8n, [...sent, ...sent]);
		expect(sent.map((_, i) => Number(runs[i]) + Number(runs[i + 50]))).toEqual(sent.map(() => 1));
	});

	it('two copies at the same moment on two processes: one or both run, never none, and the next copy is caught', async () => {
		const n8n = fresh({ processes: 2 });
		await n8n.deliver(event('nomatch'));
		for (let i = 0; i < 5; i++) {
			const sent = event('success');
			expect((await atOnce(n8n, [sent, sent])).filter(Boolean).length).toBeGreaterThanOrEqual(1);
			expect(await deliverAll(n8n, [sent, sent])).toEqual([false, false]);
		}
	});
});

describe("when n8n's store cannot be written", () => {
	it('the execution fails at the trigger, saying what happened and what to do; no other node runs', async () => {
		const n8n = fresh();
		processedData.unreachable.add(n8n.id);
		const { run } = await n8n.deliver(event('failed'));
		const error = run?.data.resultData.error;
		expect(error?.message).toBe("Ignore Repeated Deliveries could not record this delivery in n8n's store of processed items: SQLITE_BUSY: database is locked");
		expect((error as { description?: string } | undefined)?.description).toMatch(/did not run.*turn Ignore Repeated Deliveries off/);
		expect(run?.data.resultData.runData['Next Step']).toBeUndefined();
		// Nothing of the failed recording is held: once the store answers, deliveries are recorded again.
		expect(recording.size).toBe(0);
		processedData.unreachable.delete(n8n.id);
		expect(await deliverAll(n8n, [event('failed')])).toEqual([true]);
	});
});
