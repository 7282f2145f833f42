// Simplify (V1 and V2) at the edges the other tests leave out (issue 21 point 6, mutation
// survivors): a compliance table name with spaces around it, no RUT anywhere, and the V2 bulletin's
// Bureau amount (source C) in either spelling.
import { simplifyV1 } from '../../nodes/RiskInfo/actions/v1/simplify';
import { simplifyV2 } from '../../nodes/RiskInfo/actions/v2/simplify';

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
