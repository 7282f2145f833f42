// The compliance webhook endpoint (spec §6): the description n8n shows, and the three entry points
// n8n calls. webhook() receives a delivery (receive.ts), execute() drops a repeated delivery
// (repeats.ts), the credential test checks the webhook secret's form.

import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IExecuteFunctions,
	IHookFunctions,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	NativeParameterResolvers,
	WEBHOOK_RESOLVERS,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { DOCS, PACKAGE_DESCRIPTION, TRIGGER_HINT } from '../shared/builderHints';
import { secretProblem } from './auth';
import { RESPOND_WHEN_FINISHED, properties, triggerPanel } from './properties';
import { receiveDelivery } from './receive';
import { unlessRepeated } from './repeats';
import type { PlainObject } from '../shared/objects';

/**
 * What the webhook answers, from the Respond parameter: as n8n's own Webhook node chooses it, through
 * an expression, which also gives n8n (2.40 on) a function to read it without its expression engine
 * (an isolate per delivery by default) while the node's parameters hold no expression. The
 * function must read what the template reads: description.test.ts compares the two.
 */
const RESPONSE_MODE = {
	template: `={{$parameter["respond"] === "${RESPOND_WHEN_FINISHED}" ? "lastNode" : "onReceived"}}`,
	resolve: (parameters: PlainObject) => (parameters.respond === RESPOND_WHEN_FINISHED ? 'lastNode' : 'onReceived'),
};
/**
 * On receipt: empty sends the node's own `webhookResponse` (undefined would send the literal text
 * "firstEntryJson"). When finished: an empty body, never the workflow's data.
 */
const RESPONSE_DATA = {
	template: `={{$parameter["respond"] === "${RESPOND_WHEN_FINISHED}" ? "noData" : ""}}`,
	resolve: (parameters: PlainObject) => (parameters.respond === RESPOND_WHEN_FINISHED ? 'noData' : ''),
};
/** n8n-workflow's WEBHOOK_RESOLVERS, by its registered name: an n8n without it ignores the key. */
const RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers') as typeof WEBHOOK_RESOLVERS;
const resolvers = { responseMode: RESPONSE_MODE, responseData: RESPONSE_DATA } as NativeParameterResolvers;

/**
 * n8n's execution engine 2.0 (the workflow setting engineType "v2", n8n 2.40 on) answers webhooks
 * only on receipt, refusing every delivery to a trigger set otherwise with a 400 that only the
 * service sees; and it passes on what webhook() emitted without running execute(), so Ignore
 * Repeated Deliveries would record nothing and let every repeat run. Such a workflow is refused
 * where its user sees it, when it is published or listens for a test event, saying what to change.
 */
function refuseOnEngineV2(this: IHookFunctions): void {
	if (this.getWorkflowSettings().engineType !== 'v2') return;
	const changes = [
		...(this.getNodeParameter('respond') === RESPOND_WHEN_FINISHED ? ['set Respond to Immediately'] : []),
		...(this.getNodeParameter('ignoreRepeatedDeliveries') === true ? ['turn Ignore Repeated Deliveries off'] : []),
	];
	if (!changes.length) return;
	// n8n shows the message alone where a publication fails, so it says what to change.
	throw new NodeOperationError(
		this.getNode(),
		`This workflow runs on n8n's execution engine 2.0: in the Risk Info Trigger, ${changes.join(' and ')}, or run the workflow on n8n's default engine`,
		{
			description:
				'Engine 2.0 answers a webhook only immediately, and does not keep what the trigger remembers of earlier deliveries, so every repeat the service sends would run again.',
		},
	);
}

export class RiskInfoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Risk Info Trigger',
		name: 'riskInfoTrigger',
		icon: { light: 'file:../../icons/riskinfo.svg', dark: 'file:../../icons/riskinfo.dark.svg' },
		group: ['trigger'],
		// Not 1: n8n treats a start node of version 1 as its old Webhook node, evaluating an expression
		// for a "binaryData" option before reading every body (n8n's packages/cli/src/webhooks/webhook-helpers.ts, parseRequestBody)
		// and reading bodies of any type itself. Above 1 it skips the expression and reads only JSON,
		// text, form and XML bodies; this node reads any other body itself (body.ts), under the same
		// 16 MiB cap.
		version: 1.1,
		// What starts the workflow, Minimum Risk included: an alert on critical results says so on the canvas.
		subtitle:
			'={{($parameter["events"] === "success" ? "Completed screenings" : $parameter["events"] === "failed" ? "Failed screenings" : "All screening results") + ($parameter["minimumRisk"] === "critical" ? " · Critical only" : $parameter["minimumRisk"] === "medium" ? " · Medium or critical" : "")}}',
		// The node panel shows this for the merged "Risk Info" entry (see PACKAGE_DESCRIPTION in shared/builderHints.ts); what the
		// trigger itself does is said by its trigger panel and its Events list.
		description: PACKAGE_DESCRIPTION,
		documentationUrl: DOCS.trigger,
		defaults: { name: 'Risk Info Trigger' },
		builderHint: TRIGGER_HINT,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'riskInfoWebhookAuthApi',
				required: true,
				testedBy: 'riskInfoWebhookAuthTest',
				displayOptions: { show: { authentication: ['credential'] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: RESPONSE_MODE.template,
				responseData: RESPONSE_DATA.template,
				path: 'riskinfo-compliance',
				[RESOLVERS]: resolvers,
			},
		],
		triggerPanel,
		properties,
	};

	methods = {
		credentialTest: {
			// The service offers nothing to test a webhook secret against, so check it is usable.
			async riskInfoWebhookAuthTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
				const problem = secretProblem((credential.data ?? {}) as PlainObject);
				// n8n shows any OK as "Connection tested successfully"; the credential's notice says what it means here.
				return problem
					? { status: 'Error', message: problem }
					: { status: 'OK', message: 'The secret is usable. The service offers no way to test it from n8n: send the trigger a sample delivery.' };
			},
		},
	};

	// The service has no API to register or remove webhook URLs: the user registers the URL
	// with the service by hand, so there is nothing to check, create or delete here. n8n asks
	// checkExists first whenever it registers the webhook, so the workflow is checked there.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				refuseOnEngineV2.call(this);
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}

	// n8n runs a start node's execute() on the items webhook() emitted, inside the execution: the
	// only place the trigger can reach n8n's store of processed items.
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [await unlessRepeated(this, this.getInputData())];
	}
}
