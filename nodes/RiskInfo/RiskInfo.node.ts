/**
 * The Risk Info action node: its description, built from the registry of operations, and
 * execute(), which hands every item to the router.
 */
import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { ACTION_HINT, DOCS, PACKAGE_DESCRIPTION } from '../shared/builderHints';
import { RESOURCES, nodeProperties } from './actions/registry';
import { router } from './actions/router';
import { searchLoadedRuts } from './methods/listSearch';
import { testRiskInfoApi } from '../shared/service/credentialTest';
import { toolCallError } from '../shared/errors';

/**
 * The line under the node on the canvas: what the user picked, in the words of the lists they
 * picked it from ("Get Summary · RUT", "Download Summary · RUT (V1)"). n8n evaluates it as an
 * expression, which sees parameter values only, so the labels travel in a lookup table keyed by
 * "version resource operation". A flat object: a nested literal would put "}}" inside the
 * expression, which ends it.
 */
function subtitle(): string {
	const labels: Record<string, string> = {};
	for (const [version, resources] of Object.entries(RESOURCES)) {
		for (const resource of resources) {
			for (const operation of resource.operations) {
				labels[`${version} ${resource.value} ${operation.value}`] = `${operation.name} · ${resource.name}`;
			}
		}
	}
	return `={{ (${JSON.stringify(labels)})[$parameter["apiVersion"] + " " + $parameter["resource"] + " " + $parameter["operation"]] ?? "" }}`;
}

export class RiskInfo implements INodeType {
	description: INodeTypeDescription = {
		// "RUT" first: n8n's node panel adds its own nodes' popularity to their score, and only a
		// name that starts with it ranks this node above If, Switch and Filter (alias "Router") for
		// "rut" (docs/ai-agents.md, Finding the nodes). On the canvas the node is still "Risk Info".
		displayName: 'RUT Risk Info',
		name: 'riskInfo',
		icon: { light: 'file:../../icons/riskinfo.svg', dark: 'file:../../icons/riskinfo.dark.svg' },
		group: ['transform'],
		// Version 2 starts Simplify on (simplifyFlag, actions/steps.ts); saved version 1 nodes keep their defaults.
		// 2.1 gives a RUT load's item in English names (load.ts); saved 2 nodes keep the service's keys.
		// 3 picks the RUT from the account's loaded RUTs (parameters.ts); saved nodes keep a text RUT.
		version: [1, 2, 2.1, 3],
		defaultVersion: 3,
		subtitle: subtitle(),
		description: PACKAGE_DESCRIPTION,
		documentationUrl: DOCS.operations,
		defaults: { name: 'Risk Info' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// A literal, as the credential class has it: n8n's scanner (npm run lint) checks the two agree.
		credentials: [{ name: 'riskInfoApi', required: true, testedBy: 'riskInfoApiTest' }],
		properties: nodeProperties(),
		builderHint: ACTION_HINT,
	};

	methods = { credentialTest: { riskInfoApiTest: testRiskInfoApi }, listSearch: { searchLoadedRuts } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		try {
			return await router.call(this);
		} catch (error) {
			throw toolCallError(this.getNode(), error);
		}
	}
}
