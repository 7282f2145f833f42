/**
 * The Monitor's panel, and reading it. n8n adds Poll Times itself (`polling: true`); an
 * expression may set any field to anything, so each value is checked before a request is sent.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { PARAMETER_HINTS } from '../shared/builderHints';
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
