// The simplified record says which of its fields could not be read: a key the spec shows that the
// answer lacked (absent, or a section of another type) with no failed data source to explain it.
// The sandbox's normal answers (every generated RUT, V2 and V1) lack nothing; its drifted ones
// (sandbox/drift.ts: the judicial section renamed, missing, of another type) lack the judicial
// fields. Which simplified fields come from the judicial section is the spec's mapping as
// docs/simplified-summary.md gives it, not read from the code under test.
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { readApiV1, simplifiedFromApiV1 } from '../../nodes/shared/service/summaryV1';
import { readApiV2, simplifiedFromApiV2 } from '../../nodes/shared/service/summaryV2';
import { call, mod11, V1, V2 } from '../sandbox/helpers';

const GENERATED = Array.from({ length: 30 }, (_, i) => 76_100_000 + i * 7919).map((n) => `${n}-${mod11(n)}`);
const RUTS = [...Object.values(KNOWN_RUTS), ...GENERATED];
/** The fields docs/simplified-summary.md sources from judicial / judicialSummary (bankruptcy in part). */
const JUDICIAL_COUNTS = ['activeCivilCases', 'activeCollectionCases', 'activeLaborCases', 'activeJudicialCases'];

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: RUTS });
});
afterAll(() => sb.close());
afterEach(() => sb.configure({ answerDrift: undefined, answerDriftRuts: undefined }));

const v2 = async (rut: string) => (await call(sb, 'GET', `${V2}/helper/resumen?rut=${rut}`)).json.data;
const v1 = async (rut: string) => (await call(sb, 'GET', `${V1}/helper/${rut}/summary`)).json.data;

test('the sandbox\'s answers as the spec shows them lack nothing, in V2 and V1, failed data sources and profiles without Bureau included', async () => {
	const seen = { withoutBureau: 0, failed: 0, unscreened: 0 };
	for (const rut of RUTS) {
		const data = await v2(rut);
		if (data.incluyeBureau === false) seen.withoutBureau++;
		if (data.ayudantesFallidos.length) seen.failed++;
		if (data.compliance?.estado === 'NO PROCESADO') seen.unscreened++;
		expect([rut, simplifiedFromApiV2(data, rut).unreadFields]).toEqual([rut, []]);
		expect([rut, simplifiedFromApiV1(await v1(rut), rut).unreadFields]).toEqual([rut, []]);
	}
	// The cases the rule excuses were met, not skipped.
	expect(seen.withoutBureau).toBeGreaterThan(0);
	expect(seen.failed).toBeGreaterThan(0);
});

describe.each(['renamed', 'missing', 'wrongType'] as const)('the judicial section %s', (drift) => {
	test('V2 and V1 name the judicial fields as unread, with what the answer held instead', async () => {
		sb.configure({ answerDrift: drift });
		const rut = KNOWN_RUTS.indebted;
		const [d2, d1] = [await v2(rut), await v1(rut)];
		expect(d2.ayudantesFallidos).toEqual([]);
		for (const record of [simplifiedFromApiV2(d2, rut), simplifiedFromApiV1(d1, rut)]) {
			expect(record.unreadFields).toEqual(expect.arrayContaining(JUDICIAL_COUNTS));
			// Nothing outside the judicial section is reported.
			expect(record.unreadFields.filter((f) => !JUDICIAL_COUNTS.includes(f) && f !== 'bankruptcy')).toEqual([]);
			expect(record.activeCivilCases).toBeNull();
		}
	});
});

test('renamed: what the answer held instead names the new keys', async () => {
	sb.configure({ answerDrift: 'renamed' });
	const { lacks } = readApiV1(await v1(KNOWN_RUTS.indebted));
	const civil = lacks.find((l) => l.field === 'activeCivilCases');
	expect(civil?.key).toBe('judicialSummary.civilActiveCases');
	expect(civil?.found).toMatch(/^judicialSummary has .*activeCivil/);
});

