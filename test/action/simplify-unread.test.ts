// Get Summary with Simplify, in n8n's own engine, when the service's answer drifts from the spec
// (the sandbox's answer drift: the judicial section renamed, missing, or of another type, with no
// data source marked failed): the judicial counts read as null AND are named in unreadFields, so a
// workflow can tell "the service could not say" from "the package could not read it". The other
// RUT of the same run, not drifted, lacks nothing.
import type { IDataObject } from 'n8n-workflow';

import { KNOWN_RUTS } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
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
