// Every operation of the action node, once, inside n8n's engine (WorkflowExecute) against the
// sandbox; then proof from the spec's side that together they reached every documented endpoint.
// The endpoint list (test/helpers/spec-endpoints.ts) is copied from the interface spec, not from
// the node, so a wrong path in the node cannot agree with itself here.
import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { RESOURCES, propertiesOf } from '../../nodes/RiskInfo/actions/registry';
import { KNOWN_RUTS, formatRut, type RecordedRequest } from '../../sandbox';
import { MANUAL_TRIGGER, binaryBuffer, runWorkflow } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';
import { SPEC_ENDPOINTS, parametersFor, specEndpointOf } from '../helpers/spec-endpoints';

const RUT = KNOWN_RUTS.indebted;

const sb = useSandbox({ complianceDelayMs: 20 }, [RUT]);
const allRequests: RecordedRequest[] = [];
afterEach(() => {
	allRequests.push(...sb.requests);
});

function riskInfoNode(parameters: IDataObject, extra: Partial<INode> = {}): INode {
	return {
		id: '2',
		name: 'Risk Info',
		type: 'n8n-nodes-riskinfo.riskInfo',
		typeVersion: 1,
		position: [200, 0],
		parameters: parameters as INodeParameters,
		credentials: { riskInfoApi: { id: '1', name: 'Risk Info (sandbox)' } },
		...extra,
	};
}

async function run(parameters: IDataObject, inputs: IDataObject[] = [{}], extra: Partial<INode> = {}) {
	return await runWorkflow({
		nodes: [
			{ id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} },
			riskInfoNode(parameters, extra),
		],
		connections: { Start: { main: [[{ node: 'Risk Info', type: 'main', index: 0 }]] } },
		credentials: { riskInfoApi: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId } },
		triggerItems: inputs.map((json): INodeExecutionData => ({ json })),
	});
}

const operations = Object.entries(RESOURCES).flatMap(([version, resources]) =>
	resources.flatMap((r) => r.operations.map((o) => ({ version, resource: r.value, operation: o.value, properties: propertiesOf(o) }))),
);

test.each(operations.map((o) => [`${o.version} ${o.resource} ${o.operation}`, o] as const))(
	'%s runs in the engine: every request answered 2xx, with both credential headers, items paired',
	async (_name, o) => {
		const result = await run(parametersFor(o.version, o.resource, o.operation, o.properties, RUT));
		expect(result.error).toBeUndefined();
		const items = result.items['Risk Info'];
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) expect(item.pairedItem).toEqual({ item: 0 });
		expect(sb.requests.length).toBeGreaterThan(0);
		for (const r of sb.requests) {
			expect(`${r.method} ${r.path} ${r.status}`).toMatch(/ 2\d\d$/);
			expect(r.headers.authorization).toBe(`Bearer ${sb.token}`);
			expect(r.headers['x-client-identifier']).toBe(sb.clientId);
		}
	},
);

test('the PDF summary arrives as binary data a mail node can attach', async () => {
	const result = await run({ apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary', rut: RUT, format: 'pdf', binaryPropertyName: 'data' });
	expect(result.error).toBeUndefined();
	const [item] = result.items['Risk Info'];
	expect(item.binary?.data.mimeType).toBe('application/pdf');
	expect(item.binary?.data.fileName).toBe(`${RUT}.pdf`);
	expect(binaryBuffer(item).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('Continue On Fail: a malformed RUT and an unloaded RUT become error items paired to their inputs; the good one still runs', async () => {
	const unloaded = formatRut(77123456);
	const result = await run(
		{ apiVersion: 'v1', resource: 'v1Judicial', operation: 'getCivilCases', rut: '={{ $json.rut }}' },
		[{ rut: RUT }, { rut: '12.345.678-0' }, { rut: unloaded }],
		{ onError: 'continueRegularOutput' },
	);
	expect(result.error).toBeUndefined();
	const items = result.items['Risk Info'];
	const byInput = (i: number) => items.filter((it) => (it.pairedItem as { item: number }).item === i);
	expect(byInput(0).length).toBeGreaterThan(0);
	expect(byInput(0).every((it) => it.json.error === undefined)).toBe(true);
	expect(byInput(1)).toHaveLength(1);
	expect(byInput(1)[0].json.error).toEqual(expect.any(String));
	expect(byInput(2)).toHaveLength(1);
	expect(byInput(2)[0].json.error).toEqual(expect.any(String));
	// The malformed RUT never reached the service; the unloaded one was answered 404 there.
	expect(sb.requests.map((r) => r.path).some((p) => p.includes('12345678'))).toBe(false);
	expect(sb.requests.find((r) => r.path.includes(unloaded))?.status).toBe(404);
});

test('together the operations reached every endpoint the spec lists, each answered 2xx', () => {
	const unreached = SPEC_ENDPOINTS.filter((e) => !allRequests.some((r) => r.status < 300 && specEndpointOf(r) === e)).map((e) => `${e.method} ${e.paths.join(' or ')}`);
	expect(unreached).toEqual([]);
});
