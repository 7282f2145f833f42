/** What a request to the service says, and what its answer holds: the transport's words. */
import type { IDataObject } from 'n8n-workflow';

/** Which of the transport's version roots (index.ts, ROOTS) a request's path starts from. */
export type ApiRoot = 'v2' | 'v1' | 'v1External';

/**
 * What refuses a paid load the account's plan has no room for: the plan, read once per run by the
 * service's home (service/usage.ts, AccountPlan). Each look-up is taken synchronously, just before the sending.
 */
export interface PlanGate {
	readonly known: boolean;
	read(): Promise<void>;
	takeLookup(): void;
	releaseLookup(): void;
}

export interface ApiRequest {
	method: 'GET' | 'POST';
	/** The version root (ROOTS). */
	root: ApiRoot;
	path: string;
	query?: IDataObject;
	body?: IDataObject;
	/** A call that costs money: retried only where it certainly was not executed. */
	paid?: boolean;
	/** A paid RUT load refused once the run has used the look-ups the account's plan had left: that plan. */
	withinPlan?: PlanGate;
	/** The RUT a read is about, so that a 404 says the RUT is not loaded. */
	rut?: string;
	/** Ask for a PDF and return the raw bytes. */
	pdf?: boolean;
	/** The response has no `{success, data}` wrapper (V1 downloadable summary as JSON). */
	bare?: boolean;
	/** The read is repeated right after this execution loaded the RUT. */
	afterLoad?: boolean;
}

export interface ApiResponse {
	data: unknown;
	headers: IDataObject;
	/** The HTTP status the service answered with (2xx). */
	status?: number;
	/** Set for PDF requests. */
	bytes?: Buffer;
}
