/**
 * Simplify on Account → Get Usage: one flat record of the plan in plain names (addendum A4). The
 * look-up and monitoring figures are the ones the cost guard counts against (transport/plan.ts);
 * dates stay as the service writes them, for Convert Dates to rewrite like any other.
 */
import { planFigures } from '../../../shared/transport/plan';
import { simplifyFlag } from '../simplify/step';
import { num, obj, str } from '../values';

function simplifyUsage(data: unknown) {
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

export const simplify = simplifyFlag(
	"Whether to return one flat record of the plan: paid look-ups contracted, used and remaining, monitoring places contracted, used and over the plan, the plan's start and end, and next month's estimate",
	(data) => simplifyUsage(data),
);
