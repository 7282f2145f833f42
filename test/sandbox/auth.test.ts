/** Authentication and error bodies. */
import { KNOWN_NAMES, KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { call, EXT, V1, V2 } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ token: 'tok-123', clientId: 'client-abc', preloadedRuts: [KNOWN_RUTS.clean] });
});
afterAll(() => sb.close());

const V2_401 = { success: false, code: 401, error: 'No autorizado' };
const V1_401 = { success: false, message: 'No autorizado.' };

describe('401 when a credential is missing or wrong', () => {
	const cases: [string, Record<string, string>][] = [
		['no headers', {}],
		['token only', { authorization: 'Bearer tok-123' }],
		['client identifier only', { 'x-client-identifier': 'client-abc' }],
		['wrong token', { authorization: 'Bearer nope', 'x-client-identifier': 'client-abc' }],
		['wrong client identifier', { authorization: 'Bearer tok-123', 'x-client-identifier': 'other' }],
		['not a Bearer scheme', { authorization: 'Basic dG9rLTEyMw==', 'x-client-identifier': 'client-abc' }],
		['token without scheme', { authorization: 'tok-123', 'x-client-identifier': 'client-abc' }],
	];
	test.each(cases)('%s', async (_name, headers) => {
		const v2 = await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.clean}`, { noAuth: true, headers });
		expect([v2.status, v2.json]).toEqual([401, V2_401]);
		const v1 = await call(sb, 'GET', `${V1}/helper/${KNOWN_RUTS.clean}/summary`, { noAuth: true, headers });
		expect([v1.status, v1.json]).toEqual([401, V1_401]);
		const ext = await call(sb, 'GET', `${EXT}/notification/creditScoring/${KNOWN_RUTS.clean}/getByRut`, { noAuth: true, headers });
		expect([ext.status, ext.json]).toEqual([401, V2_401]);
	});

	test('the right credentials pass, with any case of the Bearer scheme', async () => {
		const ok = await call(sb, 'GET', `${V2}/helper/resumen?rut=${KNOWN_RUTS.clean}`, { noAuth: true, headers: { authorization: 'bearer tok-123', 'x-client-identifier': 'client-abc' } });
		expect(ok.status).toBe(200);
	});

	test('the compliance load says the authentication token was not found', async () => {
		for (const path of [`${V2}/webhook/compliance/cargarPerfil`, `${V1}/webhook/loadProfile`, `${V1}/integration/compliance/loadProfile`]) {
			const res = await call(sb, 'POST', path, { noAuth: true, body: { fullName: KNOWN_NAMES.critical, isMonitoring: false, isJuridicalPerson: true, searchErrors: 0 } });
			expect(res.status).toBe(401);
			expect(res.json.success).toBe(false);
			expect(res.json.details).toMatch(/token/i);
		}
		expect(sb.usage().complianceLoads).toBe(0);
	});
});

describe('400 for a malformed RUT, in the version body', () => {
	const bad = ['12.345.678-5', '12345678', '12345678-', '12345678-X', '123456789-0', '012345678-5', ' 12345678-5', '12345678-9', '76111111-5', 'abc'];
	test.each(bad)('%p', async (rut) => {
		const encoded = encodeURIComponent(rut);
		const v2 = await call(sb, 'GET', `${V2}/helper/resumen?rut=${encoded}`);
		expect([v2.status, v2.json]).toEqual([400, { success: false, code: 400, error: 'Solicitud inválida' }]);
		const v2path = await call(sb, 'GET', `${V2}/helper/judicial/${encoded}/civil`);
		expect(v2path.status).toBe(400);
		const v1 = await call(sb, 'GET', `${V1}/helper/${encoded}/summary`);
		expect([v1.status, v1.json]).toEqual([400, { success: false, message: 'Data enviada es incorrecta o inexistente.' }]);
		const load = await call(sb, 'POST', `${V2}/helper/cargarRut`, { body: { rut } });
		expect(load.status).toBe(400);
	});

	test('a missing rut query parameter is 400 too', async () => {
		expect((await call(sb, 'GET', `${V2}/helper/resumen`)).status).toBe(400);
		expect((await call(sb, 'GET', `${V2}/helper/resumen?rut=`)).status).toBe(400);
	});
});

describe('compliance permissions → synchronous 403 rejection, nothing delivered', () => {
	test.each([
		['user', { user: false, corporation: true }, /usuario/i],
		['corporation', { user: true, corporation: false }, /corporaci/i],
	])('without %s permission', async (_who, compliancePermission, details) => {
		const box = await startSandbox({ compliancePermission, complianceDelayMs: 1 });
		try {
			const body = { fullName: KNOWN_NAMES.critical, isMonitoring: false, isJuridicalPerson: true, searchErrors: 0 };
			const v2 = await call(box, 'POST', `${V2}/webhook/compliance/cargarPerfil`, { body });
			expect(v2.status).toBe(403);
			expect(v2.json).toMatchObject({ success: false, code: 403, error: 'No tienes permiso para acceder a este recurso' });
			expect(v2.json.details).toMatch(details);
			expect(v2.json.data).toBeUndefined();
			const v1 = await call(box, 'POST', `${V1}/webhook/loadProfile`, { body });
			expect(v1.status).toBe(403);
			expect(v1.json.success).toBe(false);
			expect(box.usage().complianceLoads).toBe(0);
			box.configure({ compliancePermission: { user: true, corporation: true } });
			expect((await call(box, 'POST', `${V1}/webhook/loadProfile`, { body })).status).toBe(200);
		} finally {
			await box.close();
		}
	});
});
