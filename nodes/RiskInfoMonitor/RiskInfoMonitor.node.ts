/**
 * The Risk Info Monitor: a polling trigger that tells operations staff when a supplier's risk
 * changes. The service sends no change events, but keeps loaded RUTs up to date and reading a
 * loaded RUT is free: so the Monitor reads the watched RUTs in turn (poll.ts), compares each with
 * what it remembers (memory.ts) and starts the workflow with one item per RUT that changed.
 */
import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { DOCS, MONITOR_HINT } from '../shared/builderHints';
import { testRiskInfoApi } from '../shared/service/credentialTest';
import { monitorPoll } from './poll';
import { properties } from './properties';

export class RiskInfoMonitor implements INodeType {
	description: INodeTypeDescription = {
		// "Monitor" first, as the action node's "RUT": n8n's node panel weighs the displayName above
		// aliases, and only a name that starts with the word ranks this node above TheHive 5 (alias
		// "Monitoring", with n8n's popularity bonus) and Microsoft Azure Monitor for "monitor"
		// (test/package/search-words.test.ts). On the canvas the node is still "Risk Info Monitor".
		displayName: 'Monitor Risk Info',
		name: 'riskInfoMonitor',
		icon: { light: 'file:../../icons/riskinfo.svg', dark: 'file:../../icons/riskinfo.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["source"] === "list" ? "These RUTs" : "RUTs monitored in the account"}}',
		description: 'Starts the workflow when a supplier\'s risk changes: reads the RUTs you watch in turn, free, and reports what changed',
		documentationUrl: DOCS.monitor,
		defaults: { name: 'Risk Info Monitor' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// A literal, as the credential class has it: n8n's scanner (npm run lint) checks the two agree.
		credentials: [{ name: 'riskInfoApi', required: true, testedBy: 'riskInfoApiTest' }],
		// An array of its own: n8n adds Poll Times to it in place each time it loads the node, and
		// loads it again, from the same module, once it is up (test/package/reload.test.ts).
		properties: [...properties],
		builderHint: MONITOR_HINT,
	};

	methods = { credentialTest: { riskInfoApiTest: testRiskInfoApi } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await monitorPoll.call(this);
	}
}
