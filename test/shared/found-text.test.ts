// What an unread field's line says the answer held instead (issue 71: texts people act on; the
// Monitor's details and Check Answers show it beside the key the answer lacked): the section's
// kind when it is not an object, its keys when it is, the most alike first and at most eight, and
// a key of another type. On the sandbox's V2 summary, fetched over HTTP, one part changed.
import { readApiV2 } from '../../nodes/shared/service/summaryV2';

import { KNOWN_RUTS } from '../../sandbox';
import { rawGet } from '../action/context';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
const RUT = KNOWN_RUTS.indebted;
type Data = Record<string, any>;

let data: Data;
beforeAll(async () => {
	data = (await rawGet(sb, `/api/clients/v2/helper/resumen?rut=${RUT}`)).body.data as Data;
});

/** What the read says it found where it looked for `key`, with the answer's `section` replaced. */
function foundFor(section: string, value: unknown, key: string): string | undefined {
	const read = readApiV2({ ...structuredClone(data), [section]: value }, RUT);
	return read.lacks.find((l) => l.key === key)?.found;
}

test.each([
	['a list', [1, 2], 'judicial is a list'],
	['text', 'sin datos', 'judicial is text'],
	['a number', 0, 'judicial is a number'],
	['true or false', true, 'judicial is true or false'],
	['an empty object', {}, 'judicial is empty'],
])('the judicial section as %s: said so', (_kind, value, found) => {
	expect(foundFor('judicial', value, 'judicial.casosCivilesActivos')).toBe(found);
});

test('a section without the key: its keys, the most alike first, eight at most, then how many it has', () => {
	const keys = Object.fromEntries(['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'].map((k, i) => [k, i]));
	expect(foundFor('judicial', { ...keys, casosCivilesVigentes: 4 }, 'judicial.casosCivilesActivos')).toBe('judicial has casosCivilesVigentes, uno, dos, tres, cuatro, cinco, seis, siete, … (10 keys)');
	expect(foundFor('judicial', { uno: 1, dos: 2 }, 'judicial.casosCivilesActivos')).toBe('judicial has uno, dos');
});

test('a key of another type is named with what it holds; an empty text or a null is "no value", never unread', () => {
	const judicial = (value: unknown) => ({ ...structuredClone(data.judicial), casosCivilesActivos: value });
	expect(foundFor('judicial', judicial('tres'), 'judicial.casosCivilesActivos')).toBe('judicial.casosCivilesActivos is text');
	for (const none of ['', null]) {
		const read = readApiV2({ ...structuredClone(data), judicial: judicial(none) }, RUT);
		expect([read.record.activeCivilCases, read.record.unreadFields]).toEqual([null, []]);
	}
});
