// Account → Check Answers in n8n's own engine against the sandbox: one item per free read, each
// set against what the package expects. Normal answers are all OK; when the summaries' judicial
// section drifts (renamed, missing, another type) the V2 and V1 summary items name the judicial
// keys they lack and, renamed, the keys they hold instead; the bulletin under the sandbox's
// provider names or section name is mapped whole by the first item (docs/operations.md's worked
// example included; other spellings in check-answers-day-one.test.ts); each kind of item keeps its
// short keys first; a RUT not loaded gives clear items; nothing is ever paid; and a service that
// echoes the token gets it into no item.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PaidCapReached } from '../../nodes/shared/errors';
import { V2, requestFor } from '../../nodes/shared/service/endpoints';
import { RETRY_DEFAULTS, Transport } from '../../nodes/shared/transport';

import { KNOWN_RUTS } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { readDoc } from '../helpers/docs';
import { PROVIDER_KEY_NAMES } from '../helpers/key-names';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
afterEach(() => sb.configure({ answerDrift: undefined, answerDriftRuts: undefined }));

const RUT = KNOWN_RUTS.indebted;
const V2_SUMMARY = `/api/clients/v2/helper/resumen?rut=${RUT}`;
const V1_SUMMARY = `/api/v1/helper/${RUT}/summary`;

async function check(rut: string, access: Parameters<typeof runRiskInfo>[0]["access"] = { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId }) {
	const result = await runRiskInfo({
		parameters: { apiVersion: 'v2', resource: 'account', operation: 'checkAnswers', rut },
		inputs: [{}],
		access,
	});
	const all = (result.items['Risk Info'] ?? []).map((i): IDataObject => ({ ...(i.json as IDataObject), pairedItem: i.pairedItem as unknown as IDataObject }));
	// The first item totals the reads; one item per read follows.
	return { error: result.error, total: all[0], items: all.slice(1) };
}

const byPath = (items: IDataObject[]) => Object.fromEntries(items.map((i) => [i.path as string, i]));
const withKeyNames = (keyNames: Record<string, string>) => ({ baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId, answerKeyNames: JSON.stringify(keyNames) });

test('normal answers: a total saying all is OK, then one item per free read, each OK with its verdict and status first, paired to the input item, nothing paid', async () => {
	const { error, total, items } = await check(RUT);
	expect(error).toBeUndefined();
	expect([total.status, total.verdict, total.suggestedKeyNames]).toEqual(['ok', 'OK: all 10 reads carry what the package reads.', {}]);
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
		// What a user must see first, in Table view too: the verdict, then a short status.
		expect(Object.keys(item).slice(0, 2)).toEqual(['verdict', 'status']);
		expect([item.path, item.httpStatus, item.status, item.expectedMissing, String(item.verdict).slice(0, 3)]).toEqual([item.path, 200, 'ok', [], 'OK:']);
		expect(item.pairedItem).toEqual({ item: 0 });
	}
	const summary = byPath(items)[V2_SUMMARY];
	expect(summary.expectedFound).toEqual(expect.arrayContaining(['judicial.casosCivilesActivos', 'boletinComercial.MontoSourceA']));
	expect(summary.unknownFields).toEqual([]);
	expect(byPath(items)[V1_SUMMARY].expectedFound).toEqual(expect.arrayContaining(['judicialSummary.civilActiveCases']));
	// The credit score's weights are keys its reader reads: known, not "unknown".
	const score = byPath(items)[`/api/clients/v2/creditScore/${RUT}`];
	expect((score.unknownFields as string[]).filter((k) => k.startsWith('ponderacion') || k.startsWith('maxPonderacion'))).toEqual([]);
	// The sandbox saw only GETs: nothing paid, nothing even asked.
	expect(sb.usage().paidLoads).toBe(0);
	expect(sb.requests.map((r) => r.method)).toEqual(items.map(() => 'GET'));
});

test('keys a read has beside those the package reads are said to be harmless on an OK read', async () => {
	const { items } = await check(RUT);
	const harmless = items.filter((i) => (i.unknownFields as string[]).length);
	expect(harmless.length).toBeGreaterThan(0);
	for (const item of harmless) expect(item.verdict).toMatch(/^OK: .* It also has .*, which the package does not read: harmless\.$/);
});

