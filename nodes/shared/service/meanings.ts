/**
 * The service's own Spanish words that reach users, with their English meaning. Outputs keep the
 * service's value (users match it with the service's web platform and documents) and show the
 * meaning beside it: "Riesgo bajo (low risk)", "FAC (invoice)". A value not listed here is shown
 * as the service wrote it. One table, read by the Monitor's lines and evidence and the action
 * node's outputs.
 */
const MEANINGS: Record<string, string> = {
	// Credit classification labels (the credit score's etiquetaClasificacion).
	'riesgo bajo': 'low risk',
	'riesgo medio': 'medium risk',
	'riesgo alto': 'high risk',
	// The tax authority's current situation of the taxpayer (situacionActual).
	'contribuyente activo': 'active taxpayer',
	'en liquidacion': 'in liquidation',
	// Commercial-bulletin document kinds (tipoDocumento, addendum A1).
	fac: 'invoice',
	let: 'bill of exchange',
	pag: 'promissory note',
	chq: 'cheque',
	// The answer to a RUT load.
	'rut cargado correctamente': 'RUT loaded successfully',
};

/** Lower case, accents and repeated spaces taken out: "En Liquidación" finds "en liquidacion". */
const key = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The English meaning of one of the service's values, or null when the table does not list it. */
export function meaningOf(value: unknown): string | null {
	return typeof value === 'string' ? (MEANINGS[key(value)] ?? null) : null;
}

/** The service's value with its English meaning beside it, e.g. "Riesgo bajo (low risk)"; other values as they are. */
export function withMeaning(value: string): string {
	const meaning = meaningOf(value);
	return meaning === null ? value : `${value} (${meaning})`;
}
