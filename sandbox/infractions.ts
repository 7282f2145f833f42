/**
 * Pension-contribution infractions (addendum A5, beyond the interface spec): what an employer was
 * found to owe the pension institutions, page by page like the bulletin queries (A2). Seeded by
 * the RUT from a generator of their own, so the records the spec describes stay as they were; an
 * employer with no pension arrears in its facts has no infraction either.
 */
import { DATA_EPOCH, DAY_MS, slashDate, v2Stamp } from './dates';
import type { Facts } from './generate';
import { KNOWN_RUTS } from './known';
import { Rng } from './prng';
import { memo, ok, pageFrom, pageOf, readLoaded, rutFrom, type RouteContext } from './routes';
import * as W from './words';

/** The indebted RUT's infractions spread over 3 pages, the bankrupt one's over 2. */
const KNOWN_COUNTS: Record<string, number> = {
	[KNOWN_RUTS.indebted]: 23,
	[KNOWN_RUTS.bankrupt]: 12,
};

const INSTITUTIONS = [...W.PENSION_FUNDS, 'Instituto de Prevision Social', 'Fonasa', 'AFC Chile'] as const;
const KINDS = ['DECLARACIONES SIN PAGO', 'NO DECLARADAS NI PAGADAS', 'DECLARACION INCOMPLETA'] as const;

/** Newest first; `cotizacionesMorosas` is null where the institution gives no count. */
const infractionsOf = memo((f: Facts) => {
	const rng = new Rng(`riskinfo-infractions:${f.rut}`);
	const count = KNOWN_COUNTS[f.rut] ?? (f.mora.items.length > 0 ? rng.int(1, 15) : 0);
	const stamps = Array.from({ length: count }, () => DATA_EPOCH - rng.int(5, 1500) * DAY_MS).sort((a, b) => b - a);
	return stamps.map((stamp) => {
		const months = rng.int(1, 24);
		return {
			fecha: slashDate(stamp),
			nombreInstitucion: rng.pick(INSTITUTIONS),
			montoMorosidad: months * rng.int(20, 900) * 1000,
			mesesMorosidad: months,
			cotizacionesMorosas: rng.chance(0.3) ? null : months * rng.int(1, 12),
			numeroInfraccion: rng.pick(KINDS),
		};
	});
});

/** A5: GET /helper/cobranzaLaboral/{rut}/infraccionesPrevisionales?page=N */
export function infraccionesPrevisionales(ctx: RouteContext) {
	const rut = rutFrom(ctx.params[0]);
	const page = pageFrom(ctx.query.page);
	const { facts } = readLoaded(ctx, rut);
	return ok(pageOf(infractionsOf(facts, false), page, v2Stamp(facts.updated.labor)));
}
