// The node panel (the "Actions" list n8n shows when you add the Risk Info node) is built by n8n's
// editor from the node description, with rules that ignore API Version. This file applies those
// rules, as n8n's source writes them, to our description: every operation of both versions must be
// listed exactly once, under its own group, and picking it must give a node whose API Version,
// Resource and Operation name that very operation.
//
// n8n source (github.com/n8n-io/n8n, packages/frontend/editor-ui/src/components/Node/NodeCreator/),
// the same code as in the n8n-editor-ui 2.40.7 bundle the end-to-end suite runs:
// - composables/useActionsGeneration.ts, resourceCategories(): for EVERY property named `resource`
//   (displayOptions ignored) and each of its options, the FIRST property named `operation` whose
//   displayOptions.show.resource includes the option's value (and whose show['@version'], if any,
//   names a number among the node's versions) gives one action per operation option: label
//   "<resource option name> Actions", display name the option's `action`, values { operation }, and
//   the operation property's displayOptions. A node with a `resource` property gets no other actions
//   (operationsCategory returns []; triggersCategory needs "trigger" in the display name; modeCategory
//   is for AI nodes only).
// - composables/useActions.ts, getActionData(): picking an action sets { ...values } plus, for every
//   key of displayOptions.show, its FIRST value; injectActionsLabels() keeps the actions in order and
//   puts each group label before the first action with that label only; search results show no labels.
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription, NodeParameterValue } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RESOURCES, findOperation } from '../../nodes/RiskInfo/actions/registry';

interface PanelAction {
	label: string;
	displayName: string;
	/** The parameters n8n sets on the new node when the action is picked. */
	picked: Record<string, NodeParameterValue>;
}

const CUSTOM_API_CALL_KEY = '__CUSTOM_API_CALL__';

