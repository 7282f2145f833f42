// The trigger's parameters and the texts of n8n's trigger panel.

import type { INodeProperties, TriggerPanelDefinition } from 'n8n-workflow';

import { DOCS, PARAMETER_HINTS } from '../shared/builderHints';

/**
 * A sample delivery anyone can send from a terminal, whether n8n came from Community Nodes or a
 * clone: the Test URL is the one this node's panel shows (n8n cannot put it into a text), the
 * secret a placeholder for the credential's. A completed screening with critical risk passes
 * every Events and Minimum Risk choice.
 */
const TEST_DELIVERY_BODY = '{"webhookId": 1, "status": "SUCCESS", "fullName": "Test Supplier SpA", "risk": "critical"}';
/** @internal */
export const TEST_DELIVERY_COMMAND = `curl -X POST 'TEST_URL' -H 'Authorization: Bearer YOUR_SECRET' -H 'Content-Type: application/json' -d '${TEST_DELIVERY_BODY}'`;

const testHowTo =
	'click <b>Execute step</b>: n8n listens at the Test URL (<b>Webhook URLs</b> at the top of the parameters) for two minutes and says "Go to Risk Info and create an event", ' +
	'but the service only ever calls the Production URL, never the Test URL: send the Test URL a sample from a terminal:' +
	`<br><code>${TEST_DELIVERY_COMMAND}</code><br>` +
	'Put the Test URL in place of TEST_URL and the credential\'s token in place of YOUR_SECRET ' +
	`(Basic Auth or a custom header: see the <a href="${DOCS.tryTheTrigger}" target="_blank">trigger guide</a>). The event then shows up in this editor.`;

/** The texts n8n shows in the input panel, in place of its generic "create an event in Risk Info". */
export const triggerPanel: TriggerPanelDefinition = {
	header: 'Receive compliance screening results',
	executionsHelp: {
		inactive: `<b>While building your workflow</b>, ${testHowTo}<br><br><b>Once you're happy with it</b>, register the Production URL with the service and publish the workflow. Every result the service then delivers starts an execution, shown in the <a data-key="executions">executions list</a>, not in the editor.`,
		active: `<b>While building your workflow</b>, ${testHowTo}<br><br><b>This workflow is published</b>: every result the service delivers to the Production URL starts an execution, shown in the <a data-key="executions">executions list</a>, not in the editor.`,
	},
	activationHint: {
		inactive: 'Once the Production URL is registered with the service, publish the workflow to receive every screening result (those executions show in the executions list, not here).',
		active: 'Published: every result the service delivers to the Production URL starts an execution (shown in the executions list, not here).',
	},
};

/** The Respond value that holds n8n's answer until the workflow has run (n8n's responseMode "lastNode"). */
export const RESPOND_WHEN_FINISHED = 'whenFinished';

export const properties: INodeProperties[] = [
	{
		displayName: `Register the <b>Production URL</b> (Webhook URLs, above) with the Risk Info service, with the credential's method and secret, then <b>publish</b> the workflow (and again after changing an option). To test, send the <b>Test URL</b> a sample: <a href="${DOCS.tryTheTrigger}" target="_blank">how</a>.`,
		name: 'setupNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { authentication: ['credential'] } },
	},
	{
		displayName:
			'Without authentication, anyone who learns this URL can start the workflow with made-up screening results. Use it only behind a network that only the Risk Info service can reach.',
		name: 'insecureNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { authentication: ['none'] } },
	},
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		options: [
			{
				name: 'Bearer Token, Basic Auth or Custom Header',
				value: 'credential',
				description: "Accept only deliveries that carry the credential's secret",
			},
			{
				name: 'None (Insecure)',
				value: 'none',
				description: 'Anyone who learns the URL can start this workflow',
			},
		],
		default: 'credential',
		description: 'How the service proves a delivery is its own; any other gets 401',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'options',
		options: [
			{
				name: 'All Results',
				action: 'On Compliance Result',
				value: 'all',
				description: 'Completed screenings (SUCCESS) and failed ones (FAILED)',
			},
			{
				name: 'Completed Screenings Only',
				action: 'On Completed Compliance Screening',
				value: 'success',
				description: 'Only SUCCESS events',
			},
			{
				name: 'Failed Screenings Only',
				action: 'On Failed Compliance Screening',
				value: 'failed',
				description: 'Only FAILED events, e.g. to alert someone',
			},
		],
		default: 'all',
	},
	{
		displayName: 'Minimum Risk',
		name: 'minimumRisk',
		type: 'options',
		options: [
			{ name: 'Any', value: 'any', description: 'Every completed screening, free (no risk) ones too' },
			{ name: 'Medium or Critical', value: 'medium' },
			{ name: 'Critical Only', value: 'critical' },
		],
		default: 'any',
		description: 'Skip completed screenings below this risk; failed ones have none and pass',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{ name: 'One Item per Event', value: 'event', description: 'The result in one documented shape, with English field names' },
			{ name: 'One Item per Finding', value: 'findings', description: 'One item per list row found (PEP, sanctions, criminal, news…)' },
			{ name: 'Raw Payload', value: 'raw', description: 'The event exactly as the service sent it' },
		],
		default: 'event',
	},
	caveat(
		'findings',
		'Each item carries its category, the profile name and the webhook ID. A failed screening still comes as one item; a clean one (no findings) starts no execution, so use One Item per Event to record clean results.',
		{ output: ['findings'] },
	),
	{
		displayName: 'Ignore Repeated Deliveries',
		name: 'ignoreRepeatedDeliveries',
		type: 'boolean',
		default: true,
		description: 'Whether to skip a delivery already received with the same webhook ID, status and content',
	},
	caveat(
		'repeats',
		"The last 1,000 are remembered in n8n's own store of processed items. A repeat still starts an execution, in which this trigger emits nothing. In queue mode, copies arriving at the same moment on two workers may both run. The same webhook ID and status with changed findings still comes through.",
		{ ignoreRepeatedDeliveries: [true] },
	),
	{
		displayName: 'Respond',
		name: 'respond',
		builderHint: PARAMETER_HINTS.respond,
		type: 'options',
		options: [
			{ name: 'Immediately', value: 'immediately', description: 'Answer 200 on receipt, before the workflow runs' },
			{ name: 'When the Workflow Has Finished', value: RESPOND_WHEN_FINISHED, description: 'Answer once the workflow has run: 200, or 500 if it failed' },
		],
		default: RESPOND_WHEN_FINISHED,
	},
	caveat('immediately', 'The service gets its answer before the workflow runs, so it cannot tell whether the workflow failed.', { respond: ['immediately'] }),
	caveat(
		'whenFinished',
		'The service waits for the answer until the workflow has run: 200 with an empty body, or 500 if it failed. Its retry of a failed delivery is then a repeat and is skipped: re-run the failed execution yourself.',
		{ respond: [RESPOND_WHEN_FINISHED] },
	),
];

/** What an option's one-line description leaves out, shown only while that option is chosen. */
function caveat(name: string, text: string, show: NonNullable<INodeProperties['displayOptions']>['show']): INodeProperties {
	return { displayName: text, name: `${name}Notice`, type: 'notice', default: '', displayOptions: { show } };
}
