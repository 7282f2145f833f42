// Node version 3: the RUT is picked from the account's loaded RUTs (From List), written (By ID,
// n8n's label for the mode named id)
// or set by an expression. The list is asked for as n8n's editor asks (the node's list search in
// n8n-core's LoadOptionsContext) over real HTTP to the sandbox; workflows run in n8n's engine.
// Saved nodes of versions 1 to 2.1 keep their text RUT.
import type { IDataObject } from 'n8n-workflow';

import { runRiskInfo, runWorkflow, searchLoadedRuts } from '../../harness/workflow';
import { KNOWN_RUTS } from '../../sandbox';
import { filledIn, freshRiskInfo } from '../helpers/isolated';
import { useSandbox } from '../helpers/sandbox';
import { freshRuts } from '../helpers/spend';

const extra = freshRuts(25);
const sb = useSandbox({}, [...Object.values(KNOWN_RUTS), ...extra]);
const empty = useSandbox({}, []);
const large = useSandbox({}, freshRuts(130));

const access = (s = sb) => ({ baseUrl: s.url, accessToken: s.token, clientIdentifier: s.clientId });
const summary = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' };
/** 76111111-6 as people write it, written here by hand from the digits. */
const dotted = (rut: string) => rut.replace(/^(\d+)/, (body) => body.replace(/\B(?=(\d{3})+$)/g, '.'));

/** The taxpayer's name as the sandbox's own summary gives it. */
async function nameAtSandbox(rut: string): Promise<string> {
	const response = await fetch(`${sb.url}/api/clients/v2/helper/resumen?rut=${rut}`, {
		headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId },
	});
	const body = (await response.json()) as { data: { identificacion: { razonSocial: string } } };
	return body.data.identificacion.razonSocial;
}

/** What the sandbox counts as paid, and every request it got. */
const spent = (s = sb) => ({ paidLoads: s.usage().paidLoads, complianceLoads: s.usage().complianceLoads });

describe('From List: the account\'s loaded RUTs', () => {
	test('pages through every loaded RUT, each once, shown as "dotted RUT · name" (the RUT first, whole in a narrow field), paying nothing', async () => {
		const before = spent();
		const first = await searchLoadedRuts({ access: access() });
		expect(first.results).toHaveLength(20);
		expect(first.paginationToken).toBeDefined();
		const second = await searchLoadedRuts({ access: access(), paginationToken: String(first.paginationToken) });
		expect(second.paginationToken).toBeUndefined();
		const all = [...first.results, ...second.results];
		expect(all.map((r) => r.value).sort()).toEqual([...Object.values(KNOWN_RUTS), ...extra].sort());
		const clean = all.find((r) => r.value === KNOWN_RUTS.clean)!;
		expect(clean.name).toBe(`76.111.111-6 · ${await nameAtSandbox(KNOWN_RUTS.clean)}`);
		for (const r of all) expect(r.name).toMatch(new RegExp(`^${dotted(String(r.value)).replace(/\./g, '\\.')} · .+$`));
		expect(spent()).toEqual(before);
		expect(sb.requests.every((r) => r.method === 'GET')).toBe(true);
	});

	test('a search by part of a name, in any case, finds that taxpayer and only names that hold it', async () => {
		const name = await nameAtSandbox(KNOWN_RUTS.indebted);
		const word = name.split(' ').find((w) => w.length >= 4)!;
		const { results, paginationToken } = await searchLoadedRuts({ access: access(), filter: word.toUpperCase() });
		expect(paginationToken).toBeUndefined();
		expect(results.map((r) => r.value)).toContain(KNOWN_RUTS.indebted);
		for (const r of results) expect(r.name.toLowerCase()).toContain(word.toLowerCase());
	});

	test('a search by words that matches nothing in a large account reads a bounded number of names per page, then lets n8n ask for more', async () => {
		const summaries = () => large.requests.filter((r) => r.path.endsWith('/helper/resumen')).length;
		const first = await searchLoadedRuts({ access: access(large), filter: 'no such taxpayer' });
		expect(first.results).toEqual([]);
		expect(first.paginationToken).toBeDefined();
		const readForFirst = summaries();
		expect(readForFirst).toBeGreaterThan(0);
		expect(readForFirst).toBeLessThan(130);
		const second = await searchLoadedRuts({ access: access(large), filter: 'no such taxpayer', paginationToken: String(first.paginationToken) });
		expect(second).toEqual({ results: [], paginationToken: undefined });
		expect(summaries()).toBe(130);
	});

	test('a search by part of a RUT, with dots, reads the names of the matching RUTs only', async () => {
		sb.resetLog();
		const { results } = await searchLoadedRuts({ access: access(), filter: '76.111' });
		expect(results.map((r) => r.value)).toEqual([KNOWN_RUTS.clean]);
		expect(sb.requests.map((r) => r.path)).toEqual(['/api/clients/v2/profiles', '/api/clients/v2/helper/resumen']);
	});

	test('a name that cannot be read (the service failing for that RUT) leaves its entry showing the RUT alone', async () => {
		sb.failNext(500, 4, { path: '/api/clients/v2/helper/resumen', query: { rut: KNOWN_RUTS.indebted } });
		const { results } = await searchLoadedRuts({ access: access(), filter: '76222' });
		expect(results).toEqual([{ name: '76.222.222-1', value: KNOWN_RUTS.indebted }]);
	});

	test('a name read the account is refused (403) fails the list with the permission message', async () => {
		sb.failNext(403, 1, { path: '/api/clients/v2/helper/resumen', query: { rut: KNOWN_RUTS.clean } });
		await expect(searchLoadedRuts({ access: access(), filter: '76111111' })).rejects.toMatchObject({ httpCode: '403', message: expect.stringContaining('lacks permission') });
	});

	test('an account with nothing loaded says so and what to do', async () => {
		await expect(searchLoadedRuts({ access: access(empty) })).rejects.toMatchObject({
			message: 'No RUT is loaded in this account yet',
			description: expect.stringContaining('Choose By ID'),
		});
	});

	test('a refused credential fails the list with the credential\'s message and its HTTP code', async () => {
		await expect(searchLoadedRuts({ access: { ...access(), accessToken: 'not-the-token' } })).rejects.toMatchObject({
			httpCode: '401',
			message: expect.stringContaining('Check the Access Token'),
		});
	});

	test('Answer Key Names that cannot be used fail the list before anything is sent, naming the field', async () => {
		sb.resetLog();
		await expect(searchLoadedRuts({ access: { ...access(), answerKeyNames: '[1]' } })).rejects.toMatchObject({
			message: expect.stringMatching(/^Answer Key Names in the Risk Info API credential must be a JSON object/),
		});
		expect(sb.requests).toEqual([]);
	});
});

