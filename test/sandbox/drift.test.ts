// Answers that drift from the spec, on demand (sb.configure, POST /_sandbox/drift, --answer-drift):
// the two summaries' judicial section under other names, absent, or of another type, with no data
// source marked failed, so a client's handling of an answer the spec does not describe can be shown.
// Expected names come from the spec (§2.2 judicial, §2.3 judicialSummary), never from drift.ts.
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { parseCli } from '../../sandbox/cli-options';
import { call, V1, V2 } from './helpers';

const V2_COUNTS = ['casosCivilesActivos', 'casosCivilesPresentados', 'casosCivilesConcluidos', 'cobranzaActivos', 'cobranzaPresentados', 'cobranzaConcluidos', 'laboralActivos', 'laboralPresentados', 'laboralConcluidos'];
const V1_COUNTS = ['civilActiveCases', 'civilFiledCases', 'civilConcludedCases', 'cobranzaActiveCases', 'cobranzaFiledCases', 'cobranzaConcludedCases', 'laboralActiveCases', 'laboralFiledCases', 'laboralConcludedCases'];

const DRIFTING = KNOWN_RUTS.indebted;
const OTHER = KNOWN_RUTS.bankrupt;

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox({ preloadedRuts: [DRIFTING, OTHER, KNOWN_RUTS.failingHelpers] });
});
afterEach(async () => await sb.close());

const v2 = async (rut: string) => (await call(sb, 'GET', `${V2}/helper/resumen?rut=${rut}`)).json.data;
const v1 = async (rut: string) => (await call(sb, 'GET', `${V1}/helper/${rut}/summary`)).json.data;
const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const drift = async (body: unknown) => {
	const res = await fetch(`${sb.url}/_sandbox/drift`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: res.status, json: (await res.json()) as Record<string, any> };
};

test('the normal answers carry the spec\'s judicial counts (what the drifts below take away)', async () => {
	expect(Object.keys((await v2(DRIFTING)).judicial)).toEqual(expect.arrayContaining(V2_COUNTS));
	expect(Object.keys((await v1(DRIFTING)).judicialSummary)).toEqual(expect.arrayContaining(V1_COUNTS));
	expect((await v2(DRIFTING)).judicial.casosCivilesActivos).toBeGreaterThan(0);
});

test('renamed: the same counts under other names, in V2 and V1; nothing else moves, no data source marked failed', async () => {
	const [before2, before1] = [await v2(DRIFTING), await v1(DRIFTING)];
	sb.configure({ answerDrift: 'renamed' });
	const [after2, after1] = [await v2(DRIFTING), await v1(DRIFTING)];
	for (const [before, after, key, names] of [[before2, after2, 'judicial', V2_COUNTS], [before1, after1, 'judicialSummary', V1_COUNTS]] as const) {
		expect(without(after, key)).toEqual(without(before, key));
		expect(Object.keys(after[key]).filter((k) => names.includes(k))).toEqual([]);
		expect(Object.keys(after[key])).toHaveLength(Object.keys(before[key]).length);
		const sorted = (o: Record<string, unknown>) => Object.values(o).map((v) => JSON.stringify(v)).sort();
		expect(sorted(after[key])).toEqual(sorted(before[key]));
	}
	expect(after2.ayudantesFallidos).toEqual([]);
	// The brief's examples of the names a drifted service gives.
	expect(after2.judicial).toMatchObject({
		civilesActivos: before2.judicial.casosCivilesActivos,
		causasCobranzaActivas: before2.judicial.cobranzaActivos,
		causasLaboralesActivas: before2.judicial.laboralActivos,
	});
});

test('missing: no judicial section at all in either summary; a failed data source stays as it was', async () => {
	const [before2, before1] = [await v2(KNOWN_RUTS.failingHelpers), await v1(KNOWN_RUTS.failingHelpers)];
	sb.configure({ answerDrift: 'missing' });
	const [after2, after1] = [await v2(KNOWN_RUTS.failingHelpers), await v1(KNOWN_RUTS.failingHelpers)];
	expect('judicial' in after2).toBe(false);
	expect('judicialSummary' in after1).toBe(false);
	expect(after2).toEqual(without(before2, 'judicial'));
	expect(after1).toEqual(without(before1, 'judicialSummary'));
	expect(after2.ayudantesFallidos).toEqual(before2.ayudantesFallidos);
	expect(after2.ayudantesFallidos).not.toContain('judicial');
});

