// The V1 list reads answer lists of records with the service's Spanish names, dates in ISO 8601
// under /api/v1 and DD-MM-YYYY HH:MM:SS under /api/external/v1 (addendum A6). Split Into Items,
// Simplify and Convert Dates must work on both forms: the fixtures are the addendum's records,
// field for field, once in each form, served by a small server; runs go through n8n's engine.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';

/** The addendum's records; `at` writes a date (day, month, year, hour, minute) in one of the two forms. */
function records(at: (d: number, m: number, y: number, h?: number, min?: number) => string): Record<string, IDataObject[]> {
	return {
		getLaboralCases: [
			{
				estado: 'Sin archivar', estadoCausa: 'Tramitacion', etapa: 'Audiencia preparatoria', fechaIngreso: at(29, 6, 2024), linkEbook: null,
				litigantes: [{ rut: '76222222-1', nombre: 'EMPRESA DEMANDADA SPA', sujeto: 'DEMANDADO', persona: 'JURIDICA', abogadoDefensor: 'ANA PEREZ' }],
				materia: 'Despido injustificado', rit: 'O-1234-2024', tribunal: 'Juzgado de Letras del Trabajo de Santiago', sujeto: 'DEMANDADO', estadoActual: 'Sin archivar',
			},
			{
				estado: 'Archivada', estadoCausa: 'Fallada', etapa: 'Terminada', fechaIngreso: at(3, 1, 2023, 9, 30), linkEbook: 'https://example.cl/ebook/2',
				litigantes: [], materia: 'Cobro de prestaciones', rit: 'O-77-2023', tribunal: 'Juzgado de Letras del Trabajo de Concepcion', sujeto: 'DEMANDADO', estadoActual: 'Archivada',
			},
		],
		getMultaLaboralCases: [
			{ enunciado: 'No otorgar feriado legal', estado: 'Pendiente', fecha: at(15, 2, 2024), multa: '1234/2024/12', procedencia: 'Inspeccion Comunal del Trabajo', um: '10.5', tipoUm: 'UTM', montoClp: 693000 },
		],
		getMoraPrevisionalCases: [
			{
				id: 881, scrappedRutId: 4512, afp: 'AFP Modelo', fecha: at(10, 5, 2024), fechaDemanda: 'Prejudicial', nombreAfiliado: 'JUAN SOTO DIAZ', periodo: '04/2024',
				rutAfiliado: '12345678-5', tipoProducto: 'COTIZACION OBLIGATORIA', notified: false, activeDebt: true, deactiveDate: null, createdAt: at(11, 5, 2024, 8, 0), updatedAt: at(29, 6, 2024, 8, 15),
			},
		],
		getOfficialDiary: [
			{
				id: 12, scrappedRutId: 4512, fecha: at(2, 2, 2022), razonSocial: 'EMPRESA DEMANDADA SPA', linkPdf: 'https://example.cl/do/12.pdf', seccion: 'MODIFICACIÓN', notified: true,
				socios: [{ socio: 'ANA PEREZ', rut: '12345678-5', domicilio: null }], rut: '76222222-1', createdAt: at(3, 2, 2022), updatedAt: at(29, 6, 2024),
			},
		],
	};
}

const pad = (n: number) => String(n).padStart(2, '0');
const ISO = records((d, m, y, h = 0, min = 0) => `${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(min)}:00.000Z`);
const STAMPED = records((d, m, y, h = 0, min = 0) => `${pad(d)}-${pad(m)}-${y} ${pad(h)}:${pad(min)}:00`);
/** One RUT answers in each form. */
const FORMS: Record<string, Record<string, IDataObject[]>> = { '76222222-1': ISO, '76111111-6': STAMPED };

