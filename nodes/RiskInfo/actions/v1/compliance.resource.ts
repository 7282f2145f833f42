import type { Resource } from '../types';
import { loadProfile } from './loadProfile.operation';

export const compliance: Resource = {
	value: 'compliance',
	name: 'Compliance',
	description: 'Screen a person or company name against compliance lists',
	operations: [loadProfile],
};
