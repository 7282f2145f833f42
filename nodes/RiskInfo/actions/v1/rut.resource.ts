import { readOperation } from '../read';
import type { Resource } from '../types';
import { downloadSummary } from './downloadSummary.operation';
import { loadOperation } from '../load.operation';
import { getSummary } from './summary.operation';

export const rut: Resource = {
	value: 'v1Rut',
	name: 'RUT (V1)',
	description: 'Load a RUT and read its summary, report and tax identification',
	// Alphabetical, as in n8n's own nodes; a new node starts on the free summary, not the paid load.
	defaultOperation: 'getSummary',
	operations: [
		downloadSummary,
		readOperation({
			value: 'getIdentification',
			name: 'Get Identification',
			action: 'Get the tax identification of a RUT (V1)',
			description:
				'The tax authority\'s (SII) record of a loaded RUT: name, activities, stamped documents (GET /integration/helper/identification/{rut}). V1 only.',
			version: 'v1',
			path: (r) => `/integration/helper/identification/${r}`,
		}),
		getSummary,
		loadOperation('v1'),
	],
};
