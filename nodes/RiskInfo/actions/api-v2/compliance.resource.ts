/** V2 Compliance: the screening held for a loaded RUT, and the paid screening of a name. */
import { V2 } from '../../../shared/service/endpoints';
import { complianceProfile, estimateProfile, profileItem } from '../compliance';
import { dryRun } from '../cost';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep } from '../steps';
import type { Resource } from '../types';

export const compliance: Resource = {
	value: 'compliance',
	name: 'Compliance',
	description: 'Screening of names against PEP, sanctions, criminal and news lists',
	operations: [
		{
			value: 'getByRut',
			name: 'Get by RUT',
			action: 'Get compliance by RUT',
			description: 'The compliance screening held for a loaded RUT',
			...V2.compliance,
			steps: [rutStep, loadIfMissing, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
		},
		{
			value: 'loadProfile',
			name: 'Load Profile',
			action: 'Load a compliance profile',
			description:
				'Screens a name against PEP, international, criminal, corporate and news lists. The result is delivered later to the Risk Info Trigger; match it by webhookId.',
			...V2.complianceProfile,
			steps: [complianceProfile, dryRun],
			estimate: estimateProfile,
			items: profileItem,
		},
	],
};
