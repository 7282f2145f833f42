// The two summaries' readers, one key at a time (issue 71): each key the spec names (§2.2 V2,
// §2.3 V1) is read into its field, and an answer lacking or renaming exactly ONE of them is read
// as differing by Check Answers, which names that key and the field not to use. The key names
// below are written from the spec's text, not taken from the readers' tables; the answers are the
// sandbox's own, fetched over HTTP, with one key changed.
import { checkSummary } from '../../nodes/shared/service/answers';
import { SUMMARY_V1_KEYS, readApiV1 } from '../../nodes/shared/service/summaryV1';
import { SUMMARY_V2_KEYS, readApiV2 } from '../../nodes/shared/service/summaryV2';

import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
const RUT = KNOWN_RUTS.indebted;

type Data = Record<string, any>;

async function answer(path: string): Promise<Data> {
	const res = await fetch(sb.url + path, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } });
	expect(res.status).toBe(200);
	return ((await res.json()) as { data: Data }).data;
}

/** A copy of the answer with `path` given `value` (undefined: removed), or renamed to `renameTo`. */
function changed(data: Data, path: string, value?: unknown, renameTo?: string): Data {
	const copy = structuredClone(data);
	const parts = path.split('.');
	const last = parts.pop()!;
	const parent = parts.reduce((at, p) => at[p], copy);
	if (renameTo !== undefined) parent[renameTo] = parent[last];
	if (value === undefined) delete parent[last];
	else parent[last] = value;
	return copy;
}

// [spec key, the simplified record's field it feeds], from spec §2.2 and docs/simplified-summary.md.
const V2_ROWS: Array<[string, string]> = [
	['identificacion.razonSocial', 'name'],
	['esPersonaJuridica', 'isLegalEntity'],
	['identificacion.situacionActual', 'activityStatus'],
	['identificacion.presentaActividades', 'hasActivities'],
	['creditScoring.etiquetaClasificacion', 'classificationLabel'],
	['creditScoring.porcentajeClasificacion', 'classificationPercentage'],
	['boletinComercial.casosSourceA', 'bulletinCasesSourceA'],
	['boletinComercial.casosSourceB', 'bulletinCasesSourceB'],
	['boletinComercial.casosSourceC', 'bulletinCasesSourceC'],
	['boletinComercial.MontoSourceA', 'bulletinAmountSourceA'],
	['boletinComercial.MontoSourceB', 'bulletinAmountSourceB'],
	['boletinComercial.MontoSourceC', 'bulletinAmountSourceC'],
	['judicial.casosCivilesActivos', 'activeCivilCases'],
	['judicial.cobranzaActivos', 'activeCollectionCases'],
	['judicial.laboralActivos', 'activeLaborCases'],
	['judicial.boletinConcursal', 'bankruptcy'],
	['creditScoring.judicialBankruptcy', 'bankruptcy'],
	['judicial.casosQuiebra', 'bankruptcy'],
	['deudaBancaria.deudaDirectaVencida', 'overdueBankDebt'],
	['deudaBancaria.deudaDirectaMorosa', 'overdueBankDebt'],
	['deudaBancaria.deudaDirectaCastigada', 'writtenOffBankDebt'],
	['compliance.riesgo', 'complianceRisk'],
	['compliance.resumen.pepChile', 'compliancePepChile'],
	['compliance.resumen.pepChileFamiliares', 'compliancePepRelatives'],
	['compliance.resumen.funcionariosPublicos', 'compliancePublicOfficials'],
	['compliance.resumen.listasInternacionales', 'complianceInternationalLists'],
	['compliance.resumen.penal', 'complianceCriminal'],
	['compliance.resumen.mallaSocietaria', 'complianceCorporateMesh'],
	['compliance.resumen.noticias', 'complianceNews'],
	['ayudantesFallidos', 'failedHelpers'],
	['fechaCarga', 'loadedOn'],
];