describe('node version 3', () => {
	test('a read starts on From List, a load on By ID (mode id); version 2.1 keeps the text field', () => {
		const { properties } = freshRiskInfo().description;
		const load = { ...summary, operation: 'load' };
		expect(filledIn(properties, summary, 3).rut).toEqual({ __rl: true, mode: 'list', value: '' });
		expect(filledIn(properties, load, 3).rut).toEqual({ __rl: true, mode: 'id', value: '' });
		expect(filledIn(properties, summary, 2.1).rut).toBe('');
	});

	test('By ID, the label n8n\'s editor gives a mode named id whatever the node says, has a hint that it takes the RUT', () => {
		const rut = freshRiskInfo().description.properties.find((p) => p.name === 'rut' && p.type === 'resourceLocator')!;
		const byId = rut.modes?.find((m) => m.name === 'id');
		expect(byId?.hint).toMatch(/^The RUT itself, with its check digit: 12\.345\.678-5/);
	});

	const run = async (rut: IDataObject, inputs?: IDataObject[]) => {
		const result = await runRiskInfo({ parameters: { ...summary, rut }, access: access(), node: { typeVersion: 3 }, inputs });
		return { error: result.error ?? result.nodeErrors['Risk Info'], items: result.items['Risk Info']?.map((i) => i.json) ?? [] };
	};

	test.each([
		['From List', { __rl: true, mode: 'list', value: KNOWN_RUTS.clean, cachedResultName: '76.111.111-6 · Picked' }, undefined],
		['By ID', { __rl: true, mode: 'id', value: '76.111.111-6' }, undefined],
		['an expression', { __rl: true, mode: 'id', value: '={{ $json.supplier }}' }, [{ supplier: '76111111-6' }]],
	])('%s reads that RUT', async (_, rut, inputs) => {
		const { error, items } = await run(rut, inputs);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].rut).toBe(KNOWN_RUTS.clean);
	});

	test('By ID with a wrong check digit gives the message of the text field, and sends nothing', async () => {
		const wrong = '76.111.111-5';
		const { error } = await run({ __rl: true, mode: 'id', value: wrong });
		const before = await runRiskInfo({ parameters: { ...summary, rut: wrong }, access: access(), node: { typeVersion: 2.1 } });
		expect(error?.message).toBe('RUT "76.111.111-5" is not a valid RUT: the check digit does not match the number');
		expect(error?.message).toBe(before.nodeErrors['Risk Info']?.message);
		expect(sb.requests).toEqual([]);
	});
});

test('a workflow saved with node version 2 and a text RUT runs unchanged', async () => {
	const saved = {
		nodes: [
			{ id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'b',
				name: 'Summary',
				type: 'n8n-nodes-riskinfo.riskInfo',
				typeVersion: 2,
				position: [200, 0],
				parameters: { resource: 'rut', operation: 'getSummary', rut: '76.111.111-6' },
				credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } },
			},
		],
		connections: { Start: { main: [[{ node: 'Summary', type: 'main', index: 0 }]] } },
	};
	const result = await runWorkflow({ ...(JSON.parse(JSON.stringify(saved)) as Parameters<typeof runWorkflow>[0]), credentials: { riskInfoApi: access() } });
	expect(result.error ?? result.nodeErrors.Summary).toBeUndefined();
	const [item] = result.items.Summary.map((i) => i.json);
	expect(item.rut).toBe(KNOWN_RUTS.clean);
	// Version 2 starts Simplify on: the flat record, as before version 3.
	expect(item).toHaveProperty('activeJudicialCases');
});
