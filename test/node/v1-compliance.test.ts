// V1 Compliance → Load Profile against the sandbox: the body of spec §4.2 on the default path and
// on the migration table's path, the webhookId that ties the later event to the item, and the
// body rules enforced before any (paid) request.
import { KNOWN_NAMES } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError } from './context';

const sandbox = useSandbox({ complianceDelayMs: 10 }, []);

beforeEach(() => {
	sandbox.configure({ compliancePermission: { user: true, corporation: true } });
});

let n = 0;
/** A fresh legal-entity name per test: the service refuses a profile that is already active. */
const freshName = () => `Comercial Prueba Numero ${++n} Limitada`;

const loadProfile = (extra: Record<string, unknown>) => ({
	apiVersion: 'v1',
	resource: 'v1Compliance',
	operation: 'loadProfile',
	...extra,
});

test('default path: POST /api/v1/webhook/loadProfile with the four fields; webhookId comes first and matches the later event', async () => {
	const fullName = freshName();
	const { items } = await runNode({ ...credentialsOf(sandbox), params: loadProfile({ fullName }) });
	expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/api/v1/webhook/loadProfile', 200]]);
	// The defaults: a legal entity, exact search, a one-off consultation.
	expect(sandbox.requests[0].body).toEqual({ fullName, isMonitoring: false, isJuridicalPerson: true, searchErrors: 0 });
	expect(sandbox.requests[0].headers['content-type']).toContain('application/json');

	const json = items[0].json;
	expect(Object.keys(json)[0]).toBe('webhookId');
	expect(typeof json.webhookId).toBe('number');
	expect(typeof json.message).toBe('string');
	expect(json).toMatchObject({ fullName, isJuridicalPerson: true, searchErrors: 0, isMonitoring: false });

	const delivery = await sandbox.waitForDelivery(json.webhookId as number, 5000);
	expect(delivery.event).toMatchObject({ webhookId: json.webhookId });
});

test('the "Service Path" option sends to /api/v1/integration/compliance/loadProfile (the migration table\'s path)', async () => {
	const fullName = freshName();
	const { items } = await runNode({
		...credentialsOf(sandbox),
		params: loadProfile({ fullName, loadProfilePath: 'integration', personType: 'natural', searchErrors: 2, isMonitoring: true }),
	});
	expect(sandbox.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/api/v1/integration/compliance/loadProfile']]);
	expect(sandbox.requests[0].body).toEqual({ fullName, isMonitoring: true, isJuridicalPerson: false, searchErrors: 2 });
	expect(typeof items[0].json.webhookId).toBe('number');
});

test('outer and repeated spaces are tidied; an expression may give the person type as the service\'s boolean and the tolerance as text', async () => {
	const { items } = await runNode({
		...credentialsOf(sandbox),
		params: loadProfile({ fullName: `  ${KNOWN_NAMES.noMatch.replace(' ', '   ')} `, personType: false, searchErrors: '1' }),
	});
	expect(sandbox.requests[0].body).toEqual({
		fullName: KNOWN_NAMES.noMatch,
		isMonitoring: false,
		isJuridicalPerson: false,
		searchErrors: 1,
	});
	expect(items).toHaveLength(1);
});

test.each([
	['an empty name', { fullName: '   ' }, 'Full Name'],
	['a legal entity without a word of 3 characters', { fullName: 'AB CD', personType: 'juridical' }, 'AB CD'],
	['a natural person with one word', { fullName: 'Madonna', personType: 'natural' }, 'Madonna'],
	['search tolerance 3', { fullName: 'Comercial Tres Limitada', searchErrors: 3 }, 'Search Tolerance'],
	['search tolerance -1', { fullName: 'Comercial Tres Limitada', searchErrors: -1 }, 'Search Tolerance'],
	['an unknown person type', { fullName: 'Comercial Tres Limitada', personType: 'company' }, 'company'],
	['a monitoring flag that is not a boolean', { fullName: 'Comercial Tres Limitada', isMonitoring: 'yes' }, 'Monitor'],
	['an unknown service path', { fullName: 'Comercial Tres Limitada', loadProfilePath: '/other' }, 'Service Path'],
])('%s is refused before any request, naming the item and the field', async (_what, extra, mention) => {
	const params = [loadProfile({ fullName: freshName() }), loadProfile(extra)];
	const error = await runNodeError({ ...credentialsOf(sandbox), params });
	expect(error.message).toContain('Item 2');
	expect(error.message).toContain(mention);
	expect(sandbox.requests).toHaveLength(0);
});

test('Continue On Fail: the bad item gets its error item in place, the good ones are sent and paired', async () => {
	const good = [freshName(), freshName()];
	const { items } = await runNode({
		...credentialsOf(sandbox),
		params: [loadProfile({ fullName: good[0] }), loadProfile({ fullName: 'Cher', personType: 'natural' }), loadProfile({ fullName: good[1] })],
		continueOnFail: true,
	});
	expect(sandbox.requests.map((r) => (r.body as { fullName: string }).fullName)).toEqual(good);
	expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	expect(items[0].json.fullName).toBe(good[0]);
	expect(String(items[1].json.error)).toContain('Cher');
	expect(items[2].json.fullName).toBe(good[1]);
});

test('without the API permission the service\'s refusal is explained in plain words', async () => {
	sandbox.configure({ compliancePermission: { user: true, corporation: false } });
	const error = await runNodeError({ ...credentialsOf(sandbox), params: loadProfile({ fullName: freshName() }) });
	expect(sandbox.requests.map((r) => r.status)).toEqual([403]);
	expect(error.message).toContain('permission');
});

test('a profile that is already active: the service\'s refusal says its results cost nothing extra', async () => {
	const fullName = freshName();
	await runNode({ ...credentialsOf(sandbox), params: loadProfile({ fullName }) });
	const error = await runNodeError({ ...credentialsOf(sandbox), params: loadProfile({ fullName }) });
	expect(sandbox.requests.map((r) => r.status)).toEqual([200, 409]);
	expect(error.message).toContain('already active');
});
