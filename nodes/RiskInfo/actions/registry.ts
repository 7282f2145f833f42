/**
 * Every resource and operation of the node, by API version: the panel's parameters are derived
 * from it, and the router finds an item's operation in it.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { PAID_OPERATION_HINT, PARAMETER_HINTS } from '../../shared/builderHints';
import { paidOperationNotices } from './cost';
import { requestOptionsProperty } from './parameters';
import type { ApiVersion, Operation, Resource } from './types';
import { compliance as v1Compliance } from './api-v1/compliance.resource';
import { creditScore as v1CreditScore } from './api-v1/creditScore.resource';
import { judicial as v1Judicial } from './api-v1/judicial.resource';
import { laborCollection as v1LaborCollection } from './api-v1/laborCollection.resource';
import { legal as v1Legal } from './api-v1/legal.resource';
import { rut as v1Rut } from './api-v1/rut.resource';
import { account } from './api-v2/account.resource';
import { commercialBulletin } from './api-v2/commercialBulletin.resource';
import { compliance } from './api-v2/compliance.resource';
import { creditScore } from './api-v2/creditScore.resource';
import { judicial } from './api-v2/judicial.resource';
import { laborCollection } from './api-v2/laborCollection.resource';
import { legal } from './api-v2/legal.resource';
import { rut } from './api-v2/rut.resource';

/**
 * The resources of each API version in the order users meet them in the Resource list; the first
 * is the default. V2 is spec §4.1 (root /api/clients/v2) and the reads the addendum adds; V1 is
 * spec §4.2 (root /api/v1), with the same resources and operation names as V2 where the thing is the
 * same, but their own resource values (`v1Rut`…) and names (`RUT (V1)`…): n8n's node panel lists
 * the actions of every `resource` option without looking at API Version, so V1 needs values of its
 * own to be listed once, under its own group, and picked as V1 (see test/action/actions-list.test.ts).
 */
export const RESOURCES: Record<ApiVersion, Resource[]> = {
	v2: [rut, commercialBulletin, judicial, laborCollection, creditScore, legal, compliance, account],
	v1: [v1Rut, v1Judicial, v1LaborCollection, v1CreditScore, v1Legal, v1Compliance],
};

/**
 * The operation's parameters, in the order its steps list them.
 * @internal
 */
export function propertiesOf(operation: Operation): INodeProperties[] {
	return operation.steps.flatMap((step) => step.properties);
}

export function findOperation(version: ApiVersion, resource: string, operation: string): Operation | undefined {
	return RESOURCES[version]?.find((r) => r.value === resource)?.operations.find((o) => o.value === operation);
}

/**
 * What the action list and the Operation list say of an operation: a paid one says so first, so
 * the marker survives where n8n cuts a description short. Derived from `paid`, so a new paid
 * operation is marked without anyone remembering to.
 */
const paidFirst = (operation: Operation, text: string): string => (operation.paid ? `Paid: ${text}` : text);

/**
 * The operation's parameters, shown for it only: as n8n's updateDisplayOptions, except that the
 * operation's conditions come first. n8n shows a field as soon as one of its conditions, in
 * order, meets an expression; a notice that depends on the Request Options' cap, set by an
 * expression, must be ruled out by the operation first, or it shows under every operation.
 */
function underOperation(show: NonNullable<IDisplayOptions['show']>, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => ({ ...field, displayOptions: { ...field.displayOptions, show: { ...show, ...field.displayOptions?.show } } }));
}

export function nodeProperties(): INodeProperties[] {
	const properties: INodeProperties[] = [
		{
			displayName: 'API Version',
			name: 'apiVersion',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'V2 (Current)', value: 'v2', description: 'The current API' },
				{ name: 'V1 (Legacy)', value: 'v1', description: 'For accounts that have not migrated; has the PDF summary and identification' },
			],
			default: 'v2',
			builderHint: PARAMETER_HINTS.apiVersion,
		},
	];
	for (const version of ['v2', 'v1'] as const) {
		const resources = RESOURCES[version];
		// Plain names, so n8n's lint (and its verification) can see that each list has a default.
		const firstResource = resources[0].value;
		properties.push({
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { apiVersion: [version] } },
			options: resources.map((r) => ({ name: r.name, value: r.value, description: r.description })),
			default: firstResource,
		});
		for (const resource of resources) {
			const startOperation = resource.defaultOperation ?? resource.operations[0].value;
			properties.push({
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { apiVersion: [version], resource: [resource.value] } },
				options: resource.operations.map((o) => ({
					name: o.name,
					value: o.value,
					action: paidFirst(o, o.action),
					description: paidFirst(o, o.description),
					...(o.paid && { builderHint: PAID_OPERATION_HINT }),
				})),
				default: startOperation,
			});
			for (const operation of resource.operations) {
				const paidNotices = operation.paid ? paidOperationNotices(operation.paid) : [];
				properties.push(...underOperation({ apiVersion: [version], resource: [resource.value], operation: [operation.value] }, [...paidNotices, ...propertiesOf(operation)]));
			}
		}
	}
	properties.push(requestOptionsProperty);
	return properties;
}
