// Node version 2 starts Simplify on; a saved version 1 node keeps what it had. n8n saves a node's
// parameters without those at their default and fills them back from the default of the node's own
// version (NodeHelpers.getNodeParameters, displayOptions '@version'), so both versions are run here
// through n8n's engine with no Simplify value saved, as a workflow that never touched it holds them.
import { SIMPLIFIED_FIELDS } from '../../nodes/shared/service/record';
import { runRiskInfo } from '../../harness/workflow';
import { KNOWN_RUTS } from '../../sandbox';
import { filledIn, freshRiskInfo } from '../helpers/isolated';
import { useSandbox } from '../helpers/sandbox';
import { freshRuts } from '../helpers/spend';

const sb = useSandbox();

const summaries = [
	['v2', { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' }],
	['v1', { apiVersion: 'v1', resource: 'v1Rut', operation: 'getSummary' }],
] as const;

async function summaryAt(typeVersion: number, parameters: Record<string, unknown>) {
	const result = await runRiskInfo({
		parameters: { rut: KNOWN_RUTS.clean, ...parameters },
		access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
		node: { typeVersion },
	});
	expect(result.error ?? result.nodeErrors['Risk Info']).toBeUndefined();
	return result.items['Risk Info'].map((i) => i.json);
}

test('a node added now is version 3; versions 1, 2 and 2.1 are still offered', () => {
	const { description } = freshRiskInfo();
	expect([description.version, description.defaultVersion]).toEqual([[1, 2, 2.1, 3], 3]);
});

test('RUT → Load: version 2.1 gives the item in English names with the service\'s answer under response; a saved version 2 node keeps the service\'s keys', async () => {
	const load = (typeVersion: number, rut: string) => summaryAt(typeVersion, { apiVersion: 'v2', resource: 'rut', operation: 'load', rut });
	const [fresh, saved] = freshRuts(2);
	const [now] = await load(2.1, fresh);
	expect(Object.keys(now)).toEqual(['rut', 'isMonitoring', 'includeBureau', 'loadedOn', 'message', 'note', 'response', 'paid']);
	expect(now).toMatchObject({ rut: fresh, isMonitoring: false, includeBureau: false, paid: 'RUT load' });
	const response = now.response as Record<string, unknown>;
	expect(now.loadedOn).toBe(response.fechaCarga);
	// The service's words kept, their English meaning beside them.
	expect(response.message).toBe('RUT cargado correctamente');
	expect(now.message).toBe('RUT cargado correctamente (RUT loaded successfully)');
	const [before] = await load(2, saved);
	expect(before).toMatchObject({ rut: saved, message: response.message });
	expect(before).toHaveProperty('fechaCarga');
	expect(before).not.toHaveProperty('loadedOn');
});

test('RUT → Load of a RUT already loaded: charged again, and the item says that every load is charged and how to pay only for new ones', async () => {
	const load = async () => (await summaryAt(3, { apiVersion: 'v2', resource: 'rut', operation: 'load', rut: { mode: 'id', value: KNOWN_RUTS.clean } }))[0];
	const before = sb.usage().paidLoads;
	const [first, again] = [await load(), await load()];
	expect(sb.usage().paidLoads - before).toBe(2);
	for (const item of [first, again]) {
		expect(item.paid).toBe('RUT load');
		expect(item.note).toMatch(/^Every RUT load is charged, also of a RUT that was already loaded.+Load RUT If Not Loaded.+Dry Run.+alreadyLoaded/);
	}
});

test.each(summaries)('the panel fills Simplify on for version 2 and off for version 1 (%s Get Summary)', (_, at) => {
	const { properties } = freshRiskInfo().description;
	expect([filledIn(properties, at, 2).simplify, filledIn(properties, at, 1).simplify]).toEqual([true, false]);
});

test.each(summaries)('%s Get Summary with nothing saved for Simplify: version 2 gives the flat record, version 1 the full one', async (_, at) => {
	const [now] = await summaryAt(2, at);
	expect(Object.keys(now)).toEqual(SIMPLIFIED_FIELDS);
	expect(now.rut).toBe(KNOWN_RUTS.clean);
	const [saved] = await summaryAt(1, at);
	expect(Object.keys(saved)).not.toContain('activeJudicialCases');
	expect(Object.keys(saved).length).toBeGreaterThan(5);
	expect(saved).not.toEqual(now);
});

test('Get Usage: version 2 gives the flat record of the plan, version 1 the service\'s answer', async () => {
	const usage = { apiVersion: 'v2', resource: 'account', operation: 'getUsage' };
	const { properties } = freshRiskInfo().description;
	expect([filledIn(properties, usage, 2).simplify, filledIn(properties, usage, 1).simplify]).toEqual([true, false]);
	const [now] = await summaryAt(2, usage);
	const [saved] = await summaryAt(1, usage);
	expect(now).toHaveProperty('paidLookupsRemaining');
	expect(saved).not.toHaveProperty('paidLookupsRemaining');
});

test.each(summaries)('%s Get Summary: an explicit choice holds on either version', async (_, at) => {
	const [offOn2] = await summaryAt(2, { ...at, simplify: false });
	const [onOn1] = await summaryAt(1, { ...at, simplify: true });
	expect(Object.keys(offOn2)).not.toContain('activeJudicialCases');
	expect(Object.keys(onOn1)).toEqual(SIMPLIFIED_FIELDS);
});

test('Simplify says the units of the flat record: bank debt in thousands of CLP, bulletin amounts in CLP', () => {
	const simplify = freshRiskInfo().description.properties.filter((p) => p.name === 'simplify' && p.displayOptions?.show?.operation?.includes('getSummary'));
	expect(simplify.length).toBe(4);
	for (const p of simplify) {
		expect(p.hint).toMatch(/overdueBankDebt and writtenOffBankDebt in thousands of CLP/);
		expect(p.hint).toMatch(/bulletinAmountSourceA\/B\/C in CLP/);
	}
});