describe('the rules, on answers changed by hand from a sandbox answer', () => {
	let base: Record<string, any>;
	beforeAll(async () => {
		base = await v2(KNOWN_RUTS.indebted);
	});
	const read = (change: (d: Record<string, any>) => void) => {
		const d = structuredClone(base);
		change(d);
		return simplifiedFromApiV2(d, KNOWN_RUTS.indebted);
	};

	test('a value the service gives as null is a null, not an unread field; an absent key is', () => {
		const nulled = read((d) => (d.judicial.casosCivilesActivos = null));
		expect([nulled.activeCivilCases, nulled.unreadFields]).toEqual([null, []]);
		const absent = read((d) => delete d.judicial.casosCivilesActivos);
		expect([absent.activeCivilCases, absent.unreadFields]).toEqual([null, ['activeCivilCases', 'activeJudicialCases']]);
	});

	test('a value of another type is unread; a number written as text is read', () => {
		expect(read((d) => (d.creditScoring.porcentajeClasificacion = { valor: 3 })).unreadFields).toEqual(['classificationPercentage']);
		const text = read((d) => (d.creditScoring.porcentajeClasificacion = '61'));
		expect([text.classificationPercentage, text.unreadFields]).toEqual([61, []]);
	});

	test('a section its failed data source names is not noted; the same section missing without one is', () => {
		expect(read((d) => { delete d.judicial; d.ayudantesFallidos = ['judicial']; }).unreadFields).toEqual([]);
		expect(read((d) => delete d.deudaBancaria).unreadFields).toEqual(['overdueBankDebt', 'writtenOffBankDebt']);
	});

	test('without Bureau data SourceC and an empty bulletin are not noted; with it they are', () => {
		const sourceC = (d: Record<string, any>) => { delete d.boletinComercial.casosSourceC; delete d.boletinComercial.MontoSourceC; };
		expect(read((d) => { d.incluyeBureau = false; sourceC(d); }).unreadFields).toEqual([]);
		expect(read((d) => { d.incluyeBureau = true; sourceC(d); }).unreadFields).toEqual(['bulletinCasesSourceC', 'bulletinAmountSourceC']);
		expect(read((d) => { d.incluyeBureau = false; d.boletinComercial = {}; }).unreadFields).toEqual([]);
		expect(read((d) => { d.incluyeBureau = true; d.boletinComercial = {}; }).unreadFields).toHaveLength(6);
	});

	test('an unscreened compliance record (NO PROCESADO) is not looked into; a screened one without its summary is', () => {
		expect(read((d) => { d.compliance = { estado: 'NO PROCESADO' }; }).unreadFields).toEqual([]);
		const unread = read((d) => { d.compliance.estado = 'PROCESADO'; delete d.compliance.resumen; }).unreadFields;
		expect(unread).toEqual(['compliancePepChile', 'compliancePepRelatives', 'compliancePublicOfficials', 'complianceInternationalLists', 'complianceCriminal', 'complianceCorporateMesh', 'complianceNews']);
	});

	test('an answer that is not an object at all: every field unread, nothing thrown', () => {
		const record = simplifiedFromApiV2('<html>maintenance</html>', KNOWN_RUTS.indebted);
		expect(record.rut).toBe(KNOWN_RUTS.indebted);
		expect(record.unreadFields.length).toBeGreaterThan(20);
	});
});

test('reading a whole answer splits no key name: each row\'s names are split once, when the row is written', async () => {
	// A name split afresh on every read is a new string n8n's process looks up again for every key
	// of every item: at node version 3 that was most of what reading a summary cost per item
	// (bench/NOTES.md). The answers here lack nothing, so no note is written either.
	const rut = KNOWN_RUTS.indebted;
	const [d2, d1] = [await v2(rut), await v1(rut)];
	// Counted before any expect runs, so only the reads' own calls count.
	const split = jest.spyOn(String.prototype, 'split');
	let reads;
	let splits;
	try {
		reads = [readApiV2(d2, rut), readApiV1(d1, rut)];
		splits = split.mock.calls.length;
	} finally {
		split.mockRestore();
	}
	expect(reads.map((r) => r.lacks)).toEqual([[], []]);
	expect(reads[0].found.length).toBeGreaterThan(20);
	expect(splits).toBe(0);
});
