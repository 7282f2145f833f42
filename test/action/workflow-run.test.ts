// The V2 operations inside a real n8n engine run (n8n-core's WorkflowExecute): parameters given
// as expressions over the input items, the credential applied by n8n, and the node's
// "On Error: Continue" setting.
import type { IDataObject, INode } from 'n8n-workflow';

import { KNOWN_NAMES, KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { runRiskInfo } from '../../harness/workflow';

const sb = useSandbox({ complianceDelayMs: 20 });

function run(parameters: IDataObject, inputs: IDataObject[], node: Partial<INode> = {}) {
	return runRiskInfo({ parameters, inputs, node, access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId } });
}

test('RUT and Simplify from expressions over each item; one request per distinct RUT', async () => {
	const result = await run(
		{ resource: 'rut', operation: 'getSummary', rut: '={{ $json.taxId }}', simplify: '={{ $json.flat }}' },
		[
			{ taxId: '76.111.111-6', flat: true },
			{ taxId: '761111116', flat: true },
			{ taxId: KNOWN_RUTS.critical, flat: false },
		],
	);
	expect(result.error).toBeUndefined();
	const out = result.items['Risk Info'];
	expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	expect(out[0].json.complianceRisk).toBe('free');
	expect(out[1].json).toEqual(out[0].json);
	expect(out[2].json.identificacion).toBeDefined(); // not simplified
	expect(sb.requests.map((r) => r.query.rut).sort()).toEqual([KNOWN_RUTS.clean, KNOWN_RUTS.critical].sort());
	expect(sb.requests.every((r) => r.headers.authorization === `Bearer ${sb.token}`)).toBe(true);
});

test('compliance load fields from expressions; a bad searchErrors from an expression is caught, the rest go on', async () => {
	const result = await run(
		{
			resource: 'compliance',
			operation: 'loadProfile',
			fullName: '={{ $json.name }}',
			personType: '={{ $json.type }}',
			searchErrors: '={{ $json.tolerance }}',
		},
		[
			{ name: KNOWN_NAMES.noMatch, type: 'juridical', tolerance: 2 },
			{ name: 'Ana Soto', type: 'natural', tolerance: 3 },
		],
		{ onError: 'continueRegularOutput' },
	);
	expect(result.error).toBeUndefined();
	const out = result.items['Risk Info'];
	expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(typeof out[0].json.webhookId).toBe('number');
	expect(out[1].json.error).toMatch(/^Search Tolerance /);
	expect(sb.requests.map((r) => r.body)).toEqual([
		{ fullName: KNOWN_NAMES.noMatch, isMonitoring: false, isJuridicalPerson: true, searchErrors: 2 },
	]);
});

test('without Continue On Fail a bad RUT fails the run and nothing is sent', async () => {
	const result = await run({ resource: 'judicial', operation: 'getCivilCases', rut: '={{ $json.rut }}' }, [
		{ rut: KNOWN_RUTS.indebted },
		{ rut: '76.222.222-9' },
	]);
	const error = (result.error ?? result.nodeErrors['Risk Info']) as Error & { context?: { itemIndex?: number } };
	expect([error.message, error.context?.itemIndex]).toEqual([expect.stringMatching(/^RUT "76.222.222-9"/), 1]);
	expect(sb.requests).toEqual([]);
});

test('"Continue (using error output)": failed items leave by the error output with their input\'s fields and the error; the rest by the main one', async () => {
	// Valid (check digit by modulo 11, worked out apart from the code) and never loaded here.
	const unloaded = '33000001-5';
	const result = await run(
		{ resource: 'judicial', operation: 'getCivilCases', rut: '={{ $json.rut }}' },
		[
			{ rut: KNOWN_RUTS.indebted, supplier: 'A' },
			{ rut: '76.222.222-9', supplier: 'B' },
			{ rut: unloaded, supplier: 'C' },
		],
		{ onError: 'continueErrorOutput' },
	);
	expect(result.error).toBeUndefined();
	const [main, errors] = result.outputs['Risk Info'];
	expect(main.map((i) => [i.pairedItem, i.json.error])).toEqual([[{ item: 0 }, undefined]]);
	expect(errors.map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
	// n8n adds the input item's fields, so a workflow can tell which supplier failed.
	expect(errors.map((i) => [i.json.supplier, i.json.rut])).toEqual([
		['B', '76.222.222-9'],
		['C', unloaded],
	]);
	expect(String(errors[0].json.error)).toMatch(/^RUT "76.222.222-9"/);
	expect(errors[0].json.details).toMatchObject({ itemIndex: 1 });
	expect(String(errors[1].json.error)).toMatch(/is not loaded in this account/);
	expect(errors[1].json.details).toMatchObject({ itemIndex: 2, httpCode: '404' });
});
