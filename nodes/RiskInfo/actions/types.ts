/**
 * The one shape every operation of the action node has (`Operation`): its parameters as named
 * steps (`Step`), and how it sends (`Sender`, `FollowUp`) and gives items (`ItemMaker`); and what
 * one item asks for once its parameters are read (`Plan`).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiRequest, ApiResponse, ApiRoot, Transport } from '../../shared/transport';

export type ApiVersion = 'v2' | 'v1';

/** The paid calls, as items name them (`paid`, `wouldPayFor`) so a Summarize node can total a run. */
export type PaidCall = 'rutLoad' | 'complianceProfile';

/** The load's flags, as the spec's body names them, and whether it must stay within the account's plan. */
export type LoadChoice = { isMonitoring: boolean; includeBureau: boolean; stopAtPlan: boolean };

/**
 * What the steps read from one item, each under its parameter's name. Plain JSON: it is part of
 * what makes two items ask for the same thing.
 */
type Choices = {
	simplify?: boolean;
	isoDates?: boolean;
	split?: boolean;
	splitList?: string;
	returnAll?: boolean;
	limit?: number;
	dryRun?: boolean;
	load?: LoadChoice;
	/** A load's item in English names (node version 2.1 on); version 2 and before keep the service's keys. */
	loadItemInEnglish?: boolean;
	/** Load RUT If Not Loaded: the load to send when the read finds the RUT missing; null when off. */
	loadIfMissing?: LoadChoice | null;
	binaryPropertyName?: string;
};

/** The choices a plain yes/no parameter fills (flag()). */
export type FlagChoice = 'isoDates' | 'split';

/**
 * What one item asks for, read and checked before any HTTP. It is plain JSON that fully
 * determines the result: the router sends one request per distinct plan and shares the outcome.
 */
export interface Plan extends IDataObject {
	request: ApiRequest;
	/** The item's RUT in the spec form, where the operation has one. */
	rut?: string;
	choices: Choices;
}

/**
 * The answer to a plan; `extra` goes into every output item (Load RUT If Not Loaded's loadedNow).
 * A dry run that read nothing to show (the RUT is not loaded) has no response: its item is `extra`.
 */
export interface Answer {
	response?: ApiResponse;
	extra?: IDataObject;
}

/** An answer the service gave (not a dry run's estimate without a read). */
export type Answered = Answer & { response: ApiResponse };

/** What every item of one execution shares, read once per execution, not per item. */
export interface Execution {
	/** The node's version (1 or 2), which decides the defaults some parameters start with. */
	nodeVersion: number;
}

/**
 * A named piece of an operation's panel: the parameters it shows, what it reads from an item into
 * the plan, and how it reshapes the answer's data when its choice asks for it (Simplify, dates as
 * ISO 8601). Steps run in the order an operation lists them, which is also the order of their
 * parameters in the panel.
 */
export interface Step {
	properties: INodeProperties[];
	/** Reads and checks the step's parameters for one item; throws an input error before any HTTP. */
	prepare?(this: IExecuteFunctions, itemIndex: number, plan: Plan, execution: Execution): void;
	reshape?(data: unknown, plan: Plan): unknown;
}

/** Sends a plan in an operation's own way (a read that may load first, a paid load shared by items), or estimates it. */
export type Sender = (api: Transport, plan: Plan) => Promise<Answer>;

/** Sends what follows the first answer, however that was sent (a paged read's further pages), and gives the whole answer. */
export type FollowUp = (api: Transport, plan: Plan, first: Answered) => Promise<Answered>;

/** Turns the (reshaped) data into items. */
export type ItemMaker = (this: IExecuteFunctions, data: unknown, answer: Answered, plan: Plan) => Promise<INodeExecutionData[]> | INodeExecutionData[];

/**
 * One operation: the spec's endpoint, what users see, its parameters, and how it sends and what it
 * gives. The entry alone tells what is sent and whether it may pay: `paid` for an operation that
 * is itself a paid call, `send: readOrLoad` for a read that may pay for a load first.
 */
export interface Operation {
	/** What users pick in the Operation list. */
	value: string;
	name: string;
	action: string;
	description: string;
	method: 'GET' | 'POST';
	/** The version root the path lives under. */
	root: ApiRoot;
	/** The path as the spec writes it; `{rut}` is the item's RUT, also in the query (`/helper/resumen?rut={rut}`). */
	path: string;
	/** A paid call, and which: repeated only where it certainly did not run, counted against the run's cap. */
	paid?: PaidCall;
	steps: Step[];
	/** How the request is sent; without it, once as it is. */
	send?: Sender;
	/** On a dry run (`plan.choices.dryRun`), sends only free reads instead and says whether the item would pay. */
	estimate?: Sender;
	followUp?: FollowUp;
	/** Without it, the data is one item. */
	items?: ItemMaker;
}

export interface Resource {
	value: string;
	name: string;
	description?: string;
	/** In the order users see them. */
	operations: Operation[];
	/** The operation a new node starts on, when it is not the first: a free read rather than a paid load. */
	defaultOperation?: string;
}
