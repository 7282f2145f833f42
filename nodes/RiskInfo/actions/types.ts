/**
 * The one shape every operation of the action node has (`Operation`): the service's endpoint it
 * calls (shared/service/endpoints.ts), its parameters as named steps (`Step`), and how it sends
 * (`Sender`) and gives items (`ItemMaker`); and what one item asks for once its parameters are
 * read (`ItemRequest`).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../../shared/service/endpoints';
import type { KeyNames } from '../../shared/service/keyNames';
import type { ApiRequest, ApiResponse, Transport } from '../../shared/transport';

export type ApiVersion = 'v2' | 'v1';

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
 * determines the result: the router sends one request per distinct item request and shares the outcome.
 */
export interface ItemRequest extends IDataObject {
	request: ApiRequest;
	/** The item's RUT in the spec form, where the operation has one. */
	rut?: string;
	choices: Choices;
}

/**
 * What sending an item request gave; `extra` goes into every output item (Load RUT If Not Loaded's loadedNow).
 * A dry run that read nothing to show (the RUT is not loaded) has no response: its item is `extra`.
 */
export interface Outcome {
	response?: ApiResponse;
	extra?: IDataObject;
}

/**
 * A named piece of an operation's panel: the parameters it shows, what it reads from an item into
 * the item request, and how it reshapes the answer's data when its choice asks for it (Simplify, dates as
 * ISO 8601). Steps run in the order an operation lists them, which is also the order of their
 * parameters in the panel.
 */
export interface Step {
	properties: INodeProperties[];
	/** Reads and checks the step's parameters for one item; throws an input error before any HTTP. */
	/** `nodeVersion` decides the defaults some parameters start with. */
	prepare?(this: IExecuteFunctions, itemIndex: number, asked: ItemRequest, nodeVersion: number): void;
	/** `names`: the credential's Answer Key Names, for a step that hands the answer to one of the service's readers. */
	reshape?(data: unknown, asked: ItemRequest, names: KeyNames): unknown;
}

/** Sends an item request in an operation's own way (a read that may load first, a paid load shared by items, a paged read), or estimates it. */
export type Sender = (api: Transport, asked: ItemRequest) => Promise<Outcome>;

/** Turns the (reshaped) data of the service's answer into items. */
export type ItemMaker = (this: IExecuteFunctions, data: unknown, response: ApiResponse, asked: ItemRequest) => Promise<INodeExecutionData[]> | INodeExecutionData[];

/**
 * One operation: the service's endpoint (method, root, path, and `paid` for an operation that is
 * itself a paid call), what users see, its parameters, and how it sends and what it gives. The
 * entry alone tells what is sent and whether it may pay: `send: readOrLoad` for a read that may
 * pay for a load first.
 */
export interface Operation extends Endpoint {
	/** What users pick in the Operation list. */
	value: string;
	name: string;
	action: string;
	description: string;
	steps: Step[];
	/** How the request is sent; without it, once as it is. */
	send?: Sender;
	/** On a dry run (`asked.choices.dryRun`), sends only free reads instead and says whether the item would pay. */
	estimate?: Sender;
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
