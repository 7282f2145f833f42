// Loading a module of ours anew inside a test, for tests of module-level values: mutation testing
// counts only code that runs during a test as reached by it (test/MUTANTS.md). n8n-workflow is
// handed over as already loaded rather than evaluated again for each test, which took most of the
// time of such tests; only our own modules are evaluated anew. Beside it, the stand-ins for n8n's
// panel and execute context that tests of one step share.
import { NodeHelpers, type IDataObject, type IExecuteFunctions, type INode, type INodeParameters, type INodeProperties, type INodeType } from 'n8n-workflow';

export function isolated<T>(load: () => T): T {
	const workflow: unknown = jest.requireActual('n8n-workflow');
	let loaded: T | undefined;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => workflow);
		loaded = load();
	});
	return loaded as T;
}

/** A Risk Info node whose modules (operation tables included) were loaded by the calling test. */
export const freshRiskInfo = (): INodeType =>
	isolated(() => {
		const { RiskInfo } = require('../../nodes/RiskInfo/RiskInfo.node') as typeof import('../../nodes/RiskInfo/RiskInfo.node');
		return new RiskInfo();
	});

type Params = Record<string, unknown>;

/** A Risk Info node as a step sees it through getNode(). */
export const NODE: INode = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 1, position: [0, 0], parameters: {} };

/** What n8n's Workflow gives a node whose panel has `set` filled in: every other shown field at its default, hidden ones left out. */
export const filledIn = (properties: INodeProperties[], set: Params, typeVersion = NODE.typeVersion) =>
	NodeHelpers.getNodeParameters(properties, set as INodeParameters, true, false, { ...NODE, typeVersion }, null) as IDataObject;

/** Just enough of n8n's execute context for a step's prepare(): the node and its parameters. */
export const context = (parameters: Params) =>
	({
		getNodeParameter: (name: string, _i: number, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
		getNode: () => NODE,
	}) as unknown as IExecuteFunctions;
