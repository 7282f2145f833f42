// The simplified record never leaves a null to be guessed at (issue 67, point 3): every field that
// could not be read is named in unreadFields, complianceRisk included, whatever shape the answer
// took (the whole record inside a list, a section inside a list); a field the answer itself says it
// left out (no Bureau data, a failed data source) is named in leftOutFields instead; and a missing
// section is excused only while no unknown section of the answer carries its keys. The answers are
// the sandbox's, read over HTTP, then reshaped here.
import { KNOWN_RUTS } from '../../sandbox';
import { SIMPLIFIED_FIELDS, type SimplifiedSummary } from '../../nodes/shared/service/record';
import { readApiV1 } from '../../nodes/shared/service/summaryV1';
import { readApiV2 } from '../../nodes/shared/service/summaryV2';
import { rawGet } from '../action/context';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();

const READERS = { v2: readApiV2, v1: readApiV1 };
const PATHS = { v2: (rut: string) => `/api/clients/v2/helper/resumen?rut=${rut}`, v1: (rut: string) => `/api/v1/helper/${rut}/summary` };
const BULLETIN = ['bulletinCasesSourceA', 'bulletinCasesSourceB', 'bulletinCasesSourceC', 'bulletinAmountSourceA', 'bulletinAmountSourceB', 'bulletinAmountSourceC'];

async function answer(version: 'v2' | 'v1', rut: string = KNOWN_RUTS.indebted): Promise<Record<string, unknown>> {
	const { status, body } = await rawGet(sb, PATHS[version](rut));
	expect(status).toBe(200);
	return body.data as Record<string, unknown>;
}

const nulls = (record: SimplifiedSummary) => SIMPLIFIED_FIELDS.filter((f) => record[f] === null).map(String);

describe.each(['v2', 'v1'] as const)('%s', (version) => {
	test('the whole record inside a list: every field is null, and every one is named in unreadFields, complianceRisk and isLegalEntity included', async () => {
		const { record } = READERS[version]([await answer(version)], KNOWN_RUTS.indebted);
		expect(nulls(record).length).toBeGreaterThan(20);
		expect(nulls(record).filter((f) => !record.unreadFields.includes(f))).toEqual([]);
		expect(record.unreadFields).toEqual(expect.arrayContaining(['complianceRisk', 'isLegalEntity']));
		expect(record.leftOutFields).toEqual([]);
	});

	test('each section inside a list in turn: every field it made null is named in unreadFields', async () => {
		const data = await answer(version);
		const normal = READERS[version](data, KNOWN_RUTS.indebted).record;
		const sections = Object.keys(data).filter((k) => data[k] !== null && typeof data[k] === 'object' && !Array.isArray(data[k]));
		expect(sections).toEqual(expect.arrayContaining(['compliance']));
		for (const section of sections) {
			const { record } = READERS[version]({ ...data, [section]: [data[section]] }, KNOWN_RUTS.indebted);
			const lost = nulls(record).filter((f) => normal[f] !== null);
			expect([section, lost.filter((f) => !record.unreadFields.includes(f))]).toEqual([section, []]);
		}
	});
});

test('V2 without Bureau data: the SourceC figures are left out (the answer says so), not unread; V1, which cannot say, names none', async () => {
	const data = await answer('v2');
	expect([data.incluyeBureau, (data.boletinComercial as Record<string, unknown>).casosSourceC]).toEqual([false, null]);
	const { record } = readApiV2(data, KNOWN_RUTS.indebted);
	expect([record.leftOutFields, record.unreadFields]).toEqual([['bulletinCasesSourceC', 'bulletinAmountSourceC'], []]);
	// Without the flag the answer no longer says why: nothing is left out, and nothing unread either (the keys are there, null).
	const { incluyeBureau: _, ...noFlag } = data;
	expect(readApiV2(noFlag, KNOWN_RUTS.indebted).record.leftOutFields).toEqual([]);
	expect(readApiV1(await answer('v1'), KNOWN_RUTS.indebted).record.leftOutFields).toEqual([]);
});

test('a failed data source: its section\'s fields are left out, not unread', async () => {
	const data = await answer('v2');
	const { judicial: _, ...rest } = data;
	const { record } = readApiV2({ ...rest, ayudantesFallidos: ['judicial'] }, KNOWN_RUTS.indebted);
	expect(record.leftOutFields).toEqual(expect.arrayContaining(['activeCivilCases', 'activeCollectionCases', 'activeLaborCases', 'activeJudicialCases']));
	expect(record.unreadFields).toEqual([]);
});

describe('unknown is never excused: the bulletin under another name', () => {
	test.each([
		['without Bureau data (rule 2\'s "may be empty")', {}],
		['with its data source named as failed', { ayudantesFallidos: ['commertialBulletin'] }],
	])('%s: its fields are unread, none left out', async (_, extra) => {
		const { boletinComercial, ...rest } = await answer('v2');
		const { record } = readApiV2({ ...rest, ...extra, boletinComercialResumen: boletinComercial }, KNOWN_RUTS.indebted);
		expect(rest.incluyeBureau).toBe(false);
		expect(record.unreadFields).toEqual(expect.arrayContaining(BULLETIN));
		expect(record.leftOutFields).toEqual([]);
		// Absent with nothing that carries its keys, it is excused as before.
		const gone = readApiV2({ ...rest, ...extra }, KNOWN_RUTS.indebted).record;
		expect(gone.unreadFields.filter((f) => BULLETIN.includes(f))).toEqual([]);
		expect(gone.leftOutFields).toEqual(expect.arrayContaining(BULLETIN.filter((f) => gone[f] === null)));
	});
});