// The same from spec §2.3 (V1 has no esPersonaJuridica: compliance.personType says it).
const V1_ROWS: Array<[string, string]> = [
	['sii.razonSocial', 'name'],
	['sii.situacionActual', 'activityStatus'],
	['sii.presentaActividades', 'hasActivities'],
	['creditScoring.classificationLabel', 'classificationLabel'],
	['creditScoring.classificationPercentage', 'classificationPercentage'],
	['boletinComercialSummary.casesSourceA', 'bulletinCasesSourceA'],
	['boletinComercialSummary.casesSourceB', 'bulletinCasesSourceB'],
	['boletinComercialSummary.casesSourceC', 'bulletinCasesSourceC'],
	['boletinComercialSummary.amountSourceA', 'bulletinAmountSourceA'],
	['boletinComercialSummary.amountSourceB', 'bulletinAmountSourceB'],
	['boletinComercialSummary.amountSourceC', 'bulletinAmountSourceC'],
	['judicialSummary.civilActiveCases', 'activeCivilCases'],
	['judicialSummary.cobranzaActiveCases', 'activeCollectionCases'],
	['judicialSummary.laboralActiveCases', 'activeLaborCases'],
	['judicialSummary.bankruptcyCases', 'bankruptcy'],
	['boletinConcursalSummary', 'bankruptcy'],
	['creditScoring.judicialBankruptcy', 'bankruptcy'],
	['deudaBancariaSummary.deudaDirectaVencida', 'overdueBankDebt'],
	['deudaBancariaSummary.deudaDirectaMorosa', 'overdueBankDebt'],
	['deudaBancariaSummary.deudaDirectaCastigada', 'writtenOffBankDebt'],
	['compliance.risk', 'complianceRisk'],
	['compliance.personType', 'isLegalEntity'],
	['fechaCarga', 'loadedOn'],
];

const VERSIONS = [
	// The indebted RUT's profile has no Bureau data: with it (incluyeBureau true, SourceC figures given), no key is excused.
	{ name: 'V2', path: `/api/clients/v2/helper/resumen?rut=${RUT}`, rows: V2_ROWS, read: readApiV2, table: SUMMARY_V2_KEYS, withBureau: { incluyeBureau: true, 'boletinComercial.casosSourceC': 2, 'boletinComercial.MontoSourceC': 700_000 } },
	{ name: 'V1', path: `/api/v1/helper/${RUT}/summary`, rows: V1_ROWS, read: readApiV1, table: SUMMARY_V1_KEYS, withBureau: { 'boletinComercialSummary.casesSourceC': 2, 'boletinComercialSummary.amountSourceC': 700_000 } },
];

/** The fields a lacking key leaves unusable: its own, and the judicial sum with its three parts. */
const unusable = (field: string) => (['activeCivilCases', 'activeCollectionCases', 'activeLaborCases'].includes(field) ? [field, 'activeJudicialCases'] : [field]);

describe.each(VERSIONS)('$name summary', ({ path, rows, read, table, withBureau }) => {
	let data: Data;
	beforeAll(async () => {
		data = Object.entries(withBureau).reduce((d, [k, v]) => changed(d, k, v), await answer(path));
	});

	test('the sandbox answer as it is: every key the spec names is found, and Check Answers says OK', () => {
		const r = read(data, RUT);
		expect(r.lacks).toEqual([]);
		expect(r.record.unreadFields).toEqual([]);
		const check = checkSummary(data, r, table);
		expect([check.status, check.expectedMissing, check.verdict.slice(0, 3)]).toEqual(['ok', [], 'OK:']);
		// ayudantesFallidos is read straight from the answer when it is a list, so it is looked for (and found) only when it is not.
		expect(rows.map(([key]) => key).filter((key) => key !== 'ayudantesFallidos' && !r.found.includes(key))).toEqual([]);
	});

	test.each(rows)('without %s alone: Check Answers differs, names that key, and %s is not to be used', (key, field) => {
		const r = read(changed(data, key), RUT);
		const check = checkSummary(changed(data, key), r, table);
		expect(check.status).toBe('differs');
		expect(check.expectedMissing).toEqual([key]);
		expect(check.doNotUse).toEqual(unusable(field));
		expect(check.verdict).toContain(`lacks ${key}`);
		expect(check.verdict).toContain(`Do not base decisions on ${unusable(field).join(', ')}: ${unusable(field).length === 1 ? 'it reads' : 'they read'} as null.`);
		expect(r.record.unreadFields).toContain(field);
		expect(r.record.readNote).toEqual(expect.any(String));
	});

	test.each(rows)('%s renamed alone: Check Answers differs and holds the new name instead', (key) => {
		const renamed = `${key.split('.').pop()!}Renombrado`;
		const changedData = changed(data, key, undefined, renamed);
		const check = checkSummary(changedData, read(changedData, RUT), table);
		expect(check.status).toBe('differs');
		expect(check.expectedMissing).toEqual([key]);
		const at = key.includes('.') ? `${key.slice(0, key.lastIndexOf('.'))}.${renamed}` : renamed;
		expect(check.unknownFields).toContain(at);
		expect(check.verdict).toContain(`it holds ${at}`);
	});
});