describe.each(['renamed', 'missing', 'wrongType'] as const)("the summaries' judicial section %s", (drift) => {
	test('the V2 and V1 summary items name the judicial keys they lack and the fields not to base decisions on; the other reads stay OK; the total says how many differ', async () => {
		sb.configure({ answerDrift: drift });
		const { error, total, items } = await check(RUT);
		expect(error).toBeUndefined();
		const paths = byPath(items);
		const expected = {
			[V2_SUMMARY]: { missing: ['judicial.casosCivilesActivos', 'judicial.cobranzaActivos', 'judicial.laboralActivos'], renamed: { 'judicial.casosCivilesActivos': 'judicial.civilesActivos', 'judicial.cobranzaActivos': 'judicial.causasCobranzaActivas', 'judicial.laboralActivos': 'judicial.causasLaboralesActivas' } },
			[V1_SUMMARY]: { missing: ['judicialSummary.civilActiveCases', 'judicialSummary.cobranzaActiveCases', 'judicialSummary.laboralActiveCases'], renamed: { 'judicialSummary.civilActiveCases': 'judicialSummary.activeCivil', 'judicialSummary.laboralActiveCases': 'judicialSummary.activeLabor', 'judicialSummary.cobranzaActiveCases': 'judicialSummary.activeCollection' } },
		};
		for (const [path, { missing, renamed }] of Object.entries(expected)) {
			const item = paths[path];
			expect([item.httpStatus, item.status]).toEqual([200, 'differs']);
			expect(item.expectedMissing).toEqual(expect.arrayContaining(missing));
			expect(item.doNotUse).toEqual(expect.arrayContaining(['activeCivilCases', 'activeJudicialCases']));
			expect(item.verdict).toMatch(/^Differs: the answer lacks .*Do not base decisions on .*activeCivilCases/);
			// Renamed: each count has one key beside it that fits (the same words), ready to paste.
			if (drift === 'renamed') expect(item.suggestedKeyNames).toEqual(expect.objectContaining(renamed));
			else expect(item.suggestedKeyNames).toEqual({});
		}
		// "cobranza" is "collection": one word ("active") in common with three keys, so it is
		// decided only once civil and labor have taken theirs, by the check made again with them.
		if (drift === 'renamed') expect((paths[V1_SUMMARY].candidates as Record<string, string[]>)['judicialSummary.cobranzaActiveCases']).toContain('judicialSummary.activeCollection');
		for (const item of items.filter((i) => i.path !== V2_SUMMARY && i.path !== V1_SUMMARY)) expect(String(item.verdict)).toMatch(/^OK:/);
		expect(total.status).toBe('differs');
		expect(total.verdict).toMatch(/^8 of 10 reads are OK\. API version 2: 8 of 9 OK; Summary \(V2\) differs\. API version 1: Summary \(V1\) differs; this matters only if your workflows use version 1\./);
		expect(sb.usage().paidLoads).toBe(0);
	});
});

