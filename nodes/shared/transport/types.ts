/** What a request to the service says, and what its answer holds: the transport's words. */
import type { IDataObject } from 'n8n-workflow';

import type { ApiRoot } from '../service/endpoints';

export interface ApiRequest {
	method: 'GET' | 'POST';
	/** The version root (service/endpoints.ts). */
	root: ApiRoot;
	path: string;
	query?: IDataObject;
	body?: IDataObject;
	/** A call that costs money: retried only where it certainly was not executed. */
	paid?: boolean;
	/** A paid RUT load refused once the run has used the look-ups the account's plan had left. */
	withinPlan?: boolean;
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
	/** Set for PDF requests. */
	bytes?: Buffer;
}
