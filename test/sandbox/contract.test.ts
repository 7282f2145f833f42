/**
 * Contract: every answer and every delivery of the sandbox validates against the
 * zod schemas, and every path named in the spec's endpoint tables is routed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { KNOWN_NAMES, KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import * as S from '../../sandbox/schemas';
import * as A from '../../sandbox/schemas-addendum';
import * as O from '../../sandbox/schemas-sandbox';
import { call, EXT, mod11, startReceiver, V1, V2, type Answer, type CallOptions } from './helpers';

/** The addendum's contract of a list and the sandbox's exact choice for it, both at once. */
const list = (addendum: z.ZodTypeAny, sandbox: z.ZodTypeAny) => S.successOf(z.array(addendum).and(sandbox));

/**
 * Success schemas by method and path, written from the spec's tables and the addendum (the V2
 * "not shown" reads and the V1 lists' details: README choices).
 */
const ROUTES: [string, RegExp, z.ZodTypeAny][] = [
	['POST', /^\/api\/clients\/v2\/helper\/cargarRut$/, S.successOf(O.loadAcceptedV2)],
	['GET', /^\/api\/clients\/v2\/helper\/resumen$/, S.successOf(S.v2Summary)],
	['GET', /^\/api\/clients\/v2\/helper\/judicial\/[^/]+\/(civil|laboral|cobranza)$/, S.successOf(O.v2CaseList)],
	['GET', /^\/api\/clients\/v2\/helper\/cobranzaLaboral\/[^/]+\/moraPrevisional$/, S.successOf(O.v2MoraList)],
	['GET', /^\/api\/clients\/v2\/helper\/cobranzaLaboral\/[^/]+\/multaLaboral$/, S.successOf(O.v2FineList)],
	['GET', /^\/api\/clients\/v2\/creditScore\/[^/]+$/, S.successOf(O.v2CreditScore)],
	['GET', /^\/api\/clients\/v2\/helper\/legal\/[^/]+\/mallaSocietaria$/, S.successOf(O.v2Malla)],
	['POST', /^\/api\/clients\/v2\/webhook\/compliance\/cargarPerfil$/, S.successOf(O.complianceAccepted)],
	['GET', /^\/api\/clients\/v2\/helper\/compliance\/[^/]+$/, S.successOf(O.v2ComplianceRead)],
	['GET', /^\/api\/clients\/v2\/usage$/, S.successOf(A.usage)],
	['GET', /^\/api\/clients\/v2\/profiles$/, S.successOf(O.v2Profiles)],
	// The addendum's reads (A1, A2, A5); A2's entries are a sandbox choice the addendum leaves open.
	['GET', /^\/api\/clients\/v2\/helper\/boletin\/[^/]+\/boletinDicom$/, S.successOf(A.dicomCases)],
	['GET', /^\/api\/clients\/v2\/helper\/boletin\/[^/]+\/consultasDicom$/, S.successOf(O.v2DicomQueriesPage)],
	['GET', /^\/api\/clients\/v2\/helper\/cobranzaLaboral\/[^/]+\/infraccionesPrevisionales$/, S.successOf(A.pensionInfractionsPage)],
	['POST', /^\/api\/v1\/helper\/loadRut$/, S.successOf(O.loadAcceptedV1)],
	['GET', /^\/api\/v1\/helper\/[^/]+\/summary$/, S.successOf(S.v1SummaryComplete)],
	...(['v1', 'external/v1'] as const).flatMap((root): [string, RegExp, z.ZodTypeAny][] => {
		const exact = root === 'v1' ? O.v1ListsV1 : O.v1ListsExternal;
		const at = (read: string) => new RegExp(`^/api/${root}/helper/[^/]+/${read}$`);
		return [
			['GET', at('getCivilCases'), list(A.judicialEntry, exact.civil)],
			['GET', at('getCobranzaCases'), list(A.judicialEntry, exact.cobranza)],
			['GET', at('getLaboralCases'), list(A.laborCase, exact.laboral)],
			['GET', at('getMoraPrevisionalCases'), list(A.pensionArrear, exact.arrears)],
			['GET', at('getMultaLaboralCases'), list(A.laborFine, exact.fines)],
			['GET', at('getOfficialDiary'), list(A.officialDiaryEntry, exact.gazette)],
		];
	}),
	['GET', /^\/api\/v1\/integration\/helper\/judicial\/[^/]+$/, S.successOf(A.allJudicialCases.and(O.v1AllCases))],
	['GET', /^\/api\/v1\/helper\/[^/]+\/mallaSocietaria$/, S.successOf(O.v1Malla)],
	['GET', /^\/api\/(v1|external\/v1)\/notification\/creditScoring\/[^/]+\/getByRut$/, S.successOf(S.v1CreditScore)],
	['GET', /^\/api\/v1\/integration\/[^/]+\/downloadSummary$/, S.v1Download],
	['GET', /^\/api\/v1\/integration\/helper\/identification\/[^/]+$/, S.successOf(S.v1Identification)],
	['POST', /^\/api\/v1\/(webhook|integration\/compliance)\/loadProfile$/, S.successOf(O.complianceAccepted)],
];

