/** Account state: 404 before a load, the control API's counters, profiles, 48-hour expiry. */
import { KNOWN_NAMES, KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, EXT, V1, V2 } from './helpers';

const HOUR = 3600 * 1000;

describe('a RUT must be loaded before it is read', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await startSandbox();
	});
	afterEach(() => sb.close());

	test('never loaded: V2 and V1 answer 404 with the spec body of their version', async () => {
		const rut = KNOWN_RUTS.clean;
		const v2 = await call(sb, 'GET', `${V2}/helper/resumen?rut=${rut}`);
		expect(v2.status).toBe(404);
		expect(v2.json).toEqual({ success: false, code: 404, error: 'Recurso no encontrado' });
		const v1 = await call(sb, 'GET', `${V1}/helper/${rut}/summary`);
		expect(v1.status).toBe(404);
		expect(v1.json).toEqual({ success: false, message: 'Data no encontrada.' });
		for (const path of [`${V2}/helper/judicial/${rut}/civil`, `${V2}/creditScore/${rut}`, `${V1}/helper/${rut}/getCivilCases`, `${V1}/integration/${rut}/downloadSummary`]) {
			expect([path, (await call(sb, 'GET', path)).status]).toEqual([path, 404]);
		}
		// The credit-score endpoint uses the V2 error set (spec §7.1, last line).
		const score = await call(sb, 'GET', `${EXT}/notification/creditScoring/${rut}/getByRut`);
		expect(score.json).toEqual({ success: false, code: 404, error: 'Recurso no encontrado' });
	});

	test('a V2 load makes the RUT readable in both versions; so does a V1 load', async () => {
		const load = await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: KNOWN_RUTS.clean, isMonitoring: true, includeBureau: false } });
		expect(load.status).toBe(200);
		expect(load.json.success).toBe(true);
		expect(load.json.data).toMatchObject({ rut: KNOWN_RUTS.clean, isMonitoring: true, includeBureau: false });
		expect((await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.clean}`)).status).toBe(200);
		expect((await call(sb, 'GET', `${V1}/helper/${KNOWN_RUTS.clean}/summary`)).status).toBe(200);
		expect((await call(sb, 'POST', `${V1}/helper/loadRut`, { body: { rut: KNOWN_RUTS.bankrupt } })).status).toBe(200);
		expect((await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.bankrupt}`)).status).toBe(200);
	});

	test('lower-case k is the same RUT as upper-case K', async () => {
		const rut = '10000013-K';
		expect((await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: rut.toLowerCase() } })).json.data.rut).toBe(rut);
		expect((await call(sb, 'GET', `${V2}/helper/resumen?rut=${rut}`)).status).toBe(200);
	});
});

describe('the control API\'s counters', () => {
	test('count paid loads, free reads and reads of unknown RUTs; test helpers load for free', async () => {
		const sb = await startSandbox({ preloadedRuts: [KNOWN_RUTS.critical] });
		try {
			sb.loadRut(KNOWN_RUTS.bankrupt);
			expect(sb.usage()).toMatchObject({ paidLoads: 0, freeReads: 0, loadedRuts: 2 });
			await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.clean}`); // not loaded
			await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: KNOWN_RUTS.clean } });
			await call(sb, 'POST', `${V1}/helper/loadRut`, { body: { rut: KNOWN_RUTS.indebted } });
			for (let i = 0; i < 3; i++) await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.clean}`);
			await call(sb, 'GET', `${V1}/helper/${KNOWN_RUTS.indebted}/getCivilCases`);
			await call(sb, 'GET', `${V1}/helper/${KNOWN_RUTS.critical}/summary`);
			await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: 'not-a-rut' } }); // rejected, not paid
			expect(sb.usage()).toMatchObject({ paidLoads: 2, freeReads: 5, notFoundReads: 1, loadedRuts: 4 });
			// They are the sandbox's own: the service's answer (addendum A4) has none of them.
			const answer = (await call(sb, 'GET', `${V2}/usage`)).json.data;
			for (const key of Object.keys(sb.usage())) expect([key, key in answer]).toEqual([key, false]);
		} finally {
			await sb.close();
		}
	});
});

describe('profiles and the 48-hour consultation window', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await startSandbox({ complianceDelayMs: 5 });
	});
	afterEach(() => sb.close());

	const load = (fullName: string, isMonitoring: boolean) =>
		call(sb, 'POST', `${V2}/webhook/compliance/cargarPerfil`, { body: { fullName, isMonitoring, isJuridicalPerson: true, searchErrors: 0 } });

	test('lists loaded RUTs and compliance profiles with their monitoring flag', async () => {
		await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: KNOWN_RUTS.clean, isMonitoring: true } });
		await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut: KNOWN_RUTS.indebted } });
		const consult = await load(KNOWN_NAMES.critical, false);
		const monitor = await load(KNOWN_NAMES.noMatch, true);
		const { data } = (await call(sb, 'GET', `${V2}/profiles`)).json;
		expect(data.ruts).toEqual(expect.arrayContaining([
			expect.objectContaining({ rut: KNOWN_RUTS.clean, isMonitoring: true }),
			expect.objectContaining({ rut: KNOWN_RUTS.indebted, isMonitoring: false }),
		]));
		expect(data.compliance).toEqual(expect.arrayContaining([
			expect.objectContaining({ webhookId: consult.json.data.webhookId, fullName: KNOWN_NAMES.critical, isMonitoring: false }),
			expect.objectContaining({ webhookId: monitor.json.data.webhookId, fullName: KNOWN_NAMES.noMatch, isMonitoring: true }),
		]));
	});

	test('a consultation profile expires after 48 h on the sandbox clock; a monitoring one does not', async () => {
		await load(KNOWN_NAMES.critical, false);
		await load(KNOWN_NAMES.noMatch, true);
		const names = async () => (await call(sb, 'GET', `${V2}/profiles`)).json.data.compliance.map((p: { fullName: string }) => p.fullName).sort();
		expect(await names()).toEqual([KNOWN_NAMES.noMatch, KNOWN_NAMES.critical].sort());

		sb.clock.advance(48 * HOUR - 1000);
		expect(await names()).toHaveLength(2);
		// Still active just before expiry, so the same search is still a duplicate.
		expect((await load(KNOWN_NAMES.critical, false)).status).toBe(409);

		sb.clock.advance(1000);
		expect(await names()).toEqual([KNOWN_NAMES.noMatch]);
		// Expired: the same search is a new load again.
		expect((await load(KNOWN_NAMES.critical, false)).status).toBe(200);

		sb.clock.advance(365 * 24 * HOUR);
		expect(await names()).toEqual([KNOWN_NAMES.noMatch]);
		expect((await load(KNOWN_NAMES.noMatch, true)).status).toBe(409);
	});
});
