/**
 * The only code that sends HTTP to the service, for the action node and the Monitor alike. One
 * instance serves one execution or one poll: it holds the memo of calls shared by items (loads
 * already paid for), the paid calls counted against the run's cap and the account's plan as the
 * run found it, never anything that outlives it. The one exception is the account's pace (the
 * pause a 429 imposes and the rate the service takes), shared by every instance of the process
 * that uses the same account (accounts.ts).
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IContextObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
} from 'n8n-workflow';

import { RISK_INFO_API } from '../../../credentials/RiskInfoApi.credentials';
import { connectionErrorCode, isLoopback, ssrfBlock, ssrfError, unexpectedError } from '../connection';
import { ServiceError } from '../errors';
import { Redactor } from '../redact';
import { PaidCalls, certainlyNotRun } from './paid';
import { clock, paceOf } from './accounts';
import type { Pace, Turn } from './pace';
import { announced } from './quota';
import { about, backoffMs, mayHaveCharged, retryAfterMs, serviceText, shouldRetry, unwrap } from './answer';
import type { ApiRequest, ApiResponse, ApiRoot, PlanGate } from './types';

export type { ApiRequest, ApiResponse, ApiRoot, PlanGate } from './types';
export { RETRY_DEFAULTS } from './answer';

/** The version roots, below the credential's Base URL: where each API version's paths start. */
export const ROOTS = {
	v2: '/api/clients/v2',
	v1: '/api/v1',
	/** The V1 credit-scoring path as the spec's reference sample calls it. */
	v1External: '/api/external/v1',
} as const satisfies Record<ApiRoot, string>;

/**
 * What the transport uses of n8n's context (the node, its credential, the authenticated HTTP
 * helper), which an action's execution, a polling trigger's poll and the editor's list of RUTs
 * all provide.
 */
export type TransportContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export interface TransportOptions {
	maxAttempts: number;
	maxWaitSeconds: number;
	/** Maximum Paid Loads per Run; undefined: no cap, 0: no paid call at all. */
	maxPaidLoads?: number;
	/**
	 * Where the run's paid calls are counted: the action node's context within the execution
	 * (so a Loop Over Items' batches share one cap). Without it, this instance counts its own.
	 */
	paidCallCount?: IContextObject;
}

/**
 * The token as it may come back: as written, and URL-encoded (a Location's query, for instance).
 * A placeholder shorter than 8 characters (`t` in a test credential) is left alone: taking it out
 * would cut up ordinary words and header names, and no issued token is that short.
 */
function tokenForms(token: string): string[] {
	return token.length >= 8 ? [token, encodeURIComponent(token)] : [];
}

export class Transport {
	private baseUrl?: string;
	private credentialsRead?: Promise<void>;
	/** Fetched once per execution: n8n would otherwise read and decrypt it for every request. */
	private credentials?: ICredentialsDecrypted;
	/** Takes the access token out of everything the service answers, whatever it echoes. */
	private redactor = new Redactor();
	/** The account's pace, known once the credential is read. */
	private pace?: Pace;
	private readonly shared = new Map<string, Promise<ApiResponse>>();
	private readonly memos = new Map<string, unknown>();
	private readonly claimed = new Set<string>();
	/** Every paid call of the run, counted before it is sent. */
	readonly paidCalls: PaidCalls;

	constructor(
		private readonly ctx: TransportContext,
		private readonly options: TransportOptions,
	) {
		this.paidCalls = new PaidCalls(options.paidCallCount ?? {}, options.maxPaidLoads);
	}

	/** A transport for the same run that refuses every paid call (cap 0), counting its own: Check Answers reads through it. */
	freeOnly(): Transport {
		return new Transport(this.ctx, { ...this.options, maxPaidLoads: 0, paidCallCount: undefined });
	}

	/** The credential's fields, read once per run without any request: what the service's home reads of it beyond the headers. */
	async credential(): Promise<ICredentialDataDecryptedObject> {
		this.credentialsRead ??= this.readCredentials();
		await this.credentialsRead;
		return this.credentials?.data ?? {};
	}

	private get node(): INode {
		return this.ctx.getNode();
	}

	private async url(req: ApiRequest): Promise<string> {
		await this.credential();
		return `${this.baseUrl}${ROOTS[req.root]}${req.path}`;
	}

	private async readCredentials(): Promise<void> {
		const data = await this.ctx.getCredentials(RISK_INFO_API);
		const ref = this.node.credentials?.[RISK_INFO_API];
		this.credentials = { id: ref?.id ?? '', name: ref?.name ?? '', type: RISK_INFO_API, data };
		this.baseUrl = String(data.baseUrl ?? '').replace(/\/+$/, '');
		this.redactor = new Redactor(...tokenForms(String(data.accessToken ?? '')));
		this.pace = paceOf(this.baseUrl, String(data.clientIdentifier ?? ''));
	}

	/**
	 * Within one execution the same call (a paid load, the list of profiles) is sent once and its
	 * answer shared; `sentHere` is true for the one caller that sent it, which is the one that paid.
	 */
	async once(key: string, req: ApiRequest): Promise<{ response: ApiResponse; sentHere: boolean }> {
		let pending = this.shared.get(key);
		const sentHere = pending === undefined;
		if (!pending) {
			pending = this.request(req);
			this.shared.set(key, pending);
		}
		return { response: await pending, sentHere };
	}

	/**
	 * A value made once for the run and shared by every caller: where the service's home keeps what
	 * lasts exactly as long as one execution or poll (the parsed Answer Key Names, the account's
	 * plan), opaque to the transport and gone with it.
	 */
	memo<T>(key: string, make: () => T): T {
		if (!this.memos.has(key)) this.memos.set(key, make());
		return this.memos.get(key) as T;
	}

