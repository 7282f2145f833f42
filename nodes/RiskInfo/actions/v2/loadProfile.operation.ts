import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { toItems } from '../common';
import { complianceProperties, readComplianceProfile } from '../compliance';
import type { ComplianceProfile } from '../compliance';
import type { Operation } from '../types';

/**
 * The asynchronous compliance screening of a name. The answer only acknowledges it; the result
 * arrives later at the Risk Info Trigger carrying the same webhookId, which is why the output
 * puts webhookId first and repeats what was asked.
 */
export const loadProfile: Operation<ComplianceProfile> = {
	value: 'loadProfile',
	name: 'Load Profile',
	action: 'Load a compliance profile',
	description:
		'Screens a name against PEP, international, criminal, corporate and news lists (POST /webhook/compliance/cargarPerfil). Paid. The result is delivered later to the Risk Info Trigger; match it by webhookId.',
	properties: complianceProperties,
	prepare(this: IExecuteFunctions, i) {
		return readComplianceProfile.call(this, i);
	},
	async execute(p, api, i) {
		const { data } = await api.request(
			{ method: 'POST', root: 'v2', path: '/webhook/compliance/cargarPerfil', body: { ...p }, paid: true },
			i,
		);
		const answer = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
		return toItems({ webhookId: answer.webhookId ?? null, ...answer, ...p });
	},
};
