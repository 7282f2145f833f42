// V2 Simplify against a summary written by hand from the spec, so each simplified field is checked
// against where the spec puts it.
import { simplifyV2 } from '../../nodes/shared/simplify-v2';
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/simplified';

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

describe('simplifyV2', () => {
	test('gives exactly the documented fields, in order', () => {
		expect(Object.keys(simplifyV2(summary))).toEqual(SIMPLIFIED_FIELDS);
	});

	test('maps each indicator from its V2 source', () => {
		const s = simplifyV2(summary);
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
		expect(simplifyV2({ ...summary, ...part }).bankruptcy).toBe(true);
	});

	test('missing sections give null, not zero or a crash', () => {
		const s = simplifyV2({ rut: '12345678-5', esPersonaJuridica: false, judicial: null }, '12345678-5');
		for (const field of SIMPLIFIED_FIELDS) {
			if (field === 'rut' || field === 'isLegalEntity' || field === 'failedHelpers') continue;
			expect([field, s[field]]).toEqual([field, null]);
		}
		expect(s.failedHelpers).toEqual([]);
		expect(s.isLegalEntity).toBe(false);
	});

	test('a sum counts the parts that exist', () => {
		const s = simplifyV2({ judicial: { laboralActivos: 4 }, deudaBancaria: { deudaDirectaMorosa: 6 } }, '12345678-5');
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
		const s = simplifyV2({ ...summary, compliance: { ...summary.compliance, estado } });
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
		const s = simplifyV2({ ...summary, compliance: { ...summary.compliance, estado } });
		expect(s.complianceRisk).toBe('medium');
		expect(s.compliancePublicOfficials).toBe(31);
		expect(s.complianceNews).toBe(47);
	});

	test('a natural person without a razonSocial is named from the compliance record', () => {
		const s = simplifyV2({
			identificacion: { presentaActividades: 'NO' },
			compliance: { nombre: 'Ana', segundoNombre: null, apellido: 'Pérez', segundoApellido: 'Soto' },
		});
		expect(s.name).toBe('Ana Pérez Soto');
		expect(s.hasActivities).toBe(false);
	});
});
