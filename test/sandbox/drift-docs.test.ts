// docs/sandbox.md names every drift the sandbox has and, for the provider names, which word stands
// for SourceA, B and C. The drifts are read from the sandbox's own list (ANSWER_DRIFTS, what
// checkDrift accepts) and the provider words from what its providerNames answers really carry, so
// a drift or a word added to the sandbox without its line in the docs fails here.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { ANSWER_DRIFTS } from '../../sandbox/drift';
import { call, V1, V2 } from './helpers';

const doc = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'sandbox.md'), 'utf8');
/** The section of docs/sandbox.md on drifts, up to the next section. */
const section = /^## Answers that drift from the spec\n([\s\S]*?)(?=^## )/m.exec(doc)?.[1] ?? '';
/** The first cell of each table row of the section, without its backquotes. */
const firstCells = section.split('\n').flatMap((line) => /^\| `([^`]+)` \|/.exec(line)?.[1] ?? []);

test('the section on drifts exists and has a table row for every drift the sandbox accepts', () => {
	expect(section).not.toBe('');
	expect(ANSWER_DRIFTS.length).toBeGreaterThanOrEqual(5);
	for (const drift of ANSWER_DRIFTS) expect([drift, firstCells.includes(drift)]).toEqual([drift, true]);
});

test('names no drift the sandbox does not have (a row whose first cell is a drift\'s name, in the drift table)', () => {
	const table = section.slice(section.indexOf('| Drift |'));
	const rows = table.slice(0, table.indexOf('\n\n')).split('\n').flatMap((line) => /^\| `([^`]+)` \|/.exec(line)?.[1] ?? []);
	expect(rows.sort()).toEqual([...ANSWER_DRIFTS].sort());
});

describe("the provider words, as the sandbox's providerNames answers carry them", () => {
	let sb: Sandbox;
	const RUT = KNOWN_RUTS.indebted;
	beforeAll(async () => {
		sb = await startSandbox({ preloadedRuts: [RUT] });
	});
	afterAll(async () => await sb.close());

	/** The keys of a record whose values follow one another in the same order, normal → drifted. */
	const renamedKeys = (normal: Record<string, unknown>, drifted: Record<string, unknown>) => {
		const [before, after] = [Object.keys(normal), Object.keys(drifted)];
		expect(after).toHaveLength(before.length);
		return before.map((key, i) => [key, after[i]] as const).filter(([a, b]) => a !== b);
	};

	/** Each spec word (SourceA…, Bureau) and the word the drifted answer puts in its place. */
	async function providerWords(): Promise<Map<string, string>> {
		const read = async () => ({
			v2: (await call(sb, 'GET', `${V2}/helper/resumen?rut=${RUT}`)).json.data,
			v1: (await call(sb, 'GET', `${V1}/helper/${RUT}/summary`)).json.data,
		});
		sb.configure({ answerDrift: undefined });
		const normal = await read();
		sb.configure({ answerDrift: 'providerNames' });
		const drifted = await read();
		sb.configure({ answerDrift: undefined });
		const pairs = [
			...renamedKeys(normal.v2.boletinComercial, drifted.v2.boletinComercial),
			...renamedKeys(normal.v1.boletinComercialSummary, drifted.v1.boletinComercialSummary),
			['incluyeBureau', Object.keys(drifted.v2).find((k) => !(k in normal.v2))!] as const,
		];
		const words = new Map<string, string>();
		for (const [spec, provider] of pairs) {
			// The spec's neutral word ends the key; the drifted key keeps what comes before it (casos, Monto, cases, incluye).
			const specWord = /(Source[ABC]|Bureau)$/.exec(spec)?.[1] ?? spec;
			const stem = spec.slice(0, spec.length - specWord.length);
			expect(provider.startsWith(stem)).toBe(true);
			const providerWord = provider.slice(stem.length);
			expect(words.get(specWord) ?? providerWord).toBe(providerWord);
			words.set(specWord, providerWord);
		}
		return words;
	}

	test('each spec word and its provider word are one row of the docs\' table, and every one is there', async () => {
		const words = await providerWords();
		expect([...words.keys()].sort()).toEqual(['Bureau', 'SourceA', 'SourceB', 'SourceC']);
		for (const [spec, provider] of words) expect([spec, section]).toEqual([spec, expect.stringContaining(`| \`${provider}\` | \`${spec}\` |`)]);
	});
});
