/**
 * The RUT picker's list (From List, node version 3): the RUTs loaded into the account, from List
 * Profiles, each shown as the RUT, then its taxpayer's name: a picked entry fills a narrow field
 * cut at its end, and the RUT is what tells suppliers apart. List Profiles gives no names, so each
 * RUT shown is read with Get Summary, a free read of a loaded RUT; the transport may make no paid call.
 * A search with digits looks at the RUTs alone and reads only the names of those that match; a
 * search with words reads names page by page until a page is full, the list ends or five pages'
 * worth of names were read.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { ServiceError, apiError, leavingError } from '../../shared/errors';
import { runPool } from '../../shared/pool';
import { rutWithDots } from '../../shared/rut';
import { keyNamesOf } from '../../shared/service/keyNames';
import { listProfiles } from '../../shared/service/profiles';
import { readSummary } from '../../shared/service/summaryV2';
import { RETRY_DEFAULTS, Transport } from '../../shared/transport';

/** Entries per page: n8n asks for the next page when the list is scrolled to its end. */
const PAGE_SIZE = 20;
/** Names read at once, as the node's Requests in Parallel starts. */
const PARALLEL = 5;
/**
 * Names read for one page at most: a search by words that matches few names in a large account
 * returns what it found so far and lets n8n ask for more, instead of reading every RUT at once.
 */
const MAX_READS = 5 * PAGE_SIZE;

/** Case and accents ignored, so "atacama" finds "ATACAMA" and "pena" finds "Peña". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A search that is a RUT or part of one (digits, dots, hyphen, K), as its characters without dots and hyphen; else undefined. */
function rutSearch(filter: string): string | undefined {
	return /^[\d.\s-]*\d[\d.\s-]*[kK]?$/.test(filter) ? filter.replace(/[.\s-]/g, '').toUpperCase() : undefined;
}

/** The loaded RUTs in the order the service lists them, each once; malformed entries are left out (nothing a user could pick). */
async function loadedRuts(api: Transport): Promise<string[]> {
	const { ruts } = await listProfiles(api);
	return [...new Set(ruts.flatMap((entry) => entry.rut ?? []))];
}

/** The taxpayer's name, from the RUT's summary. */
async function nameOf(api: Transport, rut: string): Promise<string | undefined> {
	return (await readSummary(api, rut)).record.name ?? undefined;
}

/**
 * A name read that fails for its RUT alone leaves that entry showing the RUT only; a refusal of
 * the account (401, 403), or anything but the service's answer, fails the list: every read would.
 */
const failsTheList = (error: unknown) => !(error instanceof ServiceError) || error.failure.status === 401 || error.failure.status === 403;

export async function searchLoadedRuts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const node = this.getNode();
	const api = new Transport(this, { ...RETRY_DEFAULTS, maxPaidLoads: 0 });
	try {
		// A credential whose Answer Key Names cannot be used says so before anything is sent.
		await keyNamesOf(api);
		const all = await loadedRuts(api);
		if (!all.length) {
			throw new NodeOperationError(node, 'No RUT is loaded in this account yet', {
				description:
					'Choose By ID and write the RUT. A read of a RUT that is not loaded needs a paid load first: turn on Load RUT If Not Loaded, or load it with RUT → Load.',
			});
		}
		const search = filter?.trim() ?? '';
		const digits = rutSearch(search);
		const words = digits === undefined && search ? folded(search) : undefined;
		const candidates = digits === undefined ? all : all.filter((rut) => rut.replace('-', '').includes(digits));

		const results: INodeListSearchItems[] = [];
		const first = Math.max(0, Number.parseInt(paginationToken ?? '0', 10) || 0);
		let next = first;
		while (results.length < PAGE_SIZE && next < candidates.length && next - first < MAX_READS) {
			const batch = candidates.slice(next, next + PAGE_SIZE - results.length);
			next += batch.length;
			const names = await runPool(
				batch.map((rut) => async () => await nameOf(api, rut)),
				PARALLEL,
				{ stopOnError: failsTheList },
			);
			batch.forEach((rut, i) => {
				const result = names[i];
				if (result && 'error' in result && failsTheList(result.error)) throw result.error;
				const name = result && 'value' in result ? result.value : undefined;
				if (words !== undefined && !(name !== undefined && folded(name).includes(words))) return;
				const shown = rutWithDots(rut);
				results.push({ name: name ? `${shown} · ${name}` : shown, value: rut });
			});
		}
		return { results, paginationToken: next < candidates.length ? String(next) : undefined };
	} catch (error) {
		throw error instanceof ServiceError ? apiError(node, undefined, error.failure) : leavingError(node, error);
	}
}