function startCase(s: string): string {
	return s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** resourceCategories() + getActionData() of n8n's editor, reduced to what decides the list. */
function panelActions(description: INodeTypeDescription): PanelAction[] {
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	const actions: PanelAction[] = [];
	for (const property of description.properties.filter((p) => p.name === 'resource')) {
		const options = ((property.options ?? []) as INodePropertyOptions[]).filter((o) => o.value !== CUSTOM_API_CALL_KEY);
		for (const resourceOption of options) {
			const isSingleResource = options.length === 1;
			const operations = description.properties.find((operation) => {
				const isMatchingResource =
					(operation.displayOptions?.show?.resource as unknown[] | undefined)?.includes(resourceOption.value) ?? isSingleResource;
				const operationVersions = operation.displayOptions?.show?.['@version'] as unknown[] | undefined;
				const isMatchingVersion = operationVersions
					? operationVersions.some((v) => typeof v === 'number' && versions.includes(v))
					: true;
				return operation.name === 'operation' && isMatchingResource && isMatchingVersion;
			});
			if (!operations?.options) continue;
			for (const operationOption of operations.options as INodePropertyOptions[]) {
				const displayOptions = isSingleResource ? { show: { resource: [options[0].value] } } : operations.displayOptions;
				const conditions: Record<string, NodeParameterValue> = {};
				for (const [key, values] of Object.entries(displayOptions?.show ?? {})) {
					conditions[key] = (values as NodeParameterValue[] | undefined)?.[0] as NodeParameterValue;
				}
				actions.push({
					label: `${resourceOption.name} Actions`,
					displayName: operationOption.action ?? `${resourceOption.name} ${startCase(operationOption.name)}`,
					picked: { operation: operationOption.value, ...conditions },
				});
			}
		}
	}
	return actions;
}

const description = new RiskInfo().description;
const actions = panelActions(description);
const offered = (['v2', 'v1'] as const).flatMap((version) =>
	RESOURCES[version].flatMap((r) => r.operations.map((o) => ({ version, resource: r, operation: o }))),
);

test('the panel lists every operation of both versions exactly once (31), V2 first', () => {
	expect(actions).toHaveLength(offered.length);
	// 13 V2 endpoints of the spec, the 2 commercial-bulletin reads of the addendum, Check Answers, 13 V1 endpoints.
	expect(offered).toHaveLength(31);
	const picked = actions.map((a) => `${a.picked.apiVersion} ${a.picked.resource} ${a.picked.operation}`);
	expect(new Set(picked).size).toBe(picked.length);
	expect(picked).toEqual(offered.map((o) => `${o.version} ${o.resource.value} ${o.operation.value}`));
});

test('picking an action gives the API Version, Resource and Operation of the operation it names', () => {
	for (const action of actions) {
		const { apiVersion, resource, operation } = action.picked;
		const op = findOperation(apiVersion as 'v1' | 'v2', String(resource), String(operation));
		// A paid operation's action says so first (registry.ts adds it from the entry's `paid`).
		expect([action.displayName, `${op?.paid ? 'Paid: ' : ''}${op?.action}`]).toEqual([action.displayName, action.displayName]);
		const group = RESOURCES[apiVersion as 'v1' | 'v2'].find((r) => r.value === resource)!;
		expect([action.displayName, action.label]).toEqual([action.displayName, `${group.name} Actions`]);
	}
	expect(actions.filter((a) => a.picked.apiVersion === 'v1').map((a) => a.displayName)).toEqual(
		expect.arrayContaining(['Download the summary report of a RUT (V1)', 'Paid: Load a RUT (V1)']),
	);
});

test('each group is one run of actions, and no two actions read the same (search results have no group labels)', () => {
	const runs = actions.map((a) => a.label).filter((label, i, all) => label !== all[i - 1]);
	expect(new Set(runs).size).toBe(runs.length);
	expect(runs).toHaveLength(RESOURCES.v2.length + RESOURCES.v1.length);
	const names = actions.map((a) => a.displayName);
	expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
});

test('every Operation list is shown for exactly one API Version and one Resource, so the picked values are unambiguous', () => {
	for (const p of description.properties.filter((x) => x.name === 'operation')) {
		expect([p.displayOptions?.show?.apiVersion?.length, p.displayOptions?.show?.resource?.length]).toEqual([1, 1]);
	}
});

test('the reproduction catches the old fault: V1 reusing V2 resource values lists V2 operations twice and no V1 operation', () => {
	const v1Values = new Map(RESOURCES.v1.map((r) => [r.value as unknown, r.value.replace(/^v1(.)/, (_, c: string) => c.toLowerCase())]));
	const unprefix = (values: unknown[] | undefined) => values?.map((v) => v1Values.get(v) ?? v);
	const shared: INodeTypeDescription = {
		...description,
		properties: description.properties.map((p): INodeProperties => {
			if (p.name === 'resource' && p.displayOptions?.show?.apiVersion?.includes('v1')) {
				return { ...p, options: (p.options as INodePropertyOptions[]).map((o) => ({ ...o, value: v1Values.get(o.value) ?? o.value })) };
			}
			const show = p.displayOptions?.show;
			if (!show?.resource) return p;
			return { ...p, displayOptions: { ...p.displayOptions, show: { ...show, resource: unprefix(show.resource) as string[] } } };
		}),
	};
	const old = panelActions(shared);
	// What n8n 2.40.7 showed for that description: "Actions (24)", the V2 list and then 11 V2 actions
	// again; with the 2 Commercial Bulletin reads (V2 only) and Get Pension Infractions the V2 list is
	// 16 long (17 with Check Answers), and the V2 actions of the resources V1 shares are 12, so 29 now.
	expect(old).toHaveLength(29);
	expect(old.filter((a) => a.picked.apiVersion === 'v1')).toEqual([]);
	const names = old.map((a) => a.displayName);
	expect(names.filter((n, i) => names.indexOf(n) !== i)).toContain('Get a RUT summary');
});
