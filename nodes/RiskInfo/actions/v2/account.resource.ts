/** V2 Account: account-level reads that take no RUT. */
import { isoDates } from '../steps';
import type { Resource } from '../types';

export const account: Resource = {
	value: 'account',
	name: 'Account',
	description: 'Usage and the profiles loaded into the account',
	operations: [
		{
			value: 'getUsage',
			name: 'Get Usage',
			action: 'Get account usage',
			description: 'Paid loads and free reads counted for this account',
			method: 'GET',
			root: 'v2',
			path: '/usage',
			steps: [isoDates],
		},
		{
			value: 'listProfiles',
			name: 'List Profiles',
			action: 'List loaded profiles',
			description: 'Every RUT and compliance profile loaded into the account, with its monitoring flag',
			method: 'GET',
			root: 'v2',
			path: '/profiles',
			steps: [isoDates],
		},
	],
};
