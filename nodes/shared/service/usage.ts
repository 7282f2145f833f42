/**
 * The account's usage (GET /usage, free; addendum A4) in plain names: the plan's figures the
 * cost guard counts against (transport/plan.ts) and the credential's Test reports, and the rest
 * of Get Usage's simplified record. Dates stay as the service writes them.
 */
import { num, obj, str } from './values';

/** The plan's figures in plain names; null where the answer does not say. */
export interface PlanFigures {
	[key: string]: number | null;
	paidLookupsContracted: number | null;
	paidLookupsUsed: number | null;
	/** Contracted less used, never below 0. */
	paidLookupsRemaining: number | null;
	monitoringPlacesContracted: number | null;
	monitoringPlacesUsed: number | null;
	/** Places in use beyond the plan. */
	monitoringPlacesOverPlan: number | null;
}

/** The figures of GET /usage's data; the top-level fields first, then the `monitoreos` and `limites` objects that repeat them. */
export function planFigures(data: unknown): PlanFigures {
	const d = obj(data);
	const monitoring = obj(d.monitoreos);
	const limits = obj(d.limites);
	const lookupsContracted = num(d.consultasContratadas) ?? num(limits.limiteConsultas);
	const lookupsUsed = num(d.consultasRealizadas);
	const placesContracted = num(d.monitoreosContratados) ?? num(monitoring.monitoreosContratados) ?? num(limits.limiteMonitoreos);
	const placesUsed = num(d.monitoreosUsados) ?? num(monitoring.monitoreosUsados);
	const over = num(monitoring.monitoreosExcedidos);
	const both = (a: number | null, b: number | null) => a !== null && b !== null;
	return {
		paidLookupsContracted: lookupsContracted,
		paidLookupsUsed: lookupsUsed,
		paidLookupsRemaining: both(lookupsContracted, lookupsUsed) ? Math.max(0, lookupsContracted! - lookupsUsed!) : null,
		monitoringPlacesContracted: placesContracted,
		monitoringPlacesUsed: placesUsed,
		monitoringPlacesOverPlan: over ?? (both(placesContracted, placesUsed) ? Math.max(0, placesUsed! - placesContracted!) : null),
	};
}

/** Get Usage's simplified record: the plan's figures, its dates and next month's estimate. */
export function usageRecord(data: unknown) {
	const d = obj(data);
	const plan = obj(d.informacionPlan);
	const forecast = obj(d.prediccionMensual);
	return {
		...planFigures(data),
		planStart: str(plan.fechaInicioVigencia),
		planEnd: str(plan.fechaFinVigencia),
		nextMonth: str(forecast.mesSiguiente),
		nextMonthLookupsEstimate: num(forecast.consultasEstimadas),
		nextMonthMonitoringEstimate: num(forecast.monitoreosEstimados),
	};
}
