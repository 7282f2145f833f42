// The trigger's webhook(): one delivery, from n8n's request to the answer and the items it runs.

import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { RISK_INFO_WEBHOOK_AUTH_API } from '../../credentials/RiskInfoWebhookAuthApi.credentials';
import { checkDelivery, secretProblem, secretTexts, toSecret } from './auth';
import type { DeliveryRequest } from './body';
import { readPayload } from './body';
import { Redactor } from '../shared/redact';
import { deeperThan, MAX_DEPTH } from './depth';
import { normaliseEvent } from './normalise';
import { deliveryKey, withKey } from './repeats';
import type { EventsFilter, MinimumRisk, OutputMode } from './select';
import { passes, toItems } from './select';
import type { PlainObject } from '../shared/objects';

/** Node's own response methods, which n8n's express Response extends. */
interface DeliveryResponse {
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

/**
 * One delivery: authenticate → read the body → validate and normalise → filter → items, the
 * first carrying the key execute() checks for repeats (repeats.ts). Every refusal is answered
 * here with a JSON body, and nothing that is not turned into an item is answered 2xx, except
 * deliberate skips (filtered out, no findings).
 */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const req = this.getRequestObject() as unknown as DeliveryRequest;
	const res = this.getResponseObject() as unknown as DeliveryResponse;
	// Once the secret is known, nothing the delivery put into a message or an item may carry it.
	let redactor = new Redactor();
	// A refusal is answered here, then n8n is told not to answer again.
	const refuse = (status: number, error: string, message: string, headers: Record<string, string> = {}) => {
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
		res.end(JSON.stringify({ error, message: redactor.text(message) }));
		return { noWebhookResponse: true };
	};

	// n8n fills in the default (credential) for a node saved without the parameter; only "none" turns it off.
	if (this.getNodeParameter('authentication') !== 'none') {
		let raw: PlainObject | undefined;
		try {
			raw = (await this.getCredentials(RISK_INFO_WEBHOOK_AUTH_API)) as PlainObject;
		} catch (error) {
			this.logger.error('Risk Info Trigger: the webhook auth credential could not be read', { error });
		}
		const problem = raw ? secretProblem(raw) : 'The trigger has no Risk Info Webhook Auth credential.';
		if (problem || !raw) {
			this.logger.error(`Risk Info Trigger refused a delivery: ${problem}`);
			return refuse(500, 'trigger_misconfigured', 'The receiving workflow is not set up to authenticate deliveries.');
		}
		const secret = toSecret(raw);
		const outcome = checkDelivery(req.headers ?? {}, secret);
		if (!outcome.ok) {
			const challenge: Record<string, string> = outcome.challenge ? { 'WWW-Authenticate': outcome.challenge } : {};
			return refuse(401, 'unauthorized', 'Missing or wrong credentials for this webhook.', challenge);
		}
		redactor = new Redactor(...secretTexts(secret));
	}

	const body = await readPayload(req);
	if (!body.ok) return refuse(body.status, body.error, body.message);
	if (deeperThan(body.payload, MAX_DEPTH)) {
		return refuse(
			400,
			'too_deep',
			`The event nests objects and arrays more than ${MAX_DEPTH} levels deep (a screening result nests fewer than 10), deeper than n8n can reliably save.`,
		);
	}
	const normalised = normaliseEvent(body.payload);
	if (!normalised.ok) return refuse(400, normalised.error, normalised.message);
	const n = normalised.value;

	const events = this.getNodeParameter('events', 'all') as EventsFilter;
	const minimumRisk = this.getNodeParameter('minimumRisk', 'any') as MinimumRisk;
	const output = this.getNodeParameter('output', 'event') as OutputMode;
	if (!passes(n, events, minimumRisk)) {
		return { webhookResponse: { received: true, emitted: 0, reason: 'filtered out by the trigger settings' } };
	}
	// Test runs must always show the event. Digesting up to 16 MiB is not free: only when in effect,
	// and before redaction rewrites the event in place.
	const skipRepeats = this.getNodeParameter('ignoreRepeatedDeliveries', true) === true && this.getMode() !== 'manual';
	const key = skipRepeats ? deliveryKey(n) : undefined;
	const items = toItems(n, body.payload, output).map((item) => redactor.value(item));
	if (items.length === 0) {
		return { webhookResponse: { received: true, emitted: 0, reason: 'the event has no findings' } };
	}

	// Wrapped by hand: returnJsonArray would take a payload's own "json" key for the item itself.
	const emitted = items.map((json: IDataObject) => ({ json }));
	return { workflowData: [key ? withKey(emitted, key) : emitted], webhookResponse: { received: true, emitted: items.length } };
}