	/**
	 * Whether this execution meets `key` for the first time: a dry run's would-be paid call, so
	 * that identical calls are estimated once, as they would be paid once.
	 */
	claimFirst(key: string): boolean {
		if (this.claimed.has(key)) return false;
		this.claimed.add(key);
		return true;
	}

	/** The service's data, or a ServiceError saying how the call failed. */
	request(req: ApiRequest): Promise<ApiResponse> {
		if (req.paid !== true) return this.call(req);
		const plan = req.withinPlan;
		if (plan && !plan.known) return plan.read().then(async () => await this.request(req));
		// From here to the sending nothing is awaited, so parallel paid calls can never overshoot the cap or the plan.
		const refused = this.reserve(plan);
		if (refused !== undefined) return Promise.reject(refused);
		return this.call(req).catch((error: unknown) => {
			if (error instanceof ServiceError && certainlyNotRun(error.failure.status)) {
				this.paidCalls.release();
				plan?.releaseLookup();
			}
			throw error;
		});
	}

	/** Takes a paid call's place under the cap (and a look-up of the plan), or gives back what refuses it. */
	private reserve(plan: PlanGate | undefined): unknown {
		try {
			this.paidCalls.reserve();
		} catch (error) {
			return error;
		}
		if (!plan) return undefined;
		try {
			plan.takeLookup();
		} catch (error) {
			this.paidCalls.release();
			return error;
		}
		return undefined;
	}

	private async call(req: ApiRequest): Promise<ApiResponse> {
		const options: IHttpRequestOptions = {
			method: req.method,
			url: await this.url(req),
			qs: req.query,
			headers: { accept: req.pdf ? 'application/pdf' : 'application/json' },
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			// The service never redirects; following one would send the token to another address.
			// (It also spares n8n's HTTP client its redirect wrapper, a sixth of its CPU per request.)
			disableFollowRedirect: true,
		};
		if (req.body !== undefined) options.body = req.body;
		// No PDF request has a body (Download Summary is a GET), so JSON is asked for exactly when no file is.
		if (req.pdf) options.encoding = 'arraybuffer';
		else options.json = true;

		// options.url read the credential, so the account's pace is known.
		const pace = this.pace as Pace;
		const started = clock.now();
		for (let attempt = 1; ; attempt++) {
			const turn = await waitForTurn(pace);
			const outcome = await this.send(options).catch((error: unknown) => {
				pace.release(turn);
				throw error;
			});
			const status = 'failure' in outcome ? outcome.failure.status : outcome.response.statusCode;
			const headers = 'failure' in outcome ? outcome.failure.headers : outcome.response.headers;
			const said = announced(headers, clock.now());
			// The pace learns from what the service answered; a broken connection teaches it nothing.
			if (typeof status !== 'number') pace.release(turn);
			else if (status !== 429) pace.accept(turn, said);
			if ('response' in outcome) return unwrap(req, outcome.response, attempt);

			const { serviceText } = outcome.failure;
			const waitMs = retryAfterMs(headers?.['retry-after'], clock.now()) ?? backoffMs(attempt);
			// One 429 pauses every worker of the account and sets its pace, so they don't all hammer the limit.
			if (status === 429) pace.refuse(turn, waitMs, said);
			const location = typeof headers?.location === 'string' ? headers.location : undefined;
			// A refused or broken connection to n8n's own machine gets the note on Docker and the sandbox.
			const loopback = typeof status === 'string' && isLoopback(this.baseUrl);
			const fail = () =>
				new ServiceError({ ...about(req), status, serviceText, attempts: attempt, location, mayHaveCharged: mayHaveCharged(req, status), loopback });
			if (attempt >= this.options.maxAttempts || !shouldRetry(status, req.paid === true)) throw fail();
			if (clock.now() - started + waitMs > this.options.maxWaitSeconds * 1000) throw fail();
			if (status !== 429) await clock.sleep(waitMs);
		}
	}

	private async send(
		options: IHttpRequestOptions,
	): Promise<
		| { response: { statusCode: number; headers: IDataObject; body: unknown } }
		| { failure: { status: number | string; headers?: IDataObject; serviceText?: string } }
	> {
		let response: { statusCode: number; headers: IDataObject; body: unknown };
		try {
			response = await this.ctx.helpers.httpRequestWithAuthentication.call(this.ctx, RISK_INFO_API, options, {
				credentialsDecrypted: this.credentials,
			});
		} catch (error) {
			// Not a failure to retry: n8n refused to send it, and will again until its settings change.
			const blocked = ssrfBlock(error);
			if (blocked) throw ssrfError(this.node, this.baseUrl, blocked);
			const code = connectionErrorCode(error);
			// n8n's error carries the request, headers and token included: only its redacted message goes on.
			if (code === undefined) throw unexpectedError(this.node, this.redactor.text(String((error as Error)?.message ?? error)));
			return { failure: { status: code } };
		}
		response = { statusCode: response.statusCode, headers: this.redactor.value(response.headers), body: this.redactor.value(response.body) };
		if (response.statusCode >= 200 && response.statusCode < 300) return { response };
		return {
			failure: {
				status: response.statusCode,
				headers: response.headers,
				serviceText: serviceText(response.body),
			},
		};
	}
}

/** Waits out any pause and the pace; an answer may let a waiting request go before its time. */
async function waitForTurn(pace: Pace): Promise<Turn> {
	for (;;) {
		const turn = pace.take();
		if (typeof turn !== 'number') return turn;
		await Promise.race([clock.sleep(turn), pace.nextAnswer()]);
	}
}
