/** V1 Legal: official gazette publications and the corporate mesh of a RUT. */
import { V1 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep, splitIntoItems, splitItems } from '../steps';
import type { Resource } from '../types';

export const legal: Resource = {
	value: 'v1Legal',
	name: 'Legal (V1)',
	description: 'Official gazette publications and the corporate mesh',
	operations: [
		{
			value: 'getOfficialGazette',
			name: 'Get Official Gazette Cases (Diario Oficial)',
			action: 'Get official gazette cases (V1)',
			description:
				'Publications about the RUT in the official gazette (diario oficial). V1 only: V2 has them in the summary.',
			...V1.officialGazette,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
		{
			value: 'getCorporateMesh',
			name: 'Get Corporate Mesh (Malla Societaria)',
			action: 'Get corporate mesh (V1)',
			description: 'Partners of the RUT and companies it takes part in (malla societaria)',
			...V1.corporateMesh,
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
			items: splitItems,
		},
	],
};
