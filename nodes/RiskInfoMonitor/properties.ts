/**
 * The Monitor's panel, and reading it. n8n adds Poll Times itself (`polling: true`); an
 * expression may set any field to anything, so each value is checked before a request is sent.
 * Below, the RUTs the panel says to watch.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { PARAMETER_HINTS } from '../shared/builderHints';
import { shown } from '../shared/errors';
import { isPlainObject } from '../shared/objects';
import { RutFormatError, normaliseRut, rutAdvice } from '../shared/rut';
import { listProfiles } from '../shared/service/profiles';
import type { Transport } from '../shared/transport';
import { KIND_OPTIONS, type ChangeKind } from './fields';

// Literal defaults in the panel below (n8n's lint reads them there); these bound what expressions give.
const PER_POLL = { default: 500, min: 1, max: 5000 };
const PARALLEL = { default: 5, min: 1, max: 20 };

const changeKinds: INodeProperties = {
	displayName: 'Changes to Report',
	name: 'changeKinds',
	type: 'multiOptions',
	options: KIND_OPTIONS,
	default: ['complianceRisk', 'activeCases', 'bulletin', 'credit', 'taxStatus'],
	description: 'What counts as a change worth an item. A value a failed data source left empty is never taken for a change.',
};

const READS_ONLY = 'Reads only: the Monitor never loads a RUT, so it costs nothing. It reads each watched RUT in turn, at most "RUTs per Poll" each time it polls, and starts the workflow';

export const properties: INodeProperties[] = [
	// One notice per Output (Options), each saying what the workflow gets.
	{
		displayName: `${READS_ONLY} with one item per RUT whose record changed.`,
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { hide: { '/options.output': ['digest'] } },
	},
	{
		displayName: `${READS_ONLY} once per poll that has something to report, with one item holding all of it (Options → Output: One Digest per Poll).`,
		name: 'digestNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '/options.output': ['digest'] } },
	},
	{
		displayName: 'Watch',
		name: 'source',
		builderHint: PARAMETER_HINTS.source,
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'RUTs Monitored in the Account',
				value: 'account',
				description: 'The RUTs loaded with monitoring on, as Account → List Profiles gives them (read each poll, free)',
			},
			{ name: 'These RUTs', value: 'list', description: 'A list of your own; each RUT must already be loaded in the account' },
		],
		default: 'account',
	},
	{
		displayName: 'RUTs',
		name: 'ruts',
		type: 'string',
		typeOptions: { rows: 5 },
		required: true,
		default: '',
		placeholder: '76.111.111-6\n76.222.222-1',
		description: 'One RUT per line, or separated by commas, with or without dots and hyphen. Expressions work, e.g. a list from a sheet. Each is checked before anything is read.',
		displayOptions: { show: { source: ['list'] } },
	},
	changeKinds,
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		options: [
			{ name: 'Only Changes for the Worse', value: 'worse', description: 'Risk up, more cases or debt, a worse classification; a change of tax status always counts' },
			{ name: 'Both Directions', value: 'both', description: 'Improvements too, e.g. cases closed or a risk lowered' },
		],
		default: 'worse',
	},
	{
		displayName: 'RUTs per Poll',
		name: 'rutsPerPoll',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 5000 },
		default: 500,
		description:
			'The most RUTs one poll reads. A longer list is read in turn, this many at a time, so each RUT is read once in every round: 5,000 RUTs at 500 per poll every minute are each read every 10 minutes.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{ name: 'One Item per Change', value: 'perChange', description: 'One item per RUT worth reporting, with its evidence' },
					{ name: 'One Digest per Poll', value: 'digest', description: 'One item holding every change of the poll, with a text ready for one Slack or e-mail message' },
				],
				default: 'perChange',
				description: 'A poll with nothing to report emits nothing either way',
			},
			{
				displayName: 'Requests in Parallel',
				name: 'requestsInParallel',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 20 },
				default: 5,
				description: 'How many reads run at the same time. Lower it if the service rate-limits you; the Monitor also slows down by itself when it does.',
			},
		],
	},
];

export interface Settings {
	source: 'account' | 'list';
	kinds: ReadonlySet<ChangeKind>;
	worseOnly: boolean;
	perPoll: number;
	parallel: number;
	digest: boolean;
}

const bounded = (value: unknown, { default: fallback, min, max }: typeof PER_POLL) => {
	const n = Number(value ?? fallback);
	return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

export function readSettings(this: IPollFunctions): Settings {
	const node = this.getNode();
	const source = this.getNodeParameter('source', 'account') as unknown;
	if (source !== 'account' && source !== 'list') throw new NodeOperationError(node, `Watch: "${String(source)}" is not a choice; use "account" or "list"`);
	const chosen = this.getNodeParameter('changeKinds', changeKinds.default) as unknown;
	const known = new Set(KIND_OPTIONS.map((o) => o.value as string));
	const kinds = (Array.isArray(chosen) ? chosen : [chosen]).filter((k): k is ChangeKind => typeof k === 'string' && known.has(k));
	if (!kinds.length) {
		throw new NodeOperationError(node, 'Changes to Report: choose at least one kind of change', {
			description: `Choose from: ${KIND_OPTIONS.map((o) => o.name).join('; ')}.`,
		});
	}
	const options = (this.getNodeParameter('options', {}) ?? {}) as IDataObject;
	return {
		source,
		kinds: new Set(kinds),
		worseOnly: this.getNodeParameter('direction', 'worse') !== 'both',
		perPoll: bounded(this.getNodeParameter('rutsPerPoll', PER_POLL.default), PER_POLL),
		parallel: bounded(options.requestsInParallel, PARALLEL),
		digest: options.output === 'digest',
	};
}

// Which RUTs the Monitor watches: the ones flagged for monitoring in the account (Account → List
// Profiles, read in shared/service/profiles.ts), or the user's own list. Every RUT is checked as the
// action node checks them (shared/rut.ts).

/** The most RUTs one Monitor watches: what its memory and the bench are sized for. */
const MAX_WATCHED = 50_000;

