/**
 * GET /usage answers as the service's documentation gives it (addendum A4), from the sandbox's
 * own state: look-ups used are the paid loads made, monitoring places used the loaded RUTs
 * flagged for monitoring, the plan's sizes come from the options, the CLI or configure(), and the
 * forecast from the months' history. Expected values are counted here from what each test did.
 */
import { formatRut, KNOWN_RUTS, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { parseCli } from '../../sandbox/cli-options';
import * as A from '../../sandbox/schemas-addendum';
import { call, V1, V2 } from './helpers';

const boxes: Sandbox[] = [];
afterEach(async () => {
	await Promise.all(boxes.splice(0).map((b) => b.close()));
});

async function sandbox(options: SandboxOptions = {}) {
	const sb = await startSandbox(options);
	boxes.push(sb);
	return sb;
}

async function usageOf(sb: Sandbox) {
	const answer = await call(sb, 'GET', `${V2}/usage`);
	expect(answer.status).toBe(200);
	expect(A.usage.safeParse(answer.json.data).error?.issues ?? []).toEqual([]);
	return answer.json.data;
}

const load = (sb: Sandbox, rut: string, isMonitoring = false, version: 'v2' | 'v1' = 'v2') =>
	call(sb, 'POST', version === 'v2' ? `${V2}/helper/cargarRut` : `${V1}/helper/loadRut`, { body: { rut, isMonitoring } });

test('every field the docs give, with the plan the options set; look-ups used are the paid loads, monitoring places the monitored RUTs', async () => {
	const sb = await sandbox({ plan: { lookups: 40, monitoringPlaces: 2, leafRutLimit: 7, start: '2025-03', end: '2026-02' }, preloadedRuts: [KNOWN_RUTS.clean] });
	// Set up without a load: it takes a monitoring place and no look-up.
	sb.loadRut(KNOWN_RUTS.indebted, { isMonitoring: true });
	expect((await load(sb, KNOWN_RUTS.bankrupt, true)).status).toBe(200);
	expect((await load(sb, KNOWN_RUTS.critical, true, 'v1')).status).toBe(200);
	expect((await load(sb, KNOWN_RUTS.naturalPerson)).status).toBe(200);
	// A reload is a paid load too; a refused one is not.
	expect((await load(sb, KNOWN_RUTS.naturalPerson)).status).toBe(200);
	expect((await load(sb, '76111111-5')).status).toBe(400);
	// Reads and compliance loads use no look-up.
	await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.clean}`);
	await call(sb, 'POST', `${V2}/webhook/compliance/cargarPerfil`, { body: { fullName: 'Empresa Uno Limitada', isMonitoring: true, isJuridicalPerson: true, searchErrors: 0 } });

	const usage = await usageOf(sb);
	expect(usage).toMatchObject({
		consultasContratadas: 40,
		consultasRealizadas: 4,
		monitoreosContratados: 2,
		monitoreosUsados: 3,
		informacionPlan: { fechaInicioVigencia: '2025-03', fechaFinVigencia: '2026-02' },
		limites: { limiteConsultas: 40, limiteMonitoreos: 2, limiteLeafRut: 7 },
		monitoreos: { monitoreosUsados: 3, monitoreosContratados: 2, monitoreosExcedidos: 1 },
	});
	// A reload without monitoring gives its place back.
	await load(sb, KNOWN_RUTS.bankrupt, false);
	expect(await usageOf(sb)).toMatchObject({ consultasRealizadas: 5, monitoreosUsados: 2, monitoreos: { monitoreosExcedidos: 0 } });
});

test('defaults: 1000 look-ups and 50 monitoring places, a twelve-month plan from the month the sandbox started', async () => {
	const sb = await sandbox({ now: () => Date.UTC(2025, 10, 20) });
	const usage = await usageOf(sb);
	expect(usage).toMatchObject({
		consultasContratadas: 1000,
		consultasRealizadas: 0,
		monitoreosContratados: 50,
		monitoreosUsados: 0,
		informacionPlan: { fechaInicioVigencia: '2025-11', fechaFinVigencia: '2026-10' },
	});
	expect(usage.prediccionMensual).toEqual({
		mesSiguiente: '2025-12',
		consultasEstimadas: 0,
		monitoreosEstimados: 0,
		tendenciaConsultas: 'estable',
		tendenciaMonitores: 'estable',
		promedioUltimos3Meses: { consultas: 0, monitoreos: 0 },
		historialMensual: [{ mes: '2025-11', consultas: 0, monitoreos: 0 }],
	});
	expect((await sandbox({ plan: { end: null } })).url).toBeDefined();
	expect((await usageOf(boxes[1])).informacionPlan.fechaFinVigencia).toBeNull();
});

test('the forecast follows the months of the sandbox clock: history, three-month average, trend, next month', async () => {
	const DAY = 86_400_000;
	const sb = await sandbox({ now: () => Date.UTC(2025, 0, 10), plan: { start: '2024-12' } });
	let body = 10_000_000;
	const loads = async (count: number, monitoring: number) => {
		for (let i = 0; i < count; i++) expect((await load(sb, formatRut(++body), i < monitoring)).status).toBe(200);
	};
	await loads(2, 1); // January 2025
	sb.clock.advance(31 * DAY);
	await loads(5, 2); // February
	sb.clock.advance(28 * DAY);
	await loads(3, 0); // March
	sb.clock.advance(31 * DAY);
	await loads(1, 1); // April
	const { prediccionMensual: forecast, consultasRealizadas } = await usageOf(sb);
	expect(consultasRealizadas).toBe(11);
	expect(forecast.historialMensual).toEqual([
		{ mes: '2024-12', consultas: 0, monitoreos: 0 },
		{ mes: '2025-01', consultas: 2, monitoreos: 1 },
		{ mes: '2025-02', consultas: 5, monitoreos: 3 },
		{ mes: '2025-03', consultas: 3, monitoreos: 3 },
		{ mes: '2025-04', consultas: 1, monitoreos: 4 },
	]);
	// February to April: (5 + 3 + 1) / 3 = 3 look-ups, (3 + 3 + 4) / 3 = 3.33 places.
	expect(forecast.promedioUltimos3Meses).toEqual({ consultas: 3, monitoreos: 3 });
	expect(forecast).toMatchObject({ mesSiguiente: '2025-05', consultasEstimadas: 3, monitoreosEstimados: 4, tendenciaConsultas: 'decreciente', tendenciaMonitores: 'creciente' });

	// A year on, the history keeps the last twelve months only.
	sb.clock.advance(365 * DAY);
	const later = (await usageOf(sb)).prediccionMensual.historialMensual;
	expect(later.map((h: { mes: string }) => h.mes)).toEqual(['2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04']);
});

test('the plan is set on the command line and changed through the control API', async () => {
	expect(parseCli(['--lookups', '250', '--monitoring-places', '9'], {}).options.plan).toEqual({ lookups: 250, monitoringPlaces: 9 });
	expect(parseCli([], {}).options.plan).toBeUndefined();
	expect(() => parseCli(['--lookups', '-3'], {})).toThrow(/--lookups/);
	const sb = await sandbox(parseCli(['--lookups', '250', '--port', '0'], {}).options);
	expect(await usageOf(sb)).toMatchObject({ consultasContratadas: 250, monitoreosContratados: 50 });
	sb.configure({ plan: { lookups: 3, monitoringPlaces: 1 } });
	expect(await usageOf(sb)).toMatchObject({ consultasContratadas: 3, monitoreosContratados: 1, limites: { limiteConsultas: 3, limiteMonitoreos: 1 } });
});
