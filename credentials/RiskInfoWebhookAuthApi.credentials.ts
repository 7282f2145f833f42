/**
 * The secret the Risk Info service sends with every compliance delivery. Nothing is sent
 * with it: the Risk Info Trigger only compares incoming requests against it, so there is no
 * `authenticate` block, and the check lives in the trigger (`testedBy`) because the service
 * has no endpoint to test a webhook secret against.
 */
import type { ICredentialType, INodeProperties } from 'n8n-workflow';

export class RiskInfoWebhookAuthApi implements ICredentialType {
	// A literal: n8n's scanner reads it to check the nodes' references to this credential.
	name = 'riskInfoWebhookAuthApi';

	displayName = 'Risk Info Webhook Auth API';

	icon = { light: 'file:../icons/riskinfo.svg', dark: 'file:../icons/riskinfo.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo#trigger';

	// What to enter goes in `hint`, shown under the field in n8n's credential form (RiskInfoApi's note).
	properties: INodeProperties[] = [
		{
			// n8n tests a credential when it is saved and words any pass as "Connection tested successfully".
			displayName:
				'Nothing is sent with this secret: the Risk Info Trigger compares each delivery against it, and the service offers no way to test it from n8n. So "Connection tested successfully" here only means the secret is usable (filled in, a valid header name). To test it for real, send the trigger a sample delivery (see "Try it without the service" in the trigger guide): a wrong secret is answered 401.',
			name: 'testNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Method',
			name: 'method',
			type: 'options',
			options: [
				{
					name: 'Bearer Token',
					value: 'bearer',
					description: 'The service sends "Authorization: Bearer <token>"',
				},
				{
					name: 'Basic Auth',
					value: 'basic',
					description: 'The service sends a user name and password',
				},
				{
					name: 'Custom Header',
					value: 'header',
					description: 'The service sends a header name and value of your choice',
				},
			],
			default: 'bearer',
			hint: 'How the service authenticates its deliveries. Register the same method and secret with the service.',
		},
		{
			displayName: 'Token',
			name: 'token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: 'The integration token the service sends after "Bearer ". Use a long random value.',
			displayOptions: { show: { method: ['bearer'] } },
		},
		{
			displayName: 'User',
			name: 'user',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { method: ['basic'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { method: ['basic'] } },
		},
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'X-Webhook-Secret',
			hint: 'Letters, digits and - only; upper or lower case does not matter',
			displayOptions: { show: { method: ['header'] } },
		},
		{
			displayName: 'Header Value',
			name: 'headerSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { method: ['header'] } },
		},
	];
}

/** The credential's type name, where the trigger asks n8n for it; the class above is its one home. */
export const RISK_INFO_WEBHOOK_AUTH_API = new RiskInfoWebhookAuthApi().name;
