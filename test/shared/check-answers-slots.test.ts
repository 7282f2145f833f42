// Check Answers on the bulletin's sources and the Bureau flag under the service's own words
// (issue 71: verdicts only some cases reach), on the sandbox's V2 summary (a profile without Bureau
// data: SourceC's figures null), fetched over HTTP and respelled here: SourceC is the one word whose
// figures are all empty only when exactly one is; a key that is the stem alone is no source; the
// Bureau flag is suggested only when one key can be it, a null never counting as one.
import { checkSummary } from '../../nodes/shared/service/answers';
import { SUMMARY_V2_KEYS, readApiV2 } from '../../nodes/shared/service/summaryV2';

import { KNOWN_RUTS } from '../../sandbox';
import { rawGet } from '../action/context';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
const RUT = KNOWN_RUTS.indebted;
type Data = Record<string, any>;

let data: Data;
beforeAll(async () => {
	data = (await rawGet(sb, `/api/clients/v2/helper/resumen?rut=${RUT}`)).body.data as Data;
	expect([data.incluyeBureau, data.boletinComercial.casosSourceC, data.boletinComercial.MontoSourceA]).toEqual([false, null, expect.any(Number)]);
});

/** The answer with the bulletin's sources under `words` (for A, B, C, in that order) and `extra` keys in it; the Bureau flag renamed when `flag` is given. */
function respelled(words: [string, string, string], extra: Data = {}, flag?: string, top: Data = {}): Data {
	const { boletinComercial: b, incluyeBureau, ...rest } = structuredClone(data);
	const bulletin: Data = { variacion: b.variacion, ultimaActualizacion: b.ultimaActualizacion, ...extra };
	['A', 'B', 'C'].forEach((s, i) => Object.assign(bulletin, { [`casos${words[i]}`]: b[`casosSource${s}`], [`Monto${words[i]}`]: b[`MontoSource${s}`] }));
	return { ...rest, boletinComercial: bulletin, [flag ?? 'incluyeBureau']: incluyeBureau, ...top };
}
const check = (answer: Data) => checkSummary(answer, readApiV2(answer, RUT), SUMMARY_V2_KEYS);
const mapping = (a: string, b: string, c: string) => ({
	'boletinComercial.casosSourceA': `boletinComercial.casos${a}`, 'boletinComercial.MontoSourceA': `boletinComercial.Monto${a}`,
	'boletinComercial.casosSourceB': `boletinComercial.casos${b}`, 'boletinComercial.MontoSourceB': `boletinComercial.Monto${b}`,
	'boletinComercial.casosSourceC': `boletinComercial.casos${c}`, 'boletinComercial.MontoSourceC': `boletinComercial.Monto${c}`,
});

test('SourceC is the one word whose figures are all empty, written anywhere; the others in the answer\'s order; keys that are the stem alone are no source', () => {
	const c = check(respelled(['Norte', 'Sur', 'Gama'], { casos: 9, Monto: 9 }));
	expect(c.suggestedKeyNames).toEqual(mapping('Norte', 'Sur', 'Gama'));
	expect(c.verdict).toContain("Copy the first item's suggestedKeyNames");
});

test('two words with empty figures: SourceC is not guessed from them; all three taken in the answer\'s order, and said so', () => {
	const answer = respelled(['Norte', 'Sur', 'Gama']);
	answer.boletinComercial.casosSur = null;
	answer.boletinComercial.MontoSur = null;
	const c = check(answer);
	expect(c.suggestedKeyNames).toEqual(mapping('Norte', 'Sur', 'Gama'));
	expect(c.how).toEqual(["In boletinComercial, SourceA, SourceB and SourceC are taken as Norte, Sur and Gama in the answer's order: check them against the provider names in your contract."]);
});

test('the Bureau flag renamed with no stem of its own: the one true-or-false key beside it is suggested, a null key beside it never counting', () => {
	const c = check(respelled(['Norte', 'Sur', 'Gama'], {}, 'conBuro', { sinDato: null }));
	expect(c.suggestedKeyNames).toEqual({ ...mapping('Norte', 'Sur', 'Gama'), incluyeBureau: 'conBuro' });
});

test('two true-or-false keys that could be the Bureau flag: none suggested, both left to choose; with no flag, empty figures decide nothing', () => {
	const answer = respelled(['Norte', 'Sur', 'Gama'], {}, 'conBuro', { esPyme: true });
	// SourceC's empty figures written first: without a Bureau flag to go by, the answer's order decides.
	const { casosGama, MontoGama, ...others } = answer.boletinComercial;
	answer.boletinComercial = { casosGama, MontoGama, ...others };
	const c = check(answer);
	expect(c.suggestedKeyNames).toEqual(mapping('Gama', 'Norte', 'Sur'));
	expect(c.how).toEqual(["In boletinComercial, SourceA, SourceB and SourceC are taken as Gama, Norte and Sur in the answer's order: check them against the provider names in your contract."]);
	expect(c.candidates.incluyeBureau).toEqual(['conBuro', 'esPyme']);
	expect(c.verdict).toContain('For incluyeBureau, more than one key might be it: the first item lists it in keysToChoose');
});
