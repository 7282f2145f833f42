/**
 * Return All / Limit, n8n's usual pair, for a read the service answers page by page. The first
 * page is the operation's own request, sent however the operation sends it (so Load RUT If Not
 * Loaded still applies to it); the next pages follow one at a time through the same transport,
 * with its retries and rate-limit pace, until every page is read or the limit is reached. Each
 * entry becomes an item, in the service's order, carrying how many entries the service reported;
 * where the read offers Split Into Items, turning it off gives one item holding them all instead.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError, shown } from '../../shared/errors';
import { isPlainObject } from '../../shared/objects';
import { num } from '../../shared/service/values';
import { itemPerEntry, oneItem, splitProperty } from './steps';
import { readBoolean } from './parameters';
import type { ApiResponse, Transport } from '../../shared/transport';
import { estimateReadOrLoad, readOrLoad } from './load';
import type { ItemMaker, ItemRequest, Sender, Step } from './types';

/** Where a paged answer keeps its parts, as the service names them. */
export interface PagedAnswer {
	/** The query parameter that asks for a page; pages count from 1. */
	pageParameter: string;
	/** The field of an answer saying which page it is. */
	page: string;
	totalPages: string;
	/** The field holding how many entries there are in all pages together. */
	totalEntries: string;
	/** The field holding the page's entries. */
	entries: string;
	/** The plain-English field every output item carries that total in. */
	totalAs: string;
	/** Offer Split Into Items (off: one item holding every entry read) instead of always one item per entry. */
	splittable?: boolean;
}

/** Far beyond any real history: a service that keeps reporting more pages cannot keep the node reading forever. */
const MAX_PAGES = 10_000;

const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
	hint: 'Each page is one request, read one after another',
};

const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	displayOptions: { show: { returnAll: [false] } },
	description: 'Max number of results to return',
	hint: 'No further page is asked for once this many entries have arrived',
};

/** The item's Limit: a whole number of 1 or more (an expression or a sheet may give text). */
function readLimit(this: IExecuteFunctions, itemIndex: number): number {
	const value = this.getNodeParameter(limitProperty.name, itemIndex, limitProperty.default) as unknown;
	// Blank text is the number 0, refused below like any Limit under 1.
	const limit = typeof value === 'string' ? Number(value) : value;
	if (typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1) return limit;
	throw inputError(
		this.getNode(),
		itemIndex,
		limitProperty.displayName,
		`must be a whole number of 1 or more, not "${shown(value)}"`,
		'Use a number such as 50, or turn on Return All to get every entry.',
	);
}

/** The entry's path shows where the page goes (`?page={page}`); the step sends the page itself. */
function withoutPagePlaceholder(path: string, parameter: string): string {
	const [base, search] = path.split('?');
	if (search === undefined) return path;
	const rest = search.split('&').filter((pair) => pair !== `${parameter}={page}`);
	return rest.length > 0 ? `${base}?${rest.join('&')}` : base;
}

/**
 * A paged read's parts, each named in its operation's entry: the parameters, how it is sent (the
 * first page as Load RUT If Not Loaded reads it, then the pages after it), the items.
 */
export interface Paging {
	step: Step;
	send: Sender;
	estimate: Sender;
	items: ItemMaker;
	/** The pages after the first, read until the limit: the whole answer. */
	morePages(api: Transport, itemRequest: ItemRequest, first: ApiResponse): Promise<ApiResponse>;
}

export function pages(shape: PagedAnswer): Paging {
	/** One page's parts; an answer that is not the page asked for stops the read rather than repeat or skip entries. */
	function readPage(data: unknown, asked: number, itemRequest: ItemRequest) {
		const page = isPlainObject(data) ? data : {};
		const entries = page[shape.entries];
		const what = `${itemRequest.request.method} ${itemRequest.request.path} page ${asked}`;
		if (!Array.isArray(entries)) {
			throw new Error(`The service's answer to ${what} has no list of entries ("${shape.entries}"), so the node cannot tell what it holds.`);
		}
		const answered = page[shape.page];
		if (typeof answered === 'number' && answered !== asked) {
			throw new Error(`The service answered page ${answered} when asked for ${what}; the node stopped rather than repeat or skip entries.`);
		}
		return { entries, totalPages: num(page[shape.totalPages]) ?? 1, total: num(page[shape.totalEntries]) };
	}

	/** The sender's first page, then the pages after it; a dry run's estimate that read nothing has nothing to follow. */
	const paged = (sender: Sender): Sender => async (api, itemRequest) => {
		const outcome = await sender(api, itemRequest);
		return outcome.response ? { ...outcome, response: await paging.morePages(api, itemRequest, outcome.response) } : outcome;
	};

	const paging: Paging = {
		send: paged(readOrLoad),
		estimate: paged(estimateReadOrLoad),
		step: {
			properties: [returnAllProperty, limitProperty, ...(shape.splittable ? [splitProperty] : [])],
			prepare(itemIndex, itemRequest) {
				itemRequest.choices.returnAll = readBoolean.call(this, itemIndex, returnAllProperty);
				if (shape.splittable) itemRequest.choices.split = readBoolean.call(this, itemIndex, splitProperty);
				// Hidden under Return All: reading it would split items that ask for the same thing.
				if (!itemRequest.choices.returnAll) itemRequest.choices.limit = readLimit.call(this, itemIndex);
				itemRequest.request.path = withoutPagePlaceholder(itemRequest.request.path, shape.pageParameter);
				itemRequest.request.query = { ...itemRequest.request.query, [shape.pageParameter]: 1 };
			},
		},
		async morePages(api, itemRequest, first) {
			const wanted = itemRequest.choices.returnAll === true ? Infinity : itemRequest.choices.limit!;
			let page = readPage(first.data, 1, itemRequest);
			const total = page.total;
			const entries = [...page.entries];
			for (let asked = 2; entries.length < wanted && page.entries.length > 0 && asked <= page.totalPages; asked++) {
				if (asked > MAX_PAGES) {
					throw new Error(`The service reports more than ${MAX_PAGES} pages for ${itemRequest.request.path}; turn off Return All and set a Limit.`);
				}
				const response = await api.request({ ...itemRequest.request, query: { ...itemRequest.request.query, [shape.pageParameter]: asked } });
				page = readPage(response.data, asked, itemRequest);
				entries.push(...page.entries);
			}
			// The first page's other fields (when the data was last refreshed) describe the whole read.
			const rest: IDataObject = { ...(first.data as IDataObject) };
			delete rest[shape.page];
			delete rest[shape.totalPages];
			const data: IDataObject = { ...rest, [shape.totalEntries]: total, [shape.entries]: entries.slice(0, wanted) as IDataObject[] };
			return { ...first, data };
		},
		items(data, _response, itemRequest) {
			const whole = isPlainObject(data) ? data : {};
			const entries = whole[shape.entries];
			if (!Array.isArray(entries) || (shape.splittable && itemRequest.choices.split !== true)) return [oneItem(data)];
			const total = (whole[shape.totalEntries] ?? null) as number | null;
			return itemPerEntry(entries).map((item) => ({ json: { ...item.json, [shape.totalAs]: total } }));
		},
	};
	return paging;
}
