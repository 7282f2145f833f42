/**
 * GET /usage as the service's documentation gives it (addendum A4), from the account's own state:
 * look-ups used are the paid loads made, monitoring places used are the loaded RUTs flagged for
 * monitoring, and what the plan contracts comes from the `plan` option. The sandbox refuses
 * nothing past the plan (the docs do not say the service does): it reports the excess.
 */
import { scorePeriod } from './dates';
import type { Account } from './state';
import type { PlanOptions } from './types';

export const DEFAULT_PLAN = { lookups: 1000, monitoringPlaces: 50, leafRutLimit: 100 } as const;

/** The forecast's history covers at most this many months, the current one included. */
const HISTORY_MONTHS = 12;

const MONTH = /^(\d{4})-(\d{2})$/;

/** The month `n` months after a YYYY-MM month, as YYYY-MM. */
function addMonths(month: string, n: number): string {
	const [, year, m] = MONTH.exec(month) ?? [];
	return scorePeriod(Date.UTC(Number(year), Number(m) - 1 + n, 1));
}

/** The last millisecond of a YYYY-MM month. */
const endOf = (month: string) => {
	const [, year, m] = MONTH.exec(month) ?? [];
	return Date.UTC(Number(year), Number(m), 1) - 1;
};

/** The months of the plan so far, oldest first, at most HISTORY_MONTHS; none before the plan starts. */
function monthsSoFar(start: string, current: string): string[] {
	const months: string[] = [];
	for (let month = current; month >= start && months.length < HISTORY_MONTHS; month = addMonths(month, -1)) months.unshift(month);
	return months;
}

/** The last month against the one before it. */
function trend(values: number[]): string {
	const [before, last] = values.length < 2 ? [0, 0] : values.slice(-2);
	return last > before ? 'creciente' : last < before ? 'decreciente' : 'estable';
}

const average = (values: number[]) => (values.length === 0 ? 0 : Math.round(values.reduce((a, b) => a + b, 0) / values.length));

export function usageAnswer(account: Account, plan: PlanOptions = {}, now: number) {
	const lookups = plan.lookups ?? DEFAULT_PLAN.lookups;
	const places = plan.monitoringPlaces ?? DEFAULT_PLAN.monitoringPlaces;
	const start = plan.start ?? scorePeriod(account.openedAt);
	const current = scorePeriod(now);
	const placesUsed = account.monitoredRuts();
	const history = monthsSoFar(start, current).map((mes) => ({
		mes,
		consultas: account.lookupsByMonth.get(mes) ?? 0,
		monitoreos: mes === current ? placesUsed : account.monitoredRuts(endOf(mes)),
	}));
	const lastThree = history.slice(-3);
	const monitoreos = { monitoreosUsados: placesUsed, monitoreosContratados: places, monitoreosExcedidos: Math.max(0, placesUsed - places) };
	return {
		consultasContratadas: lookups,
		consultasRealizadas: account.lookupsUsed,
		monitoreosContratados: places,
		monitoreosUsados: placesUsed,
		informacionPlan: { fechaInicioVigencia: start, fechaFinVigencia: plan.end === undefined ? addMonths(start, 11) : plan.end },
		limites: { limiteConsultas: lookups, limiteMonitoreos: places, limiteLeafRut: plan.leafRutLimit ?? DEFAULT_PLAN.leafRutLimit },
		monitoreos,
		prediccionMensual: {
			mesSiguiente: addMonths(current, 1),
			consultasEstimadas: average(lastThree.map((h) => h.consultas)),
			monitoreosEstimados: placesUsed,
			tendenciaConsultas: trend(history.map((h) => h.consultas)),
			tendenciaMonitores: trend(history.map((h) => h.monitoreos)),
			promedioUltimos3Meses: { consultas: average(lastThree.map((h) => h.consultas)), monitoreos: average(lastThree.map((h) => h.monitoreos)) },
			historialMensual: history,
		},
	};
}
