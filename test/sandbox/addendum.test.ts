/**
 * Every read the service's public documentation adds (../shared/spec/addendum-public-docs.md) is
 * routed where the addendum writes it and answers its envelope for a loaded RUT: the paths are read
 * from the addendum's text, so a path typed wrongly in the sandbox cannot agree with itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, EXT, V1, V2 } from './helpers';

const ADDENDUM = path.resolve(__dirname, '../../../shared/spec/addendum-public-docs.md');
const addendum = fs.existsSync(ADDENDUM) ? fs.readFileSync(ADDENDUM, 'utf8') : undefined;
const ROOTS: Record<string, string> = { V2, V1 };

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: [KNOWN_RUTS.indebted] });
});
afterAll(() => sb.close());

(addendum ? describe : describe.skip)('the addendum\'s paths', () => {
	const text = addendum ?? '';

	test('the reads it gives under a version root (A1, A2, A5, A7) answer 200 and the envelope', async () => {
		const paths = [...text.matchAll(/`GET \{(V2|V1) root\}(\/[^`?]+)(\?page=N)?`/g)].map((m) => `${ROOTS[m[1]]}${m[2]}${m[3] ? '?page=1' : ''}`);
		expect(paths).toEqual([
			`${V2}/helper/boletin/{rut}/boletinDicom`,
			`${V2}/helper/boletin/{rut}/consultasDicom?page=1`,
			`${V2}/helper/cobranzaLaboral/{rut}/infraccionesPrevisionales?page=1`,
			`${V1}/integration/helper/judicial/{rut}`,
		]);
		for (const p of paths) {
			const answer = await call(sb, 'GET', p.replace('{rut}', KNOWN_RUTS.indebted));
			expect([p, answer.status, answer.json.success]).toEqual([p, 200, true]);
		}
	});

	test('the V1 list reads it shows (A6) answer a list in `data` under /api/v1 and /api/external/v1', async () => {
		const reads = [...text.matchAll(/`GET \/helper\/\{rut\}\/(\w+)`/g)].map((m) => m[1]);
		expect(reads).toEqual(['getLaboralCases', 'getMultaLaboralCases', 'getMoraPrevisionalCases', 'getOfficialDiary']);
		// The two it names without an example of their own.
		expect(text).toMatch(/`getCivilCases` and `getCobranzaCases`/);
		for (const read of [...reads, 'getCivilCases', 'getCobranzaCases']) {
			for (const root of [V1, EXT]) {
				const url = `${root}/helper/${KNOWN_RUTS.indebted}/${read}`;
				const answer = await call(sb, 'GET', url);
				expect([url, answer.status, answer.json.success, Array.isArray(answer.json.data)]).toEqual([url, 200, true, true]);
			}
		}
	});
});
