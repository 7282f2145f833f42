// Day one with a real service (issue 67): the service will not use the sandbox's words, so here a
// proxy in front of the sandbox writes its two summaries' commercial bulletin under spellings the
// sandbox never uses: other provider words, other orders, a renamed section, a Bureau flag with
// none of the spec's stem. For each, Check answers' first item is taken as it comes and its
// suggestedKeyNames pasted once into the credential: the next run says OK, and Simplify (V2 and
// V1) gives the record the sandbox's own answer gives, so every key went where it belongs. Where
// the answer cannot decide, the first item lists every key to choose, each with the keys of its
// own stem and type alone.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { KNOWN_RUTS } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
afterEach(() => sb.configure({ answerDrift: undefined, answerDriftRuts: undefined }));

const RUT = KNOWN_RUTS.indebted;
const SOURCES = ['SourceA', 'SourceB', 'SourceC'] as const;

interface Spelling {
	/** The service's word for SourceA, B and C. */
	words: [string, string, string];
	/** The order the sources' keys are written in (indexes into SOURCES). */
	order: number[];
	/** The bulletin section's name, V2 and V1 (the spec's when absent). */
	section?: { v2: string; v1: string };
	/** The Bureau flag's name (V2; the spec's when absent). */
	flag?: string;
	/** Lower-case amounts' stem ("montoX"), which the V2 reader also reads. */
	lowerAmounts?: boolean;
	/** Keys added to each stem of the section: another provider, or a value of another type. */
	extra?: Record<string, unknown>;
}

/** The section's keys under the spelling's words and order; the rest of it as it was. */
function respelled(section: Record<string, unknown>, s: Spelling): Record<string, unknown> {
	const stems = [...new Set(Object.keys(section).filter((k) => /Source[ABC]$/.test(k)).map((k) => k.replace(/Source[ABC]$/, '')))];
	const out: Record<string, unknown> = {};
	for (const i of s.order) {
		for (const stem of stems) out[`${s.lowerAmounts && stem === 'Monto' ? 'monto' : stem}${s.words[i]}`] = section[`${stem}${SOURCES[i]}`];
	}
	for (const [k, v] of Object.entries(section)) if (!/Source[ABC]$/.test(k)) out[k] = k === 'variation' ? respelled(v as Record<string, unknown>, s) : v;
	return { ...out, ...s.extra };
}

function respell(data: Record<string, unknown>, version: 'v2' | 'v1', s: Spelling): Record<string, unknown> {
	const key = version === 'v2' ? 'boletinComercial' : 'boletinComercialSummary';
	const { [key]: bulletin, incluyeBureau, ...rest } = data;
	const flag = version === 'v2' ? { [s.flag ?? 'incluyeBureau']: incluyeBureau } : {};
	return { ...rest, [s.section?.[version] ?? key]: respelled(bulletin as Record<string, unknown>, s), ...flag };
}

