// The trigger's parameters and the texts of n8n's trigger panel.

import type { INodeProperties, TriggerPanelDefinition } from 'n8n-workflow';

import { DOCS } from '../shared/docs';

const testHowTo = `click <b>Execute step</b>: n8n listens at the Test URL for two minutes. The Risk Info service never calls the Test URL (only the Production URL registered with it), so send it a sample result yourself, with the command in the <a href="${DOCS.tryTheTrigger}" target="_blank">trigger guide</a> (npm start prints it ready to paste). The event then shows up in this editor.`;

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
		displayName: `Register the <b>Production URL</b> (open <b>Webhook URLs</b> at the top of this panel, then <b>Production URL</b>) with the Risk Info service as your compliance webhook, together with the same authentication method and secret as in the credential below. The service has no API for this, so n8n cannot do it for you. Then <b>publish</b> the workflow: only the published version receives deliveries, so changes to the options below reach production when you publish again. <b>To test in the editor:</b> click <b>Execute step</b>. n8n then says "Go to Risk Info and create an event", but the service only ever calls the Production URL, never the Test URL: send the Test URL a sample event yourself, with the command in the <a href="${DOCS.tryTheTrigger}" target="_blank">trigger guide</a> (npm start prints it ready to paste).`,
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
				description: 'Accept only deliveries that carry the secret of a Risk Info Webhook Auth credential',
			},
			{
				name: 'None (Insecure)',
				value: 'none',
				description: 'Anyone who learns the URL can start this workflow',
			},
		],
		default: 'credential',
		description: 'How the service proves a delivery comes from it. Deliveries that fail are refused with 401 and never start the workflow.',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'options',
		options: [
			{
				name: 'All Results',
				value: 'all',
				description: 'Completed screenings (SUCCESS) and failed ones (FAILED)',
			},
			{
				name: 'Completed Screenings Only',
				value: 'success',
				description: 'Only SUCCESS events',
			},
			{
				name: 'Failed Screenings Only',
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
			{ name: 'Any', value: 'any', description: 'Every completed screening, including free (no risk) ones' },
			{ name: 'Medium or Critical', value: 'medium' },
			{ name: 'Critical Only', value: 'critical' },
		],
		default: 'any',
		description: "Skip completed screenings whose overall risk is below this. Failed screenings have no risk and are not affected.",
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'One Item per Event',
				value: 'event',
				description: 'The result in one documented shape, with English field names',
			},
			{
				name: 'One Item per Finding',
				value: 'findings',
				description:
					'One item per PEP, official, relative, sanctions, criminal, news or corporate-mesh row, each with its category and the profile name and webhook ID. Failed screenings still come as one item; a clean screening (no findings) starts no execution, so use One Item per Event to record clean results.',
			},
			{
				name: 'Raw Payload',
				value: 'raw',
				description: 'The event exactly as the service sent it',
			},
		],
		default: 'event',
	},
	{
		displayName: 'Ignore Repeated Deliveries',
		name: 'ignoreRepeatedDeliveries',
		type: 'boolean',
		default: true,
		description:
			"Whether to skip a delivery this workflow already received with the same webhook ID, status and content (the last 1,000 are remembered, in n8n's own store of processed items). The same webhook ID and status with other content, e.g. a monitoring profile delivered again with changed findings, still comes through. A repeat still starts an execution, in which this trigger emits nothing and no other node runs. Copies that arrive at the same moment may both run.",
	},
	{
		displayName: 'Respond',
		name: 'respond',
		type: 'options',
		options: [
			{
				name: 'Immediately',
				value: 'immediately',
				description: 'Answer 200 as soon as the delivery is accepted, before the workflow runs',
			},
			{
				name: 'When the Workflow Has Finished',
				value: RESPOND_WHEN_FINISHED,
				description:
					'Answer only once the workflow has run: 200 with an empty body, or 500 if it failed. The service waits that long for its answer. Its retry of a failed delivery is a repeat: re-run the failed execution yourself.',
			},
		],
		default: RESPOND_WHEN_FINISHED,
	},
];
