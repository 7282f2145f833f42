/**
 * Check Answers (Account): every free answer the package reads, for one loaded RUT, set against
 * what the package's readers read of it (shared/service/answers.ts) under the credential's Answer
 * Key Names: first one item that totals them (a verdict per API version, what to do, the whole
 * Answer Key Names to set, how its keys were chosen and the keys only the user can choose), then
 * one item per read. Its transport refuses any paid call, so the check can never cost anything.
 */
import type { IDataObject } from 'n8n-workflow';

import { ServiceError, isNotLoadedError, plainMessage } from '../../shared/errors';
import { checkAnswer, type AnswerCheck, type CheckStatus } from '../../shared/service/answers';
import { COMPLIANCE } from '../../shared/service/compliance';
import { CIVIL_CASES, COLLECTION_CASES, LABOR_CASES } from '../../shared/service/courtCases';
import { CREDIT_SCORE } from '../../shared/service/creditScore';
import { DICOM_CASES } from '../../shared/service/dicom';
import { requestFor } from '../../shared/service/endpoints';
import { keyNamesOf, mappingOf, type Read } from '../../shared/service/keyNames';
import { PROFILES } from '../../shared/service/profiles';
import type { Roles } from '../../shared/service/slots';
import { SUMMARY_V1 } from '../../shared/service/summaryV1';
import { SUMMARY_V2 } from '../../shared/service/summaryV2';
import { USAGE } from '../../shared/service/usage';
import { ROOTS, type ApiRequest, type ApiResponse } from '../../shared/transport';
import type { Sender } from './types';

/**
 * Every one of the service's reads, each from its own file (its endpoint, its key table, its
 * reader), in the order they are checked: the account's, the V2 summary and the reads behind it,
 * then the V1 summary, which may take the V2 summary's words for the bulletin's sources.
 */
const READS: Read[] = [USAGE, PROFILES, SUMMARY_V2, CIVIL_CASES, LABOR_CASES, COLLECTION_CASES, DICOM_CASES, COMPLIANCE, CREDIT_SCORE, SUMMARY_V1];

/** The service's API version a read belongs to (not the node's version). */
const apiOf = (read: Read): 1 | 2 => (read.endpoint.root === 'v2' ? 2 : 1);

/** The path as requested, below the Base URL, with its query. */
function pathOf(request: ApiRequest): string {
	const query = request.query ? `?${new URLSearchParams(request.query as Record<string, string>).toString()}` : '';
	return `${ROOTS[request.root]}${request.path}${query}`;
}

const refused = (error: unknown) => error instanceof ServiceError && (error.failure.status === 401 || error.failure.status === 403);

/**
 * One read's item, its short keys first and its lists and maps last: n8n's Table view shows an
 * item's keys in their order, and suggestedKeyNames is the one thing to copy.
 */
function itemOf(head: { read: string; path: string }, httpStatus: unknown, check: AnswerCheck): IDataObject {
	const { verdict, status, suggestedKeyNames, doNotUse, expectedMissing, unknownFields, expectedFound, candidates } = check;
	return { verdict, status, ...head, httpStatus: typeof httpStatus === 'number' ? httpStatus : null, suggestedKeyNames, doNotUse, expectedMissing, unknownFields, expectedFound, candidates };
}

