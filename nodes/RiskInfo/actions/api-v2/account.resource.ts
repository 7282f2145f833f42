/** V2 Account: account-level reads that take no RUT. */
import { V2 } from '../../../shared/service/endpoints';
import { readAnswer } from '../../../shared/service/keyNames';
import { USAGE } from '../../../shared/service/usage';
import { isoDates, itemPerEntry, rutStep, simplifyFlag } from '../steps';
import { checkAnswers } from '../checkAnswers';
import type { Resource } from '../types';

/** Simplify on Get Usage: one flat record of the plan in plain names (addendum A4). */
const simplifyUsage = simplifyFlag(
	"Whether to return one flat record of the plan: paid look-ups contracted, used and remaining, monitoring places contracted, used and over the asked, the plan's start and end, and next month's estimate",
	(data, _asked, names) => readAnswer(USAGE, data, names),
);

export const account: Resource = {
	value: 'account',
	name: 'Account',
	description: 'Usage, the profiles loaded into the account, and a check of the answers the package reads',
	operations: [
		{
			value: 'getUsage',
			name: 'Get Usage',
			action: 'Get account usage',
			description:
				"The account's plan: paid look-ups contracted and used, monitoring places contracted and used, the plan's dates and a monthly forecast. Free.",
			...V2.usage,
			steps: [simplifyUsage, isoDates],
		},
		{
			value: 'listProfiles',
			name: 'List Profiles',
			action: 'List loaded profiles',
			description: 'Every RUT and compliance profile loaded into the account, with its monitoring flag',
			...V2.profiles,
			steps: [isoDates],
		},
		{
			value: 'checkAnswers',
			name: 'Check Answers',
			action: 'Check answers',
			description:
				'Free: reads each free answer the package uses, for one loaded RUT, and says whether it has the fields the package expects. Run it first with a real account.',
			...V2.summary,
			steps: [rutStep],
			send: checkAnswers,
			items: (data) => itemPerEntry(data),
		},
	],
};