describe('the bulletin under the service\'s own names (the spec\'s first lines warn of them)', () => {
	test('the bulletin section under another name, no Bureau flag: the summaries lack it (never OK), and the renamed section is the one candidate, suggested', async () => {
		sb.configure({ answerDrift: 'bulletinRenamed' });
		const { total, items } = await check(RUT);
		const v2 = byPath(items)[V2_SUMMARY];
		expect(v2.status).toBe('differs');
		expect(v2.expectedMissing).toEqual(expect.arrayContaining(['boletinComercial.casosSourceA', 'boletinComercial.MontoSourceC', 'incluyeBureau']));
		expect(v2.doNotUse).toEqual(expect.arrayContaining(['bulletinCasesSourceA', 'bulletinAmountSourceC']));
		expect(v2.candidates).toEqual(expect.objectContaining({ boletinComercial: ['boletinComercialConsolidado'] }));
		expect(v2.suggestedKeyNames).toEqual({ boletinComercial: 'boletinComercialConsolidado' });
		expect(byPath(items)[V1_SUMMARY].suggestedKeyNames).toEqual({ boletinComercialSummary: 'commercialBulletinSummary' });
		// The total merges every read's suggestion, ready to paste into the credential.
		expect(total.suggestedKeyNames).toEqual({ boletinComercial: 'boletinComercialConsolidado', boletinComercialSummary: 'commercialBulletinSummary' });
		expect(total.verdict).toMatch(/Copy suggestedKeyNames below into the Risk Info API credential's Answer Key Names/);

		// Pasted: the same answers now read right.
		const mapped = await check(RUT, withKeyNames(total.suggestedKeyNames as Record<string, string>));
		expect(mapped.total.verdict).toBe('OK: all 10 reads carry what the package reads.');
		expect(byPath(mapped.items)[V2_SUMMARY].expectedFound).toEqual(expect.arrayContaining(['boletinComercial.casosSourceA']));
	});

	test('the sources and the Bureau flag under a provider\'s names: the first item\'s suggestedKeyNames is the whole mapping (the Bureau flag by its stem, SourceC by the empty figures without Bureau data, A and B by the answer\'s order, V1 as V2), said in howChosen; pasted once, OK', async () => {
		sb.configure({ answerDrift: 'providerNames' });
		const { total, items } = await check(RUT);
		const v2 = byPath(items)[V2_SUMMARY];
		expect(v2.status).toBe('differs');
		// Candidates are the keys of the same stem and type only: the counts for a count, never the amounts.
		expect((v2.candidates as Record<string, string[]>)['boletinComercial.casosSourceA']).toEqual(['boletinComercial.casosAlfa', 'boletinComercial.casosBeta', 'boletinComercial.casosGamma']);
		expect((v2.candidates as Record<string, string[]>)['boletinComercial.MontoSourceB']).toEqual(['boletinComercial.MontoAlfa', 'boletinComercial.MontoBeta', 'boletinComercial.MontoGamma']);
		// The whole mapping, V2 and V1, as a user writes it from the sandbox's table (test/helpers/key-names.ts).
		expect(total.suggestedKeyNames).toEqual(PROVIDER_KEY_NAMES);
		expect(total.keysToChoose).toEqual({});
		expect(total.howChosen).toEqual([
			expect.stringMatching(/^In boletinComercial, SourceC is Gamma: its figures are empty and the answer says the profile has no Bureau data/),
			"In boletinComercial, SourceA and SourceB are taken as Alfa and Beta in the answer's order: check them against the provider names in your contract.",
			'In boletinComercialSummary, SourceA is Alfa, SourceB is Beta and SourceC is Gamma, as in Summary (V2).',
		]);
		expect(total.verdict).toMatch(/Copy suggestedKeyNames below .* save, and run Check answers again\. howChosen says how keys were matched/);

		const mapped = await check(RUT, withKeyNames(total.suggestedKeyNames as Record<string, string>));
		expect(mapped.total.verdict).toBe('OK: all 10 reads carry what the package reads.');
	});
});

test('docs/operations.md\'s worked example holds: its step 1 is the first item against the sandbox\'s drift, and its mapping, pasted, gives the OK its step 3 promises', async () => {
	const doc = readDoc('docs/operations.md');
	const section = doc.slice(doc.indexOf('### A mismatch, from Check Answers to an `OK:`'));
	const mapping = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]) as Record<string, string>;
	const promised = /Run Check answers again: `(OK: [^`]*)`/.exec(section)![1];
	const said = /The first item says `([^`]*)…`/.exec(section)![1].replace(/\s*\n\s*/g, ' ');
	sb.configure({ answerDrift: 'providerNames' });
	const { total } = await check(RUT);
	expect(String(total.verdict).startsWith(said)).toBe(true);
	expect(total.suggestedKeyNames).toEqual(mapping);
	const mapped = await check(RUT, withKeyNames(mapping));
	expect(mapped.total.verdict).toBe(promised);
});

