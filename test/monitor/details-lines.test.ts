// The evidence's lines in an item's details, in full, where the evidence tests through the engine
// leave cases out (issue 71: texts people act on): the credit score with and without a maximum,
// label or percentage; the bulletin with a source not given (SourceC: loaded without Bureau data;
// another: no reason guessed), one case and many, a document kind with its meaning; compliance
// with no list; a read that failed. Evidence is built here in the shape evidence.ts reads.
import { detailsOf } from '../../nodes/RiskInfoMonitor/items';

const lines = (evidence: Record<string, unknown>) => detailsOf('summary', evidence as never).split('\n').slice(1);

test('credit score: label with its meaning, percentage, each weight with its maximum where there is one', () => {
	const weights = [{ source: 'financial', weight: 1, max: 2 }, { source: 'judicial', weight: 3, max: null }];
	expect(lines({ creditScore: { label: 'Riesgo bajo', percentage: 80, period: '2026-05', weights } })).toEqual(['Credit score: Riesgo bajo (low risk), 80 % (weights: financial 1/2, judicial 3)']);
	expect(lines({ creditScore: { label: null, percentage: null, weights: [] } })).toEqual(['Credit score: no label, no percentage']);
});

const source = (s: string, cases: number | null, amount: number | null) => ({ source: s, name: s, cases, amount });

test('bulletin: the sources\' figures and total, a source not given said so (the reason only for SourceC), then the Dicom read\'s cases', () => {
	const bulletin = {
		bySource: [source('SourceA', 1, 1_000), source('SourceB', null, null), source('SourceC', null, null)],
		currency: 'CLP', casesFrom: 'SourceA', casesFromName: 'SourceA', unpaid: 1, unpaidAmount: 1_000, new: 1,
		cases: [{ amount: 1_000, creditor: 'BANCO UNO', documentKind: 'PAG', date: '01-03-2026', new: true }], more: 0,
	};
	expect(lines({ bulletin })).toEqual([
		'Commercial bulletin: 1 case, 1,000 CLP unpaid (SourceA 1 case, 1,000 CLP; SourceB not given; SourceC not given (loaded without Bureau data)); ' +
			'unpaid cases the Dicom read lists (SourceA): 1, 1,000 CLP (1 new): 1,000 CLP, BANCO UNO, PAG (promissory note), 01-03-2026 (new)',
	]);
});

test('bulletin: a source whose count is not given has an unknown number of cases, never 0; three cases named and the rest counted', () => {
	const cases = [1, 2, 3, 4].map((i) => ({ amount: i, creditor: `B${i}`, documentKind: 'LET', date: `0${i}-01-2026`, new: false }));
	const bulletin = { bySource: [source('SourceA', 4, 10), source('SourceB', null, 5)], currency: 'CLP', casesFrom: 'SourceA', unpaid: 5, unpaidAmount: 10, new: 0, cases, more: 1 };
	expect(lines({ bulletin })).toEqual([
		'Commercial bulletin: 4 cases, 15 CLP unpaid (SourceA 4 cases, 10 CLP; SourceB an unknown number of cases, 5 CLP); ' +
			'unpaid cases the Dicom read lists (SourceA): 5, 10 CLP: 1 CLP, B1, LET (bill of exchange), 01-01-2026; 2 CLP, B2, LET (bill of exchange), 02-01-2026; 3 CLP, B3, LET (bill of exchange), 03-01-2026; and 2 more',
	]);
});

test('compliance with no list, and a read that failed: each said in words', () => {
	expect(lines({ compliance: { risk: 'free', lists: [] }, civilCases: { error: 'the service answered HTTP 503' } })).toEqual([
		'Compliance findings: none listed',
		'Civil cases: the service answered HTTP 503',
	]);
});
