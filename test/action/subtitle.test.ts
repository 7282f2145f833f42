// The line n8n shows under the node on the canvas, evaluated by n8n's own expression engine: the
// operation and resource as the user picked them from the lists, never internal values.
import { Workflow, type INode } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RESOURCES } from '../../nodes/RiskInfo/actions/registry';
import { NodeTypesRegistry } from '../../harness/workflow';

function subtitleFor(parameters: INode['parameters']): unknown {
	const node: INode = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 1, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, nodeTypes: new NodeTypesRegistry(), active: false });
	return workflow.expression.getSimpleParameterValue(node, new RiskInfo().description.subtitle, 'internal', {});
}

test.each([
	[{ apiVersion: 'v2', resource: 'rut', operation: 'getSummary' }, 'Get Summary · RUT'],
	[{ apiVersion: 'v2', resource: 'rut', operation: 'load' }, 'Load · RUT'],
	[{ apiVersion: 'v2', resource: 'laborCollection', operation: 'getLaborFines' }, 'Get Labor Fines (Multa Laboral) · Labor Collection'],
	[{ apiVersion: 'v2', resource: 'compliance', operation: 'loadProfile' }, 'Load Profile · Compliance'],
	[{ apiVersion: 'v2', resource: 'account', operation: 'getUsage' }, 'Get Usage · Account'],
	[{ apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary' }, 'Download Summary · RUT (V1)'],
	[{ apiVersion: 'v1', resource: 'v1Rut', operation: 'getSummary' }, 'Get Summary · RUT (V1)'],
	[{ apiVersion: 'v1', resource: 'v1LaborCollection', operation: 'getLaborFines' }, 'Get Labor Fines (Multa Laboral) · Labor Collection (V1)'],
	[{ apiVersion: 'v1', resource: 'v1Compliance', operation: 'loadProfile' }, 'Load Profile · Compliance (V1)'],
])('%j shows as "%s"', (parameters, expected) => {
	expect(subtitleFor(parameters)).toBe(expected);
});

test('every operation of both versions has a label naming its operation and resource, and no internal value', () => {
	for (const [version, resources] of Object.entries(RESOURCES)) {
		for (const resource of resources) {
			for (const operation of resource.operations) {
				const shown = subtitleFor({ apiVersion: version, resource: resource.value, operation: operation.value });
				expect(shown).toBe(`${operation.name} · ${resource.name}`);
				// Internal values are camelCase ("getSummary", "v1Rut"); labels are words.
				expect(shown).not.toContain(operation.value);
				expect(shown).not.toContain(resource.value);
			}
		}
	}
});

test('a combination the lists do not offer shows nothing rather than failing', () => {
	expect(subtitleFor({ apiVersion: 'v2', resource: 'v1Rut', operation: 'getSummary' })).toBe('');
});
