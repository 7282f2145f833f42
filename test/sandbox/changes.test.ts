// A loaded RUT's record changes over time, so the Risk Info Monitor can be shown and tested: the
// control endpoint (and the control API, and the CLI's --change) adds a civil case, raises the
// compliance risk to critical or adds a bulletin case; every read of the RUT, in V2 and V1, then
// tells the changed story, and nothing else changes (another RUT, another sandbox, the bill).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

import { BULLETIN_CASE_AMOUNT, KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { parseCli } from '../../sandbox/cli-options';
import { call, V1, V2 } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

let sb: Sandbox;
beforeEach(async () => {
	sb = await startSandbox({ preloadedRuts: [KNOWN_RUTS.clean, KNOWN_RUTS.indebted] });
});
afterEach(async () => await sb.close());

const summary = async (box: Sandbox, rut: string) => (await call(box, 'GET', `${V2}/helper/resumen?rut=${rut}`)).json.data;
const change = async (rut: string, body: unknown) => {
	const res = await fetch(`${sb.url}/_sandbox/ruts/${rut}/changes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: res.status, json: (await res.json()) as Record<string, any> };
};

test('POST /_sandbox/ruts/{rut}/changes: criticalRisk raises the compliance risk of the next reads to critical', async () => {
	const before = await summary(sb, KNOWN_RUTS.clean);
	expect(before.compliance.riesgo).toBe('free');
	const res = await change(KNOWN_RUTS.clean, { change: 'criticalRisk' });
	expect(res.status).toBe(200);
	expect(res.json).toMatchObject({ rut: KNOWN_RUTS.clean, change: 'criticalRisk', changes: [{ change: 'criticalRisk' }] });
	const after = await summary(sb, KNOWN_RUTS.clean);
	expect(after.compliance.riesgo).toBe('critical');
	expect(after.compliance.resumen.penal.totalResultados).toBe(before.compliance.resumen.penal.totalResultados + 1);
	// Only what the change is about moved.
	expect({ ...after, compliance: null }).toEqual({ ...before, compliance: null });
});

test('civilCase adds an active civil case, in V2 and in V1 alike', async () => {
	const v2Before = (await summary(sb, KNOWN_RUTS.indebted)).judicial;
	const v1Before = (await call(sb, 'GET', `${V1}/helper/${KNOWN_RUTS.indebted}/summary`)).json.data.judicialSummary;
	expect((await change(KNOWN_RUTS.indebted, { change: 'civilCase' })).status).toBe(200);
	expect((await change(KNOWN_RUTS.indebted, { change: 'civilCase' })).json.changes).toHaveLength(2);
	const v2After = (await summary(sb, KNOWN_RUTS.indebted)).judicial;
	const v1After = (await call(sb, 'GET', `${V1}/helper/${KNOWN_RUTS.indebted}/summary`)).json.data.judicialSummary;
	expect([v2After.casosCivilesActivos, v2After.casosCivilesPresentados]).toEqual([v2Before.casosCivilesActivos + 2, v2Before.casosCivilesPresentados + 2]);
	expect(v1After.civilActiveCases).toBe(v1Before.civilActiveCases + 2);
	expect([v2After.cobranzaActivos, v2After.laboralActivos]).toEqual([v2Before.cobranzaActivos, v2Before.laboralActivos]);
});

test('laborCase adds an active labour case at a labour court, numbered with a RIT: in both summaries and every labour-case list', async () => {
	const rut = KNOWN_RUTS.clean;
	const v1Summary = async () => (await call(sb, 'GET', `${V1}/helper/${rut}/summary`)).json.data.judicialSummary;
	const [v2Before, v1Before] = [(await summary(sb, rut)).judicial, await v1Summary()];
	const civilBefore = (await call(sb, 'GET', `${V2}/helper/judicial/${rut}/civil`)).json.data;
	expect((await change(rut, { change: 'laborCase' })).status).toBe(200);
	const [v2After, v1After] = [(await summary(sb, rut)).judicial, await v1Summary()];
	expect([v2After.laboralActivos, v2After.laboralPresentados, v2After.casosActuales]).toEqual([v2Before.laboralActivos + 1, v2Before.laboralPresentados + 1, v2Before.casosActuales + 1]);
	expect([v2After.casosCivilesActivos, v2After.cobranzaActivos]).toEqual([v2Before.casosCivilesActivos, v2Before.cobranzaActivos]);
	expect([v1After.laboralActiveCases, v1After.civilActiveCases]).toEqual([v1Before.laboralActiveCases + 1, v1Before.civilActiveCases]);
	const labor = (await call(sb, 'GET', `${V2}/helper/judicial/${rut}/laboral`)).json.data;
	expect(labor.casos).toHaveLength(1);
	// Chilean labour courts: a "Juzgado de Letras del Trabajo", the case a RIT "O-<n>-<year>".
	expect(labor.casos[0]).toMatchObject({ estado: 'Activo', rol: expect.stringMatching(/^O-\d+-\d{4}$/), tribunal: expect.stringMatching(/Juzgado de Letras del Trabajo/) });
	expect((await call(sb, 'GET', `${V2}/helper/judicial/${rut}/civil`)).json.data).toEqual(civilBefore);
	const a6 = (await call(sb, 'GET', `${V1}/helper/${rut}/getLaboralCases`)).json.data;
	const a7 = (await call(sb, 'GET', `${V1}/integration/helper/judicial/${rut}`)).json.data;
	for (const entry of [a6[0], a7.laboral[0]]) expect(entry).toMatchObject({ rit: labor.casos[0].rol, tribunal: labor.casos[0].tribunal, estado: 'Activo' });
	expect([a6.length, a7.laboral.length, a7.civil.length]).toEqual([1, 1, civilBefore.casos.length]);
});

test('bulletinCase adds a SourceA case with its unpaid amount, in the summary and the Dicom read', async () => {
	const before = (await summary(sb, KNOWN_RUTS.clean)).boletinComercial;
	const dicomBefore = (await call(sb, 'GET', `${V2}/helper/boletin/${KNOWN_RUTS.clean}/boletinDicom`)).json.data;
	sb.changeRut(KNOWN_RUTS.clean, 'bulletinCase');
	const after = (await summary(sb, KNOWN_RUTS.clean)).boletinComercial;
	expect([after.casosSourceA, after.MontoSourceA]).toEqual([before.casosSourceA + 1, before.MontoSourceA + BULLETIN_CASE_AMOUNT]);
	expect([after.casosSourceB, after.MontoSourceB]).toEqual([before.casosSourceB, before.MontoSourceB]);
	const dicom = (await call(sb, 'GET', `${V2}/helper/boletin/${KNOWN_RUTS.clean}/boletinDicom`)).json.data;
	expect(dicom.cantidad).toBe(dicomBefore.cantidad + 1);
	// The new case is the newest, dated the day of the change, and the RUT's own cases stay as they were.
	const listed = (await (await fetch(`${sb.url}/_sandbox/ruts/${KNOWN_RUTS.clean}/changes`)).json()) as { changes: Array<{ at: string }> };
	const today = listed.changes[0].at.slice(0, 10).split('-').reverse().join('-');
	expect(dicom.casos[0]).toMatchObject({ montoImpago: BULLETIN_CASE_AMOUNT, deudaActiva: true, fechaEquifax: today });
	expect(dicom.casos.slice(1)).toEqual(dicomBefore.casos);
});

test('the changes leave their evidence in the lists: the civil case, the criminal finding', async () => {
	const civilBefore = (await call(sb, 'GET', `${V2}/helper/judicial/${KNOWN_RUTS.clean}/civil`)).json.data;
	const screeningBefore = (await call(sb, 'GET', `${V2}/helper/compliance/${KNOWN_RUTS.clean}`)).json.data;
	expect(screeningBefore.dataPenal).toBeUndefined();
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	sb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
	const civil = (await call(sb, 'GET', `${V2}/helper/judicial/${KNOWN_RUTS.clean}/civil`)).json.data;
	expect(civil.casos).toHaveLength(civilBefore.casos.length + 1);
	expect(civil.casos.at(-1)).toMatchObject({ estado: 'Activo', rol: expect.stringMatching(/^C-9000-\d{4}$/) });
	const screening = (await call(sb, 'GET', `${V2}/helper/compliance/${KNOWN_RUTS.clean}`)).json.data;
	expect(screening.dataPenal).toHaveLength(screening.resumen.penal.totalResultados);
	expect(screening.dataPenal[0]).toMatchObject({ name: (await summary(sb, KNOWN_RUTS.clean)).identificacion.razonSocial, infraction: expect.any(String), tribunal: expect.any(String) });
});

test('creditDowngrade takes 30 points from the judicial weight and the percentage, the label following', async () => {
	const before = (await call(sb, 'GET', `${V2}/creditScore/${KNOWN_RUTS.clean}`)).json.data;
	sb.changeRut(KNOWN_RUTS.clean, 'creditDowngrade');
	const after = (await call(sb, 'GET', `${V2}/creditScore/${KNOWN_RUTS.clean}`)).json.data;
	const points = Math.min(30, before.ponderacionJudicial);
	expect([after.ponderacionJudicial, after.porcentajeClasificacion]).toEqual([before.ponderacionJudicial - points, before.porcentajeClasificacion - points]);
	// The sandbox's thresholds: 75 and over low risk, 45 and over medium, high below.
	const p = after.porcentajeClasificacion;
	expect(after.etiquetaClasificacion).toBe(p >= 75 ? 'Riesgo bajo' : p >= 45 ? 'Riesgo medio' : 'Riesgo alto');
	expect((await summary(sb, KNOWN_RUTS.clean)).creditScoring.porcentajeClasificacion).toBe(p);
});

test('a change touches only that RUT in that sandbox, costs nothing and is not an API request', async () => {
	const other = await startSandbox({ preloadedRuts: [KNOWN_RUTS.clean] });
	try {
		await change(KNOWN_RUTS.clean, { change: 'criticalRisk' });
		expect((await summary(other, KNOWN_RUTS.clean)).compliance.riesgo).toBe('free');
		expect((await summary(sb, KNOWN_RUTS.indebted)).compliance.riesgo).toBe('free');
		expect(sb.requests.some((r) => r.path.startsWith('/_sandbox'))).toBe(false);
		expect(sb.usage().paidLoads).toBe(0);
	} finally {
		await other.close();
	}
});

test('a RUT not loaded, an unknown change or a malformed RUT is refused and changes nothing', async () => {
	const notLoaded = await change(KNOWN_RUTS.critical, { change: 'civilCase' });
	expect(notLoaded.status).toBe(404);
	expect(notLoaded.json.error).toMatch(/not loaded/);
	const unknown = await change(KNOWN_RUTS.clean, { change: 'bankruptcy' });
	expect(unknown.status).toBe(400);
	expect(unknown.json.error).toContain('civilCase');
	expect((await change('76111111-5', { change: 'civilCase' })).status).toBe(400);
	expect((await fetch(`${sb.url}/_sandbox/elsewhere`)).status).toBe(404);
	const listed = await (await fetch(`${sb.url}/_sandbox/ruts/${KNOWN_RUTS.clean}/changes`)).json();
	expect(listed).toEqual({ rut: KNOWN_RUTS.clean, changes: [] });
	expect(() => sb.changeRut(KNOWN_RUTS.critical, 'civilCase')).toThrow(/not loaded/);
	expect(sb.usage().loadedRuts).toBe(2);
});

test('--change <rut>:<kind>[:<seconds>] is read, checked, and defaults to 60 seconds', () => {
	expect(parseCli(['--change', '76111111-6:criticalRisk:5', '--change', '76111111-6:civilCase'], {}).changes).toEqual([
		{ rut: '76111111-6', kind: 'criticalRisk', afterSeconds: 5 },
		{ rut: '76111111-6', kind: 'civilCase', afterSeconds: 60 },
	]);
	expect(parseCli([], {}).changes).toEqual([]);
	expect(() => parseCli(['--change', '76111111-6:bankruptcy'], {})).toThrow(/civilCase, laborCase, criticalRisk, bulletinCase, creditDowngrade/);
	expect(() => parseCli(['--change', '76111111-5:civilCase'], {})).toThrow(/not a RUT/);
});

test('npm run sandbox -- --change makes the change after its delay on a RUT loaded meanwhile', async () => {
	const port = await new Promise<number>((resolve) => {
		const srv = net.createServer().listen(0, '127.0.0.1', () => {
			const { port: p } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(p));
		});
	});
	const spawnedAt = Date.now();
	const proc = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', String(port), '--change', `${KNOWN_RUTS.clean}:criticalRisk:3`], {
		cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
	});
	let out = '';
	// Resolves once the output matches (or the process has ended): waited for by what it prints,
	// not by a deadline of its own (the test's timeout is the only one).
	const printed = (what: RegExp) =>
		new Promise<void>((resolve) => {
			const look = () => (what.test(out) || proc.exitCode !== null ? resolve() : undefined);
			proc.stdout!.on('data', look);
			proc.stderr!.on('data', look);
			proc.on('exit', () => resolve());
			look();
		});
	proc.stdout!.on('data', (d) => (out += d));
	proc.stderr!.on('data', (d) => (out += d));
	try {
		const base = `http://127.0.0.1:${port}`;
		const box = { url: base, token: 'sandbox-demo-token', clientId: 'sandbox-demo-client' } as Sandbox;
		// The banner's last line (it may come in several pieces).
		await printed(/Scheduled change:.*\n/);
		expect(out).toContain('Scheduled change:  in 3 s');
		// Loaded within the 3 s the change waits (real time in the CLI's own process; the one margin
		// left in this file): a RUT not loaded by then is refused, and the line below says so.
		expect((await call(box, 'POST', `${V2}/helper/cargarRut`, { body: { rut: KNOWN_RUTS.clean } })).status).toBe(200);
		await printed(/Changed RUT|--change/);
		expect(out).toContain(`Changed RUT ${KNOWN_RUTS.clean}`);
		// Not before its delay: the timer started after the process did.
		expect(Date.now() - spawnedAt).toBeGreaterThanOrEqual(3000);
		expect((await summary(box, KNOWN_RUTS.clean)).compliance.riesgo).toBe('critical');
	} finally {
		process.kill(-proc.pid!, 'SIGKILL');
	}
}, 60_000);
