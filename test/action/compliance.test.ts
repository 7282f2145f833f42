// V1 Compliance → Load Profile against the sandbox: the body of spec §4.2 on the default path and
// on the migration table's path, the webhookId that ties the later event to the item, and the
// body rules enforced before any (paid) request. Then, on the step alone with a stand-in transport:
// the panel's fields as n8n fills a new node from them, the exact input errors and their hints,
// a service answer without webhookId, and which refusals of the profile list a dry run tolerates.
import { KNOWN_NAMES } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError } from './context';
import type { IDataObject } from 'n8n-workflow';
import type { ItemRequest } from '../../nodes/RiskInfo/actions/types';
import type { ApiRequest } from '../../nodes/shared/transport';
import { transportDouble } from '../helpers/transport-double';
import { context, filledIn, isolated } from '../helpers/isolated';

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
])('%s is refused before any request, naming the field, for its item', async (_what, extra, mention) => {
	const params = [loadProfile({ fullName: freshName() }), loadProfile(extra)];
	const error = await runNodeError({ ...credentialsOf(sandbox), params });
	expect((error as Error & { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
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

type Compliance = typeof import('../../nodes/RiskInfo/actions/compliance');
type Errors = typeof import('../../nodes/shared/errors');

/** The module and the errors module it uses (so `instanceof ServiceError` holds), loaded inside the calling test. */
function load(): Compliance & Errors {
	return isolated(() => ({ ...(require('../../nodes/shared/errors') as Errors), ...(require('../../nodes/RiskInfo/actions/compliance') as Compliance) }));
}

type Params = Record<string, unknown>;


const newPlan = (root: 'v1' | 'v2' = 'v2'): ItemRequest => ({ request: { method: 'POST', root, path: '/webhook/loadProfile' }, choices: {} });

/** The body Load Profile would send for a panel with `set` filled in, or the input error's message and hint. */
function bodyFor({ complianceProfile }: Compliance, set: Params, raw = false): IDataObject | { message: string; hint: unknown } {
	const plan = newPlan();
	try {
		complianceProfile.prepare!.call(context(raw ? set : filledIn(complianceProfile.properties, set)), 0, plan, 1);
	} catch (error) {
		return { message: (error as Error).message, hint: (error as { description?: unknown }).description };
	}
	return plan.request.body as IDataObject;
}

const NAME_HINT = "A legal entity's name needs at least one word of 3 or more characters; a natural person's name needs a first name and a surname.";

describe('the panel', () => {
	test('a new node with only Full Name filled in sends a one-off, exact search for a legal entity', () => {
		const m = load();
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo Limitada' })).toEqual({
			fullName: 'Comercial Ejemplo Limitada',
			isMonitoring: false,
			isJuridicalPerson: true,
			searchErrors: 0,
		});
	});

	test('a new node starts with Full Name empty, so it screens no made-up name; Full Name is marked required', () => {
		const m = load();
		expect(bodyFor(m, {})).toEqual({ message: 'Full Name is empty', hint: NAME_HINT });
		const fullName = m.complianceProfile.properties.find((p) => p.name === 'fullName');
		expect(fullName?.required).toBe(true);
	});

	test('every person type and tolerance the panel offers is sent as the service names it', () => {
		const m = load();
		const { complianceProfile } = m;
		const options = (name: string) => (complianceProfile.properties.find((p) => p.name === name)?.options ?? []) as Array<{ value: unknown }>;
		expect(options('personType').map((o) => o.value)).toEqual(['juridical', 'natural']);
		expect(options('searchErrors').map((o) => o.value)).toEqual([0, 1, 2]);
		const sent = (personType: unknown, searchErrors: unknown) => bodyFor(m, { fullName: 'Ana Comercial Perez', personType, searchErrors, isMonitoring: true });
		expect(sent('juridical', 2)).toEqual({ fullName: 'Ana Comercial Perez', isMonitoring: true, isJuridicalPerson: true, searchErrors: 2 });
		expect(sent('natural', 1)).toEqual({ fullName: 'Ana Comercial Perez', isMonitoring: true, isJuridicalPerson: false, searchErrors: 1 });
	});

	test('every field, option and description has words to show; a field that is refused is named by its label', () => {
		const m = load();
		const { complianceProfile } = m;
		const fields = complianceProfile.properties.filter((p) => p.name !== 'dryRun');
		expect(fields.map((p) => p.name)).toEqual(['fullName', 'personType', 'searchErrors', 'isMonitoring']);
		for (const field of fields) {
			const said = (text: unknown) => typeof text === 'string' && text.trim().length > 0;
			expect([field.name, said(field.displayName), said(field.description)]).toEqual([field.name, true, true]);
			for (const option of (field.options ?? []) as Array<{ name: string; description?: string }>) {
				expect([field.name, said(option.name), said(option.description)]).toEqual([field.name, true, true]);
			}
		}
		expect(complianceProfile.properties.find((p) => p.name === 'fullName')?.placeholder).toMatch(/^e\.g\. \S/);
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo Limitada', isMonitoring: 'yes' })).toMatchObject({ message: 'Monitor the Profile must be true or false, not "yes"' });
	});
});

describe('what the body checks refuse, and say', () => {
	test('a Full Name that is not text, from an expression', () => {
		const m = load();
		expect(bodyFor(m, { fullName: 42 }, true)).toEqual({ message: 'Full Name must be text, not 42', hint: NAME_HINT });
	});

	test.each(['', '   '])('an empty Full Name (%p) is called empty, whatever the person type', (fullName) => {
		const m = load();
		expect(bodyFor(m, { fullName, personType: 'juridical' })).toEqual({ message: 'Full Name is empty', hint: NAME_HINT });
		expect(bodyFor(m, { fullName, personType: 'natural' })).toEqual({ message: 'Full Name is empty', hint: NAME_HINT });
	});

	test('a legal entity\'s word of exactly 3 characters is enough', () => {
		const m = load();
		expect(bodyFor(m, { fullName: 'AB CD' })).toEqual({ message: expect.stringContaining('has no word of 3 or more characters'), hint: NAME_HINT });
		expect(bodyFor(m, { fullName: 'AB CDE' })).toMatchObject({ fullName: 'AB CDE', isJuridicalPerson: true });
	});

	test('the service\'s own false for isJuridicalPerson means a natural person', () => {
		const m = load();
		expect(bodyFor(m, { fullName: 'Ana Perez', personType: false })).toMatchObject({ isJuridicalPerson: false });
		expect(bodyFor(m, { fullName: 'Ana Perez', personType: 'false' })).toMatchObject({ isJuridicalPerson: false });
		expect(bodyFor(m, { fullName: 'Comercial Ana', personType: true })).toMatchObject({ isJuridicalPerson: true });
	});

	test('an unknown person type is quoted, with the accepted values as the hint', () => {
		const m = load();
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo', personType: 'company' })).toEqual({
			message: 'Person Type "company" is not a person type',
			hint: 'Use "juridical" (legal entity) or "natural" (natural person), or true / false as the service\'s isJuridicalPerson.',
		});
	});

	test('Search Tolerance as a number or as text of a number is taken; blank text is refused, not read as exact (0)', () => {
		const m = load();
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo', searchErrors: 1 }, true)).toMatchObject({ searchErrors: 1 });
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo', searchErrors: ' 2 ' }, true)).toMatchObject({ searchErrors: 2 });
		const hint = 'Use 0 (exact), 1 or 2 (more flexible, with suggestions of similar names).';
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo', searchErrors: '' }, true)).toEqual({ message: 'Search Tolerance "" is not allowed', hint });
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo', searchErrors: '  ' }, true)).toEqual({ message: 'Search Tolerance "  " is not allowed', hint });
		expect(bodyFor(m, { fullName: 'Comercial Ejemplo', searchErrors: 3 }, true)).toEqual({ message: 'Search Tolerance "3" is not allowed', hint });
	});
});

test('an answer without webhookId still gives the item a webhookId field, null, first', () => {
	const { profileItem } = load();
	const plan = newPlan();
	plan.request.body = { fullName: 'Comercial Ejemplo', isMonitoring: false, isJuridicalPerson: true, searchErrors: 0 };
	const [item] = profileItem.call(context({}), { message: 'queued' }, { data: {}, headers: {} }, plan) as Array<{ json: IDataObject }>;
	expect(Object.entries(item.json)).toEqual([
		['webhookId', null],
		['message', 'queued'],
		['fullName', 'Comercial Ejemplo'],
		['isMonitoring', false],
		['isJuridicalPerson', true],
		['searchErrors', 0],
	]);
});

describe('the dry run', () => {
	const asked = { fullName: 'Comercial Ejemplo', isMonitoring: false, isJuridicalPerson: true, searchErrors: 1 };

	/** The dry run's item for the V1 or V2 load, with List Profiles answering `profiles` or failing with `status`. */
	async function estimate(root: 'v1' | 'v2', profiles: unknown[] | { status: number }) {
		const { estimateProfile, ServiceError } = load();
		const requests: ApiRequest[] = [];
		const api = transportDouble({
			once: async (_key: string, req: ApiRequest) => {
				requests.push(req);
				if (Array.isArray(profiles)) return { response: { data: { compliance: profiles }, headers: {} }, sentHere: true };
				throw new ServiceError({ status: profiles.status, attempts: 1, method: 'GET', path: '/profiles' });
			},
			claimFirst: () => true,
		});
		const plan = newPlan(root);
		plan.request.body = { ...asked };
		const answer = await estimateProfile(api, plan);
		expect(requests).toEqual([{ method: 'GET', root: 'v2', path: '/profiles' }]);
		return answer.extra;
	}

	const same = { fullName: 'Comercial Ejemplo', searchErrors: 1, isJuridicalPerson: true };

	test('an identical active profile makes the load free; a failed one (FAILED, in any case, as estado or status) does not', async () => {
		for (const active of [{ ...same, estado: 'ACTIVE' }, { ...same, status: 'done' }, { ...same }]) {
			expect(await estimate('v2', [active])).toEqual({ ...asked, dryRun: true, wouldPay: false, activeProfile: active });
		}
		for (const failed of [{ ...same, estado: 'FAILED' }, { ...same, estado: 'failed' }, { ...same, status: 'Failed' }]) {
			expect(await estimate('v2', [failed])).toEqual({ ...asked, dryRun: true, wouldPay: true, wouldPayFor: 'compliance profile load' });
		}
	});

	test.each([401, 403, 404])('V1: List Profiles refused with %p leaves active profiles unchecked', async (status) => {
		expect(await estimate('v1', { status })).toEqual({ ...asked, dryRun: true, wouldPay: true, wouldPayFor: 'compliance profile load', activeProfilesChecked: false });
	});

	test('V1: any other failure of List Profiles (500) stops the item', async () => {
		await expect(estimate('v1', { status: 500 })).rejects.toThrow('The service call GET /profiles failed (500)');
	});

	test.each([401, 403, 404])('V2: List Profiles refused with %p stops the item, as the load itself would be refused', async (status) => {
		await expect(estimate('v2', { status })).rejects.toThrow(`The service call GET /profiles failed (${status})`);
	});
});
