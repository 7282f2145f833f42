import { readOperation } from '../read';
import type { Resource } from '../types';

export const legal: Resource = {
	value: 'v1Legal',
	name: 'Legal (V1)',
	description: 'Official gazette publications and the corporate mesh',
	operations: [
		readOperation({
			value: 'getOfficialGazette',
			name: 'Get Official Gazette Cases (Diario Oficial)',
			action: 'Get official gazette cases (V1)',
			description:
				'Publications about the RUT in the official gazette (diario oficial) (GET /helper/{rut}/getOfficialDiary). V1 only: V2 has them in the summary.',
			version: 'v1',
			path: (rut) => `/helper/${rut}/getOfficialDiary`,
			list: true,
		}),
		readOperation({
			value: 'getCorporateMesh',
			name: 'Get Corporate Mesh (Malla Societaria)',
			action: 'Get corporate mesh (V1)',
			description: 'Partners of the RUT and companies it takes part in (malla societaria) (GET /helper/{rut}/mallaSocietaria)',
			version: 'v1',
			path: (rut) => `/helper/${rut}/mallaSocietaria`,
			list: true,
		}),
	],
};
