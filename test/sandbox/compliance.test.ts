/** Asynchronous compliance: validation, duplicates, deliveries, event forms, retries. */
import { gunzipSync } from 'node:zlib';
import { buildComplianceEvent, encodeDelivery, FIRST_WEBHOOK_ID, KNOWN_NAMES, SAMPLE_WEBHOOK_ID, startSandbox, type Sandbox } from '../../sandbox';
import { failedEvent, noMatchEvent, successEvent } from '../../sandbox/schemas';
import { call, startReceiver, V1, V2 } from './helpers';

const LOAD = `${V2}/webhook/compliance/cargarPerfil`;
const valid = { fullName: KNOWN_NAMES.critical, isMonitoring: false, isJuridicalPerson: true, searchErrors: 0 };

describe('body validation, exactly as spec §4.2', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		// A long delay keeps every accepted profile "processing" for the duplicate checks.
		sb = await startSandbox({ complianceDelayMs: 60_000 });
	});
	afterAll(() => sb.close());

	const rejected: [string, unknown][] = [
		['no body', undefined],
		['an array', [valid]],
		['fullName missing', { ...valid, fullName: undefined }],
		['fullName not a string', { ...valid, fullName: 42 }],
		['fullName blank', { ...valid, fullName: '   ' }],
		['isMonitoring missing', { ...valid, isMonitoring: undefined }],
		['isMonitoring as a string', { ...valid, isMonitoring: 'false' }],
		['isJuridicalPerson missing', { ...valid, isJuridicalPerson: undefined }],
		['isJuridicalPerson as a number', { ...valid, isJuridicalPerson: 1 }],
		['searchErrors missing', { ...valid, searchErrors: undefined }],
		['searchErrors 3', { ...valid, searchErrors: 3 }],
		['searchErrors -1', { ...valid, searchErrors: -1 }],
		['searchErrors 1.5', { ...valid, searchErrors: 1.5 }],
		['searchErrors as a string', { ...valid, searchErrors: '1' }],
		['legal entity without a word of 3+ characters', { ...valid, fullName: 'AB CD EF' }],
		['natural person with one word', { ...valid, isJuridicalPerson: false, fullName: 'Madonna' }],
	];
	test.each(rejected)('400 for %s (V2 and both V1 paths)', async (_name, body) => {
		for (const path of [LOAD, `${V1}/webhook/loadProfile`, `${V1}/integration/compliance/loadProfile`]) {
			const res = await call(sb, 'POST', path, body === undefined ? {} : { body });
			expect([path, res.status, res.json.success, typeof res.json.details]).toEqual([path, 400, false, 'string']);
			expect(res.json.data).toBeUndefined();
		}
	});

	const accepted: [string, object][] = [
		['legal entity with one word of 3 characters', { fullName: 'AB CDE', isJuridicalPerson: true }],
		['legal entity with a single long word', { fullName: 'Codelco', isJuridicalPerson: true }],
		['natural person with two short words', { fullName: 'Li Wu', isJuridicalPerson: false }],
		['searchErrors 1', { fullName: 'Ana Maria Rojas', isJuridicalPerson: false, searchErrors: 1 }],
		['searchErrors 2', { fullName: 'Ana Maria Rojas', isJuridicalPerson: false, searchErrors: 2 }],
	];
	test.each(accepted)('accepted: %s', async (_name, patch) => {
		const res = await call(sb, 'POST', LOAD, { body: { ...valid, ...patch } });
		expect(res.status).toBe(200);
		expect(res.json.success).toBe(true);
		expect(typeof res.json.data.message).toBe('string');
		expect(Number.isInteger(res.json.data.webhookId)).toBe(true);
	});

	test('an active profile (same fullName, searchErrors and person type) is rejected; any difference is a new profile', async () => {
		const body = { ...valid, fullName: 'Comercial Duplicada SpA' };
		const first = await call(sb, 'POST', LOAD, { body });
		expect(first.status).toBe(200);
		// Asynchronous: nothing is delivered when the load answers (here not for a minute).
		expect(sb.deliveries.filter((d) => d.webhookId === first.json.data.webhookId)).toEqual([]);
		const dup = await call(sb, 'POST', `${V1}/webhook/loadProfile`, { body });
		expect(dup.status).toBe(409);
		expect(dup.json.success).toBe(false);
		expect(dup.json.data).toBeUndefined();
		expect((await call(sb, 'POST', LOAD, { body: { ...body, searchErrors: 1 } })).status).toBe(200);
		expect((await call(sb, 'POST', LOAD, { body: { ...body, isJuridicalPerson: false } })).status).toBe(200);
		expect((await call(sb, 'POST', LOAD, { body: { ...body, fullName: 'comercial duplicada spa' } })).status).toBe(200);
	});

	test('webhook ids are distinct numbers', async () => {
		const ids = [];
		for (const n of ['Uno Dos Tres', 'Cuatro Cinco', 'Seis Siete']) ids.push((await call(sb, 'POST', LOAD, { body: { ...valid, fullName: n } })).json.data.webhookId);
		expect(new Set(ids).size).toBe(3);
		// Ids below FIRST_WEBHOOK_ID are reserved for sample events (docs/trigger.md's uses SAMPLE_WEBHOOK_ID).
		expect(Math.min(...ids)).toBeGreaterThanOrEqual(FIRST_WEBHOOK_ID);
		expect(SAMPLE_WEBHOOK_ID).toBeLessThan(FIRST_WEBHOOK_ID);
	});
});

