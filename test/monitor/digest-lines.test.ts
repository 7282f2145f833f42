// The digest's heading and blocks, line by line (issue 71: texts people act on): every kind of
// change in the words people read (docs/monitor.md), every status counted in its own words, a
// sample said to be one, and suppliers unreadable the same way sharing one block, ten named and the
// rest counted. Items are built here as a poll emits them (the keys docs/monitor.md lists).
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { digestItem } from '../../nodes/RiskInfoMonitor/digest';

const AT = '2026-12-07T10:00:00.000Z';
const rutOf = (i: number) => `${76_100_000 + i}-0`;
/** As messages name a supplier: its name and its RUT with dots. */
const named = (i: number) => `Proveedor ${i} (76.100.${String(i).padStart(3, '0')}-0)`;

function item(status: string, i: number | null, fields: IDataObject = {}): INodeExecutionData {
	const summary = i === null ? `the account: ${status}` : `${named(i)}: ${status}`;
	return { json: { status, summary, name: i === null ? null : `Proveedor ${i}`, rut: i === null ? null : rutOf(i), sample: false, checkedAt: AT, error: null, changes: [], details: summary, evidence: {}, record: null, ...fields } };
}
const changed = (i: number, ...fields: string[]) => item('changed', i, { changes: fields.map((field) => ({ field, before: 0, after: 1 })) });

test('each kind of change in its own words, counted once per supplier however many of its fields changed', () => {
	const digest = digestItem(
		[
			changed(1, 'complianceRisk', 'activeCivilCases', 'activeLaborCases'),
			changed(2, 'bulletinCases', 'bulletinUnpaidAmount', 'classificationLabel'),
			changed(3, 'classificationPercentage', 'activityStatus', 'otherFields'),
		],
		AT,
	).json;
	expect(digest.counts).toEqual({ changed: 3, notLoaded: 0, readFailed: 0, unreadable: 0, readableAgain: 0, byKind: { complianceRisk: 1, activeCases: 1, bulletin: 1, credit: 2, taxStatus: 1, anyChange: 1 } });
	expect(String(digest.text).split('\n')[0]).toBe('Risk Info Monitor: 3 suppliers changed (compliance risk 1, court cases 1, commercial bulletin 1, credit 2, tax status 1, other fields 1)');
});

test('every status in its own words, one and many, in the heading\'s order', () => {
	const one = digestItem([item('notLoaded', 1), item('readFailed', 2), item('unreadable', 3), item('readableAgain', 4)], AT).json;
	expect(String(one.text).split('\n')[0]).toBe('Risk Info Monitor: 1 RUT not loaded; 1 RUT that could not be read; 1 RUT with fields the Monitor cannot watch; 1 RUT readable again');
	const many = digestItem([changed(9, 'activeCivilCases'), ...[1, 2].flatMap((i) => [item('notLoaded', i), item('readFailed', i), item('readableAgain', i)])], AT).json;
	expect(String(many.text).split('\n')[0]).toBe('Risk Info Monitor: 1 supplier changed (court cases 1); 2 RUTs not loaded; 2 RUTs that could not be read; 2 RUTs readable again');
	expect([many.status, many.sample]).toEqual(['digest', false]);
});

test('an item for the whole account counts every supplier it is about', () => {
	const digest = digestItem([item('unreadable', null, { evidence: { suppliers: { count: 7, some: [] } } }), item('unreadable', 1)], AT).json;
	expect((digest.counts as IDataObject).unreadable).toBe(8);
	expect(String(digest.text)).toBe('Risk Info Monitor: 8 RUTs with fields the Monitor cannot watch\n\nthe account: unreadable\n\nProveedor 1 (76.100.001-0): unreadable');
});

test('Fetch Test Event\'s digest says it is a sample, nothing changed', () => {
	const digest = digestItem([item('sample', 1, { sample: true })], AT, true).json;
	expect([digest.status, digest.sample]).toEqual(['sample', true]);
	expect(String(digest.text)).toBe('Risk Info Monitor (a sample, nothing changed): 1 supplier as read now\n\nProveedor 1 (76.100.001-0): sample');
});

test('twelve suppliers unreadable the same way: one block naming ten and counting two; another way, a block of its own', () => {
	const same = { unreadFields: [{ field: 'activeCivilCases', label: 'active civil cases', lacked: [{ key: 'judicial.casosCivilesActivos', found: 'x' }] }] };
	const items = Array.from({ length: 12 }, (_, i) => item('unreadable', i + 1, { evidence: same, details: `${named(i + 1)}: cannot read active civil cases` }));
	items.push(item('unreadable', 13, { evidence: { unreadFields: [] }, details: `${named(13)}: cannot read tax status` }));
	const text = String(digestItem(items, AT).json.text);
	expect(text.split('\n\n')).toEqual([
		'Risk Info Monitor: 13 RUTs with fields the Monitor cannot watch',
		`12 suppliers, ${Array.from({ length: 10 }, (_, i) => named(i + 1)).join(', ')} and 2 more: cannot read active civil cases`,
		`${named(13)}: cannot read tax status`,
	]);
});
