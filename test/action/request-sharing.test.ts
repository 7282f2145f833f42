// Request sharing: items that ask for the same thing (same operation, same RUT however it is written,
// same parameters) cost one request, counted at the sandbox; each item still gets the answer,
// paired to itself. Paid loads too.
import { startSandbox, type Sandbox } from '../../sandbox';
import { distinctRuts, repeatedInForms, RUT_FORMS, writeRut } from '../../bench/ruts';
import { runRiskInfo } from '../helpers/throughput';

// Eleven consecutive strides cover every check character, K included.
const ruts = distinctRuts(11, 72_000_000);
const canonical = (written: string) => ruts.find((r) => RUT_FORMS.some((f) => writeRut(r, f) === written))!;

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

test('the ruts include one whose check character is K, so the lower-case k spelling is exercised', () => {
	expect(ruts.some((r) => r.endsWith('-K'))).toBe(true);
});

test('44 summary items naming 11 RUTs in four spellings send 11 requests, one per RUT', async () => {
	for (const r of ruts) sandbox.loadRut(r);
	const written = repeatedInForms(ruts, 44, 3);
	expect(new Set(written).size).toBeGreaterThan(ruts.length * 2);

	const out = await runRiskInfo({
		sandbox,
		baseUrl: sandbox.url,
		parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' },
		items: written.map((rut) => ({ rut })),
		parallel: 5,
	});

	const reads = sandbox.requests.filter((q) => q.path.endsWith('/helper/resumen'));
	expect(reads).toHaveLength(ruts.length);
	expect(new Set(reads.map((q) => q.query.rut))).toEqual(new Set(ruts));
	expect(sandbox.requests).toHaveLength(ruts.length);
	expect(out).toHaveLength(written.length);
	out.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		expect(item.json.rut).toBe(canonical(written[i]));
	});
});

test('loading the same RUT from 12 items in different spellings is paid 3 times for 3 RUTs', async () => {
	const three = ruts.slice(0, 3);
	const written = repeatedInForms(three, 12, 5);

	const out = await runRiskInfo({
		sandbox,
		baseUrl: sandbox.url,
		parameters: { apiVersion: 'v2', resource: 'rut', operation: 'load' },
		items: written.map((rut) => ({ rut })),
		parallel: 4,
	});

	expect(sandbox.usage().paidLoads).toBe(3);
	const loads = sandbox.requests.filter((q) => q.method === 'POST');
	expect(loads.map((q) => (q.body as { rut: string }).rut).sort()).toEqual([...three].sort());
	out.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		expect(item.json.rut).toBe(canonical(written[i]));
	});
});
