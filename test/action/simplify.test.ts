// Simplify, V2 and V1: V2 against a summary written by hand from the spec, so each simplified field
// is checked against where the spec puts it; V1 on response forms the sandbox does not produce (the
// object form of boletinConcursalSummary, missing sections, numbers as text, no compliance
// screening); both at their edges (the spec's seven compliance tables, a table name with spaces,
// no RUT anywhere, the Bureau amount in either spelling).
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/service/record';
import { simplifiedFromApiV1 } from '../../nodes/shared/service/summaryV1';
import { simplifiedFromApiV2 } from '../../nodes/shared/service/summaryV2';
import { isolated } from '../helpers/isolated';

// A V2 summary written from spec §2.2 by hand, with distinct numbers so a swapped field shows.
const summary = {
	rut: '76222222-1',
	esPersonaJuridica: true,
	fechaCarga: '05-03-2024',
	identificacion: { razonSocial: 'Comercial Ejemplo SpA', presentaActividades: 'SI', situacionActual: 'Con inicio de actividades' },
	boletinComercial: { casosSourceA: 3, casosSourceB: 5, casosSourceC: null, MontoSourceA: 1100, MontoSourceB: 2200, MontoSourceC: null },
	judicial: { casosCivilesActivos: 2, cobranzaActivos: 7, laboralActivos: 11, casosQuiebra: 0, boletinConcursal: false },
	deudaBancaria: { deudaDirectaVencida: 13, deudaDirectaMorosa: 17, deudaDirectaCastigada: 19, deudaDirectaVigente: 999 },
	creditScoring: { porcentajeClasificacion: 42.5, etiquetaClasificacion: 'Riesgo medio', judicialBankruptcy: false },
	compliance: {
		riesgo: 'medium',
		resumen: {
			pepChile: { totalResultados: 23, riesgo: 'medium' },
			pepChileFamiliares: { totalResultados: 29, riesgo: 'free' },
			funcionariosPublicos: { totalResultados: 31, riesgo: 'free' },
			listasInternacionales: { totalResultados: 37, riesgo: 'free' },
			penal: { totalResultados: 41, riesgo: 'free' },
			mallaSocietaria: { totalResultados: 43, riesgo: null },
			noticias: { totalResults: 47, riesgo: null },
		},
	},
	ayudantesFallidos: ['laborCollection'],
};

