import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError } from '../../../shared/errors';
import { toItems } from '../common';
import { complianceProperties, readComplianceProfile } from '../compliance';
import type { ComplianceProfile } from '../compliance';
import type { Operation } from '../types';

/**
 * The spec gives the V1 compliance load two paths: /webhook/loadProfile in the endpoint list
 * and /integration/compliance/loadProfile in the migration table. Both are offered.
 */
const PATHS = {
	webhook: '/webhook/loadProfile',
	integration: '/integration/compliance/loadProfile',
} as const;
type PathChoice = keyof typeof PATHS;

const pathProperty: INodeProperties = {
	displayName: 'Service Path',
	name: 'loadProfilePath',
	type: 'options',
	options: [
		{ name: '/webhook/loadProfile', value: 'webhook', description: 'The path of the V1 endpoint list' },
		{
			name: '/integration/compliance/loadProfile',
			value: 'integration',
			description: 'The path the V1-to-V2 migration table names',
		},
	],
	default: 'webhook',
	description: 'Which V1 path receives the compliance load for your account. Keep the default unless the service told you otherwise.',
};

interface LoadProfileParams extends IDataObject {
	profile: ComplianceProfile;
	path: PathChoice;
}

export const loadProfile: Operation<LoadProfileParams> = {
	value: 'loadProfile',
	name: 'Load Profile',
	action: 'Load a compliance profile (V1)',
	description:
		'Screen a name against compliance lists (PEP, international lists, criminal, news, corporate mesh). The result arrives later at your webhook: use the Risk Info Trigger node and match it by webhookId. Paid.',
	properties: [...complianceProperties, pathProperty],
	prepare(this: IExecuteFunctions, i: number): LoadProfileParams {
		const path = this.getNodeParameter('loadProfilePath', i, 'webhook') as unknown;
		if (typeof path !== 'string' || !Object.hasOwn(PATHS, path)) {
			throw inputError(this.getNode(), i, 'Service Path', `"${String(path)}" is not a known path`, 'Use "webhook" or "integration".');
		}
		return { profile: readComplianceProfile.call(this, i), path: path as PathChoice };
	},
	async execute(p, api, i) {
		const { data } = await api.request({ method: 'POST', root: 'v1', path: PATHS[p.path], body: p.profile, paid: true }, i);
		const accepted = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
		// webhookId first: it is what ties the trigger's later event to this item (same shape as V2).
		return toItems({ webhookId: accepted.webhookId ?? null, ...accepted, ...p.profile });
	},
};
