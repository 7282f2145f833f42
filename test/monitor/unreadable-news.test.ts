// Who is told of unread fields, and in which words (issue 71: verdicts only some cases reach). One
// poll's news, on its own: a set of fields newly unread by at least two suppliers and by more than
// half of those the poll read is one item for the account, otherwise one per supplier; a set the
// account was told of is not told again; its coming back is said for the account only once the
// account was told, once most carry it again (before that, at most once a poll for several back
// together). The texts are what people act on: written here in full.
import type { IDataObject } from 'n8n-workflow';

import { FIELDS } from '../../nodes/RiskInfoMonitor/fields';
import { Memory } from '../../nodes/RiskInfoMonitor/memory';
import { UnreadableNews, type Unreadable } from '../../nodes/RiskInfoMonitor/unreadable';
import type { SimplifiedSummary } from '../../nodes/shared/service/record';

const CIVIL: Unreadable = {
	fields: [{ field: 'activeCivilCases', label: 'active civil cases', lacked: [{ key: 'judicial.casosCivilesActivos', found: 'judicial has casosCivilesVigentes' }] }],
	hash: 'civil1',
	names: 'activeCivilCases',
};
const NO_BUREAU: Unreadable = {
	fields: [
		{ field: 'bulletinCases', label: 'commercial bulletin cases', lacked: [], why: 'no Bureau data' },
		{ field: 'bulletinUnpaidAmount', label: 'commercial bulletin unpaid amount', lacked: [], why: 'no Bureau data' },
	],
	hash: 'bureau',
	names: 'bulletinCases*,bulletinUnpaidAmount*',
};

const RUTS = ['76111111-6', '76222222-1', '76333333-7', '76444444-2', '76555555-8'];
const NAMES = ['Uno SpA', 'Dos SpA', 'Tres SpA', 'Cuatro SpA', 'Cinco SpA'];
const record = (i: number) => ({ name: NAMES[i] }) as unknown as SimplifiedSummary;
const AT = '2026-12-07T10:00:00.000Z';

/** A memory whose first `carrying` RUTs carry `set` (told to the account as `said`). */
function memoryWith(set: Unreadable, carrying: number, said?: 'a' | 'b'): Memory {
	const memory = new Memory({});
	for (let i = 0; i < carrying; i++) memory.set(RUTS[i].split('-')[0], { values: FIELDS.map(() => null), fingerprint: 'f', unread: set.hash, names: set.names });
	if (said) memory.setSaid(set.hash, said);
	return memory;
}

/** One poll: each RUT with the set it had before and the one it has now; the items said, and what the memory says after. */
function poll(memory: Memory, reads: Array<[before: Unreadable | undefined, now: Unreadable | undefined]>) {
	const news = new UnreadableNews(memory);
	reads.forEach(([before, now], i) => news.add(RUTS[i], record(i), before?.hash, now, AT));
	const { first, last, remember } = news.items();
	remember();
	return [...first, ...last].map((i) => i.json as IDataObject);
}
const said = (items: IDataObject[]) => items.map((i) => [i.status, i.rut]);