// Each key given a value of its own, all at once: every field shows the value of the key the spec names for it.
const V2_VALUES: Record<string, unknown> = {
	'identificacion.razonSocial': 'Prueba Uno SpA', esPersonaJuridica: false, 'identificacion.situacionActual': 'En Liquidación',
	'identificacion.presentaActividades': 'NO', 'creditScoring.etiquetaClasificacion': 'Riesgo alto', 'creditScoring.porcentajeClasificacion': 37.5,
	'boletinComercial.casosSourceA': 11, 'boletinComercial.casosSourceB': 12, 'boletinComercial.casosSourceC': 13,
	'boletinComercial.MontoSourceA': 101, 'boletinComercial.MontoSourceB': 102, 'boletinComercial.MontoSourceC': 103,
	'judicial.casosCivilesActivos': 21, 'judicial.cobranzaActivos': 22, 'judicial.laboralActivos': 23,
	'deudaBancaria.deudaDirectaVencida': 31, 'deudaBancaria.deudaDirectaMorosa': 32, 'deudaBancaria.deudaDirectaCastigada': 33,
	'compliance.riesgo': 'medium', fechaCarga: '01-02-2026',
	'compliance.resumen.pepChile': { totalResultados: 41, riesgo: 'free' }, 'compliance.resumen.pepChileFamiliares': { totalResultados: 42, riesgo: 'free' },
	'compliance.resumen.funcionariosPublicos': { totalResultados: 43, riesgo: 'free' }, 'compliance.resumen.listasInternacionales': { totalResultados: 44, riesgo: 'free' },
	'compliance.resumen.penal': { totalResultados: 45, riesgo: 'free' }, 'compliance.resumen.mallaSocietaria': { totalResultados: 46, riesgo: null },
	'compliance.resumen.noticias': { totalResultados: 47, riesgo: null },
};
const V1_VALUES: Record<string, unknown> = {
	'sii.razonSocial': 'Prueba Uno SpA', 'compliance.personType': 'natural', 'sii.situacionActual': 'En Liquidación', 'sii.presentaActividades': 'NO',
	'creditScoring.classificationLabel': 'Riesgo alto', 'creditScoring.classificationPercentage': 37.5,
	'boletinComercialSummary.casesSourceA': 11, 'boletinComercialSummary.casesSourceB': 12, 'boletinComercialSummary.casesSourceC': 13,
	'boletinComercialSummary.amountSourceA': 101, 'boletinComercialSummary.amountSourceB': 102, 'boletinComercialSummary.amountSourceC': 103,
	'judicialSummary.civilActiveCases': 21, 'judicialSummary.cobranzaActiveCases': 22, 'judicialSummary.laboralActiveCases': 23,
	'deudaBancariaSummary.deudaDirectaVencida': 31, 'deudaBancariaSummary.deudaDirectaMorosa': 32, 'deudaBancariaSummary.deudaDirectaCastigada': 33,
	'compliance.risk': 'medium', fechaCarga: '01-02-2026',
};
const EXPECTED_FIELDS = {
	name: 'Prueba Uno SpA', isLegalEntity: false, activityStatus: 'En Liquidación', hasActivities: false, classificationLabel: 'Riesgo alto', classificationPercentage: 37.5,
	bulletinCasesSourceA: 11, bulletinCasesSourceB: 12, bulletinCasesSourceC: 13, bulletinAmountSourceA: 101, bulletinAmountSourceB: 102, bulletinAmountSourceC: 103,
	activeCivilCases: 21, activeCollectionCases: 22, activeLaborCases: 23, activeJudicialCases: 66, overdueBankDebt: 63, writtenOffBankDebt: 33,
	complianceRisk: 'medium', loadedOn: '01-02-2026',
};
const V2_COUNTS = { compliancePepChile: 41, compliancePepRelatives: 42, compliancePublicOfficials: 43, complianceInternationalLists: 44, complianceCriminal: 45, complianceCorporateMesh: 46, complianceNews: 47 };