test('wrongType: the judicial section is not an object (a list in V2, text in V1)', async () => {
	sb.configure({ answerDrift: 'wrongType' });
	const [after2, after1] = [await v2(DRIFTING), await v1(DRIFTING)];
	expect(Array.isArray(after2.judicial)).toBe(true);
	expect(typeof after1.judicialSummary).toBe('string');
	expect(after2.ayudantesFallidos).toEqual([]);
});

test('answerDriftRuts limits the drift to those RUTs; undefined restores the normal answers', async () => {
	const [drifting, other] = [await v2(DRIFTING), await v2(OTHER)];
	sb.configure({ answerDrift: 'missing', answerDriftRuts: [DRIFTING] });
	expect('judicial' in (await v2(DRIFTING))).toBe(false);
	expect(await v2(OTHER)).toEqual(other);
	expect(await v1(OTHER)).toHaveProperty('judicialSummary');
	sb.configure({ answerDrift: undefined });
	expect(await v2(DRIFTING)).toEqual(drifting);
});

test('a drift changes answers only: the case lists, the other reads, the bill and the account stay as without it', async () => {
	const reads = [`${V2}/helper/judicial/${DRIFTING}/civil`, `${V2}/creditScore/${DRIFTING}`, `${V2}/usage`, `${V2}/profiles`, `${V1}/integration/helper/judicial/${DRIFTING}`];
	const plain = [];
	for (const url of reads) plain.push((await call(sb, 'GET', url)).json);
	const usage = sb.usage();
	sb.configure({ answerDrift: 'renamed' });
	for (const [i, url] of reads.entries()) expect([url, (await call(sb, 'GET', url)).json]).toEqual([url, plain[i]]);
	expect(sb.usage()).toEqual({ ...usage, freeReads: usage.freeReads + 3 });
	await v2(DRIFTING);
	expect(sb.usage()).toEqual({ ...usage, freeReads: usage.freeReads + 4 });
	expect(sb.usage().paidLoads).toBe(0);
});

test('POST /_sandbox/drift sets it for some RUTs, {"drift": null} restores; GET tells the setting; a bad body is refused', async () => {
	const normal = await v2(DRIFTING);
	const set = await drift({ drift: 'renamed', ruts: [DRIFTING] });
	expect(set).toEqual({ status: 200, json: { drift: 'renamed', ruts: [DRIFTING] } });
	expect((await v2(DRIFTING)).judicial).not.toHaveProperty('casosCivilesActivos');
	expect((await v2(OTHER)).judicial).toHaveProperty('casosCivilesActivos');
	expect(await (await fetch(`${sb.url}/_sandbox/drift`)).json()).toEqual({ drift: 'renamed', ruts: [DRIFTING] });
	expect(await drift({ drift: null })).toEqual({ status: 200, json: { drift: null, ruts: null } });
	expect(await v2(DRIFTING)).toEqual(normal);
	for (const bad of [{ drift: 'sideways' }, {}, { drift: 'missing', ruts: ['not-a-rut'] }, { drift: 'missing', ruts: 'x' }]) {
		const res = await drift(bad);
		expect([bad, res.status, typeof res.json.error]).toEqual([bad, 400, 'string']);
	}
	expect(await v2(DRIFTING)).toEqual(normal);
	// Not part of the service: nothing in the request log.
	expect(sb.requests.some((r) => r.path.includes('_sandbox'))).toBe(false);
});

test('sb.configure refuses an unknown drift or a malformed RUT', () => {
	expect(() => sb.configure({ answerDrift: 'sideways' as never })).toThrow(/renamed/);
	expect(() => sb.configure({ answerDrift: 'missing', answerDriftRuts: ['123'] })).toThrow(/RUT/);
});

test('--answer-drift and --answer-drift-rut on the command line', () => {
	expect(parseCli(['--answer-drift', 'renamed'], {}).options).toMatchObject({ answerDrift: 'renamed', answerDriftRuts: undefined });
	expect(parseCli(['--answer-drift', 'wrongType', '--answer-drift-rut', DRIFTING], {}).options).toMatchObject({ answerDrift: 'wrongType', answerDriftRuts: [DRIFTING] });
	expect(parseCli([], {}).options.answerDrift).toBeUndefined();
	expect(() => parseCli(['--answer-drift', 'sideways'], {})).toThrow(/--answer-drift/);
});

