// The choices an operation's own fields offer, each run in n8n's engine with a node whose
// operation tables the test loaded itself (mutation testing counts module-level values as reached
// only by such tests, test/MUTANTS.md): the V1 compliance path and credit-score root, Include
// Corporate Mesh and Gazette Data, and Download Summary's JSON form and PDF field. The engine drops
// a parameter its node does not show, so a choice the panel lost, or a field shown for the wrong
// format, changes what these runs send or return. Paths are the spec's.
import type { IDataObject } from 'n8n-workflow';

import { runRiskInfo, type RiskInfoRun } from '../../harness/workflow';
import { KNOWN_RUTS } from '../../sandbox';
import { freshRiskInfo } from '../helpers/isolated';
import { useSandbox } from '../helpers/sandbox';

const RUT = KNOWN_RUTS.indebted;
const sb = useSandbox({ complianceDelayMs: 20 }, [RUT]);

async function run(parameters: IDataObject, extra: Partial<RiskInfoRun> = {}) {
	const result = await runRiskInfo({
		access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
		parameters,
		type: freshRiskInfo(),
		...extra,
	});
	expect(result.error).toBeUndefined();
	const items = result.items['Risk Info'];
	expect(items.filter((item) => item.json.error !== undefined)).toEqual([]);
	return items;
}

const sent = () => sb.requests.map((r) => `${r.method} ${r.path}`);

test('V1 Load Compliance Profile goes to the Service Path picked: the endpoint list\'s by default, the migration table\'s on request', async () => {
	const load = { apiVersion: 'v1', resource: 'v1Compliance', operation: 'loadProfile', isJuridicalPerson: 'juridical' };
	await run({ ...load, fullName: 'Comercial Ruta Uno Limitada' });
	await run({ ...load, fullName: 'Comercial Ruta Dos Limitada', loadProfilePath: 'integration' });
	expect(sent().filter((line) => line.startsWith('POST'))).toEqual([
		'POST /api/v1/webhook/loadProfile',
		'POST /api/v1/integration/compliance/loadProfile',
	]);
});

test('V1 Get Credit Score reads the root picked: the reference sample\'s external root by default, the standard root on request', async () => {
	const score = { apiVersion: 'v1', resource: 'v1CreditScore', operation: 'get', rut: RUT };
	await run(score);
	await run({ ...score, creditScoreRoot: 'v1' });
	expect(sent()).toEqual([
		`GET /api/external/v1/notification/creditScoring/${RUT}/getByRut`,
		`GET /api/v1/notification/creditScoring/${RUT}/getByRut`,
	]);
});

test('V1 Get Summary asks for the corporate mesh and gazette data (complete=true) only when the field is on', async () => {
	const summary = { apiVersion: 'v1', resource: 'v1Rut', operation: 'getSummary', rut: RUT };
	await run(summary);
	await run({ ...summary, complete: true });
	expect(sb.requests.map((r) => r.query.complete)).toEqual([undefined, 'true']);
});

describe('V1 Download Summary', () => {
	const download = { apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary', rut: RUT };

	test('JSON gives the report\'s data as one item and no file', async () => {
		const [item] = await run({ ...download, format: 'json' });
		expect(sb.requests.map((r) => r.query.format)).toEqual(['json']);
		expect(item.binary).toBeUndefined();
		expect(item.json.rut).toBe(RUT);
	});

	test('the PDF lands in the binary field named in Put Output File in Field', async () => {
		const [item] = await run({ ...download, binaryPropertyName: 'report' });
		expect(sb.requests.map((r) => r.query.format)).toEqual(['pdf']);
		expect(Object.keys(item.binary ?? {})).toEqual(['report']);
		expect(item.binary?.report.mimeType).toBe('application/pdf');
	});
});
