// Which changes are reported: the chosen kinds; only the worse ones unless both directions are
// wanted (a kind with no way, such as tax status, or a value whose way cannot be told, always);
// every change when Any Change is chosen. And what "the rest of the record" covers.
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
	];
	for (const patch of same) expect(fingerprint({ ...record, ...patch })).toBe(fingerprint(record));
	for (const patch of [{ name: 'B' }, { bankruptcy: true }, { complianceCriminal: 1 }, { overdueBankDebt: 5 }]) {
		expect(fingerprint({ ...record, ...patch })).not.toBe(fingerprint(record));
	}
	expect(fingerprint(record)).toMatch(/^[A-Za-z0-9_-]{8}$/);
});