let server: http.Server;
let url: string;
beforeAll(async () => {
	server = http.createServer((req, res) => {
		const m = /^\/api\/v1\/helper\/([^/]+)\/(\w+)$/.exec(req.url ?? '');
		const form = m ? FORMS[m[1]] : undefined;
		const data = m && form ? (m[2] === 'summary' ? { rut: m[1], fechaCarga: form.getMoraPrevisionalCases[0].updatedAt, sii: { razonSocial: 'EMPRESA DEMANDADA SPA' } } : form[m[2]]) : undefined;
		if (data === undefined) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: 'Data no encontrada.' }));
		res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function run(resource: string, operation: string, rut: string, options: IDataObject) {
	const result = await runRiskInfo({
		parameters: { apiVersion: 'v1', resource, operation, rut, ...options },
		access: { baseUrl: url, accessToken: 'token', clientIdentifier: 'client' },
	});
	expect(result.error).toBeUndefined();
	return result.items['Risk Info'].map((i) => i.json);
}

const READS: Array<[string, string, string]> = [
	['v1Judicial', 'getLaborCases', 'getLaboralCases'],
	['v1LaborCollection', 'getLaborFines', 'getMultaLaboralCases'],
	['v1LaborCollection', 'getPensionArrears', 'getMoraPrevisionalCases'],
	['v1Legal', 'getOfficialGazette', 'getOfficialDiary'],
];

/** Every string that looks like a date in either form, by path, so the two forms can be set side by side. */
function dates(value: unknown, path = ''): Record<string, string> {
	if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T|^\d{2}-\d{2}-\d{4} /.test(value) ? { [path]: value } : {};
	if (value === null || typeof value !== 'object') return {};
	return Object.assign({}, ...Object.entries(value).map(([k, v]) => dates(v, `${path}.${k}`)));
}

describe.each(READS)('V1 %s → %s', (resource, operation, read) => {
	test('Split Into Items: one item per record, as the service wrote it, in either form', async () => {
		for (const [rut, form] of Object.entries(FORMS)) expect(await run(resource, operation, rut, { split: true })).toEqual(form[read]);
	});

	test('Convert Dates: both forms become ISO 8601 naming the same instant; nothing else changes', async () => {
		const fromIso = await run(resource, operation, '76222222-1', { split: true, isoDates: true });
		const fromStamps = await run(resource, operation, '76111111-6', { split: true, isoDates: true });
		// In the ISO form only the MM/YYYY periods change.
		expect(fromIso).toEqual(JSON.parse(JSON.stringify(ISO[read]).replace(/"(\d{2})\/(\d{4})"/g, '"$2-$1"')));
		const isoDates = dates(fromIso);
		const stampDates = dates(fromStamps);
		expect(Object.keys(stampDates)).toEqual(Object.keys(isoDates));
		expect(Object.keys(isoDates).length).toBeGreaterThan(0);
		for (const [path, value] of Object.entries(stampDates)) {
			expect([path, value]).toEqual([path, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)]);
			expect([path, Date.parse(`${value}Z`)]).toEqual([path, Date.parse(isoDates[path])]);
		}
		// Apart from the dates the records are the same.
		const withoutDates = (rows: IDataObject[]) => JSON.parse(JSON.stringify(rows).replace(/"\d{4}-\d{2}-\d{2}T[^"]*"/g, '"date"'));
		expect(withoutDates(fromStamps)).toEqual(withoutDates(fromIso));
	});
});

test('Simplify on the V1 summary keeps the load date as written; with Convert Dates both forms give ISO 8601', async () => {
	const iso = await run('v1Rut', 'getSummary', '76222222-1', { simplify: true, isoDates: true });
	const stamped = await run('v1Rut', 'getSummary', '76111111-6', { simplify: true, isoDates: true });
	expect(iso[0]).toMatchObject({ name: 'EMPRESA DEMANDADA SPA', loadedOn: '2024-06-29T08:15:00.000Z' });
	expect(stamped[0]).toMatchObject({ name: 'EMPRESA DEMANDADA SPA', loadedOn: '2024-06-29T08:15:00' });
	expect((await run('v1Rut', 'getSummary', '76111111-6', { simplify: true }))[0].loadedOn).toBe('29-06-2024 08:15:00');
});