// The bulletin drifts: the spec's first lines say the real service names the bulletin's sources and
// the Bureau otherwise. Expected names: the spec's (§2.2 boletinComercial, incluyeBureau; §2.3
// boletinComercialSummary) and the provider-style names the issue gives as examples.
describe('the bulletin drifts', () => {
	const V2_BULLETIN = ['casosSourceA', 'casosSourceB', 'casosSourceC', 'MontoSourceA', 'MontoSourceB', 'MontoSourceC'];
	const V1_BULLETIN = ['casesSourceA', 'casesSourceB', 'casesSourceC', 'amountSourceA', 'amountSourceB', 'amountSourceC'];

	test('bulletinRenamed: the bulletin section under another name with the same content, and no Bureau flag at all', async () => {
		const [before2, before1] = [await v2(DRIFTING), await v1(DRIFTING)];
		expect(Object.keys(before2.boletinComercial)).toEqual(expect.arrayContaining(V2_BULLETIN));
		expect(typeof before2.incluyeBureau).toBe('boolean');
		sb.configure({ answerDrift: 'bulletinRenamed' });
		const [after2, after1] = [await v2(DRIFTING), await v1(DRIFTING)];
		expect('boletinComercial' in after2 || 'incluyeBureau' in after2).toBe(false);
		const moved2 = Object.entries(after2).filter(([, v]) => JSON.stringify(v) === JSON.stringify(before2.boletinComercial));
		expect(moved2).toHaveLength(1);
		expect(without(without(after2, moved2[0][0]), 'fechaCarga')).toEqual(without(without(without(before2, 'boletinComercial'), 'incluyeBureau'), 'fechaCarga'));
		expect('boletinComercialSummary' in after1).toBe(false);
		const moved1 = Object.entries(after1).filter(([, v]) => JSON.stringify(v) === JSON.stringify(before1.boletinComercialSummary));
		expect(moved1).toHaveLength(1);
		expect(after2.ayudantesFallidos).toEqual([]);
	});

	test('providerNames: the sources and the Bureau flag under provider names, values unchanged', async () => {
		const [before2, before1] = [await v2(DRIFTING), await v1(DRIFTING)];
		sb.configure({ answerDrift: 'providerNames' });
		const [after2, after1] = [await v2(DRIFTING), await v1(DRIFTING)];
		expect(Object.keys(after2.boletinComercial).filter((k) => V2_BULLETIN.includes(k))).toEqual([]);
		expect(after2.boletinComercial).toMatchObject({ casosAlfa: before2.boletinComercial.casosSourceA, MontoAlfa: before2.boletinComercial.MontoSourceA, casosBeta: before2.boletinComercial.casosSourceB });
		expect('incluyeBureau' in after2).toBe(false);
		expect(after2.incluyeBuroExterno).toBe(before2.incluyeBureau);
		expect(without(without(after2, 'boletinComercial'), 'incluyeBuroExterno')).toEqual(without(without(before2, 'boletinComercial'), 'incluyeBureau'));
		expect(Object.keys(after1.boletinComercialSummary).filter((k) => V1_BULLETIN.includes(k))).toEqual([]);
		expect(after1.boletinComercialSummary).toMatchObject({ casesAlfa: before1.boletinComercialSummary.casesSourceA, amountGamma: before1.boletinComercialSummary.amountSourceC });
		expect(Object.keys(after1.boletinComercialSummary.variation).filter((k) => V1_BULLETIN.includes(k))).toEqual([]);
		expect(without(after1, 'boletinComercialSummary')).toEqual(without(before1, 'boletinComercialSummary'));
	});

	test('over HTTP: POST /_sandbox/drift takes both kinds', async () => {
		for (const kind of ['bulletinRenamed', 'providerNames']) expect((await drift({ drift: kind })).status).toBe(200);
		expect('incluyeBuroExterno' in (await v2(DRIFTING))).toBe(true);
	});
});

test('integration FULL: a RUT loaded without Bureau data has an empty bulletin, incluyeBureau false; with Bureau, its bulletin as normal (spec §2.2 rule 2)', async () => {
	sb.loadRut(KNOWN_RUTS.clean, { includeBureau: true });
	const [mix, withBureau] = [await v2(DRIFTING), await v2(KNOWN_RUTS.clean)];
	expect(mix.incluyeBureau).toBe(false);
	expect(mix.boletinComercial.casosSourceA).toEqual(expect.any(Number));
	sb.configure({ integration: 'FULL' });
	const full = await v2(DRIFTING);
	expect(full.boletinComercial).toEqual({});
	expect(full.incluyeBureau).toBe(false);
	expect(without(full, 'boletinComercial')).toEqual(without(mix, 'boletinComercial'));
	expect(await v2(KNOWN_RUTS.clean)).toEqual(withBureau);
});
