import type { Resource } from '../types';
import { loadProfile } from './loadProfile.operation';

export const compliance: Resource = {
	value: 'v1Compliance',
	name: 'Compliance (V1)',
	description: 'Screen a person or company name against compliance lists',
	operations: [loadProfile],
};
