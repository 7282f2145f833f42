/**
 * Errors users see. Input errors name the field and what to do; API errors say in plain English
 * what happened and what to do, and keep the service's own text as the description. The item is
 * n8n's to number: every error about an item carries its index (`itemIndex`), which n8n's editor
 * shows after the message as " [item 2]" (counted from 0) when the node had several items, and
 * Continue On Fail pairs the error item with its input. A number of our own in the message would
 * be a second one, counted from 1. Nothing here receives the credential, and the service's text and a redirect's
 * Location reach here with the token already taken out by the transport (shared/redact.ts).
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { LOOPBACK_NOTE } from './connection';

/**
 * n8n's MCP Server Trigger words a failed tool call for the client as `${error.name}: ${error.message}`,
 * which would open what an AI model reads with a class name ("NodeOperationError: RUT …"). As a
 * tool (n8n's "<type>Tool" node) the error is named in words instead; n8n-core passes a
 * NodeOperationError on as it is and wraps anything else, so it is wrapped here first.
 */
export function toolCallError(node: INode, error: unknown): unknown {
	if (!node.type.endsWith('Tool') || !(error instanceof Error)) return error;
	const wrapped = new NodeOperationError(node, error);
	wrapped.name = `The tool "${node.name}" could not answer`;
	return wrapped;
}

export function inputError(node: INode, itemIndex: number, field: string, problem: string, hint?: string) {
	return new NodeOperationError(node, `${field} ${problem}`, {
		itemIndex,
		description: hint,
	});
}

export interface ApiFailure {
	/** HTTP status, or a connection error code such as ECONNREFUSED. */
	status: number | string;
	/** The service's own text (`error` in V2 bodies, the message in V1 bodies). */
	serviceText?: string;
	attempts: number;
	/** Set on reads of a RUT, so a 404 can say it is not loaded. */
	rut?: string;
	method: string;
	path: string;
	/** The service answered 2xx but with `success: false`. */
	reportedFailure?: boolean;
	/** Where a redirect pointed. */
	location?: string;
	/** A paid call (a load) the transport did not repeat because it may have run; the timeout, 5xx and connection messages say so. */
	mayHaveCharged?: boolean;
	/** A read repeated right after this execution loaded its RUT. */
	afterLoad?: boolean;
	/** The connection failed to a Base URL on n8n's own machine. */
	loopback?: boolean;
}

const TRY_LATER = 'Try again later; if it keeps failing, raise the retry options of the node.';
const PAID_UNSURE =
	'The load may have run and been charged, so the node did not repeat it: check the account (Account → Get Usage or List Profiles) before running it again.';

function failedLater(f: ApiFailure, what: string): string {
	return `${what}. ${f.mayHaveCharged ? PAID_UNSURE : TRY_LATER}`;
}

/** What users read of a failure. */
export function plainMessage(f: ApiFailure): string {
	const retried = f.attempts > 1 ? ` (tried ${f.attempts} times)` : '';
	const s = f.status;
	if (f.reportedFailure && typeof s === 'number' && s < 300) {
		return 'The service reported a failure ("success": false) although the request was accepted.';
	}
	if (typeof s === 'string') {
		const where = f.loopback ? ` ${LOOPBACK_NOTE}` : '';
		const reach = `Could not reach the Risk Info service (${s})${retried}. Check the Base URL in the credential and that the service is up.${where}`;
		return f.mayHaveCharged ? `${reach} ${PAID_UNSURE}` : reach;
	}
	switch (true) {
		case s >= 300 && s < 400:
			return (
				`The service answered with a redirect${f.location ? ` to ${f.location}` : ''} (HTTP ${s}). The node does not follow redirects, ` +
				'so the access token never goes to another address: set the Base URL in the Risk Info credential to the address the service answers on (for example https:// instead of http://).'
			);
		case s === 400:
			return `The service rejected the request as invalid. Check ${f.rut !== undefined ? 'the RUT and ' : ''}the other fields of this item.`;
		case s === 401:
			return 'The service did not accept the credentials. Check the Access Token and the Client Identifier in the Risk Info credential.';
		case s === 403:
			return 'This account lacks permission for this operation (compliance loads need API permission for both the user and the corporation). Ask the service to enable it.';
		case s === 404 && f.rut !== undefined && f.afterLoad === true:
			return `RUT ${f.rut} was loaded just now, but the service has no data for it here yet. Try again in a few minutes; reading a loaded RUT costs nothing.`;
		case isNotLoaded(f):
			return `RUT ${f.rut} is not loaded in this account. Loading it is a paid call: load it first (RUT → Load), or turn on "Load RUT If Not Loaded" to load each RUT that needs it.`;
		case s === 404:
			return `The service has no such resource (${f.method} ${f.path}).`;
		case s === 408:
			return failedLater(f, `The service timed out${retried}`);
		case s === 409:
			return 'The service refused the request because the profile is already active; its results are available at no extra cost.';
		case s === 413:
			return 'The request is too large for the service.';
		case s === 429:
			return `The service rate-limited these requests${retried}. Lower "Requests in Parallel" or try again later.`;
		case s >= 500:
			return failedLater(f, `The service failed (HTTP ${s})${retried}`);
		default:
			return `The service answered HTTP ${s}.`;
	}
}

/**
 * The service's "this RUT is not loaded": a 404 on a read about a RUT.
 * @internal
 */
export function isNotLoaded(f: ApiFailure): boolean {
	return f.status === 404 && f.rut !== undefined;
}

