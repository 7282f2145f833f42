// Account → Check Answers in n8n's own engine against the sandbox: one item per free read, each
// set against what the package expects. Normal answers are all OK; when the summaries' judicial
// section drifts (renamed, missing, another type) the V2 and V1 summary items name the judicial
// keys they lack and, renamed, the keys they hold instead; a RUT not loaded gives clear items;
// nothing is ever paid; and a service that echoes the token gets it into no item.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PaidCapReached } from '../../nodes/shared/errors';
import { V2, requestFor } from '../../nodes/shared/service/endpoints';
import { RETRY_DEFAULTS, Transport } from '../../nodes/shared/transport';

import { KNOWN_RUTS } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
afterEach(() => sb.configure({ answerDrift: undefined, answerDriftRuts: undefined }));

const RUT = KNOWN_RUTS.indebted;
const V2_SUMMARY = `/api/clients/v2/helper/resumen?rut=${RUT}`;
const V1_SUMMARY = `/api/v1/helper/${RUT}/summary`;

async function check(rut: string, access = { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId }) {
	const result = await runRiskInfo({
		parameters: { apiVersion: 'v2', resource: 'account', operation: 'checkAnswers', rut },
		inputs: [{}],
		access,
	});
	return { error: result.error, items: (result.items['Risk Info'] ?? []).map((i): IDataObject => ({ ...(i.json as IDataObject), pairedItem: i.pairedItem as unknown as IDataObject })) };
}

const byPath = (items: IDataObject[]) => Object.fromEntries(items.map((i) => [i.path as string, i]));

test('normal answers: one item per free read, each OK, nothing missing, each paired to the input item, nothing paid', async () => {
	const { error, items } = await check(RUT);
	expect(error).toBeUndefined();
	expect(items.map((i) => i.path)).toEqual([
		'/api/clients/v2/usage',
		'/api/clients/v2/profiles',
		V2_SUMMARY,
		`/api/clients/v2/helper/judicial/${RUT}/civil`,
		`/api/clients/v2/helper/judicial/${RUT}/laboral`,
		`/api/clients/v2/helper/judicial/${RUT}/cobranza`,
		`/api/clients/v2/helper/boletin/${RUT}/boletinDicom`,
		`/api/clients/v2/helper/compliance/${RUT}`,
		`/api/clients/v2/creditScore/${RUT}`,
		V1_SUMMARY,
	]);
	for (const item of items) {
		expect([item.path, item.httpStatus, item.expectedMissing, String(item.verdict).slice(0, 3)]).toEqual([item.path, 200, [], 'OK:']);
		expect(item.pairedItem).toEqual({ item: 0 });
	}
	const summary = byPath(items)[V2_SUMMARY];
	expect(summary.expectedFound).toEqual(expect.arrayContaining(['judicial.casosCivilesActivos', 'boletinComercial.MontoSourceA']));
	expect(summary.unknownFields).toEqual([]);
	expect(byPath(items)[V1_SUMMARY].expectedFound).toEqual(expect.arrayContaining(['judicialSummary.civilActiveCases']));
	// The sandbox saw only GETs: nothing paid, nothing even asked.
	expect(sb.usage().paidLoads).toBe(0);
	expect(sb.requests.map((r) => r.method)).toEqual(items.map(() => 'GET'));
});

