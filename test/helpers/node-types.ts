import type { INodeType, INodeTypes } from 'n8n-workflow';

/** What n8n's Workflow needs to look node types up, when the workflow holds only `node`'s type. */
export function onlyType(node: INodeType): INodeTypes {
	return { getByName: () => node, getByNameAndVersion: () => node, getKnownTypes: () => ({}) };
}
