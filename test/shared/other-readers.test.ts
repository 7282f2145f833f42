// The readers of the reads other than the summaries, every row of their tables (issue 71): each
// field comes from the key the addendum (A1 bulletin cases, A4 usage, A6/A7 case lists) or the spec
// (§2.2 and §2.6 credit scoring, §3 isMonitoring) names, written here from that text; and Check
// Answers, set against the same tables, differs when exactly one of those keys is missing from
// the first record, OK for an empty list, differs for no list at all.
import { checkEvidence } from '../../nodes/shared/service/answers';
import { COURT_CASE_KEYS, activeCases } from '../../nodes/shared/service/courtCases';
import { CREDIT_SCORE_KEYS, creditScore } from '../../nodes/shared/service/creditScore';
import { DICOM_CASE_KEYS, unpaidBulletinCases } from '../../nodes/shared/service/dicom';
import { PROFILE_KEYS, readProfiles } from '../../nodes/shared/service/profiles';
import { USAGE_KEYS, planFigures, usageRecord } from '../../nodes/shared/service/usage';

// Addendum A4, the docs' example shape with a value of its own in every key.
const USAGE = {
	consultasContratadas: 50, consultasRealizadas: 12, monitoreosContratados: 20, monitoreosUsados: 23,
	informacionPlan: { fechaInicioVigencia: '2026-01', fechaFinVigencia: '2026-12' },
	limites: { limiteConsultas: 50, limiteMonitoreos: 20, limiteLeafRut: 5 },
	monitoreos: { monitoreosUsados: 23, monitoreosContratados: 20, monitoreosExcedidos: 4 },
	prediccionMensual: { mesSiguiente: '2027-01', consultasEstimadas: 14, monitoreosEstimados: 25 },
};

test('usage: every figure from the key addendum A4 names', () => {
	expect(usageRecord(USAGE)).toEqual({
		paidLookupsContracted: 50, paidLookupsUsed: 12, paidLookupsRemaining: 38, monitoringPlacesContracted: 20, monitoringPlacesUsed: 23,
		// The service's own excess (4) is taken over the difference (3).
		monitoringPlacesOverPlan: 4, planStart: '2026-01', planEnd: '2026-12', nextMonth: '2027-01', nextMonthLookupsEstimate: 14, nextMonthMonitoringEstimate: 25,
	});
});

test('usage: the repeated figures under limites and monitoreos are read when the top-level keys are absent; remaining never below 0', () => {
	const { consultasContratadas, monitoreosContratados, monitoreosUsados, ...rest } = USAGE;
	expect(planFigures({ ...rest, limites: { limiteConsultas: 10, limiteMonitoreos: 7 }, monitoreos: { monitoreosUsados: 9, monitoreosContratados: 8 } })).toEqual({
		paidLookupsContracted: 10, paidLookupsUsed: 12, paidLookupsRemaining: 0, monitoringPlacesContracted: 8, monitoringPlacesUsed: 9, monitoringPlacesOverPlan: 1,
	});
	expect(planFigures({ ...rest, limites: { limiteMonitoreos: 7 }, monitoreos: {} })).toMatchObject({ paidLookupsContracted: null, paidLookupsRemaining: null, monitoringPlacesContracted: 7, monitoringPlacesUsed: null, monitoringPlacesOverPlan: null });
});

// Addendum A1: one unpaid case, one no longer active.
const DICOM = {
	cantidad: 2,
	casos: [
		{ fechaEquifax: '01-03-2026', montoImpago: 321_000, deudaActiva: true, nombreLibrador: 'BANCO UNO', tipoDeuda: 'FA', tipoDocumento: 'LET', fechaVisibilidad: '02-03-2026' },
		{ fechaEquifax: '01-01-2026', montoImpago: 5, deudaActiva: false, nombreLibrador: 'BANCO DOS', tipoDeuda: 'FA', tipoDocumento: 'FAC', fechaVisibilidad: '02-01-2026' },
	],
};

