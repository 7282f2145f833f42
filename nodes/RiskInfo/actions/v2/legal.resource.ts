import { readOperation } from '../read';
import type { Resource } from '../types';

export const legal: Resource = {
	value: 'legal',
	name: 'Legal',
	description: 'Company ownership links from legal publications',
	operations: [
		readOperation({
			value: 'getCorporateMesh',
			name: 'Get Corporate Mesh (Malla Societaria)',
			action: 'Get corporate mesh',
			description:
				'Companies the RUT holds shares in and the partners of the RUT (GET /helper/legal/{rut}/mallaSocietaria). The official gazette is part of the summary in V2.',
			version: 'v2',
			path: (rut) => `/helper/legal/${rut}/mallaSocietaria`,
		}),
	],
};
