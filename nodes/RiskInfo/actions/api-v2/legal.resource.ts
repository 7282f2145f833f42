/** V2 Legal: company ownership links; the official gazette is part of the V2 summary. */
import { V2 } from '../../../shared/service/endpoints';
import { estimateReadOrLoad, loadIfMissing, readOrLoad } from '../load';
import { isoDates, rutStep } from '../steps';
import type { Resource } from '../types';

export const legal: Resource = {
	value: 'legal',
	name: 'Legal',
	description: 'Company ownership links from legal publications',
	operations: [
		{
			value: 'getCorporateMesh',
			name: 'Get Corporate Mesh (Malla Societaria)',
			action: 'Get corporate mesh',
			description:
				'Companies the RUT holds shares in and the partners of the RUT. The official gazette is part of the summary in V2.',
			...V2.corporateMesh,
			steps: [rutStep, loadIfMissing, isoDates],
			send: readOrLoad,
			estimate: estimateReadOrLoad,
		},
	],
};
