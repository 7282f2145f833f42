/** V2 Account: account-level reads that take no RUT. */
import { isoDates } from '../steps';
import type { Resource } from '../types';
import { simplify } from './usage';

export const account: Resource = {
	value: 'account',
	name: 'Account',
	description: 'Usage and the profiles loaded into the account',
	operations: [
		{
			value: 'getUsage',
			name: 'Get Usage',
			action: 'Get account usage',
			description:
				"The account's plan: paid look-ups contracted and used, monitoring places contracted and used, the plan's dates and a monthly forecast. Free.",
			method: 'GET',
			root: 'v2',
			path: '/usage',
			steps: [simplify, isoDates],
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