/** "These RUTs": one per line, or separated by commas, semicolons or spaces; each checked, repeats dropped. */
export function listedRuts(node: INode, value: unknown): string[] {
	const entries = Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' ? splitList(v) : [v])) : splitList(value);
	const ruts = new Set<string>();
	entries.forEach((entry, i) => {
		try {
			ruts.add(normaliseRut(entry));
		} catch (error) {
			const reason = error instanceof RutFormatError ? error.reason : shown(error);
			throw new NodeOperationError(node, `RUTs: "${shown(entry)}" (entry ${i + 1}) is not a valid RUT: ${reason}`, {
				description: `${rutAdvice(error)} In the list, write one RUT per line or separate them with commas.`,
			});
		}
	});
	if (!ruts.size) throw new NodeOperationError(node, 'RUTs: the list is empty', { description: 'Write the RUTs to watch, one per line or separated by commas.' });
	return capped(node, [...ruts]);
}

function splitList(value: unknown): unknown[] {
	if (typeof value === 'number') return [value];
	if (typeof value !== 'string') return value === undefined || value === null ? [] : [value];
	return value.split(/[\s,;]+/).filter((part) => part !== '');
}

function capped(node: INode, ruts: string[]): string[] {
	if (ruts.length <= MAX_WATCHED) return ruts;
	throw new NodeOperationError(node, `The Monitor watches at most ${MAX_WATCHED.toLocaleString('en-US')} RUTs; ${ruts.length.toLocaleString('en-US')} were given`, {
		description: 'Split the portfolio between two Monitors (two workflows), each with its own list.',
	});
}

/**
 * "RUTs Monitored in the Account": the entries of List Profiles that carry a RUT and are flagged
 * for monitoring. An answer with no RUT entries, or entries without a monitoring flag, fails with
 * what was missing rather than watching nothing in silence.
 */
export async function monitoredRuts(node: INode, api: Transport): Promise<string[]> {
	const { data, entries, ruts } = await listProfiles(api);
	if (entries === undefined) throw missing(node, 'list of profiles', data);
	if (!ruts.length) {
		if (!entries) return [];
		throw missing(node, '"rut" on its entries', data);
	}
	if (ruts.every((e) => e.monitored === undefined)) throw missing(node, 'monitoring flag ("isMonitoring") on its RUT entries', data);
	// A malformed entry of the service's own is nothing a user can fix here, and no reason to stop watching the others.
	return capped(node, [...new Set(ruts.filter((e) => e.monitored === true && e.rut !== undefined).map((e) => e.rut!))]);
}

function missing(node: INode, what: string, data: unknown): NodeOperationError {
	const shape = Array.isArray(data) ? 'a list' : isPlainObject(data) ? `an object with ${Object.keys(data).slice(0, 8).map((k) => `"${k.slice(0, 40)}"`).join(', ') || 'no keys'}` : `"${shown(data).slice(0, 80)}"`;
	return new NodeOperationError(node, `The account's List Profiles answer has no ${what}, so the Monitor cannot tell which RUTs are monitored`, {
		description: `The service answered ${shape}. Choose Watch → These RUTs and list the RUTs instead, or tell the package's maintainers what the answer looks like.`,
	});
}
