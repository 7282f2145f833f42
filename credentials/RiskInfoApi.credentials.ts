/**
 * The Risk Info API credential: base URL, access token and client identifier, the two headers
 * every call carries, and a free read that tests them; and Answer Key Names, how the service names
 * what the spec names otherwise (nodes/shared/service/keyNames.ts).
 */
import type {
	IAuthenticate,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/** Its Test is a method of the two nodes that use it, the Risk Info node and the Monitor (`testedBy`), written once in nodes/shared/service/credentialTest.ts. */
export class RiskInfoApi implements ICredentialType {
	// A literal: n8n's scanner reads it to check the nodes' references to this credential.
	name = 'riskInfoApi';

	displayName = 'Risk Info API';

	icon: Icon = { light: 'file:../icons/riskinfo.svg', dark: 'file:../icons/riskinfo.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo#credentials';

	// What to enter goes in `hint`, which n8n's credential form shows under the field, as n8n's own
	// credentials do (InvoiceNinjaApi, KoBoToolboxApi); a `description` shows only on hovering the label.
	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://…',
			hint: 'The root address the service gave your account (production or test), such as https://api.example.cl; the node adds the /api/… paths itself. For the local sandbox: http://127.0.0.1:4010.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			hint: 'The API access token the service issued to your account; sent as "Authorization: Bearer …"',
		},
		{
			displayName: 'Client Identifier',
			name: 'clientIdentifier',
			type: 'string',
			default: '',
			required: true,
			hint: 'The fixed client identifier of your account; sent as the x-client-identifier header',
		},
		// Text, not 'json': n8n's editor lints a json field with JSON.parse (CodeMirror's
		// jsonParseLinter in its JsonEditor), so an empty one, what a new credential holds, shows a red
		// "Unexpected end of JSON input". A mapping that is not JSON is said by the credential's Test
		// when it is saved and by every node before it sends anything (keyNames.ts).
		{
			displayName: 'Answer Key Names',
			name: 'answerKeyNames',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			placeholder: '{"incluyeBureau": "incluyeBuroExterno"}',
			hint: "Leave empty unless Risk Info → Account → Check Answers finds that the service names a field otherwise: then paste the suggestedKeyNames of its first item here.",
			description:
				"Optional. Where the service's answers name a field otherwise than its specification, the spec's key path (inside the answer's data) and the service's, as JSON. Applied to what the nodes read, never to what is sent.",
		},
	];

	// A function rather than a generic block: n8n would evaluate two expressions per request,
	// a fifth of the CPU a request costs when thousands of RUTs are screened in one run.
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
			'x-client-identifier': String(credentials.clientIdentifier ?? ''),
		};
		return requestOptions;
	};
}

/** The credential's type name, where the transport asks n8n for it; the class above is its one home. */
export const RISK_INFO_API = new RiskInfoApi().name;