describe('delivery to the registered webhook', () => {
	test('bearer: POST, gzip JSON, Content-Type and Content-Encoding, Authorization; recorded with the receiver answer', async () => {
		const rx = await startReceiver([204]);
		const sb = await startSandbox({ complianceDelayMs: 5, webhook: { url: rx.url, auth: { type: 'bearer', token: 'int-token' } } });
		try {
			const res = await call(sb, 'POST', `${V1}/webhook/loadProfile`, { body: valid });
			const webhookId = res.json.data.webhookId;
			const recorded = await sb.waitForDelivery(webhookId);
			expect(recorded).toMatchObject({ webhookId, url: rx.url, status: 204, attempts: 1 });
			expect(rx.received).toHaveLength(1);
			const got = rx.received[0];
			expect(got.method).toBe('POST');
			expect(got.headers['content-type']).toBe('application/json');
			expect(got.headers['content-encoding']).toBe('gzip');
			expect(got.headers.authorization).toBe('Bearer int-token');
			expect(got.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
			expect(JSON.parse(gunzipSync(got.raw).toString('utf8'))).toEqual(recorded.event);
			expect(got.event.webhookId).toBe(webhookId);
		} finally {
			await sb.close();
			await rx.close();
		}
	});

	test('basic authentication as the other method, and none', async () => {
		const rx = await startReceiver();
		const sb = await startSandbox({ complianceDelayMs: 5, webhook: { url: rx.url, auth: { type: 'basic', username: 'n8n', password: 'p:ss' } } });
		try {
			const first = await call(sb, 'POST', LOAD, { body: valid });
			await sb.waitForDelivery(first.json.data.webhookId);
			expect(rx.received[0].headers.authorization).toBe(`Basic ${Buffer.from('n8n:p:ss').toString('base64')}`);
			sb.configure({ webhook: { url: rx.url, auth: { type: 'none' } } });
			const second = await call(sb, 'POST', LOAD, { body: { ...valid, fullName: KNOWN_NAMES.noMatch } });
			await sb.waitForDelivery(second.json.data.webhookId);
			expect(rx.received[1].headers.authorization).toBeUndefined();
		} finally {
			await sb.close();
			await rx.close();
		}
	});

	test('non-2xx answers are retried deliveryRetries times, each attempt recorded in the count', async () => {
		const rx = await startReceiver([500, 503, 200]);
		const sb = await startSandbox({ complianceDelayMs: 5, deliveryRetries: 3, deliveryRetryDelayMs: 5, webhook: { url: rx.url, auth: { type: 'bearer', token: 't' } } });
		try {
			const res = await call(sb, 'POST', LOAD, { body: valid });
			const d = await sb.waitForDelivery(res.json.data.webhookId);
			expect(d).toMatchObject({ status: 200, attempts: 3 });
			expect(rx.received).toHaveLength(3);
			expect(new Set(rx.received.map((r) => JSON.stringify(r.event))).size).toBe(1);
		} finally {
			await sb.close();
			await rx.close();
		}
	});

	test('a receiver that keeps failing gets 1 + deliveryRetries attempts and its last answer is recorded', async () => {
		const rx = await startReceiver([401]);
		const sb = await startSandbox({ complianceDelayMs: 5, deliveryRetries: 2, deliveryRetryDelayMs: 5, webhook: { url: rx.url, auth: { type: 'bearer', token: 'wrong' } } });
		try {
			const res = await call(sb, 'POST', LOAD, { body: valid });
			expect(await sb.waitForDelivery(res.json.data.webhookId)).toMatchObject({ status: 401, attempts: 3 });
			expect(rx.received).toHaveLength(3);
		} finally {
			await sb.close();
			await rx.close();
		}
	});

	test('an unreachable receiver is recorded with status 0', async () => {
		const rx = await startReceiver();
		const url = rx.url;
		await rx.close();
		const sb = await startSandbox({ complianceDelayMs: 5, deliveryRetries: 1, deliveryRetryDelayMs: 5, webhook: { url, auth: { type: 'none' } } });
		try {
			const res = await call(sb, 'POST', LOAD, { body: valid });
			expect(await sb.waitForDelivery(res.json.data.webhookId)).toMatchObject({ status: 0, attempts: 2, url });
		} finally {
			await sb.close();
		}
	});
});

describe('event forms of spec §6', () => {
	let sb: Sandbox;
	let rx: Awaited<ReturnType<typeof startReceiver>>;
	beforeAll(async () => {
		rx = await startReceiver();
		sb = await startSandbox({ complianceDelayMs: 5, webhook: { url: rx.url, auth: { type: 'bearer', token: 't' } } });
	});
	afterAll(async () => {
		await sb.close();
		await rx.close();
	});

	async function eventFor(fullName: string, searchErrors = 0): Promise<any> {
		const res = await call(sb, 'POST', LOAD, { body: { ...valid, fullName, searchErrors } });
		return (await sb.waitForDelivery(res.json.data.webhookId)).event;
	}

	test('SUCCESS with matches: estado and status, English item keys, totals equal to array lengths, critical', async () => {
		const e = await eventFor(KNOWN_NAMES.critical, 1);
		expect(successEvent.parse(e)).toBeTruthy();
		expect(e).toMatchObject({ estado: 'SUCCESS', status: 'SUCCESS', nombreCompleto: KNOWN_NAMES.critical, fullName: KNOWN_NAMES.critical, tipPersona: 'juridical', toleranciaBusqueda: 1, riesgo: 'critical' });
		expect(e.dataPenal.length).toBeGreaterThan(0);
		expect(Object.keys(e.dataPenal[0])).toEqual(expect.arrayContaining(['name', 'posture', 'role', 'date', 'infraction', 'status', 'stage', 'litigants', 'matter', 'tribunal', 'isDenounced']));
		for (const [arr, tot] of [['datosMallaSocietaria', 'totalMallaSocietaria'], ['datosPepChile', 'totalPepChile'], ['datosFuncionarioPublico', 'totalFuncionarioPublico'],
			['datosFamiliarPep', 'totalFamiliarPep'], ['datosListasInternacionales', 'totalListasInternacionales'], ['dataPenal', 'totalPenal'], ['datosNoticias', 'totalNoticias']]) {
			expect([arr, e[arr].length]).toEqual([arr, e[tot]]);
		}
		expect(e.resumen.penal).toEqual({ totalResultados: e.totalPenal, riesgo: 'critical' });
		expect(e.resumen.mallaSocietaria.riesgo).toBeNull();
		expect(e.resumen.noticias.riesgo).toBeNull();
	});

	test('no-match form: totalResults, datosPenal, every array empty and every total 0', async () => {
		const e = await eventFor(KNOWN_NAMES.noMatch);
		expect(noMatchEvent.parse(e)).toBeTruthy();
		expect(e).toHaveProperty('datosPenal', []);
		expect(e).not.toHaveProperty('dataPenal');
		expect(e.resumen.penal).toEqual({ totalResults: 0, riesgo: 'free' });
		expect(e.resumen.funcionariosPublicos).toEqual({ totalResultados: 0, riesgo: 'free' });
		for (const [k, v] of Object.entries(e)) {
			if (Array.isArray(v)) expect([k, v]).toEqual([k, []]);
			if (k.startsWith('total')) expect([k, v]).toEqual([k, 0]);
		}
	});

	test('FAILED: webhookId, status, error, details, fullName', async () => {
		const e = await eventFor(KNOWN_NAMES.failed);
		expect(failedEvent.parse(e)).toBeTruthy();
		expect(Object.keys(e).sort()).toEqual(['details', 'error', 'fullName', 'status', 'webhookId']);
		expect(e.status).toBe('FAILED');
	});

	test('outcomes are deterministic from the name (matching ignores case and spacing)', async () => {
		const a = await eventFor('  inversiones   PENUMBRA spa ');
		expect(a.riesgo).toBe('critical');
		const b = await eventFor('Ricardo Alberto Fuenzalida');
		const c = await eventFor('Ricardo Alberto Fuenzalida', 2);
		const strip = (x: any) => ({ ...x, webhookId: 0, toleranciaBusqueda: 0 });
		expect(strip(c)).toEqual(strip(b));
	});

	test('buildComplianceEvent and encodeDelivery give what the sandbox sends', async () => {
		const input = { webhookId: 7, fullName: KNOWN_NAMES.critical, isJuridicalPerson: true, searchErrors: 0 };
		const built = buildComplianceEvent('success', input);
		const res = await call(sb, 'POST', LOAD, { body: { ...valid, fullName: input.fullName, searchErrors: 2 } });
		const sent = (await sb.waitForDelivery(res.json.data.webhookId)).event;
		expect({ ...sent, webhookId: 7, toleranciaBusqueda: 0 }).toEqual(built);
		const { headers, body } = encodeDelivery(built, { type: 'bearer', token: 'abc' });
		expect(headers).toEqual({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Authorization: 'Bearer abc' });
		expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(built);
		expect(failedEvent.safeParse(buildComplianceEvent('failed', input)).success).toBe(true);
		expect(noMatchEvent.safeParse(buildComplianceEvent('nomatch', input)).success).toBe(true);
	});
});

test('without a registered webhook the event is still recorded, with nothing sent', async () => {
	const sb = await startSandbox({ complianceDelayMs: 5 });
	try {
		const res = await call(sb, 'POST', LOAD, { body: valid });
		expect(await sb.waitForDelivery(res.json.data.webhookId)).toMatchObject({ url: '', status: 0, attempts: 0 });
	} finally {
		await sb.close();
	}
});
