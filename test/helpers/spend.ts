// Shared by the cost-guard tests: one Risk Info node run through n8n's engine against
// the sandbox, and what the sandbox itself counted as paid.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';
import { formatRut, type Sandbox } from '../../sandbox';

export interface SpendRun {
	sandbox: Sandbox;
	/** Risk Info parameters; `rut` defaults to each item's `rut`. */
	parameters: IDataObject;
	items: IDataObject[];
	/** Request Options. */
	options?: IDataObject;
	continueOnFail?: boolean;
	/** Where the node sends its requests (a relay in front of the sandbox); the sandbox's own by default. */
	baseUrl?: string;
}

export interface Spent {
	items: INodeExecutionData[];
	/** The error that stopped the node. */
	error?: Error;
	/** What the sandbox counted during the run: accepted RUT loads and compliance profile loads. */
	paid: { rutLoads: number; complianceProfiles: number; total: number };
}

/** Runs the node; returns its items (or the error that stopped it) and what the sandbox counted as paid. */
export async function spend(o: SpendRun): Promise<Spent> {
	const before = o.sandbox.usage();
	const result = await runRiskInfo({
		parameters: { rut: '={{ $json.rut }}', ...o.parameters, requestOptions: o.options ?? {} },
		inputs: o.items,
		access: { baseUrl: o.baseUrl ?? o.sandbox.url, accessToken: o.sandbox.token, clientIdentifier: o.sandbox.clientId },
		node: { name: 'Risk', continueOnFail: o.continueOnFail },
	});
	const after = o.sandbox.usage();
	const rutLoads = after.paidLoads - before.paidLoads;
	const complianceProfiles = after.complianceLoads - before.complianceLoads;
	return {
		items: result.items.Risk ?? [],
		error: result.error ?? result.nodeErrors.Risk,
		paid: { rutLoads, complianceProfiles, total: rutLoads + complianceProfiles },
	};
}

/** POSTs the sandbox received (the paid paths are the only POSTs), answered or not. */
export const postsAt = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.method === 'POST');

let nextBody = 41_000_003;
/** `count` valid RUTs no test of the file has used yet. */
export function freshRuts(count: number): string[] {
	return Array.from({ length: count }, () => formatRut((nextBody += 7_919)));
}

export const CAP_MESSAGE = (cap: number) => `The run already paid for ${cap} loads, the Maximum Paid Loads per Run; raise it or split the list`;

/** The input item an error that stopped the run is about (n8n's itemIndex, counted from 0). */
export const itemOfError = (error: Error | undefined) => (error as { context?: { itemIndex?: number } } | undefined)?.context?.itemIndex;
