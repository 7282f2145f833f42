/**
 * The account's usage (GET /usage, free; addendum A4) in plain names: the plan's figures the
 * cost guard counts against (plan.ts) and the credential's Test reports, and the rest
 * of Get Usage's simplified record. Dates stay as the service writes them.
 */
import { V2 } from './endpoints';
import type { Read } from './keyNames';
import { key, optional, valueOf, type KeyTable } from './keys';
import { num, str } from './values';

/** The plan's figures in plain names; null where the answer does not say. */
export interface PlanFigures {
	paidLookupsContracted: number | null;
	paidLookupsUsed: number | null;
	/** Contracted less used, never below 0. */
	paidLookupsRemaining: number | null;
	monitoringPlacesContracted: number | null;
	monitoringPlacesUsed: number | null;
	/** Places in use beyond the plan. */
	monitoringPlacesOverPlan: number | null;
}

/** The top-level fields first, then the `monitoreos` and `limites` objects that repeat them. */
const PLAN = {
	lookupsContracted: key('paidLookupsContracted', 'number', 'consultasContratadas', 'limites.limiteConsultas'),
	lookupsUsed: key('paidLookupsUsed', 'number', 'consultasRealizadas'),
	placesContracted: key('monitoringPlacesContracted', 'number', 'monitoreosContratados', 'monitoreos.monitoreosContratados', 'limites.limiteMonitoreos'),
	placesUsed: key('monitoringPlacesUsed', 'number', 'monitoreosUsados', 'monitoreos.monitoreosUsados'),
	over: optional('monitoringPlacesOverPlan', 'number', 'monitoreos.monitoreosExcedidos'),
};

const MORE = {
	planStart: optional('planStart', 'text', 'informacionPlan.fechaInicioVigencia'),
	planEnd: optional('planEnd', 'text', 'informacionPlan.fechaFinVigencia'),
	nextMonth: optional('nextMonth', 'text', 'prediccionMensual.mesSiguiente'),
	lookupsEstimate: optional('nextMonthLookupsEstimate', 'number', 'prediccionMensual.consultasEstimadas'),
	monitoringEstimate: optional('nextMonthMonitoringEstimate', 'number', 'prediccionMensual.monitoreosEstimados'),
};

/** What the usage readers read (GET /usage, addendum A4); the sections it names beside them are known. */
export const USAGE_KEYS: KeyTable = {
	keys: [...Object.values(PLAN), ...Object.values(MORE)],
	alsoKnown: ['informacionPlan', 'limites', 'limites.limiteLeafRut', 'monitoreos', 'prediccionMensual'],
};

/** The figures of GET /usage's data. */
export function planFigures(data: unknown): PlanFigures {
	const read = (row: (typeof PLAN)[keyof typeof PLAN]) => num(valueOf(data, row));
	const lookupsContracted = read(PLAN.lookupsContracted);
	const lookupsUsed = read(PLAN.lookupsUsed);
	const placesContracted = read(PLAN.placesContracted);
	const placesUsed = read(PLAN.placesUsed);
	const over = read(PLAN.over);
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
	return {
		...planFigures(data),
		planStart: str(valueOf(data, MORE.planStart)),
		planEnd: str(valueOf(data, MORE.planEnd)),
		nextMonth: str(valueOf(data, MORE.nextMonth)),
		nextMonthLookupsEstimate: num(valueOf(data, MORE.lookupsEstimate)),
		nextMonthMonitoringEstimate: num(valueOf(data, MORE.monitoringEstimate)),
	};
}

/** The account's usage (GET /usage, free), read into Get Usage's simplified record. */
export const USAGE: Read<ReturnType<typeof usageRecord>> = { name: 'Account usage', endpoint: V2.usage, keys: USAGE_KEYS, read: usageRecord };
