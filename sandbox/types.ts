/** Public types of the sandbox; other engineers code against these names. */
import type { ChangeKind } from './changes';
import type { WebhookAuth } from './delivery';
import type { AnswerDrift } from './drift';
import type { FaultMatch } from './faults';

export interface SandboxOptions {
	/** 0 (default) picks a free port. */
	port?: number;
	token?: string;
	clientId?: string;
	/** Added before every answer. */
	latencyMs?: number;
	/**
	 * The service's own work on each API request it serves: `ms` plus up to `plusUpToMs` more, drawn
	 * from a PRNG seeded by `seed` (default 1), added before the answer after the request was counted
	 * (rate limit included). A 429 comes back without it: a refused request is not worked on.
	 */
	work?: { ms: number; plusUpToMs?: number; seed?: number };
	/**
	 * While true, API requests wait unanswered (and uncounted) until it is false again: a test's way
	 * of keeping executions in flight, e.g. until one n8n worker is full and the next goes elsewhere.
	 */
	holdAnswers?: boolean;
	/** Share (0..1) of API requests answered 500 / 408, drawn from a seeded PRNG so runs repeat. */
	faults?: { rate500?: number; rate408?: number };
	/** Seed of the fault PRNG (default 1). */
	faultSeed?: number;
	/**
	 * Requests per second over all API paths, counted in fixed one-second windows of the sandbox
	 * clock. `headers`: every API answer also carries RateLimit-Policy, RateLimit and X-RateLimit-*
	 * (the spec shows none).
	 */
	rateLimit?: { perSecond: number; retryAfterSeconds?: number; headers?: boolean };
	/** Without either permission the compliance load is rejected synchronously with 403. */
	compliancePermission?: { user: boolean; corporation: boolean };
	/** Where compliance results are POSTed; without it they are only recorded. */
	webhook?: { url: string; auth: WebhookAuth };
	/** Time between accepting a compliance load and delivering its result (real time, default 200 ms). */
	complianceDelayMs?: number;
	/** Further tries after a non-2xx or unreachable receiver (default 2). */
	deliveryRetries?: number;
	/** Pause before retry n is n times this (default 100 ms). */
	deliveryRetryDelayMs?: number;
	/** What the account's plan contracts, as GET /usage reports it (addendum A4). */
	plan?: PlanOptions;
	/** RUTs already loaded at start, without a paid load. */
	preloadedRuts?: string[];
	/** Request bodies above this answer 413 (default 1 MiB). */
	maxBodyBytes?: number;
	/** Keep only the latest requests in the log (default: all; the CLI keeps 10,000 so a long run stays small). */
	maxLogEntries?: number;
	/** Base of the sandbox clock (default Date.now); clock.advance() adds to it. */
	now?: () => number;
	/**
	 * The two summaries' judicial section drifts from the spec (drift.ts): 'renamed' (its counts under
	 * other names), 'missing' (absent), 'wrongType' (a list in V2, text in V1); no data source is marked
	 * failed. Undefined (default) answers as the spec says. Answers only: state and cost are unchanged.
	 */
	answerDrift?: AnswerDrift;
	/** Only these RUTs' answers drift (default: every RUT's). */
	answerDriftRuts?: string[];
	/**
	 * The account's integration type, where the spec's bulletin rules differ (§2.2): under 'FULL' the
	 * V2 summary of a RUT loaded without Bureau data has an empty commercial bulletin (rule 2); under
	 * 'MIX' (default) SourceA and SourceB are there and only SourceC is null (rules 1 and 3).
	 */
	integration?: 'MIX' | 'FULL';
}

/** The account's plan; every field has a default (sandbox/usage.ts). */
export interface PlanOptions {
	/** Paid RUT look-ups in the plan, `consultasContratadas` (default 1000). */
	lookups?: number;
	/** Monitoring places in the plan, `monitoreosContratados` (default 50). */
	monitoringPlaces?: number;
	/** `limiteLeafRut`, which the docs do not explain (default 100). */
	leafRutLimit?: number;
	/** The plan's first month, YYYY-MM (default: the month the sandbox started, on its clock). */
	start?: string;
	/** Its last month, YYYY-MM, or null for a plan without an end (default: 11 months after the start). */
	end?: string | null;
}

export interface RecordedRequest {
	method: string;
	/** Without the query string. */
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	/** Parsed JSON, or undefined when there was no body or it was not JSON. */
	body: unknown;
	/** What the sandbox answered. */
	status: number;
}

export interface RecordedDelivery {
	webhookId: number;
	/** '' when no webhook was registered (nothing was sent). */
	url: string;
	/** The receiver's last answer; 0 when nothing was sent or it was unreachable. */
	status: number;
	attempts: number;
	/** The event as JSON, before gzip. */
	event: object;
}

/** What the sandbox counts beyond GET /usage's answer, for tests (`sb.usage()`). */
export interface Usage {
	/** Every load (cargarRut / loadRut) is paid, also a reload, because it refreshes the RUT's data. */
	paidLoads: number;
	/** Reads of a loaded RUT (no extra cost, spec §1 point 3). */
	freeReads: number;
	/** Reads of a RUT that was never loaded (answered 404, no cost). */
	notFoundReads: number;
	/** Accepted compliance loads. */
	complianceLoads: number;
	loadedRuts: number;
	activeComplianceProfiles: number;
}

export interface Sandbox {
	/** Base URL, e.g. http://127.0.0.1:4010; the version roots are under it. */
	url: string;
	token: string;
	clientId: string;
	requests: RecordedRequest[];
	deliveries: RecordedDelivery[];
	resetLog(): void;
	clock: { now(): number; advance(ms: number): void };
	configure(patch: Partial<SandboxOptions>): void;
	/** Mark a RUT loaded without a paid load (test setup). Throws on a malformed RUT. */
	loadRut(rut: string, options?: { isMonitoring?: boolean; includeBureau?: boolean }): void;
	/**
	 * Changes a loaded RUT's record from now on, as the service's monitoring would see it (changes.ts);
	 * returns every change made to it so far. Throws when the RUT is malformed or not loaded.
	 * Over HTTP: POST /_sandbox/ruts/{rut}/changes (control-http.ts).
	 */
	changeRut(rut: string, kind: ChangeKind): ChangeKind[];
	usage(): Usage;
	/**
	 * The next `count` API requests answer `status` (for clients that cannot send test headers); 403 is a
	 * refused permission. With `match`, only requests with that path and those query values count.
	 */
	failNext(status: 403 | 408 | 429 | 500 | 503, count?: number, match?: FaultMatch): void;
	/** Resolves with the delivery of that compliance load once it is recorded. */
	waitForDelivery(webhookId: number, timeoutMs?: number): Promise<RecordedDelivery>;
	close(): Promise<void>;
}
