// The V1 Simplify mapping on response forms the sandbox does not produce: the object form of
// boletinConcursalSummary, missing sections, numbers as text, no compliance screening.
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/simplified';
import { simplifyV1 } from '../../nodes/RiskInfo/actions/v1/simplify';

test('an empty or non-object summary gives every field, null (or empty) where there is no value, and the RUT asked for', () => {
	for (const input of [undefined, null, 'text', [], {}]) {
		const s = simplifyV1(input, '76111111-6');
		expect(Object.keys(s)).toEqual(SIMPLIFIED_FIELDS);
		expect(s.rut).toBe('76111111-6');
		expect(s.failedHelpers).toEqual([]);
		for (const field of SIMPLIFIED_FIELDS) if (field !== 'rut' && field !== 'failedHelpers') expect([field, s[field]]).toEqual([field, null]);
	}
});

test('bankruptcy: the object form of boletinConcursalSummary defers to the credit score and the bankruptcy cases', () => {
	const base = { boletinConcursalSummary: { lastUpdate: '2024-05-01T00:00:00.000Z' } };
	expect(simplifyV1({ ...base, creditScoring: { judicialBankruptcy: false }, judicialSummary: { bankruptcyCases: 0 } }).bankruptcy).toBe(false);
	expect(simplifyV1({ ...base, creditScoring: { judicialBankruptcy: true } }).bankruptcy).toBe(true);
	expect(simplifyV1({ ...base, judicialSummary: { bankruptcyCases: 2 } }).bankruptcy).toBe(true);
	expect(simplifyV1(base).bankruptcy).toBeNull();
	expect(simplifyV1({ boletinConcursalSummary: true, creditScoring: { judicialBankruptcy: false } }).bankruptcy).toBe(true);
});

test('sums use the parts that exist; numbers sent as text count as numbers', () => {
	const s = simplifyV1({
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
	const s = simplifyV1({
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