/**
 * A failure of a call to the service, as data the caller can test (is the RUT not loaded?).
 * What users read is built from it once, where the error leaves the node (`leavingError`).
 */
export class ServiceError extends Error {
	constructor(readonly failure: ApiFailure) {
		super(`The service call ${failure.method} ${failure.path} failed (${failure.status})`);
		this.name = 'ServiceError';
	}

	get notLoaded(): boolean {
		return isNotLoaded(this.failure);
	}
}

/** Whether a call failed with the service's "this RUT is not loaded" (any other throw is not). */
export function isNotLoadedError(error: unknown): boolean {
	return error instanceof ServiceError && error.notLoaded;
}

/** A paid call refused before sending: the run already made as many as Maximum Paid Loads per Run allows. */
export class PaidCapReached extends Error {
	constructor(readonly cap: number) {
		super(`The run already paid for ${cap} loads, the Maximum Paid Loads per Run`);
		this.name = 'PaidCapReached';
	}
}

function capError(node: INode, itemIndex: number, cap: number): NodeOperationError {
	return new NodeOperationError(
		node,
		`The run already paid for ${cap} loads, the Maximum Paid Loads per Run; raise it or split the list`,
		{
			itemIndex,
			description:
				'This item needs a paid call (a RUT load or a compliance profile load); nothing was sent for it. Raise Maximum Paid Loads per Run under Request Options, or split the list into runs that stay under it. With On Error → Continue, the items that need no paid call still get their results.',
		},
	);
}

/** A RUT load refused before sending: the run has used the look-ups the account's plan had left (Stop When the Plan Runs Out). */
export class PlanLookupsUsedUp extends Error {
	constructor(readonly remaining: number) {
		super(`The run used the ${remaining} paid look-ups the plan had left`);
		this.name = 'PlanLookupsUsedUp';
	}
}

/** A RUT load refused before sending: Stop When the Plan Runs Out could not read what the plan has left. */
export class PlanUnreadable extends Error {
	constructor(readonly reason: string) {
		super(`The plan's remaining look-ups could not be read: ${reason}`);
		this.name = 'PlanUnreadable';
	}
}

/** The credential's Answer Key Names cannot be used: the message names the field and the entry. */
export class KeyNamesError extends Error {
	constructor(problem: string) {
		super(`Answer Key Names in the Risk Info API credential ${problem}`);
		this.name = 'KeyNamesError';
	}
}

const KEY_NAMES_ADVICE =
	'Nothing was sent. Open the Risk Info API credential and correct Answer Key Names, or empty it: it maps the spec\'s key paths to the service\'s, e.g. {"incluyeBureau": "incluyeBuroExterno"}. Risk Info → Account → Check Answers suggests the entries (suggestedKeyNames).';

const STOP_AT_PLAN = 'Stop When the Plan Runs Out';

function planError(node: INode, itemIndex: number, error: PlanLookupsUsedUp | PlanUnreadable): NodeOperationError {
	const message =
		error instanceof PlanUnreadable
			? `The plan's remaining look-ups could not be read, so nothing was loaded (${STOP_AT_PLAN})`
			: error.remaining === 0
				? `The plan has no paid look-ups left (${STOP_AT_PLAN}); extend the plan or split the list`
				: `The run used the ${error.remaining} paid look-ups the plan had left (${STOP_AT_PLAN}); extend the plan or split the list`;
	const why = error instanceof PlanUnreadable ? `The reason: ${error.reason}. ` : 'Account → Get Usage shows the plan\'s look-ups. ';
	return new NodeOperationError(node, message, {
		itemIndex,
		description: `This item needs a RUT load, a paid look-up the account's plan counts; nothing was sent for it. ${why}Turn off ${STOP_AT_PLAN} to load past the plan. With On Error → Continue, the items that need no load still get their results.`,
	});
}

/** The error as users see it, for the item it leaves the node with (none for a trigger's poll). */
export function leavingError(node: INode, error: unknown, itemIndex?: number): Error {
	if (error instanceof ServiceError) return apiError(node, itemIndex, error.failure);
	if (error instanceof PaidCapReached) return capError(node, itemIndex ?? 0, error.cap);
	if (error instanceof PlanLookupsUsedUp || error instanceof PlanUnreadable) return planError(node, itemIndex ?? 0, error);
	if (error instanceof KeyNamesError) return new NodeOperationError(node, error.message, { description: KEY_NAMES_ADVICE });
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return error instanceof Error ? error : new Error(shown(error));
}

/** The service's failure as users see it: what to do, the service's own words, the HTTP code. */
export function apiError(node: INode, itemIndex: number | undefined, f: ApiFailure): NodeApiError {
	const message = plainMessage(f);
	const description = f.serviceText ? `The service said: ${f.serviceText}` : undefined;
	const httpCode = String(f.status);
	const error = new NodeApiError(node, { message, description, httpCode } as JsonObject, {
		message,
		description,
		httpCode,
		itemIndex,
	});
	// NodeApiError swaps messages that mention codes like ECONNREFUSED for generic ones; ours say what to do.
	error.message = message;
	error.description = description ?? null;
	return error;
}

/**
 * Any value as text for a message, whatever an expression produced: an object without a
 * prototype, or one whose toString throws, must not turn an input error into a crash.
 */
export function shown(value: unknown): string {
	try {
		return String(value);
	} catch {
		// No prototype, or a toString that throws: fall back to the object's tag.
	}
	try {
		return Object.prototype.toString.call(value);
	} catch {
		return '(a value that cannot be shown as text)';
	}
}