describe('simplifiedFromApiV2', () => {
	test('gives exactly the documented fields, in order', () => {
		expect(Object.keys(simplifiedFromApiV2(summary))).toEqual(SIMPLIFIED_FIELDS);
	});

	test('maps each indicator from its V2 source', () => {
		const s = simplifiedFromApiV2(summary);
		expect(s).toMatchObject({
			rut: '76222222-1',
			name: 'Comercial Ejemplo SpA',
			isLegalEntity: true,
			activityStatus: 'Con inicio de actividades',
			hasActivities: true,
			classificationLabel: 'Riesgo medio',
			classificationPercentage: 42.5,
			bulletinCasesSourceA: 3,
			bulletinCasesSourceB: 5,
			bulletinCasesSourceC: null,
			bulletinAmountSourceA: 1100,
			bulletinAmountSourceB: 2200,
			bulletinAmountSourceC: null,
			activeCivilCases: 2,
			activeCollectionCases: 7,
			activeLaborCases: 11,
			activeJudicialCases: 20,
			bankruptcy: false,
			overdueBankDebt: 30,
			writtenOffBankDebt: 19,
			complianceRisk: 'medium',
			compliancePepChile: 23,
			compliancePepRelatives: 29,
			compliancePublicOfficials: 31,
			complianceInternationalLists: 37,
			complianceCriminal: 41,
			complianceCorporateMesh: 43,
			complianceNews: 47,
			failedHelpers: ['laborCollection'],
			loadedOn: '05-03-2024',
		});
	});

	test.each([
		['boletinConcursal', { judicial: { boletinConcursal: true } }],
		['judicialBankruptcy', { creditScoring: { judicialBankruptcy: true } }],
		['bankruptcy cases', { judicial: { casosQuiebra: 1 } }],
	])('any bankruptcy signal (%s) sets bankruptcy', (_, part) => {
		expect(simplifiedFromApiV2({ ...summary, ...part }).bankruptcy).toBe(true);
	});

	test('missing sections give null, not zero or a crash', () => {
		const s = simplifiedFromApiV2({ rut: '12345678-5', esPersonaJuridica: false, judicial: null }, '12345678-5');
		for (const field of SIMPLIFIED_FIELDS) {
			if (['rut', 'isLegalEntity', 'failedHelpers', 'bulletinAmountUnit', 'bankDebtUnit', 'unreadFields', 'leftOutFields', 'readNote'].includes(field as string)) continue;
			expect([field, s[field]]).toEqual([field, null]);
		}
		expect(s.failedHelpers).toEqual([]);
		// The units are the record's own, whatever the service left out (spec §8: bank debt in thousands).
		expect([s.bulletinAmountUnit, s.bankDebtUnit]).toEqual(['CLP', 'thousands of CLP']);
		expect(s.isLegalEntity).toBe(false);
		// The judicial section is null (the service's "no value"); the sections left out are named.
		expect(s.unreadFields).toEqual(expect.arrayContaining(['name', 'activityStatus', 'overdueBankDebt', 'complianceRisk']));
		expect(s.unreadFields).not.toContain('activeCivilCases');
		// The record says so where the nulls are read: right after the name, a note that they are unknown, and what to do.
		expect(Object.keys(s).slice(0, 4)).toEqual(['rut', 'name', 'unreadFields', 'readNote']);
		expect(s.readNote).toMatch(/^name, activityStatus, hasActivities, classificationLabel and \d+ more could not be read: .* null here \(unknown, not zero or "no"\)\. Run Risk Info → Account → Check Answers/);
	});

	test('a record read whole has no read note', () => {
		expect(simplifiedFromApiV2(summary).readNote).toBeNull();
	});

	test('a sum counts the parts that exist', () => {
		const s = simplifiedFromApiV2({ judicial: { laboralActivos: 4 }, deudaBancaria: { deudaDirectaMorosa: 6 } }, '12345678-5');
		expect(s.activeJudicialCases).toBe(4);
		expect(s.overdueBankDebt).toBe(6);
		expect(s.rut).toBe('12345678-5');
	});

	const COMPLIANCE_RESULTS = [
		'complianceRisk',
		'compliancePepChile',
		'compliancePepRelatives',
		'compliancePublicOfficials',
		'complianceInternationalLists',
		'complianceCriminal',
		'complianceCorporateMesh',
		'complianceNews',
	] as const;

	test.each(['NO PROCESADO', ' no procesado ', 'PENDIENTE'])('compliance estado %j: risk and every count are unknown (null)', (estado) => {
		const s = simplifiedFromApiV2({ ...summary, compliance: { ...summary.compliance, estado } });
		for (const field of COMPLIANCE_RESULTS) expect([field, s[field]]).toEqual([field, null]);
		expect(s.name).toBe('Comercial Ejemplo SpA');
		expect(s.activeJudicialCases).toBe(20);
	});

	test.each([
		['PROCESADO', 'PROCESADO'],
		['lower case with spaces', ' procesado '],
		['absent', undefined],
		['null', null],
	])('compliance estado %s: risk and counts are read from the record', (_, estado) => {
		const s = simplifiedFromApiV2({ ...summary, compliance: { ...summary.compliance, estado } });
		expect(s.complianceRisk).toBe('medium');
		expect(s.compliancePublicOfficials).toBe(31);
		expect(s.complianceNews).toBe(47);
	});

	test('a natural person without a razonSocial is named from the compliance record', () => {
		const s = simplifiedFromApiV2({
			identificacion: { presentaActividades: 'NO' },
			compliance: { nombre: 'Ana', segundoNombre: null, apellido: 'Pérez', segundoApellido: 'Soto' },
		});
		expect(s.name).toBe('Ana Pérez Soto');
		expect(s.hasActivities).toBe(false);
	});
});


test('an empty or non-object summary gives every field, null (or empty) where there is no value, and the RUT asked for', () => {
	for (const input of [undefined, null, 'text', [], {}]) {
		const s = simplifiedFromApiV1(input, '76111111-6');
		expect(Object.keys(s)).toEqual(SIMPLIFIED_FIELDS);
		expect(s.rut).toBe('76111111-6');
		expect(s.failedHelpers).toEqual([]);
		expect([s.bulletinAmountUnit, s.bankDebtUnit]).toEqual(['CLP', 'thousands of CLP']);
		const known = ['rut', 'failedHelpers', 'bulletinAmountUnit', 'bankDebtUnit', 'unreadFields', 'leftOutFields', 'readNote'];
		for (const field of SIMPLIFIED_FIELDS) if (!known.includes(field as string)) expect([field, s[field]]).toEqual([field, null]);
		// None of it was there to read: every field read from the summary is named.
		expect(s.unreadFields).toEqual(expect.arrayContaining(['name', 'activeCivilCases', 'overdueBankDebt', 'complianceRisk', 'complianceNews', 'loadedOn']));
	}
});