test('bulletin cases: amount, drawer, document kind and date from A1\'s keys; a case whose deudaActiva is false is not unpaid', () => {
	expect(unpaidBulletinCases(DICOM)).toEqual([{ amount: 321_000, creditor: 'BANCO UNO', documentKind: 'LET', date: '01-03-2026' }]);
	// Without tipoDocumento and fechaEquifax, their other spellings in A1 (tipoDeuda, fechaVisibilidad).
	const { tipoDocumento, fechaEquifax, ...other } = DICOM.casos[0];
	expect(unpaidBulletinCases({ casos: [other] })).toEqual([{ amount: 321_000, creditor: 'BANCO UNO', documentKind: 'FA', date: '02-03-2026' }]);
});

// Addendum A6/A7: civil (rol) and labor (rit) entries, one concluded.
const JUDICIAL = {
	casos: [
		{ tribunal: '1° Juzgado Civil de Santiago', rol: 'C-123-2026', litigantes: [{ nombre: 'ACME SPA' }, { nombre: 'JUAN PEREZ' }], fechaIngreso: '2026-02-01', estado: 'Tramitación' },
		{ tribunal: 'Juzgado de Letras del Trabajo', rit: 'O-9-2025', caratulado: 'PEREZ/ACME', fechaIngreso: '2025-01-01', estado: 'Concluida' },
		{ tribunal: 'Juzgado de Cobranza', rit: 'A-7-2025', caratulado: 'AFP/ACME', fecha: '2025-05-05', estadoCausa: 'En trámite' },
	],
};

test('court cases: court, number, parties, filing date and state from A6/A7\'s keys; concluded cases are not active', () => {
	expect(activeCases(JUDICIAL)).toEqual([
		{ court: '1° Juzgado Civil de Santiago', caseNumber: 'C-123-2026', parties: 'ACME SPA, JUAN PEREZ', filedOn: '2026-02-01', state: 'Tramitación' },
		{ court: 'Juzgado de Cobranza', caseNumber: 'A-7-2025', parties: 'AFP/ACME', filedOn: '2025-05-05', state: 'En trámite' },
	]);
	for (const state of ['Archivada', 'Terminada', 'Fallada', 'Cerrada', 'concluida']) expect(activeCases({ casos: [{ ...JUDICIAL.casos[0], estado: state }] })).toEqual([]);
});

test('credit score: label, percentage, period and each source\'s weight and maximum, under the V2 (§2.2) and the V1 (§2.6) names', () => {
	const v2 = { etiquetaClasificacion: 'Riesgo medio', porcentajeClasificacion: 61, periodo: '2026-05', ponderacionFinanciero: 1, maxPonderacionFinanciero: 2, ponderacionJudicial: 3, maxPonderacionJudicial: 4, ponderacionCobranzaLaboral: 5, maxPonderacionCobranzaLaboral: 6, ponderacionBoletin: 7, maxPonderacionBoletin: 8 };
	const weights = [
		{ source: 'financial', weight: 1, max: 2 },
		{ source: 'judicial', weight: 3, max: 4 },
		{ source: 'labor collection', weight: 5, max: 6 },
		{ source: 'commercial bulletin', weight: 7, max: 8 },
	];
	expect(creditScore(v2)).toEqual({ label: 'Riesgo medio', percentage: 61, period: '2026-05', weights });
	const v1 = { etiquetaClasificacion: 'Riesgo medio', porcentajeClasificacion: 61, periodo: '2026-05', ponderacionFinanzas: 1, ponderacionJudicial: 3, maxPonderacionJudicial: 4, ponderacionCobranzaLaboral: 5, maxPonderacionCobranzaLaboral: 6, ponderacionBoletinComercial: 7, maxPonderacionBoletinComercial: 8 };
	expect(creditScore(v1).weights).toEqual([{ ...weights[0], max: null }, ...weights.slice(1)]);
	// A source with no weight is left out, not shown as null.
	expect(creditScore({ ...v2, ponderacionJudicial: null }).weights.map((w) => w.source)).toEqual(['financial', 'labor collection', 'commercial bulletin']);
});