describe.each(['renamed', 'missing', 'wrongType'] as const)("the summaries' judicial section %s", (drift) => {
	test('the V2 and V1 summary items name the judicial keys they lack; the other reads stay OK', async () => {
		sb.configure({ answerDrift: drift });
		const { error, items } = await check(RUT);
		expect(error).toBeUndefined();
		const paths = byPath(items);
		const expected = {
			[V2_SUMMARY]: { missing: ['judicial.casosCivilesActivos', 'judicial.cobranzaActivos', 'judicial.laboralActivos'], renamed: 'judicial.civilesActivos' },
			[V1_SUMMARY]: { missing: ['judicialSummary.civilActiveCases', 'judicialSummary.cobranzaActiveCases', 'judicialSummary.laboralActiveCases'], renamed: 'judicialSummary.activeCivil' },
		};
		for (const [path, { missing, renamed }] of Object.entries(expected)) {
			const item = paths[path];
			expect(item.httpStatus).toBe(200);
			expect(item.expectedMissing).toEqual(expect.arrayContaining(missing));
			expect(item.verdict).toMatch(/^The answer lacks .*activeCivilCases.*Tell the package's maintainers\.$/);
			if (drift === 'renamed') {
				expect(item.unknownFields).toContain(renamed);
				expect(item.verdict).toContain(`it holds ${renamed}`);
			}
		}
		for (const item of items.filter((i) => i.path !== V2_SUMMARY && i.path !== V1_SUMMARY)) expect(String(item.verdict)).toMatch(/^OK:/);
		expect(sb.usage().paidLoads).toBe(0);
	});
});

test('a RUT with no civil case: its item says the list is empty, so no record could be checked', async () => {
	const { items } = await check(KNOWN_RUTS.clean);
	const civil = byPath(items)[`/api/clients/v2/helper/judicial/${KNOWN_RUTS.clean}/civil`];
	expect([civil.httpStatus, civil.expectedFound, civil.expectedMissing]).toEqual([200, [], []]);
	expect(civil.verdict).toMatch(/^OK: the list is empty/);
});

test('a RUT not loaded: the account reads are OK, each RUT read is its own item saying the RUT is not loaded, nothing is loaded', async () => {
	const { error, items } = await check('11111111-1');
	expect(error).toBeUndefined();
	expect(items).toHaveLength(10);
	const [usage, profiles, ...rutReads] = items;
	expect([usage.verdict, profiles.verdict]).toEqual([expect.stringMatching(/^OK:/), expect.stringMatching(/^OK:/)]);
	for (const item of rutReads) {
		expect(item.httpStatus).toBe(404);
		expect(item.verdict).toMatch(/RUT 11111111-1 is not loaded/);
	}
	expect(sb.usage().paidLoads).toBe(0);
});

test('its reads go through a transport that refuses a paid call before sending it, even when the run has no cap', async () => {
	const freeOnly = jest.spyOn(Transport.prototype, 'freeOnly');
	await check(RUT);
	expect(freeOnly).toHaveBeenCalled();
	freeOnly.mockRestore();

	const sent: string[] = [];
	const ctx = {
		getNode: () => ({ name: 'Risk Info', credentials: {} }),
		getCredentials: async () => ({ baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId }),
		helpers: { httpRequestWithAuthentication: async (_type: string, options: { url: string }) => void sent.push(options.url) },
	} as unknown as IExecuteFunctions;
	const free = new Transport(ctx, { ...RETRY_DEFAULTS }).freeOnly();
	await expect(free.request({ ...requestFor(V2.load), body: { rut: RUT } })).rejects.toThrow(PaidCapReached);
	expect(sent).toEqual([]);
	expect(sb.usage().paidLoads).toBe(0);
});

test('401 fails the operation with the credential error', async () => {
	const { error } = await check(RUT, { baseUrl: sb.url, accessToken: 'not-the-token', clientIdentifier: sb.clientId });
	expect(String(error?.message)).toMatch(/did not accept the credentials/);
});

describe('a service that echoes the token', () => {
	const TOKEN = 'tk/SECRET+4242=';
	let server: http.Server;
	let url = '';
	beforeAll(async () => {
		// Every read answers with the token as a key and a value; the V1 summary fails with it in its body.
		server = http.createServer((req, res) => {
			const failing = req.url?.includes('/summary');
			res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(failing ? { success: false, error: `bad token ${TOKEN}` } : { success: true, data: { [TOKEN]: TOKEN, judicial: { [TOKEN]: 1 } } }));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));

	test('no item carries it, the echoed key is shown redacted', async () => {
		const { error, items } = await check(RUT, { baseUrl: url, accessToken: TOKEN, clientIdentifier: 'c' });
		expect(error).toBeUndefined();
		const text = JSON.stringify(items);
		expect(text).not.toContain('SECRET');
		expect(byPath(items)[V2_SUMMARY].unknownFields).toEqual(expect.arrayContaining(['[redacted]', 'judicial.[redacted]']));
		expect(byPath(items)[V1_SUMMARY].httpStatus).toBe(500);
	});
});
