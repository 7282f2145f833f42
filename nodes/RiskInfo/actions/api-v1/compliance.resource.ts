/**
 * V1 Compliance: the paid screening of a name. The spec gives the V1 load two paths:
 * /webhook/loadProfile in the endpoint list and /integration/compliance/loadProfile in the
 * migration table. Both are offered.
 */
import type { INodeProperties } from 'n8n-workflow';

import { V1 } from '../../../shared/service/endpoints';
import { complianceProfile, estimateProfile, profileItem } from '../compliance';
import { dryRun } from '../cost';
import { readChoice } from '../parameters';
import type { Resource, Step } from '../types';

const PATHS = {
	webhook: V1.complianceProfile.path,
	integration: V1.complianceProfileIntegration.path,
} as const;

const pathProperty: INodeProperties = {
	displayName: 'Service Path',
	name: 'loadProfilePath',
	type: 'options',
	options: [
		{ name: PATHS.webhook, value: 'webhook', description: 'The path of the V1 endpoint list' },
		{ name: PATHS.integration, value: 'integration', description: 'The path the V1-to-V2 migration table names' },
	],
	default: 'webhook',
	description: 'Which V1 path receives the compliance load for your account. Keep the default unless the service told you otherwise.',
};

const servicePath: Step = {
	properties: [pathProperty],
	prepare(itemIndex, asked) {
		asked.request.path = PATHS[readChoice.call(this, itemIndex, pathProperty, 'a known path') as keyof typeof PATHS];
	},
};

export const compliance: Resource = {
	value: 'v1Compliance',
	name: 'Compliance (V1)',
	description: 'Screen a person or company name against compliance lists',
	operations: [
		{
			value: 'loadProfile',
			name: 'Load Profile',
			action: 'Load a compliance profile (V1)',
			description:
				'Screen a name against compliance lists (PEP, international lists, criminal, news, corporate mesh). The result arrives later at your webhook: use the Risk Info Trigger node and match it by webhookId.',
			...V1.complianceProfile,
			steps: [complianceProfile, servicePath, dryRun],
			estimate: estimateProfile,
			items: profileItem,
		},
	],
};