test('profiles: the RUT and its isMonitoring flag (the load\'s name for it, spec §3), in any list, in the spec form', () => {
	const read = readProfiles({ perfiles: [{ rut: '76.222.222-1', isMonitoring: true }, { rut: '761111116', isMonitoring: 'false' }, { rut: '12345678-5' }], compliance: [{ nombre: 'X' }] });
	expect(read.ruts).toEqual([{ rut: '76222222-1', monitored: true }, { rut: '76111111-6', monitored: false }, { rut: '12345678-5', monitored: undefined }]);
	expect([read.entries, read.compliance]).toEqual([4, [{ nombre: 'X' }]]);
	for (const flag of [true, 1, '1', 'SI', 'sí', 'yes', 'true']) expect(readProfiles([{ rut: '76222222-1', isMonitoring: flag }]).ruts[0].monitored).toBe(true);
	for (const flag of [false, 0, 2, 'NO', 'x']) expect(readProfiles([{ rut: '76222222-1', isMonitoring: flag }]).ruts[0].monitored).toBe(false);
});

// Check Answers on each table: [the read, its table, its answer, the keys the package must find in its first record].
// Where a field has another spelling in the answer, both go; the lack is named by the reader's
// first spelling (for a case's parties, caratulado: A6/A7 show litigantes, which it also reads).
const CHECKED: Array<[string, typeof USAGE_KEYS, Record<string, unknown>, Array<string | [string, string]>]> = [
	['usage', USAGE_KEYS, USAGE, ['consultasContratadas', 'consultasRealizadas', 'monitoreosContratados', 'monitoreosUsados']],
	['bulletin cases', DICOM_CASE_KEYS, DICOM, ['montoImpago', 'nombreLibrador', ['tipoDocumento', 'tipoDeuda'], ['fechaEquifax', 'fechaVisibilidad']]],
	['court cases', COURT_CASE_KEYS, { casos: [JUDICIAL.casos[0]] }, ['tribunal', 'rol', ['caratulado', 'litigantes'], 'fechaIngreso', 'estado']],
	['credit score', CREDIT_SCORE_KEYS, { etiquetaClasificacion: 'Riesgo bajo', porcentajeClasificacion: 90, periodo: '2026-05' }, ['etiquetaClasificacion', 'porcentajeClasificacion', 'periodo']],
	['profiles', PROFILE_KEYS, { perfiles: [{ rut: '76222222-1', isMonitoring: true }] }, ['rut', 'isMonitoring']],
];

/** The answer with `key` taken out of its first record (the answer itself when it has no list). */
function without(answer: Record<string, unknown>, key: string, also?: string): Record<string, unknown> {
	const copy = structuredClone(answer);
	const list = Object.values(copy).find(Array.isArray) as Array<Record<string, unknown>> | undefined;
	// Usage repeats its top-level figures inside limites and monitoreos: those go too, or the figure is still read.
	if (!list) for (const section of [copy, copy.limites, copy.monitoreos] as Array<Record<string, unknown> | undefined>) if (section) for (const k of Object.keys(section)) if (k === key || (key === 'consultasContratadas' && k === 'limiteConsultas') || (key === 'monitoreosContratados' && k === 'limiteMonitoreos')) delete section[k];
	if (list) delete list[0][key];
	return also ? without(copy, also) : copy;
}

describe.each(CHECKED)('Check Answers on %s', (_read, table, answer, keys) => {
	test('the whole answer: OK', () => {
		const check = checkEvidence(answer, table);
		expect([check.status, check.expectedMissing]).toEqual(['ok', []]);
	});

	test.each(keys.map((k) => (typeof k === 'string' ? [k, k, undefined] : [k.join(' and '), ...k])))('without %s: differs, naming the first', (_title, key, also) => {
		const check = checkEvidence(without(answer, key!, also), table);
		expect([check.status, check.expectedMissing]).toEqual(['differs', [key]]);
		expect(check.verdict).toContain(`lacks ${key}`);
	});
});

test('Check Answers on a list read: an empty list is OK (nothing to check), an answer with no list differs and says it reads as no records', () => {
	const empty = checkEvidence({ cantidad: 0, casos: [] }, DICOM_CASE_KEYS);
	expect([empty.status, empty.verdict]).toEqual(['ok', 'OK: the list is empty, so it has no record whose fields could be checked.']);
	const none = checkEvidence({ cantidad: 0 }, DICOM_CASE_KEYS);
	expect([none.status, none.expectedMissing]).toEqual(['differs', ['casos']]);
	expect(none.verdict).toMatch(/^Differs: the answer holds no list under casos: the package would read it as no records\. no key of the answer fits: tell the package's maintainers \(https:\/\/github\.com\/.+\/issues\)\.$/);
});