/** A read the service failed: its own item, saying why in words (the RUT not loaded is said once, in the total). */
function failedCheck(error: ServiceError, rut: string): AnswerCheck {
	const verdict = isNotLoadedError(error)
		? `Not read: RUT ${rut} is not loaded in this account (see the first item).`
		: `Not read: ${plainMessage(error.failure)}${refused(error) ? ' The other reads are checked all the same.' : ''}`;
	return { verdict, status: 'failed', doNotUse: [], suggestedKeyNames: {}, candidates: {}, expectedMissing: [], unknownFields: [], expectedFound: [] };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One API version's reads in a sentence: a version the workflows do not use can be left as it is. */
function versionVerdict(api: 1 | 2, items: IDataObject[]): string {
	const differ = items.filter((i) => i.status === 'differs').map((i) => String(i.read));
	const failed = items.filter((i) => i.status === 'failed').map((i) => String(i.read));
	const ok = items.length - differ.length - failed.length;
	if (!differ.length && !failed.length) return `API version ${api}: ${items.length === 1 ? 'its read is' : `all ${items.length} reads`} OK.`;
	const parts = [
		differ.length ? `${differ.join(', ')} ${differ.length === 1 ? 'differs' : 'differ'}` : '',
		failed.length ? `${failed.join(', ')} could not be made` : '',
	].filter(Boolean).join('; ');
	const only = api === 1 && differ.length ? '; this matters only if your workflows use version 1' : '';
	return `API version ${api}: ${items.length > 1 ? `${ok} of ${items.length} OK; ` : ''}${parts}${only}.`;
}

/** The keys no answer's shape decides, with their candidates, in one place. */
function toChoose(items: IDataObject[], suggested: Record<string, string>): Record<string, string[]> {
	const open: Record<string, string[]> = {};
	for (const item of items.filter((i) => i.status === 'differs')) {
		for (const [key, found] of Object.entries(item.candidates as Record<string, string[]>)) if (found.length && !(key in suggested)) open[key] = found;
	}
	return open;
}

/** The first item: a verdict per API version, what to do, and the whole Answer Key Names to set. */
function total(items: IDataObject[], apis: Array<1 | 2>, how: string[], current: Record<string, string>, rut: string, notLoaded: boolean): IDataObject {
	const differ = items.filter((i) => i.status === 'differs');
	const failed = items.filter((i) => i.status === 'failed');
	const suggested = Object.assign({}, ...differ.map((i) => i.suggestedKeyNames as Record<string, string>)) as Record<string, string>;
	const newOnes = Object.keys(suggested).length;
	const choose = toChoose(items, suggested);
	const open = Object.keys(choose).length;
	const versions = ([2, 1] as const).map((api) => versionVerdict(api, items.filter((_, i) => apis[i] === api)));
	const parts = [
		differ.length ? versions.join(' ') : '',
		newOnes ? `Copy suggestedKeyNames below into the Risk Info API credential's Answer Key Names (it keeps what is there and adds ${open ? 'what the answers decide' : 'every key the reads need'}), save, and run Check answers again.` : '',
		newOnes && how.length ? 'howChosen says how keys were matched: check it against the provider names in your contract.' : '',
		open ? `${plural(open, 'key needs', 'keys need')} a choice the answers cannot make: keysToChoose lists ${open === 1 ? 'it' : 'them all'} with ${open === 1 ? 'its' : 'their'} candidates; add each to Answer Key Names as "spec key": "the candidate you pick".` : '',
		differ.length && !newOnes && !open ? "Where no key of the answer fits, tell the package's maintainers (see each read's item)." : '',
		notLoaded ? `RUT ${rut} is not loaded in this account, so its reads could not be checked: pick a loaded RUT (RUT → From List) and run Check answers again. Check answers never loads a RUT (a load is paid).` : '',
		failed.length && !notLoaded ? `${plural(failed.length, 'read', 'reads')} could not be made (${failed.map((i) => i.read).join(', ')}): see ${failed.length === 1 ? 'its item' : 'their items'}.` : '',
	].filter(Boolean);
	const status: CheckStatus = differ.length ? 'differs' : failed.length ? 'failed' : 'ok';
	const verdict = status === 'ok' ? `OK: all ${items.length} reads carry what the package reads.` : `${items.length - differ.length - failed.length} of ${items.length} reads are OK. ${parts.join(' ')}`;
	return { verdict, status, read: `All ${items.length} reads`, rut, suggestedKeyNames: newOnes ? { ...current, ...suggested } : {}, howChosen: how, keysToChoose: choose };
}

/**
 * Sends each read through a transport that refuses paid calls, and sets what it answers, under
 * the credential's Answer Key Names, against its reader's rows. A read the service fails (a 404,
 * a 5xx, a permission the account lacks for that read alone) is its own item; only a credential
 * refused on every read fails the operation.
 */
export const checkAnswers: Sender = async (api, asked) => {
	const free = api.freeOnly();
	const names = await keyNamesOf(api);
	const rut = asked.rut ?? '';
	const items: IDataObject[] = [];
	const errors: unknown[] = [];
	const how: string[] = [];
	let earlier: Roles | undefined;
	for (const read of READS) {
		const request = requestFor(read.endpoint, rut);
		const head = { read: read.name, path: pathOf(request) };
		const answer = await free.request(request).catch((error: unknown) => error);
		if (answer instanceof ServiceError) {
			errors.push(answer);
			items.push(itemOf(head, answer.failure.status, failedCheck(answer, rut)));
			continue;
		}
		// Anything but the service's answer (n8n refusing the address, say) fails the operation as any read would.
		if (answer instanceof Error) throw answer;
		const response = answer as ApiResponse;
		const check = checkAnswer(read, response.data, names, rut, earlier);
		if (check.roles?.size) earlier ??= { words: check.roles, by: read.name };
		if (check.status === 'differs') how.push(...(check.how ?? []));
		items.push(itemOf(head, response.status, check));
	}
	if (errors.length === READS.length && errors.every(refused)) throw errors[0];
	const notLoaded = errors.some(isNotLoadedError);
	return { response: { data: [total(items, READS.map(apiOf), how, mappingOf(names), rut, notLoaded), ...items], headers: {} } };
};