let spelling: Spelling | undefined;
let proxy: http.Server;
let url = '';
beforeAll(async () => {
	// Passes every request to the sandbox and respells the summaries' answers.
	proxy = http.createServer((req, res) => {
		void (async () => {
			const headers = { authorization: String(req.headers.authorization), 'x-client-identifier': String(req.headers['x-client-identifier']) };
			const upstream = await fetch(`${sb.url}${req.url}`, { method: req.method, headers });
			let body = await upstream.text();
			const version = req.url?.includes('/resumen') ? 'v2' : req.url?.endsWith('/summary') ? 'v1' : undefined;
			if (spelling && version && upstream.status === 200) {
				const answer = JSON.parse(body) as { data: Record<string, unknown> };
				body = JSON.stringify({ ...answer, data: respell(answer.data, version, spelling) });
			}
			res.writeHead(upstream.status, { 'content-type': 'application/json' });
			res.end(body);
		})();
	});
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => await new Promise((resolve) => proxy.close(resolve)));

const access = (keyNames?: object) => ({ baseUrl: url, accessToken: sb.token, clientIdentifier: sb.clientId, ...(keyNames ? { answerKeyNames: JSON.stringify(keyNames) } : {}) });

async function firstItem(keyNames?: object): Promise<IDataObject> {
	const result = await runRiskInfo({ parameters: { apiVersion: 'v2', resource: 'account', operation: 'checkAnswers', rut: RUT }, inputs: [{}], access: access(keyNames) });
	expect(result.error).toBeUndefined();
	return result.items['Risk Info'][0].json as IDataObject;
}

async function record(version: 'v2' | 'v1', keyNames?: object): Promise<IDataObject> {
	const result = await runRiskInfo({
		parameters: { apiVersion: version, resource: version === 'v2' ? 'rut' : 'v1Rut', operation: 'getSummary', rut: RUT, simplify: true },
		inputs: [{}],
		access: access(keyNames),
	});
	return result.items['Risk Info'][0].json as IDataObject;
}

const SPELLINGS: Array<[string, Spelling, RegExp[]]> = [
	[
		'other provider words, SourceC written first, lower-case amounts, a Bureau flag of another stem',
		{ words: ['Norte', 'Sur', 'Centro'], order: [2, 0, 1], flag: 'tieneBuroExterno', lowerAmounts: true },
		[/In boletinComercial, SourceC is Centro: its figures are empty/, /SourceA and SourceB are taken as Norte and Sur in the answer's order/, /In boletinComercialSummary, .*as in Summary \(V2\)/],
	],
	[
		'the section renamed, its sources under other words',
		{ words: ['Uno', 'Dos', 'Tres'], order: [0, 1, 2], section: { v2: 'boletinComercialResumen', v1: 'bulletinSummary' } },
		[/SourceC is Tres/, /SourceA and SourceB are taken as Uno and Dos in the answer's order/],
	],
];

describe.each(SPELLINGS)('%s', (_, s, how) => {
	test('the first item\'s suggestedKeyNames, pasted once, gives OK, and Simplify V2 and V1 the sandbox\'s own record', async () => {
		spelling = undefined;
		const normal = { v2: await record('v2'), v1: await record('v1') };
		spelling = s;
		try {
			const first = await firstItem();
			expect(first.status).toBe('differs');
			expect(first.keysToChoose).toEqual({});
			for (const pattern of how) expect(first.howChosen).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
			const pasted = first.suggestedKeyNames as Record<string, string>;
			if (s.section) expect(pasted).toEqual(expect.objectContaining({ boletinComercial: s.section.v2, boletinComercialSummary: s.section.v1 }));
			expect((await firstItem(pasted)).verdict).toBe('OK: all 10 reads carry what the package reads.');
			for (const version of ['v2', 'v1'] as const) {
				const mapped = await record(version, pasted);
				expect([version, mapped]).toEqual([version, normal[version]]);
			}
		} finally {
			spelling = undefined;
		}
	});
});

test('four words where three sources are read: every bulletin key needs a choice, listed in the first item with the keys of its own stem and type alone', async () => {
	spelling = { words: ['Norte', 'Sur', 'Centro'], order: [0, 1, 2], extra: { casosOeste: 2, MontoOeste: 100, casosNota: 'texto' } };
	try {
		const first = await firstItem();
		const choose = first.keysToChoose as Record<string, string[]>;
		expect(Object.keys(choose).sort()).toEqual(['boletinComercial.MontoSourceA', 'boletinComercial.MontoSourceB', 'boletinComercial.MontoSourceC', 'boletinComercial.casosSourceA', 'boletinComercial.casosSourceB', 'boletinComercial.casosSourceC']);
		expect(choose['boletinComercial.casosSourceB']).toEqual(['boletinComercial.casosNorte', 'boletinComercial.casosSur', 'boletinComercial.casosCentro', 'boletinComercial.casosOeste']);
		expect(choose['boletinComercial.MontoSourceA']).toEqual(['boletinComercial.MontoNorte', 'boletinComercial.MontoSur', 'boletinComercial.MontoCentro', 'boletinComercial.MontoOeste']);
		expect(first.verdict).toMatch(/6 keys need a choice the answers cannot make: keysToChoose lists them all with their candidates/);
		// What the shape does decide is still suggested: V1's three words, in its answer's order.
		expect(first.suggestedKeyNames).toEqual(expect.objectContaining({ 'boletinComercialSummary.casesSourceA': 'boletinComercialSummary.casesNorte', 'boletinComercialSummary.amountSourceC': 'boletinComercialSummary.amountCentro' }));
		expect(first.suggestedKeyNames).not.toHaveProperty(['boletinComercial.casosSourceA']);
	} finally {
		spelling = undefined;
	}
});