test('bankruptcy: the object form of boletinConcursalSummary defers to the credit score and the bankruptcy cases', () => {
	const base = { boletinConcursalSummary: { lastUpdate: '2024-05-01T00:00:00.000Z' } };
	expect(simplifiedFromApiV1({ ...base, creditScoring: { judicialBankruptcy: false }, judicialSummary: { bankruptcyCases: 0 } }).bankruptcy).toBe(false);
	expect(simplifiedFromApiV1({ ...base, creditScoring: { judicialBankruptcy: true } }).bankruptcy).toBe(true);
	expect(simplifiedFromApiV1({ ...base, judicialSummary: { bankruptcyCases: 2 } }).bankruptcy).toBe(true);
	expect(simplifiedFromApiV1(base).bankruptcy).toBeNull();
	expect(simplifiedFromApiV1({ boletinConcursalSummary: true, creditScoring: { judicialBankruptcy: false } }).bankruptcy).toBe(true);
});

test('sums use the parts that exist; numbers sent as text count as numbers', () => {
	const s = simplifiedFromApiV1({
		judicialSummary: { civilActiveCases: 2, cobranzaActiveCases: null, laboralActiveCases: '3' },
		deudaBancariaSummary: { deudaDirectaVencida: '10', deudaDirectaMorosa: 5, deudaDirectaCastigada: 'n/a' },
	});
	expect(s.activeCivilCases).toBe(2);
	expect(s.activeCollectionCases).toBeNull();
	expect(s.activeLaborCases).toBe(3);
	expect(s.activeJudicialCases).toBe(5);
	expect(s.overdueBankDebt).toBe(15);
	expect(s.writtenOffBankDebt).toBeNull();
});

test('compliance rows are matched by table name whatever the accents, case and spacing', () => {
	const s = simplifiedFromApiV1({
		compliance: {
			risk: 'medium',
			personType: 'natural',
			name: 'Ana',
			secondName: null,
			surname: 'Soto',
			secondSurname: '',
			summary: [
				{ table: 'FUNCIONARIOS  PUBLICOS', countResults: 4 },
				{ table: 'Familiares PEP', countResults: 1 },
				{ table: 'Something else', countResults: 9 },
			],
		},
		sii: { presentaActividades: 'NO' },
	});
	expect(s).toMatchObject({
		complianceRisk: 'medium',
		isLegalEntity: false,
		name: 'Ana Soto',
		compliancePublicOfficials: 4,
		compliancePepRelatives: 1,
		compliancePepChile: null,
		complianceNews: null,
		hasActivities: false,
	});
});


test('V1: each compliance table the spec names (§2.3) fills its own field with its count, the module loaded inside the test', () => {
	const { simplifiedFromApiV1: fresh } = isolated(() => require('../../nodes/shared/service/summaryV1') as typeof import('../../nodes/shared/service/summaryV1'));
	const tables = ['PEP Chile', 'Funcionarios Públicos', 'Familiares PEP', 'Listas Internacionales', 'Penal', 'Socios y Sociedades', 'Noticias'];
	const s = fresh({ compliance: { summary: tables.map((table, i) => ({ table, countResults: i + 1 })) } });
	expect({
		compliancePepChile: s.compliancePepChile,
		compliancePublicOfficials: s.compliancePublicOfficials,
		compliancePepRelatives: s.compliancePepRelatives,
		complianceInternationalLists: s.complianceInternationalLists,
		complianceCriminal: s.complianceCriminal,
		complianceCorporateMesh: s.complianceCorporateMesh,
		complianceNews: s.complianceNews,
	}).toEqual({
		compliancePepChile: 1,
		compliancePublicOfficials: 2,
		compliancePepRelatives: 3,
		complianceInternationalLists: 4,
		complianceCriminal: 5,
		complianceCorporateMesh: 6,
		complianceNews: 7,
	});
});

test('V1: a compliance table named with spaces before and after still finds its field', () => {
	const s = simplifiedFromApiV1({
		compliance: {
			summary: [
				{ table: '  PEP Chile ', countResults: 3 },
				{ table: '\tNoticias\n', countResults: 8 },
			],
		},
	});
	expect(s.compliancePepChile).toBe(3);
	expect(s.complianceNews).toBe(8);
});

test.each([
	['V1', simplifiedFromApiV1],
	['V2', simplifiedFromApiV2],
])('%s: with no RUT in the answer and none asked for, the RUT is empty text', (_version, simplify) => {
	expect(simplify({}).rut).toBe('');
	expect(simplify({ rut: null }).rut).toBe('');
});

test.each([
	[{ MontoSourceC: 1500 }, 1500],
	[{ montoSourceC: 2500 }, 2500],
	[{ MontoSourceC: 1500, montoSourceC: 2500 }, 1500],
	[{ MontoSourceC: null, montoSourceC: 2500 }, 2500],
])('V2: the Bureau amount (source C) from %p is %p', (boletinComercial, amount) => {
	expect(simplifiedFromApiV2({ boletinComercial }).bulletinAmountSourceC).toBe(amount);
});
