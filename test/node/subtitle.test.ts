// The line n8n shows under the node on the canvas, evaluated by n8n's own expression engine.
import { Workflow, type INode } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { NodeTypesRegistry } from '../../harness/workflow';

function subtitleFor(parameters: INode['parameters']): unknown {
	const node: INode = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 1, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, nodeTypes: new NodeTypesRegistry(), active: false });
	return workflow.expression.getSimpleParameterValue(node, new RiskInfo().description.subtitle, 'internal', {});
}

test.each([
	[{ apiVersion: 'v2', resource: 'rut', operation: 'getSummary' }, 'V2: getSummary rut'],
	[{ apiVersion: 'v2', resource: 'laborCollection', operation: 'getLaborFines' }, 'V2: getLaborFines laborCollection'],
	[{ apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary' }, 'V1: downloadSummary rut'],
	[{ apiVersion: 'v1', resource: 'v1LaborCollection', operation: 'getLaborFines' }, 'V1: getLaborFines laborCollection'],
])('%j shows as %s, without the V1 values\' internal prefix', (parameters, expected) => {
	expect(subtitleFor(parameters)).toBe(expected);
});
