/**
 * The V2 credit score (GET /creditScore/{rut}, free; answer not shown in the spec): its label,
 * percentage and period, and each data source's weight, read defensively under a few spellings.
 */
import { V2 } from './endpoints';
import type { Read } from './keyNames';
import { key, optional, valueOf, type KeyTable } from './keys';
import { line, num, obj } from './values';

const SCORE = {
	label: key('label', 'text', 'etiquetaClasificacion'),
	percentage: key('percentage', 'number', 'porcentajeClasificacion'),
	period: key('period', 'text', 'periodo'),
};

/** Each data source's weight in the score and its maximum; a source the score leaves out is left out. */
const WEIGHTS = [
	{ source: 'financial', weight: optional('weights', 'number', 'ponderacionFinanciero', 'ponderacionFinanzas'), max: optional('weights', 'number', 'maxPonderacionFinanciero', 'maxPonderacionFinanzas') },
	{ source: 'judicial', weight: optional('weights', 'number', 'ponderacionJudicial'), max: optional('weights', 'number', 'maxPonderacionJudicial') },
	{ source: 'labor collection', weight: optional('weights', 'number', 'ponderacionCobranzaLaboral'), max: optional('weights', 'number', 'maxPonderacionCobranzaLaboral') },
	{ source: 'commercial bulletin', weight: optional('weights', 'number', 'ponderacionBoletin', 'ponderacionBoletinComercial'), max: optional('weights', 'number', 'maxPonderacionBoletin', 'maxPonderacionBoletinComercial') },
];

/**
 * What the reader reads.
 * @internal
 */
export const CREDIT_SCORE_KEYS: KeyTable = { keys: [...Object.values(SCORE), ...WEIGHTS.flatMap((w) => [w.weight, w.max])] };

/** The credit score: its label, percentage and period, and the weight of each data source that has one. */
export function creditScore(data: unknown) {
	const record = obj(data);
	return {
		label: line(valueOf(record, SCORE.label)),
		percentage: num(valueOf(record, SCORE.percentage)),
		period: line(valueOf(record, SCORE.period)),
		weights: WEIGHTS.map((w) => ({ source: w.source, weight: num(valueOf(record, w.weight)), max: num(valueOf(record, w.max)) })).filter((w) => w.weight !== null),
	};
}

export const CREDIT_SCORE: Read<ReturnType<typeof creditScore>> = { name: 'Credit score', endpoint: V2.creditScore, keys: CREDIT_SCORE_KEYS, read: creditScore };
