import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Transport } from '../transport';

export type ApiVersion = 'v2' | 'v1';

/**
 * One operation of the action node. `prepare` reads and checks one item's parameters and
 * throws before any HTTP; what it returns must be plain JSON that fully determines the
 * result, because the router sends one request per distinct value and shares the outcome.
 */
export interface Operation<P extends IDataObject = IDataObject> {
	/** What users pick in the Operation list. */
	value: string;
	name: string;
	action: string;
	description: string;
	/** Parameters of this operation only; the registry adds displayOptions. */
	properties: INodeProperties[];
	prepare(this: IExecuteFunctions, itemIndex: number): P;
	execute(this: IExecuteFunctions, params: P, api: Transport, itemIndex: number): Promise<INodeExecutionData[]>;
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
