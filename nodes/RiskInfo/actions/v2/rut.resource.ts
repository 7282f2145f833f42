import type { Resource } from '../types';
import { loadOperation } from '../load.operation';
import { getSummary } from './summary.operation';

export const rut: Resource = {
	value: 'rut',
	name: 'RUT',
	description: 'Load a taxpayer into the account and read its summary',
	operations: [getSummary, loadOperation('v2')],
};