function errorSchemaFor(p: string): z.ZodTypeAny {
	const v1 = (p.startsWith(`${V1}/`) || p.startsWith(`${EXT}/helper/`)) && !p.includes('/notification/creditScoring/');
	return v1 ? S.v1Error : S.v2Error;
}

function check(method: string, url: string, answer: Answer): string[] {
	const p = url.split('?')[0];
	if (answer.headers.get('content-type') === 'application/pdf') return answer.buffer.subarray(0, 5).toString('latin1') === '%PDF-' ? [] : ['not a PDF'];
	const route = ROUTES.find(([m, re]) => m === method && re.test(p));
	const schema = answer.status === 200 ? route?.[2] : errorSchemaFor(p);
	if (!schema) return [`no schema for ${method} ${p} ${answer.status}`];
	const result = schema.safeParse(answer.json);
	return result.success ? [] : result.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('every answer and delivery validates against the contract schemas', () => {
	let sb: Sandbox;
	let receiver: Awaited<ReturnType<typeof startReceiver>>;
	const answers: { method: string; url: string; answer: Answer }[] = [];
	const send = async (method: string, url: string, opts?: CallOptions) => {
		const answer = await call(sb, method, url, opts);
		answers.push({ method, url, answer });
		return answer;
	};

	const generic = [7_654_321, 23_456_789, 77_001_234, 96_543_210].map((b) => `${b}-${mod11(b)}`);
	const ruts = [...Object.values(KNOWN_RUTS), ...generic];

	beforeAll(async () => {
		receiver = await startReceiver();
		sb = await startSandbox({ complianceDelayMs: 10, webhook: { url: receiver.url, auth: { type: 'bearer', token: 'hook-secret' } } });
	});
	afterAll(async () => {
		await sb.close();
		await receiver.close();
	});

	test('reads of every endpoint, for known and seeded RUTs, with and without Bureau', async () => {
		for (const [i, rut] of ruts.entries()) {
			// Errors first: never loaded, then malformed.
			await send('GET', `${V2}/helper/resumen?rut=${rut}`);
			await send('GET', `${V1}/helper/${rut}/summary`);
			await send('GET', `${EXT}/notification/creditScoring/${rut}/getByRut`);
			await send('GET', `${V2}/helper/boletin/${rut}/boletinDicom`);
			await send('GET', `${V2}/helper/boletin/${rut}/consultasDicom?page=1`);
			await send('GET', `${V2}/helper/cobranzaLaboral/${rut}/infraccionesPrevisionales`);
			await send('GET', `${EXT}/helper/${rut}/getMultaLaboralCases`);
			await send('GET', `${V1}/integration/helper/judicial/${rut}`);
			const bureau = i % 2 === 0;
			const load = i % 3 === 0 ? await send('POST', `${V1}/helper/loadRut`, { body: { rut, includeBureau: bureau, isMonitoring: true } })
				: await send('POST', `${V2}/helper/cargarRut`, { body: { rut, includeBureau: bureau } });
			expect(load.status).toBe(200);
			const reads = [
				`${V2}/helper/resumen?rut=${rut}`, `${V2}/helper/judicial/${rut}/civil`, `${V2}/helper/judicial/${rut}/laboral`, `${V2}/helper/judicial/${rut}/cobranza`,
				`${V2}/helper/cobranzaLaboral/${rut}/moraPrevisional`, `${V2}/helper/cobranzaLaboral/${rut}/multaLaboral`, `${V2}/creditScore/${rut}`,
				`${V2}/helper/legal/${rut}/mallaSocietaria`, `${V2}/helper/compliance/${rut}`,
				`${V2}/helper/boletin/${rut}/boletinDicom`, `${V2}/helper/boletin/${rut}/consultasDicom`,
				`${V2}/helper/boletin/${rut}/consultasDicom?page=1`, `${V2}/helper/boletin/${rut}/consultasDicom?page=2`,
				`${V2}/helper/boletin/${rut}/consultasDicom?page=99`,
				`${V1}/helper/${rut}/summary`, `${V1}/helper/${rut}/summary?complete=true`, `${V1}/helper/${rut}/getCivilCases`, `${V1}/helper/${rut}/getLaboralCases`,
				`${V1}/helper/${rut}/getCobranzaCases`, `${V1}/helper/${rut}/getMoraPrevisionalCases`, `${V1}/helper/${rut}/getMultaLaboralCases`,
				`${V1}/helper/${rut}/getOfficialDiary`, `${V1}/helper/${rut}/mallaSocietaria`, `${V1}/notification/creditScoring/${rut}/getByRut`,
				`${EXT}/notification/creditScoring/${rut}/getByRut`, `${V1}/integration/${rut}/downloadSummary?format=json`, `${V1}/integration/${rut}/downloadSummary`,
				`${V1}/integration/helper/identification/${rut}`,
				`${V2}/helper/cobranzaLaboral/${rut}/infraccionesPrevisionales`, `${V2}/helper/cobranzaLaboral/${rut}/infraccionesPrevisionales?page=2`,
				`${V1}/integration/helper/judicial/${rut}`,
				...['getCivilCases', 'getLaboralCases', 'getCobranzaCases', 'getMoraPrevisionalCases', 'getMultaLaboralCases', 'getOfficialDiary'].map((read) => `${EXT}/helper/${rut}/${read}`),
			];
			for (const url of reads) expect([url, (await send('GET', url)).status]).toEqual([url, 200]);
		}
		await send('GET', `${V2}/helper/resumen?rut=12.345.678-5`);
		await send('GET', `${V1}/helper/12345678-9/summary`);
		await send('GET', `${V2}/helper/boletin/12345678-9/boletinDicom`);
		await send('GET', `${V2}/helper/boletin/${KNOWN_RUTS.indebted}/consultasDicom?page=0`);
		await send('GET', `${V2}/usage`);
	});

	test('compliance loads in both versions, their rejections, and the account views', async () => {
		const names = Object.values(KNOWN_NAMES);
		for (const [i, fullName] of names.entries()) {
			const url = [`${V2}/webhook/compliance/cargarPerfil`, `${V1}/webhook/loadProfile`, `${V1}/integration/compliance/loadProfile`][i];
			const body = { fullName, isMonitoring: i === 0, isJuridicalPerson: true, searchErrors: i };
			expect((await send('POST', url, { body })).status).toBe(200);
			// A FAILED search stops being active once processed, so only the others are sure to be duplicates here.
			if (fullName !== KNOWN_NAMES.failed) expect((await send('POST', url, { body })).status).toBe(409);
			expect((await send('POST', url, { body: { ...body, searchErrors: 3 } })).status).toBe(400);
			expect((await send('POST', url, { body, noAuth: true })).status).toBe(401);
		}
		await send('POST', `${V2}/webhook/compliance/cargarPerfil`, { body: { fullName: 'Maria Soto', isMonitoring: false, isJuridicalPerson: false, searchErrors: 1 } });
		await send('GET', `${V2}/profiles`);
		await send('GET', `${V2}/usage`);
		await Promise.all([1001, 1002, 1003, 1004].map((id) => sb.waitForDelivery(id)));
	});

	test('every answer recorded above matches its schema', () => {
		expect(answers.length).toBe(sb.requests.length);
		const failures = answers.flatMap(({ method, url, answer }) => check(method, url, answer).map((f) => `${method} ${url} ${answer.status}: ${f}`));
		expect(failures).toEqual([]);
	});

	test('every delivery, as recorded and as received (inflated), is a §6 event', () => {
		expect(sb.deliveries).toHaveLength(4);
		expect(receiver.received).toHaveLength(4);
		for (const d of sb.deliveries) expect(S.complianceEvent.safeParse(d.event).error?.issues ?? []).toEqual([]);
		for (const r of receiver.received) expect(S.complianceEvent.safeParse(r.event).error?.issues ?? []).toEqual([]);
		const kinds = receiver.received.map((r) => (S.failedEvent.safeParse(r.event).success ? 'failed' : S.noMatchEvent.safeParse(r.event).success ? 'nomatch' : 'success'));
		expect(new Set(kinds)).toEqual(new Set(['failed', 'nomatch', 'success']));
	});
});

describe('the schemas can fail', () => {
	test('a misspelt or missing-capital field is rejected', async () => {
		const sb = await startSandbox({ preloadedRuts: [KNOWN_RUTS.indebted] });
		try {
			const { json } = await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.indebted}`);
			expect(S.v2Summary.safeParse(json.data).success).toBe(true);
			const { MontoSourceA, ...rest } = json.data.boletinComercial;
			const renamed = { ...json.data, boletinComercial: { ...rest, montoSourceA: MontoSourceA } };
			expect(S.v2Summary.safeParse(renamed).success).toBe(false);
			expect(S.v2Summary.safeParse({ ...json.data, fechaCarga: '2025-01-31' }).success).toBe(false);
			expect(S.v2Summary.safeParse({ ...json.data, judicial: { ...json.data.judicial, posturasActivasPresentadasResumen: {} } }).success).toBe(false);
		} finally {
			await sb.close();
		}
	});
});

/** The endpoint tables of the spec itself, so a path typed wrongly here or in the sandbox cannot agree with itself. */
const SPEC = path.resolve(__dirname, '../../../shared/spec/interface-spec.md');
const specText = fs.existsSync(SPEC) ? fs.readFileSync(SPEC, 'utf8') : undefined;

function specEndpoints(text: string): { method: string; root: string; path: string }[] {
	const section = (title: string) => text.slice(text.indexOf(title), text.indexOf('\n### ', text.indexOf(title) + 5));
	const fromTable = (body: string, root: string) => body.split('\n').filter((l) => /^\| (GET|POST) \|/.test(l)).flatMap((line) => {
		const [, method, cell] = line.split('|').map((c) => c.trim());
		return (cell.match(/\/[A-Za-z{}/]+/g) ?? []).map((p) => ({ method, root, path: p.replace(/\/$/, '') + (cell.includes('?rut=') ? '?rut={rut}' : '') }));
	});
	const mapping = section('| V1 | V2 |').split('\n').filter((l) => /^\| (none|GET|POST)/.test(l)).flatMap((line) => {
		const [, v1, v2] = line.split('|').map((c) => c.trim());
		const one = (cell: string, root: string) => {
			const m = /^(GET|POST) (\S+)/.exec(cell);
			return m ? [{ method: m[1], root, path: m[2] }] : [];
		};
		return [...one(v1, V1), ...one(v2, V2)];
	});
	return [...fromTable(section('### 4.1'), V2), ...fromTable(section('### 4.2'), V1), ...mapping];
}

(specText ? describe : describe.skip)('every path in the spec is routed', () => {
	test('each endpoint of §4.1, §4.2 and the §9 mapping answers other than 404 once the RUT is loaded', async () => {
		const endpoints = specEndpoints(specText ?? '');
		const distinct = (root: string) => new Set(endpoints.filter((e) => e.root === root).map((e) => `${e.method} ${e.path}`)).size;
		// 13 V2 endpoints; 13 V1 endpoints plus the second name of the compliance load.
		expect(distinct(V2)).toBe(13);
		expect(distinct(V1)).toBe(14);
		const rut = KNOWN_RUTS.clean;
		const sb = await startSandbox({ preloadedRuts: [rut] });
		try {
			const unrouted: string[] = [];
			for (const e of endpoints) {
				const url = e.root + e.path.replace(/\{rut\}/g, rut);
				const answer = await call(sb, e.method, url, e.method === 'POST' ? { body: {} } : {});
				if (answer.status === 404) unrouted.push(`${e.method} ${url}`);
			}
			const credit = await call(sb, 'GET', `${EXT}/notification/creditScoring/${rut}/getByRut`);
			expect(unrouted).toEqual([]);
			expect(credit.status).toBe(200);
		} finally {
			await sb.close();
		}
	});
});
