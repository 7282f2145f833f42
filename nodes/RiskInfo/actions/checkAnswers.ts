/**
 * Check Answers (Account): every free answer the package reads, for one loaded RUT, set against
 * what the package's readers read of it (shared/service/answers.ts) under the credential's Answer
 * Key Names: first one item that totals them (how many reads differ, what to do, the Answer Key
 * Names to set), then one item per read. Its transport refuses any paid call, so the check can
 * never cost anything.
 */
import type { IDataObject } from 'n8n-workflow';

import { ServiceError, isNotLoadedError, plainMessage } from '../../shared/errors';
import { checkEvidence, checkSummary, type AnswerCheck, type CheckStatus } from '../../shared/service/answers';
import { COURT_CASE_KEYS, CREDIT_SCORE_KEYS, DICOM_CASE_KEYS } from '../../shared/service/cases';
import { V1, V2, requestFor, type Endpoint } from '../../shared/service/endpoints';
import { keyNamesOf, mappingOf, withSpecNames } from '../../shared/service/keyNames';
import type { KeyTable } from '../../shared/service/keys';
import { PROFILE_KEYS } from '../../shared/service/profiles';
import { COMPLIANCE_KEYS } from '../../shared/service/screening';
import { SUMMARY_V1_KEYS, readApiV1 } from '../../shared/service/summaryV1';
import { SUMMARY_V2_KEYS, readApiV2 } from '../../shared/service/summaryV2';
import { USAGE_KEYS } from '../../shared/service/usage';
import { ROOTS, type ApiRequest, type ApiResponse } from '../../shared/transport';
import type { Sender } from './types';

interface Read {
	/** What the item calls the read. */
	name: string;
	endpoint: Endpoint;
	check: (data: unknown, rut: string) => AnswerCheck;
}

const evidence = (name: string, endpoint: Endpoint, table: KeyTable): Read => ({ name, endpoint, check: (data) => checkEvidence(data, table) });

/** The reads, in the order their items come: the account's, the V2 summary and evidence, the V1 summary. */
const READS: Read[] = [
	evidence('Account usage', V2.usage, USAGE_KEYS),
	evidence('List Profiles', V2.profiles, PROFILE_KEYS),
	{ name: 'Summary (V2)', endpoint: V2.summary, check: (data, rut) => checkSummary(data, readApiV2(data, rut), SUMMARY_V2_KEYS) },
	evidence('Civil cases', V2.civilCases, COURT_CASE_KEYS),
	evidence('Labor cases', V2.laborCases, COURT_CASE_KEYS),
	evidence('Collection cases', V2.collectionCases, COURT_CASE_KEYS),
	evidence('Commercial bulletin cases', V2.dicomCases, DICOM_CASE_KEYS),
	evidence('Compliance', V2.compliance, COMPLIANCE_KEYS),
	evidence('Credit score', V2.creditScore, CREDIT_SCORE_KEYS),
	{ name: 'Summary (V1)', endpoint: V1.summary, check: (data, rut) => checkSummary(data, readApiV1(data, rut), SUMMARY_V1_KEYS) },
];

/** The path as requested, below the Base URL, with its query. */
function pathOf(request: ApiRequest): string {
	const query = request.query ? `?${new URLSearchParams(request.query as Record<string, string>).toString()}` : '';
	return `${ROOTS[request.root]}${request.path}${query}`;
}

const refused = (error: unknown) => error instanceof ServiceError && (error.failure.status === 401 || error.failure.status === 403);

/** A read the service failed: its own item, saying why in words (the RUT not loaded is said once, in the total). */
function failedItem(error: ServiceError, rut: string): Omit<AnswerCheck, 'verdict' | 'status'> & { verdict: string; status: CheckStatus } {
	const verdict = isNotLoadedError(error)
		? `Not read: RUT ${rut} is not loaded in this account (see the first item).`
		: `Not read: ${plainMessage(error.failure)}${refused(error) ? ' The other reads are checked all the same.' : ''}`;
	return { verdict, status: 'failed', doNotUse: [], suggestedKeyNames: {}, candidates: {}, expectedMissing: [], unknownFields: [], expectedFound: [] };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The first item: how many reads differ or failed, what to do, and the whole Answer Key Names to set. */
function total(items: IDataObject[], current: Record<string, string>, rut: string, notLoaded: boolean): IDataObject {
	const differ = items.filter((i) => i.status === 'differs');
	const failed = items.filter((i) => i.status === 'failed');
	const suggested = Object.assign({}, ...differ.map((i) => i.suggestedKeyNames as Record<string, string>)) as Record<string, string>;
	const newOnes = Object.keys(suggested).length;
	const parts = [
		differ.length ? `${plural(differ.length, 'read differs', 'reads differ')} from what the package reads (${differ.map((i) => i.read).join(', ')}).` : '',
		newOnes ? "Copy suggestedKeyNames below into the Risk Info API credential's Answer Key Names (it keeps what is there and adds what the reads suggest), save, and run Check Answers again." : '',
		differ.length && !newOnes ? "Where a read lists candidates, add the right key to the credential's Answer Key Names yourself; where none fits, tell the package's maintainers." : '',
		notLoaded ? `RUT ${rut} is not loaded in this account, so its reads could not be checked: pick a loaded RUT (RUT → From List) and run Check Answers again. Check Answers never loads a RUT (a load is paid).` : '',
		failed.length && !notLoaded ? `${plural(failed.length, 'read', 'reads')} could not be made (${failed.map((i) => i.read).join(', ')}): see ${failed.length === 1 ? 'its item' : 'their items'}.` : '',
	].filter(Boolean);
	const status: CheckStatus = differ.length ? 'differs' : failed.length ? 'failed' : 'ok';
	const verdict = status === 'ok' ? `OK: all ${items.length} reads carry what the package reads.` : `${items.length - differ.length - failed.length} of ${items.length} reads are OK. ${parts.join(' ')}`;
	return { verdict, status, read: `All ${items.length} reads`, suggestedKeyNames: newOnes ? { ...current, ...suggested } : {}, rut };
}

/**
 * Sends each read through a transport that refuses paid calls, and sets what it answers, under
 * the credential's Answer Key Names, against its reader's rows. A read the service fails (a 404,
 * a 5xx, a permission the account lacks for that read alone) is its own item; only a credential
 * refused on every read fails the operation.
 */
export const checkAnswers: Sender = async (api, plan) => {
	const free = api.freeOnly();
	const names = await keyNamesOf(api);
	const rut = plan.rut ?? '';
	const items: IDataObject[] = [];
	const errors: unknown[] = [];
	for (const { name, endpoint, check } of READS) {
		const request = requestFor(endpoint, rut);
		const head = { read: name, path: pathOf(request) };
		const answer = await free.request(request).catch((error: unknown) => error);
		if (answer instanceof ServiceError) {
			errors.push(answer);
			const { verdict, status, ...rest } = failedItem(answer, rut);
			items.push({ verdict, status, ...head, httpStatus: typeof answer.failure.status === 'number' ? answer.failure.status : null, ...rest });
			continue;
		}
		// Anything but the service's answer (n8n refusing the address, say) fails the operation as any read would.
		if (answer instanceof Error) throw answer;
		const response = answer as ApiResponse;
		const { verdict, status, ...rest } = check(withSpecNames(response.data, names), rut);
		items.push({ verdict, status, ...head, httpStatus: response.status ?? null, ...rest });
	}
	if (errors.length === READS.length && errors.every(refused)) throw errors[0];
	const notLoaded = errors.some(isNotLoadedError);
	return { response: { data: [total(items, mappingOf(names), rut, notLoaded), ...items], headers: {} } };
};
