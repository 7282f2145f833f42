// Get Summary with Simplify, in n8n's own engine, when the service's answer drifts from the spec
// (the sandbox's answer drift: the judicial section renamed, missing, or of another type, with no
// data source marked failed): the judicial counts read as null AND are named in unreadFields, so a
// workflow can tell "the service could not say" from "the package could not read it". The other
// RUT of the same run, not drifted, lacks nothing.
import type { IDataObject } from 'n8n-workflow';

import { KNOWN_RUTS } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { PROVIDER_KEY_NAMES, RENAMED_BULLETIN_KEY_NAMES } from '../helpers/key-names';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
afterEach(() => sb.configure({ answerDrift: undefined, answerDriftRuts: undefined }));

const DRIFTED = KNOWN_RUTS.indebted;
const NORMAL = KNOWN_RUTS.clean;

async function simplified(apiVersion: 'v2' | 'v1') {
	const result = await runRiskInfo({
		parameters: { apiVersion, resource: apiVersion === 'v2' ? 'rut' : 'v1Rut', operation: 'getSummary', rut: '={{ $json.rut }}', simplify: true },
		inputs: [{ rut: DRIFTED }, { rut: NORMAL }],
		access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
	});
	expect(result.error).toBeUndefined();
	return result.items['Risk Info'].map((i) => i.json as IDataObject);
}

test('without drift both records lack nothing', async () => {
	for (const version of ['v2', 'v1'] as const) {
		for (const record of await simplified(version)) expect([version, record.unreadFields]).toEqual([version, []]);
	}
});

describe.each(['renamed', 'missing', 'wrongType'] as const)('the summaries\' judicial section %s', (drift) => {
	test.each(['v2', 'v1'] as const)('%s: the judicial counts are null and named as unread; the other RUT is read whole', async (version) => {
		sb.configure({ answerDrift: drift, answerDriftRuts: [DRIFTED] });
		const [drifted, normal] = await simplified(version);
		expect(drifted.activeCivilCases).toBeNull();
		expect(drifted.unreadFields).toEqual(expect.arrayContaining(['activeCivilCases', 'activeCollectionCases', 'activeLaborCases', 'activeJudicialCases']));
		// Not a failed data source: the service named none.
		expect(drifted.failedHelpers).toEqual([]);
		expect(normal.unreadFields).toEqual([]);
	});
});

// The bulletin under the service's own names, as the spec's first lines warn: unread until the
// credential's Answer Key Names maps it, then read as the sandbox holds it. Expected values are
// read from the sandbox's normal answer (the spec's keys), never from the node.
describe('the bulletin under the service\'s own names, and Answer Key Names', () => {
	const BULLETIN = ['bulletinCasesSourceA', 'bulletinCasesSourceB', 'bulletinCasesSourceC', 'bulletinAmountSourceA', 'bulletinAmountSourceB', 'bulletinAmountSourceC'];
	const MAPPINGS = { bulletinRenamed: RENAMED_BULLETIN_KEY_NAMES, providerNames: PROVIDER_KEY_NAMES };

	async function read(apiVersion: 'v2' | 'v1', keyNames?: object) {
		const result = await runRiskInfo({
			parameters: { apiVersion, resource: apiVersion === 'v2' ? 'rut' : 'v1Rut', operation: 'getSummary', rut: DRIFTED, simplify: true },
			inputs: [{}],
			access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId, ...(keyNames ? { answerKeyNames: JSON.stringify(keyNames) } : {}) },
		});
		expect(result.error).toBeUndefined();
		return result.items['Risk Info'][0].json as IDataObject;
	}

	describe.each(['bulletinRenamed', 'providerNames'] as const)('%s', (drift) => {
		test.each(['v2', 'v1'] as const)('%s: the bulletin fields unread without a mapping; with it, the values the service holds and nothing unread', async (version) => {
			const normal = await read(version);
			expect(normal.bulletinCasesSourceA).toEqual(expect.any(Number));
			sb.configure({ answerDrift: drift, answerDriftRuts: [DRIFTED] });
			const unmapped = await read(version);
			for (const field of BULLETIN) expect([field, unmapped[field]]).toEqual([field, null]);
			// Unknown is not false: with no Bureau flag (V2) nothing excuses the missing bulletin.
			expect(unmapped.unreadFields).toEqual(expect.arrayContaining(BULLETIN));
			expect(unmapped.readNote).toMatch(/could not be read/);
			const mapped = await read(version, MAPPINGS[drift]);
			// bulletinRenamed drops the Bureau flag: the answer no longer says why SourceC is empty.
			expect(mapped).toEqual(drift === 'bulletinRenamed' ? { ...normal, leftOutFields: [] } : normal);
			expect(mapped.unreadFields).toEqual([]);
		});
	});

	test('the mapping changes only what is read: the raw answer (Simplify off) is the service\'s, and nothing paid', async () => {
		sb.configure({ answerDrift: 'providerNames', answerDriftRuts: [DRIFTED] });
		const result = await runRiskInfo({
			parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: DRIFTED, simplify: false },
			inputs: [{}],
			access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId, answerKeyNames: JSON.stringify(MAPPINGS.providerNames) },
		});
		const raw = result.items['Risk Info'][0].json as IDataObject;
		expect(raw).toHaveProperty('incluyeBuroExterno');
		expect((raw.boletinComercial as IDataObject).casosAlfa).toEqual(expect.any(Number));
		expect(sb.usage().paidLoads).toBe(0);
	});

	test.each([
		['not JSON', '{"incluyeBureau": ', /^Answer Key Names in the Risk Info API credential is not JSON/],
		['not an object', '["incluyeBureau"]', /must be a JSON object/],
		['a value that is not text', '{"incluyeBureau": 1}', /has the entry "incluyeBureau" whose value is not text/],
		['a path that is not dotted keys', '{"boletinComercial..casosSourceA": "x"}', /has the entry "boletinComercial\.\.casosSourceA", which is not a dotted path/],
		['a prototype\'s key', '{"__proto__.x": "y"}', /has the entry "__proto__\.x", which is not a dotted path/],
	])('Answer Key Names %s fails the node before anything is sent, naming the field and the entry', async (_, answerKeyNames, message) => {
		sb.resetLog();
		const result = await runRiskInfo({
			parameters: { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: DRIFTED, simplify: true },
			inputs: [{}, {}],
			access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId, answerKeyNames },
		});
		expect(result.error?.message).toMatch(message);
		expect((result.error as Error & { description?: string } | undefined)?.description).toMatch(/Nothing was sent\..*Check Answers suggests the entries/);
		expect(sb.requests).toEqual([]);
	});
});
