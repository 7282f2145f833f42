/**
 * The commercial bulletin's Dicom/Equifax reads, from the addendum (A1, A2) rather than the
 * interface spec: a RUT's cases with who looked it up, and that query history page by page.
 * Seeded by the RUT like every other record, from a generator of their own so the records the
 * spec describes stay exactly as they were.
 */
import { DATA_EPOCH, DAY_MS, v2Date, v2Stamp } from './dates';
import { BULLETIN_CASE_AMOUNT } from './changes';
import { companyName, type Facts } from './generate';
import { KNOWN_RUTS } from './known';
import { Rng } from './prng';
import { memo, ok, pageFrom, pageOf, readLoaded, rutFrom, type RouteContext } from './routes';
import * as W from './words';

/** How many times each known RUT was looked up: the indebted one spreads over 3 pages, the bankrupt one over 5. */
const KNOWN_QUERY_COUNTS: Record<string, number> = {
	[KNOWN_RUTS.clean]: 3,
	[KNOWN_RUTS.indebted]: 27,
	[KNOWN_RUTS.bankrupt]: 45,
};

const FIVE_YEARS_MS = 1826 * DAY_MS;

/** One bulletin case as A1 gives it; `cleared` is when a paid debt left the bulletin, null while unpaid. */
function dicomCase(rng: Rng, reported: number, amount: number, cleared: number | null) {
	const [debt, document, market, marketName] = rng.pick(W.DICOM_DEBTS);
	const visible = reported + rng.int(1, 10) * DAY_MS;
	return {
		fechaEquifax: v2Date(reported),
		montoImpago: amount,
		deudaActiva: cleared === null,
		nombreLibrador: rng.chance(0.5) ? rng.pick(W.BANKS).toUpperCase() : companyName(rng).toUpperCase(),
		tipoDeuda: debt,
		tipoDocumento: document,
		fechaJustificacion: v2Date(reported - rng.int(0, 60) * DAY_MS),
		descripcionJustificacion: debt === 'CH' ? 'FALTA DE FONDOS' : 'MOROSIDAD',
		fechaVisibilidad: v2Date(visible),
		fechaDesactivacion: cleared === null ? null : v2Date(Math.max(cleared, visible + DAY_MS)),
		numeroCheque: debt === 'CH' ? String(rng.int(1_000_000, 9_999_999)) : '',
		fechaExpiracion: v2Date(visible + FIVE_YEARS_MS),
		localidad: rng.pick(W.TOWNS),
		codigoMercado: market,
		descripcionMercado: marketName,
		codigoMoneda: '$',
		tipoMotivo: debt === 'CH' ? 'PROTESTO' : '',
		sortKey: reported,
	};
}

/**
 * The sandbox's Dicom is its SourceA (README): the unpaid cases (`deudaActiva` true) are the
 * summary's casosSourceA, their unpaid amounts add up to MontoSourceA, so an unpaid case listed is
 * one the summary counts. A RUT with bulletin debt also shows up to two older debts it paid, which
 * left the bulletin (`fechaDesactivacion`) and are counted nowhere.
 */
function dicomCases(f: Facts, rng: Rng) {
	// The cases a change added (changes.ts) are the newest; the RUT's own come from its seed.
	const added = f.bulletin.added ?? [];
	const count = f.bulletin.cases[0] - added.length;
	const total = f.bulletin.amounts[0] - added.length * BULLETIN_CASE_AMOUNT;
	const weights = Array.from({ length: count }, () => rng.int(1, 9));
	const weightSum = weights.reduce((a, b) => a + b, 0);
	let left = total;
	const unpaid = weights.map((weight, i) => {
		const amount = i === count - 1 ? left : Math.round((total * weight) / weightSum);
		left -= amount;
		return dicomCase(rng, DATA_EPOCH - rng.int(20, 1500) * DAY_MS, amount, null);
	});
	// From a generator of their own, so the unpaid cases and the query history stay as they were.
	const old = new Rng(`riskinfo-dicom-paid:${f.rut}`);
	const paid = Array.from({ length: count > 0 ? old.int(0, 2) : 0 }, () => {
		const reported = DATA_EPOCH - old.int(200, 1500) * DAY_MS;
		return dicomCase(old, reported, old.int(100, 5_000) * 1000, reported + old.int(30, 180) * DAY_MS);
	});
	const changed = added.map((at, n) => ({
		fechaEquifax: v2Date(at), montoImpago: BULLETIN_CASE_AMOUNT, deudaActiva: true, nombreLibrador: 'BANCO DEL SANDBOX', tipoDeuda: 'FA',
		tipoDocumento: 'FAC', fechaJustificacion: v2Date(at), descripcionJustificacion: 'MOROSIDAD', fechaVisibilidad: v2Date(at),
		fechaDesactivacion: null, numeroCheque: '', fechaExpiracion: v2Date(at + FIVE_YEARS_MS), localidad: 'SANTIAGO', codigoMercado: '01',
		descripcionMercado: 'COMERCIO', codigoMoneda: '$', tipoMotivo: '', sortKey: at + n,
	}));
	// Newest first, as a bulletin report lists them.
	return [...unpaid, ...paid, ...changed].sort((a, b) => b.sortKey - a.sortKey).map(({ sortKey: _, ...c }) => c);
}

/** Who looked the RUT up in the bulletin, newest first. */
function dicomQueries(f: Facts, rng: Rng) {
	const count = KNOWN_QUERY_COUNTS[f.rut] ?? rng.int(0, 24);
	const stamps = Array.from({ length: count }, () => DATA_EPOCH - rng.int(1, 700) * DAY_MS).sort((a, b) => b - a);
	return stamps.map((stamp) => ({
		consultadoPor: rng.chance(0.5) ? rng.pick(W.BANKS) : companyName(rng),
		consultadoA: 'IC',
		fecha: v2Date(stamp),
	}));
}

const dicomOf = memo((f: Facts) => {
	const rng = new Rng(`riskinfo-dicom:${f.rut}`);
	const casos = dicomCases(f, rng);
	return { casos, consultas: dicomQueries(f, rng) };
});

/** A1: GET /helper/boletin/{rut}/boletinDicom */
export function boletinDicom(ctx: RouteContext) {
	const { casos, consultas } = dicomOf(readLoaded(ctx, rutFrom(ctx.params[0])).facts, false);
	return ok({ cantidad: casos.length, casos, cantidadConsultas: consultas.length, consultas });
}

/** A2: GET /helper/boletin/{rut}/consultasDicom?page=N; no page is page 1, a page past the last is empty. */
export function consultasDicom(ctx: RouteContext) {
	const rut = rutFrom(ctx.params[0]);
	const page = pageFrom(ctx.query.page);
	const { facts } = readLoaded(ctx, rut);
	return ok(pageOf(dicomOf(facts, false).consultas, page, v2Stamp(facts.updated.bulletin)));
}