describe.each([
	{ name: 'V2', path: VERSIONS[0].path, read: readApiV2, values: V2_VALUES, expected: { ...EXPECTED_FIELDS, ...V2_COUNTS }, bankruptcy: { 'judicial.boletinConcursal': true, 'creditScoring.judicialBankruptcy': true, 'judicial.casosQuiebra': 1 } },
	{ name: 'V1', path: VERSIONS[1].path, read: readApiV1, values: V1_VALUES, expected: EXPECTED_FIELDS, bankruptcy: { boletinConcursalSummary: true, 'creditScoring.judicialBankruptcy': true, 'judicialSummary.bankruptcyCases': 1 } },
])('$name summary read from the keys the spec names', ({ path, read, values, expected, bankruptcy }) => {
	let data: Data;
	beforeAll(async () => {
		data = Object.entries(values).reduce((d, [k, v]) => changed(d, k, v), await answer(path));
	});

	test('every field has the value of its own key', () => {
		const { record } = read(data, RUT);
		expect(Object.fromEntries(Object.keys(expected).map((f) => [f, record[f]]))).toEqual(expected);
	});

	test('SI reads as having activities, and bankruptcy is true when any one of its three keys says so, false when none does', () => {
		const activities = Object.keys(values).find((k) => k.endsWith('presentaActividades'))!;
		expect(read(changed(data, activities, 'SI'), RUT).record.hasActivities).toBe(true);
		const none = Object.entries(bankruptcy).reduce((d, [k, v]) => changed(d, k, typeof v === 'number' ? 0 : false), data);
		expect(read(none, RUT).record.bankruptcy).toBe(false);
		for (const [k, v] of Object.entries(bankruptcy)) expect([k, read(changed(none, k, v), RUT).record.bankruptcy]).toEqual([k, true]);
	});
});

test('V2 without Bureau data: a lacking SourceC figure is excused (OK, left out), a lacking SourceA figure is not', async () => {
	const data = changed(await answer(VERSIONS[0].path), 'incluyeBureau', false);
	const noC = changed(data, 'boletinComercial.casosSourceC');
	const readNoC = readApiV2(noC, RUT);
	expect([checkSummary(noC, readNoC, SUMMARY_V2_KEYS).status, readNoC.record.unreadFields, readNoC.record.leftOutFields]).toEqual(['ok', [], expect.arrayContaining(['bulletinCasesSourceC'])]);
	const noA = changed(data, 'boletinComercial.casosSourceA');
	const check = checkSummary(noA, readApiV2(noA, RUT), SUMMARY_V2_KEYS);
	expect([check.status, check.expectedMissing]).toEqual(['differs', ['boletinComercial.casosSourceA']]);
});

test('V1 screening counts: each list from its row of compliance.summary, by the table names spec §2.3 gives; a list with no row is unread', async () => {
	const TABLES: Array<[string, string, number]> = [
		['PEP Chile', 'compliancePepChile', 41], ['Funcionarios Públicos', 'compliancePublicOfficials', 43], ['Familiares PEP', 'compliancePepRelatives', 42],
		['Listas Internacionales', 'complianceInternationalLists', 44], ['Penal', 'complianceCriminal', 45], ['Socios y Sociedades', 'complianceCorporateMesh', 46], ['Noticias', 'complianceNews', 47],
	];
	const rows = TABLES.map(([table, , countResults]) => ({ countResults, textCountResults: countResults, table, risk: null, useColor: false }));
	const data = changed(await answer(VERSIONS[1].path), 'compliance.summary', rows);
	const { record } = readApiV1(data, RUT);
	expect(Object.fromEntries(TABLES.map(([, field]) => [field, record[field]]))).toEqual(Object.fromEntries(TABLES.map(([, field, n]) => [field, n])));
	const withoutPenal = readApiV1(changed(data, 'compliance.summary', rows.filter((r) => r.table !== 'Penal')), RUT).record;
	expect([withoutPenal.complianceCriminal, withoutPenal.unreadFields]).toEqual([null, ['complianceCriminal']]);
});
