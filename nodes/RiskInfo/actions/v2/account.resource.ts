import type { IExecuteFunctions } from 'n8n-workflow';

import { isoDatesProperty, maybeIso, readBoolean, toItems } from '../common';
import type { Operation, Resource } from '../types';

/** Account-level reads of V2 that take no RUT. */
function accountRead(value: string, name: string, action: string, description: string, path: string): Operation<{ isoDates: boolean }> {
	return {
		value,
		name,
		action,
		description,
		properties: [isoDatesProperty],
		prepare(this: IExecuteFunctions, i) {
			return { isoDates: readBoolean.call(this, i, isoDatesProperty) };
		},
		async execute(p, api, i) {
			const { data } = await api.request({ method: 'GET', root: 'v2', path }, i);
			return toItems(maybeIso(data, p.isoDates));
		},
	};
}

export const account: Resource = {
	value: 'account',
	name: 'Account',
	description: 'Usage and the profiles loaded into the account',
	operations: [
		accountRead('getUsage', 'Get Usage', 'Get account usage', 'Paid loads and free reads counted for this account (GET /usage)', '/usage'),
		accountRead(
			'listProfiles',
			'List Profiles',
			'List loaded profiles',
			'Every RUT and compliance profile loaded into the account, with its monitoring flag (GET /profiles)',
			'/profiles',
		),
	],
};
