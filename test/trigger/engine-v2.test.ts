// n8n's execution engine 2.0 answers webhooks only on receipt and does not run the trigger's
// execute(), where Ignore Repeated Deliveries records a delivery. A workflow on it whose trigger
// needs either is refused when n8n registers the webhook (publishing, or listening for a test
// event), with a message naming exactly the changes needed. The e2e shows it in a real n8n.
import type { IHookFunctions, IWorkflowSettings } from 'n8n-workflow';

import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';

/** n8n's hook context for a trigger with these parameters, in a workflow with these settings. */
function hook(settings: IWorkflowSettings, parameters: { respond: string; ignoreRepeatedDeliveries: boolean }): IHookFunctions {
	return {
		getWorkflowSettings: () => settings,
		getNodeParameter: (name: keyof typeof parameters) => parameters[name],
		getNode: () => ({ name: 'Compliance Result', type: 'n8n-nodes-riskinfo.riskInfoTrigger', typeVersion: 1.1, parameters, id: 'n1', position: [0, 0] }),
	} as unknown as IHookFunctions;
}

const checkExists = (context: IHookFunctions) => new RiskInfoTrigger().webhookMethods.default.checkExists.call(context);
const v2 = { executionOrder: 'v1', engineType: 'v2' } as IWorkflowSettings;

test('on the default engine every setting is accepted', async () => {
	for (const settings of [{}, { engineType: 'v1' }] as IWorkflowSettings[]) {
		await expect(checkExists(hook(settings, { respond: 'whenFinished', ignoreRepeatedDeliveries: true }))).resolves.toBe(true);
	}
});

test('on engine 2.0 the defaults are refused, naming both changes', async () => {
	await expect(checkExists(hook(v2, { respond: 'whenFinished', ignoreRepeatedDeliveries: true }))).rejects.toThrow(
		"This workflow runs on n8n's execution engine 2.0: in the Risk Info Trigger, set Respond to Immediately and turn Ignore Repeated Deliveries off, or run the workflow on n8n's default engine",
	);
});

test('on engine 2.0 the message names only what is still to change', async () => {
	await expect(checkExists(hook(v2, { respond: 'immediately', ignoreRepeatedDeliveries: true }))).rejects.toThrow(/Trigger, turn Ignore Repeated Deliveries off, or run/);
	await expect(checkExists(hook(v2, { respond: 'whenFinished', ignoreRepeatedDeliveries: false }))).rejects.toThrow(/Trigger, set Respond to Immediately, or run/);
	await expect(checkExists(hook(v2, { respond: 'immediately', ignoreRepeatedDeliveries: false }))).resolves.toBe(true);
});