describe('newly unread', () => {
	test('by one supplier of one: said for that supplier, with what to do on this RUT', () => {
		const items = poll(memoryWith(CIVIL, 0), [[undefined, CIVIL]]);
		expect(said(items)).toEqual([['unreadable', RUTS[0]]]);
		expect(items[0].summary).toBe(
			"Uno SpA (76.111.111-6): the service's answer does not carry active civil cases where the Monitor reads it, so it cannot see it change (it keeps its last known value). " +
				"What to do: run Risk Info → Account → Check answers (free) on this RUT and set what it suggests in the Risk Info API credential's Answer Key Names; " +
				'if nothing fits, tell the maintainers of n8n-nodes-riskinfo (https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues).',
		);
		expect(items[0].details).toBe(`${String(items[0].summary)}\nactive civil cases: judicial.casosCivilesActivos not found (judicial has casosCivilesVigentes)`);
	});

	test('by two of four: not most, so said per supplier', () => {
		const memory = memoryWith(CIVIL, 0);
		expect(said(poll(memory, [[undefined, CIVIL], [undefined, CIVIL], [undefined, undefined], [undefined, undefined]]))).toEqual([['unreadable', RUTS[0]], ['unreadable', RUTS[1]]]);
		expect(memory.said(CIVIL.hash)).toBeUndefined();
	});

	test('by four of five: one item for the account, naming three and how many more, and remembered as told', () => {
		const memory = memoryWith(CIVIL, 4);
		const items = poll(memory, [[undefined, CIVIL], [undefined, CIVIL], [undefined, CIVIL], [undefined, CIVIL], [undefined, undefined]]);
		expect(said(items)).toEqual([['unreadable', null]]);
		expect(items[0].summary).toBe(
			"4 of the 5 suppliers read in this poll (Uno SpA (76.111.111-6), Dos SpA (76.222.222-1), Tres SpA (76.333.333-7) and 1 more): the service's answer does not carry active civil cases where the Monitor reads it, so it cannot see it change (it keeps its last known value). " +
				"What to do: run Risk Info → Account → Check answers (free) on one of these RUTs and set what it suggests in the Risk Info API credential's Answer Key Names; " +
				'if nothing fits, tell the maintainers of n8n-nodes-riskinfo (https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues). ' +
				'Said once for the whole account: the suppliers the next polls find the same way are not reported one by one.',
		);
		expect((items[0].evidence as IDataObject).suppliers).toEqual({ count: 4, some: RUTS.slice(0, 4).map((rut, i) => ({ rut, name: NAMES[i] })) });
		expect(memory.said(CIVIL.hash)).toBe('a');
	});

	test('two of three is most: for the account; once told, suppliers found the same way later are not told again, nor those that already lacked it', () => {
		expect(said(poll(memoryWith(CIVIL, 2), [[undefined, CIVIL], [undefined, CIVIL], [undefined, undefined]]))).toEqual([['unreadable', null]]);
		expect(poll(memoryWith(CIVIL, 2, 'a'), [[undefined, CIVIL], [undefined, CIVIL], [undefined, undefined]])).toEqual([]);
		expect(poll(memoryWith(CIVIL, 2), [[CIVIL, CIVIL], [CIVIL, CIVIL]])).toEqual([]);
	});

	test('left out by the answer itself: nothing to do but wait, said as such, with no Answer Key Names', () => {
		const [one] = poll(memoryWith(NO_BUREAU, 0), [[undefined, NO_BUREAU]]);
		expect(one.summary).toBe(
			'Uno SpA (76.111.111-6): the Monitor cannot watch commercial bulletin cases, commercial bulletin unpaid amount for this RUT: no Bureau data. It watches them again as soon as the service sends them, and says so.',
		);
		expect(one.details).toBe(`${String(one.summary)}\ncommercial bulletin cases: left out by the service: no Bureau data\ncommercial bulletin unpaid amount: left out by the service: no Bureau data`);
	});
});

describe('readable again', () => {
	test('not told to the account: good news per supplier, naming the fields', () => {
		const items = poll(memoryWith(CIVIL, 2), [[CIVIL, undefined], [CIVIL, undefined]]);
		expect(said(items)).toEqual([['readableAgain', RUTS[0]], ['readableAgain', RUTS[1]]]);
		expect(items[0].summary).toBe('Good news: Uno SpA (76.111.111-6): the Monitor can read active civil cases again. The service\'s answer carries them now, and the Monitor watches them from this read on.');
	});

	test('told to the account, one back and none still lacking: good news for the account, remembered as said', () => {
		const memory = memoryWith(CIVIL, 1, 'a');
		const items = poll(memory, [[CIVIL, undefined]]);
		expect(said(items)).toEqual([['readableAgain', null]]);
		expect(items[0].summary).toBe(
			"Good news: the Monitor can read active civil cases again. The service's answer carries them now for 1 supplier read in this poll (Uno SpA (76.111.111-6)), and the Monitor watches them from this read on. Said once for the whole account: the others are read in turn, without a message each.",
		);
		expect(memory.said(CIVIL.hash)).toBe('b');
	});

	test('told to the account, one back and two still lacking: per supplier, the account not yet told', () => {
		const memory = memoryWith(CIVIL, 3, 'a');
		expect(said(poll(memory, [[CIVIL, undefined], [CIVIL, CIVIL], [CIVIL, CIVIL]]))).toEqual([['readableAgain', RUTS[0]]]);
		expect(memory.said(CIVIL.hash)).toBe('a');
	});

	test('told to the account, two back and three still lacking: one item for the two, saying the rest still lack them; said for the account again when most carry them', () => {
		const memory = memoryWith(CIVIL, 5, 'a');
		const items = poll(memory, [[CIVIL, undefined], [CIVIL, undefined], [CIVIL, CIVIL], [CIVIL, CIVIL], [CIVIL, CIVIL]]);
		expect(said(items)).toEqual([['readableAgain', null]]);
		expect(items[0].summary).toMatch(/for 2 suppliers read in this poll \(Uno SpA \(76\.111\.111-6\), Dos SpA \(76\.222\.222-1\)\), and the Monitor watches them from this read on\. 3 other suppliers read in this poll still lack them; the Monitor says so again when most carry them\.$/);
		expect(memory.said(CIVIL.hash)).toBe('a');
	});

	test('once the account was told they are back: nothing more', () => {
		expect(poll(memoryWith(CIVIL, 2, 'b'), [[CIVIL, undefined], [CIVIL, undefined]])).toEqual([]);
	});
});
