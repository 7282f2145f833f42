// The English meaning shown beside each of the service's Spanish words (issue 71: LET's and PAG's
// meanings swapped went unseen, only FAC's was checked). Every word the package explains is
// checked here, each against what the Spanish says, written from the words themselves, not from
// the package's table: the spec (§2.2 creditScoring.etiquetaClasificacion, identificacion.
// situacionActual) and addendum A1 (tipoDocumento, a code) give the values, Chilean usage their
// meaning: FAC a factura, LET a letra de cambio, PAG a pagaré, CHQ a cheque.
import { meaningOf, withMeaning } from '../../nodes/shared/service/values';

const WORDS: Array<[string, string, string]> = [
	// [as the service writes it, the Spanish in full, its meaning in English]
	['FAC', 'factura', 'invoice'],
	['LET', 'letra de cambio', 'bill of exchange'],
	['PAG', 'pagaré', 'promissory note'],
	['CHQ', 'cheque', 'cheque'],
	['Riesgo bajo', 'riesgo bajo', 'low risk'],
	['Riesgo medio', 'riesgo medio', 'medium risk'],
	['Riesgo alto', 'riesgo alto', 'high risk'],
	['Contribuyente activo', 'contribuyente activo', 'active taxpayer'],
	['En Liquidación', 'en liquidación', 'in liquidation'],
	['RUT cargado correctamente', 'RUT cargado correctamente', 'RUT loaded successfully'],
];

test.each(WORDS)('%s (%s) means %s, shown beside the service\'s own word', (word, _spanish, meaning) => {
	expect(meaningOf(word)).toBe(meaning);
	expect(withMeaning(word)).toBe(`${word} (${meaning})`);
});

test('no two words share a meaning: each of the ten is told apart', () => {
	expect(new Set(WORDS.map(([word]) => meaningOf(word))).size).toBe(WORDS.length);
});

test('the word is found however the service writes it: case, accents and spaces aside', () => {
	for (const word of ['fac', ' let ', 'Pag', 'RIESGO  ALTO', 'en liquidacion', 'EN LIQUIDACIÓN', 'contribuyente\tactivo']) expect(meaningOf(word)).not.toBeNull();
	expect(withMeaning('EN LIQUIDACIÓN')).toBe('EN LIQUIDACIÓN (in liquidation)');
});

test('a word the package does not explain is shown as the service wrote it, with no meaning', () => {
	for (const word of ['BOL', 'Riesgo', 'factura', '', 'Riesgo muy alto']) {
		expect(meaningOf(word)).toBeNull();
		expect(withMeaning(word)).toBe(word);
	}
	for (const value of [null, undefined, 3, { fac: 'x' }, ['FAC']]) expect(meaningOf(value)).toBeNull();
});
