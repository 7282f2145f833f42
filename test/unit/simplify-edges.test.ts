// Simplify (V1 and V2) at the edges the other tests leave out (issue 21 point 6, mutation
// survivors): the spec's seven compliance tables (the table of names is a module-level value, so
// that test loads the module itself, test/MUTANTS.md), a compliance table name with spaces around
// it, no RUT anywhere, and the V2 bulletin's Bureau amount (source C) in either spelling.
import { simplifyV1 } from '../../nodes/RiskInfo/actions/v1/simplify';
import { simplifyV2 } from '../../nodes/shared/simplify-v2';
import { isolated } from '../helpers/isolated';

test('V1: each compliance table the spec names (§2.3) fills its own field with its count, the module loaded inside the test', () => {
	const { simplifyV1: fresh } = isolated(() => require('../../nodes/RiskInfo/actions/v1/simplify') as typeof import('../../nodes/RiskInfo/actions/v1/simplify'));
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
	const s = simplifyV1({
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
	['V1', simplifyV1],
	['V2', simplifyV2],
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
	expect(simplifyV2({ boletinComercial }).bulletinAmountSourceC).toBe(amount);
});
