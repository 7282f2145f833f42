// Account → Get Usage reads the plan as the service documents it (addendum A4); Simplify turns it
// into one flat record with plain names, and Convert Dates treats its dates as it treats every
// other. Run through n8n's engine against the sandbox, whose plan the test sets, and against a
// server answering the addendum's example in other forms the docs allow.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { formatRut } from '../../sandbox';
import { runRiskInfo } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox({ plan: { lookups: 300, monitoringPlaces: 2, start: '2025-01', end: '2025-12' } }, []);

async function usage(parameters: IDataObject, baseUrl = sb.url) {
	const result = await runRiskInfo({
		parameters: { apiVersion: 'v2', resource: 'account', operation: 'getUsage', ...parameters },
		access: { baseUrl, accessToken: sb.token, clientIdentifier: sb.clientId },
	});
	expect(result.error).toBeUndefined();
	return result.items['Risk Info'].map((i) => i.json);
}

const load = (rut: string, isMonitoring: boolean) =>
	fetch(`${sb.url}/api/clients/v2/helper/cargarRut`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId, 'content-type': 'application/json' },
		body: JSON.stringify({ rut, isMonitoring }),
	});

test('Simplify: one flat record, in plain names, of what the sandbox was given and what the account did', async () => {
	for (const [i, monitoring] of [true, true, true, false, false].entries()) expect((await load(formatRut(30_000_000 + i), monitoring)).status).toBe(200);
	const [record] = await usage({ simplify: true });
	expect(record).toEqual({
		paidLookupsContracted: 300,
		paidLookupsUsed: 5,
		paidLookupsRemaining: 295,
		monitoringPlacesContracted: 2,
		monitoringPlacesUsed: 3,
		monitoringPlacesOverPlan: 1,
		planStart: '2025-01',
		planEnd: '2025-12',
		nextMonth: expect.stringMatching(/^\d{4}-\d{2}$/),
		nextMonthLookupsEstimate: expect.any(Number),
		nextMonthMonitoringEstimate: 3,
	});
	// Off, the service's own answer, every section of it.
	const [raw] = await usage({});
	expect(raw).toMatchObject({ consultasContratadas: 300, consultasRealizadas: 5, monitoreos: { monitoreosExcedidos: 1 } });
	expect(Object.keys(raw).sort()).toEqual(['consultasContratadas', 'consultasRealizadas', 'informacionPlan', 'limites', 'monitoreos', 'monitoreosContratados', 'monitoreosUsados', 'prediccionMensual']);
	expect(record.nextMonth).toBe((raw.prediccionMensual as IDataObject).mesSiguiente);
});

describe('answers the sandbox does not give', () => {
	let answer: unknown;
	let server: http.Server;
	let url: string;
	beforeAll(async () => {
		server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: answer })));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(() => new Promise((resolve) => server.close(resolve)));

	test('more used than contracted, as the docs\' example shows: nothing remains, the excess is reported; an open-ended plan has no end', async () => {
		answer = {
			consultasContratadas: 100,
			consultasRealizadas: 130,
			monitoreosContratados: 10,
			monitoreosUsados: 14,
			informacionPlan: { fechaInicioVigencia: '2024-08', fechaFinVigencia: null },
			limites: { limiteConsultas: 100, limiteMonitoreos: 10, limiteLeafRut: 5 },
			monitoreos: { monitoreosUsados: 14, monitoreosContratados: 10, monitoreosExcedidos: 4 },
			prediccionMensual: { mesSiguiente: '2025-07', consultasEstimadas: 42, monitoreosEstimados: 14, tendenciaConsultas: 'decreciente', tendenciaMonitores: 'estable' },
		};
		expect(await usage({ simplify: true }, url)).toEqual([
			{
				paidLookupsContracted: 100,
				paidLookupsUsed: 130,
				paidLookupsRemaining: 0,
				monitoringPlacesContracted: 10,
				monitoringPlacesUsed: 14,
				monitoringPlacesOverPlan: 4,
				planStart: '2024-08',
				planEnd: null,
				nextMonth: '2025-07',
				nextMonthLookupsEstimate: 42,
				nextMonthMonitoringEstimate: 14,
			},
		]);
	});

	test('Convert Dates rewrites the plan\'s months as elsewhere; what the answer leaves out is null, never a guess', async () => {
		answer = { consultasContratadas: '250', consultasRealizadas: 10, informacionPlan: { fechaInicioVigencia: '03/2025', fechaFinVigencia: '02/2026' } };
		const [record] = await usage({ simplify: true, isoDates: true }, url);
		expect(record).toEqual({
			paidLookupsContracted: 250,
			paidLookupsUsed: 10,
			paidLookupsRemaining: 240,
			monitoringPlacesContracted: null,
			monitoringPlacesUsed: null,
			monitoringPlacesOverPlan: null,
			planStart: '2025-03',
			planEnd: '2026-02',
			nextMonth: null,
			nextMonthLookupsEstimate: null,
			nextMonthMonitoringEstimate: null,
		});
	});
});