test('each kind of item puts its short keys first (Table view shows them in this order) and its lists and maps last', async () => {
	const SHORT_READ = ['verdict', 'status', 'read', 'path', 'httpStatus', 'suggestedKeyNames'];
	const LONG_READ = ['doNotUse', 'expectedMissing', 'unknownFields', 'expectedFound', 'candidates'];
	const FIRST = ['verdict', 'status', 'read', 'rut', 'suggestedKeyNames', 'howChosen', 'keysToChoose'];
	const keys = (item: IDataObject) => Object.keys(item).filter((k) => k !== 'pairedItem');
	const ok = await check(RUT);
	expect(keys(ok.total)).toEqual(FIRST);
	expect(keys(ok.items[0])).toEqual([...SHORT_READ, ...LONG_READ]);
	sb.configure({ answerDrift: 'providerNames' });
	const differs = await check(RUT);
	expect(keys(differs.total)).toEqual(FIRST);
	expect(keys(byPath(differs.items)[V2_SUMMARY])).toEqual([...SHORT_READ, ...LONG_READ]);
	sb.failNext(500, 1, { path: `/api/clients/v2/helper/compliance/${RUT}` });
	const failed = await check(RUT);
	expect(keys(byPath(failed.items)[`/api/clients/v2/helper/compliance/${RUT}`])).toEqual([...SHORT_READ, ...LONG_READ]);
	expect(keys(failed.total)).toEqual(FIRST);
});

test('a read the account may not make (403) is that read\'s item; the others are checked all the same', async () => {
	sb.failNext(403, 1, { path: `/api/clients/v2/helper/compliance/${RUT}` });
	const { error, total, items } = await check(RUT);
	expect(error).toBeUndefined();
	const compliance = byPath(items)[`/api/clients/v2/helper/compliance/${RUT}`];
	expect([compliance.status, compliance.httpStatus]).toEqual(['failed', 403]);
	expect(compliance.verdict).toMatch(/^Not read: This account lacks permission.*The other reads are checked all the same\.$/);
	expect(items.filter((i) => i.status === 'ok')).toHaveLength(9);
	expect(total.status).toBe('failed');
	expect(total.verdict).toMatch(/^9 of 10 reads are OK\. 1 read could not be made \(Compliance\)/);
});

test('a RUT with no civil case: its item says the list is empty, so no record could be checked', async () => {
	const { items } = await check(KNOWN_RUTS.clean);
	const civil = byPath(items)[`/api/clients/v2/helper/judicial/${KNOWN_RUTS.clean}/civil`];
	expect([civil.httpStatus, civil.expectedFound, civil.expectedMissing]).toEqual([200, [], []]);
	expect(civil.verdict).toMatch(/^OK: the list is empty/);
});

test('a RUT not loaded: the total says once to pick a loaded RUT; each RUT read is its own item pointing there; nothing is loaded', async () => {
	const { error, total, items } = await check('11111111-1');
	expect(error).toBeUndefined();
	expect(items).toHaveLength(10);
	const [usage, profiles, ...rutReads] = items;
	expect([usage.verdict, profiles.verdict]).toEqual([expect.stringMatching(/^OK:/), expect.stringMatching(/^OK:/)]);
	for (const item of rutReads) {
		expect([item.httpStatus, item.status]).toEqual([404, 'failed']);
		expect(item.verdict).toBe('Not read: RUT 11111111-1 is not loaded in this account (see the first item).');
	}
	expect(total.verdict).toMatch(/RUT 11111111-1 is not loaded in this account, so its reads could not be checked: pick a loaded RUT \(RUT → From List\)/);
	// Check Answers has no Load RUT If Not Loaded: nothing advises it.
	expect(JSON.stringify([total, ...items])).not.toMatch(/Load RUT If Not Loaded/);
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
			res.writeHead(failing ? 500 : req.url?.endsWith('/usage') ? 203 : 200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(failing ? { success: false, error: `bad token ${TOKEN}` } : { success: true, data: { [TOKEN]: TOKEN, judicial: { [TOKEN]: 1 } } }));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));

	test('no item carries it, the echoed key is shown redacted; httpStatus is what the service answered', async () => {
		const { error, total, items } = await check(RUT, { baseUrl: url, accessToken: TOKEN, clientIdentifier: 'c' });
		expect(error).toBeUndefined();
		const text = JSON.stringify([total, ...items]);
		expect(text).not.toContain('SECRET');
		expect(byPath(items)[V2_SUMMARY].unknownFields).toEqual(expect.arrayContaining(['[redacted]', 'judicial.[redacted]']));
		expect(byPath(items)[V1_SUMMARY].httpStatus).toBe(500);
		expect(byPath(items)['/api/clients/v2/usage'].httpStatus).toBe(203);
	});
});
