// Which changes are reported: the chosen kinds; only the worse ones unless both directions are
// wanted (a kind with no way, such as tax status, or a value whose way cannot be told, always);
// every change when Any Change is chosen. And what "the rest of the record" covers.
import { createHash } from 'node:crypto';

import { FIELDS, fingerprint, reportable, type Change, type ChangeKind } from '../../nodes/RiskInfoMonitor/fields';
import { SIMPLIFIED_FIELDS, type SimplifiedSummary } from '../../nodes/shared/service/record';

const change = (field: string, before: Change['before'], after: Change['before']): Change => ({ field, before, after });
const worse = (kinds: ChangeKind[], ...changes: Change[]) => reportable(changes, new Set(kinds), true);
const both = (kinds: ChangeKind[], ...changes: Change[]) => reportable(changes, new Set(kinds), false);

test.each([
	['complianceRisk', 'free', 'medium', true],
	['complianceRisk', 'medium', 'critical', true],
	['complianceRisk', 'critical', 'free', false],
	['complianceRisk', 'free', 'en revisión', true],
	['activeCivilCases', 1, 2, true],
	['activeLaborCases', 3, 0, false],
	['activeCollectionCases', 0, 1, true],
	['bulletinCases', 2, 1, false],
	['bulletinUnpaidAmount', 100, 150, true],
	['classificationLabel', 'Riesgo bajo', 'Riesgo alto', true],
	['classificationLabel', 'Riesgo alto', 'Riesgo medio', false],
	['classificationLabel', 'B', 'C', true],
	['classificationPercentage', 80, 40, true],
	['classificationPercentage', 40, 80, false],
	['activityStatus', 'Contribuyente activo', 'En liquidacion', true],
	['activityStatus', 'En liquidacion', 'Contribuyente activo', true],
] as const)('%s %p → %p: reported for the worse only: %p; in both directions: yes', (field, before, after, reportedWorse) => {
	const kind = FIELDS.find((f) => f.name === field)!.kind;
	const c = change(field, before, after);
	expect(worse([kind], c)).toEqual(reportedWorse ? [c] : []);
	expect(both([kind], c)).toEqual([c]);
});

test('only the chosen kinds, unless Any Change, which reports every change whichever way', () => {
	const risk = change('complianceRisk', 'critical', 'free');
	const civil = change('activeCivilCases', 1, 2);
	const other = change('otherFields', null, null);
	expect(both(['activeCases'], risk, civil, other)).toEqual([civil]);
	expect(worse(['complianceRisk', 'bulletin'], risk, civil, other)).toEqual([]);
	expect(worse(['anyChange'], risk, civil, other)).toEqual([risk, civil, other]);
	expect(worse(['complianceRisk', 'anyChange'], risk)).toEqual([risk]);
});

test('the fingerprint covers the rest of the record: not the watched fields, the date or the failed data sources', () => {
	const base = Object.fromEntries(SIMPLIFIED_FIELDS.map((f) => [f, null])) as unknown as SimplifiedSummary;
	const record: SimplifiedSummary = { ...base, rut: '76111111-6', name: 'A', failedHelpers: [], bankruptcy: false, complianceCriminal: 0 };
	const same = [
		{ loadedOn: '01-07-2025' },
		{ failedHelpers: ['assets'] },
		{ complianceRisk: 'critical', activeCivilCases: 4, activeJudicialCases: 4, bulletinCasesSourceA: 2, bulletinAmountSourceB: 10, classificationLabel: 'x', classificationPercentage: 1, activityStatus: 'y' },
		{ bulletinAmountUnit: 'USD', bankDebtUnit: 'CLP' },
	];
	for (const patch of same) expect(fingerprint({ ...record, ...patch })).toBe(fingerprint(record));
	for (const patch of [{ name: 'B' }, { bankruptcy: true }, { complianceCriminal: 1 }, { overdueBankDebt: 5 }]) {
		expect(fingerprint({ ...record, ...patch })).not.toBe(fingerprint(record));
	}
	expect(fingerprint(record)).toMatch(/^[A-Za-z0-9_-]{8}$/);
});

test('an upgrade moves no fingerprint: the record\'s fields added since the Monitor\'s first release (the units) stay out of it', () => {
	// What the first release fingerprinted, in its order: SHA-256 over the values as JSON, 8 base64url characters.
	const FIRST_RELEASE = [
		'rut', 'name', 'isLegalEntity', 'hasActivities', 'bankruptcy', 'overdueBankDebt', 'writtenOffBankDebt', 'compliancePepChile', 'compliancePepRelatives',
		'compliancePublicOfficials', 'complianceInternationalLists', 'complianceCriminal', 'complianceCorporateMesh', 'complianceNews',
	];
	const record = {
		...Object.fromEntries(SIMPLIFIED_FIELDS.map((f) => [f, null])),
		rut: '76222222-1', name: 'Comercial Atacama SpA', isLegalEntity: true, hasActivities: true, bankruptcy: false, overdueBankDebt: 50_431, writtenOffBankDebt: 0,
		compliancePepChile: 0, complianceCriminal: 1, failedHelpers: [], bulletinAmountUnit: 'CLP', bankDebtUnit: 'thousands of CLP',
	} as unknown as SimplifiedSummary;
	const remembered = createHash('sha256').update(JSON.stringify(FIRST_RELEASE.map((f) => record[f] ?? null))).digest('base64url').slice(0, 8);
	expect(fingerprint(record)).toBe(remembered);
});
