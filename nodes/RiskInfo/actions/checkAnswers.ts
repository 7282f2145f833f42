/**
 * Check Answers (Account): every free answer the package reads, for one loaded RUT, set against
 * what the package expects of it (shared/service/answers.ts), one item per read. Its transport
 * refuses any paid call, so the check can never cost anything.
 */
import type { IDataObject } from 'n8n-workflow';

import { ServiceError, plainMessage } from '../../shared/errors';
import { ROOTS, V1, V2, requestFor, type Endpoint } from '../../shared/service/endpoints';
import { READER_KEYS, checkEvidence, checkSummary, type AnswerCheck } from '../../shared/service/answers';
import { readApiV1 } from '../../shared/service/summaryV1';
import { readApiV2 } from '../../shared/service/summaryV2';
import type { ApiRequest, ApiResponse } from '../../shared/transport';
import type { Sender } from './types';

interface Read {
	endpoint: Endpoint;
	check: (data: unknown, rut: string) => AnswerCheck;
}

const evidence = (name: keyof typeof READER_KEYS): Read => ({ endpoint: V2[name], check: (data) => checkEvidence(data, READER_KEYS[name]) });

/** The reads, in the order their items come: the account's, the V2 summary and evidence, the V1 summary. */
const READS: Read[] = [
	evidence('usage'),
	evidence('profiles'),
	{ endpoint: V2.summary, check: (data, rut) => checkSummary('v2', data, readApiV2(data, rut)) },
	evidence('civilCases'),
	evidence('laborCases'),
	evidence('collectionCases'),
	evidence('dicomCases'),
	evidence('compliance'),
	evidence('creditScore'),
	{ endpoint: V1.summary, check: (data, rut) => checkSummary('v1', data, readApiV1(data, rut)) },
];

/** The path as requested, below the Base URL, with its query. */
function pathOf(request: ApiRequest): string {
	const query = request.query ? `?${new URLSearchParams(request.query as Record<string, string>).toString()}` : '';
	return `${ROOTS[request.root]}${request.path}${query}`;
}

/** A read the service failed for this read alone (a RUT not loaded, a 5xx): its own item, not the operation's failure. */
const isFailedRead = (answer: unknown): answer is ServiceError => answer instanceof ServiceError && answer.failure.status !== 401 && answer.failure.status !== 403;

/**
 * Sends each read through a transport that refuses paid calls. A read the service fails (a 404,
 * a 5xx) is its own item; a refused credential or permission (401, 403) fails the operation as
 * any other read would.
 */
export const checkAnswers: Sender = async (api, plan) => {
	const free = api.freeOnly();
	const rut = plan.rut ?? '';
	const items: IDataObject[] = [];
	for (const { endpoint, check } of READS) {
		const request = requestFor(endpoint, rut);
		const path = pathOf(request);
		const answer = await free.request(request).catch((error: unknown) => error);
		if (!isFailedRead(answer)) {
			// Anything else that failed (a refused credential or permission) fails the operation as any read would.
			if (answer instanceof Error) throw answer;
			items.push({ path, httpStatus: 200, ...check((answer as ApiResponse).data, rut) });
			continue;
		}
		const { status } = answer.failure;
		items.push({ path, httpStatus: typeof status === 'number' ? status : null, expectedFound: [], expectedMissing: [], unknownFields: [], verdict: plainMessage(answer.failure) });
	}
	return { response: { data: items, headers: {} } };
};
