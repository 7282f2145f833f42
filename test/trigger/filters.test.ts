// What a delivery emits: the Events and Minimum Risk filters, and One Item per Finding. A
// filtered-out delivery is still answered 200, so the service does not retry it.
import type { IDataObject } from 'n8n-workflow';

import type { NormalisedEvent } from '../../nodes/RiskInfoTrigger/normalise';
import { findings, passes } from '../../nodes/RiskInfoTrigger/select';
import { BEARER_CREDENTIAL, SPEC_LISTS, delivery, event, inputItems, type Rec } from './forms';
import { TriggerHarness } from './harness';

let h: TriggerHarness;
beforeAll(async () => {
	h = await TriggerHarness.start({ credentials: BEARER_CREDENTIAL });
});
afterAll(async () => h.close());
afterEach(() => expect(h.thrown).toEqual([]));

async function send(body: object, params: Rec, harness = h) {
	harness.options.params = params;
	const d = delivery(body);
	const answer = await harness.post(d.headers, d.body);
	expect(answer.status).toBe(200);
	return answer.run;
}

const withRisk = (riesgo: string | null) => ({ ...event('success'), riesgo });

describe('Events', () => {
	it.each([
		['all', { SUCCESS: true, FAILED: true }],
		['success', { SUCCESS: true, FAILED: false }],
		['failed', { SUCCESS: false, FAILED: true }],
	] as const)('%s', async (events, expected) => {
		for (const kind of ['success', 'failed'] as const) {
			const run = await send(event(kind), { events });
			expect(run !== undefined).toBe(expected[kind === 'success' ? 'SUCCESS' : 'FAILED']);
		}
	});

	it('a filtered-out delivery is answered 200 with a JSON note, not as an error', async () => {
		h.options.params = { events: 'success' };
		const d = delivery(event('failed'));
		const answer = await h.post(d.headers, d.body);
		expect(answer.status).toBe(200);
		expect(answer.run).toBeUndefined();
		expect(answer.json?.emitted).toBe(0);
	});
});

describe('Minimum Risk', () => {
	// Spec §2.2 / §6.2: risk is free < medium < critical.
	const passes: Record<string, string[]> = { any: ['free', 'medium', 'critical'], medium: ['medium', 'critical'], critical: ['critical'] };

	it.each(Object.keys(passes))('%s', async (minimumRisk) => {
		for (const riesgo of ['free', 'medium', 'critical']) {
			const run = await send(withRisk(riesgo), { minimumRisk });
			expect([riesgo, run !== undefined]).toEqual([riesgo, passes[minimumRisk].includes(riesgo)]);
		}
	});

	it('compares the risk without regard to case or spaces', async () => {
		expect(await send(withRisk(' Critical '), { minimumRisk: 'critical' })).toBeDefined();
	});

	it('a completed screening without a known risk passes only "Any"', async () => {
		expect(await send(withRisk(null), { minimumRisk: 'medium' })).toBeUndefined();
		expect(await send(withRisk('altísimo'), { minimumRisk: 'medium' })).toBeUndefined();
		expect(await send(withRisk(null), { minimumRisk: 'any' })).toBeDefined();
	});

	it('failed screenings have no risk and are not hidden by it', async () => {
		expect(await send(event('failed'), { minimumRisk: 'critical' })).toBeDefined();
	});

	it('combines with Events', async () => {
		expect(await send(withRisk('critical'), { events: 'failed', minimumRisk: 'critical' })).toBeUndefined();
		expect(await send(withRisk('medium'), { events: 'success', minimumRisk: 'critical' })).toBeUndefined();
		expect(await send(withRisk('critical'), { events: 'success', minimumRisk: 'critical' })).toBeDefined();
	});
});

describe('One Item per Finding', () => {
	it('one item per row of every list, each with its category, the profile name and webhookId', async () => {
		const sent = event('success');
		const run = (await send(sent, { output: 'findings' })) as Rec[];
		const expected = SPEC_LISTS.flatMap((spec) => inputItems(sent, spec).map((row) => ({ category: spec.list, row })));
		expect(expected.length).toBeGreaterThan(1);
		expect(run).toHaveLength(expected.length);
		const resumen = sent.resumen as Record<string, Rec>;
		run.forEach((item, i) => {
			expect(item.webhookId).toBe(sent.webhookId);
			expect(item.fullName).toBe(sent.nombreCompleto);
			expect(item.status).toBe('SUCCESS');
			expect(item.risk).toBe(sent.riesgo);
			expect(item.category).toBe(expected[i].category);
			expect(typeof item.categoryLabel).toBe('string');
			const spec = SPEC_LISTS.find((s) => s.list === item.category)!;
			expect(item.categoryRisk).toBe(resumen[spec.summary].riesgo);
			const finding = item.finding as Rec;
			const row = expected[i].row;
			if (spec.list === 'corporateMesh') expect(finding.companyName).toBe(row.nombreSociedad);
			else expect(finding.name).toBe(row.name ?? row.nombre);
		});
	});

	it('a screening with no findings starts no run (answered 200)', async () => {
		expect(await send(event('nomatch'), { output: 'findings' })).toBeUndefined();
	});

	it('a failed screening still comes through, as one event item', async () => {
		const sent = event('failed');
		const run = (await send(sent, { output: 'findings' })) as Rec[];
		expect(run).toHaveLength(1);
		expect(run[0].status).toBe('FAILED');
		expect(run[0].error).toBe(sent.error);
	});

	it('honours the risk filter', async () => {
		expect(await send(withRisk('free'), { output: 'findings', minimumRisk: 'medium' })).toBeUndefined();
	});
});

describe('Minimum Risk and findings, at their edges', () => {
	const normalised = (status: string, risk: string | null): NormalisedEvent => ({ event: {}, webhookId: '1', status, risk });

	test.each<[string | null, string, boolean]>([
		['free', 'medium', false],
		['medium', 'medium', true],
		['critical', 'medium', true],
		['medium', 'critical', false],
		['critical', 'critical', true],
		['unknown', 'medium', false],
		[null, 'medium', false],
		['critical', 'high', false],
	])('a SUCCESS event at risk %j against a minimum of %j passes: %j', (risk, minimum, expected) => {
		expect(passes(normalised('SUCCESS', risk), 'all', minimum as 'medium')).toBe(expected);
	});

	test('a list without its items gives no findings; a list with them gives one row each', () => {
		const rows = findings({
			webhookId: 5,
			status: 'SUCCESS',
			fullName: 'Ana',
			risk: 'medium',
			lists: { pepChile: { total: 2 }, news: { items: [{ title: 'x' }] } },
			summary: {},
		} as IDataObject);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ category: 'news', finding: { title: 'x' }, categoryRisk: null });
	});
});
