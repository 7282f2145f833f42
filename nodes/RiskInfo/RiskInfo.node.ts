/**
 * The Risk Info action node: its description, built from the registry of operations, and
 * execute(), which hands every item to the router.
 */
import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties } from './actions/registry';
import { router } from './actions/router';

export class RiskInfo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Risk Info',
		name: 'riskInfo',
		icon: { light: 'file:../../icons/riskinfo.svg', dark: 'file:../../icons/riskinfo.dark.svg' },
		group: ['transform'],
		version: 1,
		// V1 resource values carry a "v1" prefix of their own (see registry.ts); the canvas shows them without it.
		subtitle:
			'={{$parameter["apiVersion"].toUpperCase() + ": " + $parameter["operation"] + " " + $parameter["resource"].replace(/^v1/, "").charAt(0).toLowerCase() + $parameter["resource"].replace(/^v1/, "").slice(1)}}',
		description: 'Risk and due-diligence information on Chilean taxpayers by RUT, and compliance screening of names',
		defaults: { name: 'Risk Info' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// A literal, as the credential class has it: n8n's scanner (npm run lint) checks the two agree.
		credentials: [{ name: 'riskInfoApi', required: true }],
		properties: nodeProperties(),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
