/**
 * The compliance profile load's parameters and body checks (complianceProfile), its item
 * (profileItem) and its dry run (estimateProfile), shared by V1
 * (/webhook/loadProfile) and V2 (/webhook/compliance/cargarPerfil): both versions reject the same
 * bad input the same way before any (paid) request is sent, and give the same item.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ServiceError, inputError, shown } from '../../shared/errors';
import { isPlainObject } from '../../shared/objects';
import { requestFor } from '../../shared/service/endpoints';
import { keyNamesOf, readAnswer } from '../../shared/service/keyNames';
import { PROFILES } from '../../shared/service/profiles';
import type { Transport } from '../../shared/transport';
import { wouldPay } from './cost';
import { parseBoolean, readBoolean } from './parameters';
import type { Outcome, ItemMaker, ItemRequest, Step } from './types';

interface ComplianceProfile extends IDataObject {
	fullName: string;
	isMonitoring: boolean;
	isJuridicalPerson: boolean;
	searchErrors: number;
}

const isMonitoringProperty: INodeProperties = {
	displayName: 'Monitor the Profile',
	name: 'isMonitoring',
	type: 'boolean',
	default: false,
	description:
		'Whether the profile stays on the web platform until deleted (monitoring) instead of a one-off consultation visible for 48 hours',
};

const complianceProperties: INodeProperties[] = [
	{
		displayName: 'Full Name',
		name: 'fullName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Inversiones Ejemplo SpA',
		description:
			'The person\'s or company\'s name to screen. A company name needs a word of 3 or more letters; a person\'s name needs a first name and a surname.',
	},
	{
		displayName: 'Person Type',
		name: 'personType',
		type: 'options',
		options: [
			{ name: 'Legal Entity', value: 'juridical', description: 'A company or other legal entity' },
			{ name: 'Natural Person', value: 'natural', description: 'An individual' },
		],
		default: 'juridical',
		description: 'Whether the name belongs to a legal entity or to a natural person (isJuridicalPerson)',
	},
	{
		displayName: 'Search Tolerance',
		name: 'searchErrors',
		type: 'options',
		options: [
			{ name: 'Exact (0)', value: 0, description: 'The most precise search' },
			{ name: 'Flexible (1)', value: 1, description: 'Also suggests similar names' },
			{ name: 'Most Flexible (2)', value: 2, description: 'Suggests the widest range of similar names' },
		],
		default: 0,
		description:
			'How many spelling differences the search tolerates (searchErrors). Repeating a search for an active profile with the same name, tolerance and person type costs nothing extra.',
	},
	isMonitoringProperty,
];

const HINT_NAME =
	'A legal entity\'s name needs at least one word of 3 or more characters; a natural person\'s name needs a first name and a surname.';

/** The item's compliance body, or an input error for the item naming the field and the value. */
function readComplianceProfile(this: IExecuteFunctions, itemIndex: number): ComplianceProfile {
	// Only for an error: this.getNode() deep-copies the node on every call (router.ts reads it once per run).
	const node = () => this.getNode();
	const rawName = this.getNodeParameter('fullName', itemIndex, '') as unknown;
	if (typeof rawName !== 'string') {
		throw inputError(node(), itemIndex, 'Full Name', `must be text, not ${JSON.stringify(rawName)}`, HINT_NAME);
	}
	// The service compares names exactly for its free-repeat rule, so only the outer spaces
	// and runs of spaces are tidied; letters and case are sent as written.
	const fullName = rawName.trim().replace(/\s+/g, ' ');
	const words = fullName === '' ? [] : fullName.split(' ');

	// An expression may hand over the service's own boolean (isJuridicalPerson) instead of a choice;
	// the choices themselves ("juridical", "natural") are no boolean text, so they stay as they are.
	const rawType = this.getNodeParameter('personType', itemIndex, 'juridical') as unknown;
	const asJuridical = parseBoolean(rawType);
	const personType = asJuridical === undefined ? rawType : asJuridical ? 'juridical' : 'natural';
	if (personType !== 'juridical' && personType !== 'natural') {
		throw inputError(
			node(),
			itemIndex,
			'Person Type',
			`"${shown(personType)}" is not a person type`,
			'Use "juridical" (legal entity) or "natural" (natural person), or true / false as the service\'s isJuridicalPerson.',
		);
	}
	const isJuridicalPerson = personType === 'juridical';

	if (words.length === 0) {
		throw inputError(node(), itemIndex, 'Full Name', 'is empty', HINT_NAME);
	}
	if (isJuridicalPerson && !words.some((w) => [...w].length >= 3)) {
		throw inputError(
			node(),
			itemIndex,
			'Full Name',
			`"${fullName}" has no word of 3 or more characters, which a legal entity's name needs`,
			HINT_NAME,
		);
	}
	if (!isJuridicalPerson && words.length < 2) {
		throw inputError(
			node(),
			itemIndex,
			'Full Name',
			`"${fullName}" is a single word; a natural person's name needs a first name and a surname`,
			HINT_NAME,
		);
	}

	const rawErrors = this.getNodeParameter('searchErrors', itemIndex, 0) as unknown;
	const searchErrors = typeof rawErrors === 'string' && rawErrors.trim() !== '' ? Number(rawErrors) : rawErrors;
	if (searchErrors !== 0 && searchErrors !== 1 && searchErrors !== 2) {
		throw inputError(
			node(),
			itemIndex,
			'Search Tolerance',
			`"${shown(rawErrors)}" is not allowed`,
			'Use 0 (exact), 1 or 2 (more flexible, with suggestions of similar names).',
		);
	}

	const isMonitoring = readBoolean.call(this, itemIndex, isMonitoringProperty);

	return { fullName, isMonitoring, isJuridicalPerson, searchErrors };
}

/**
 * The profile is the request's body. The answer only acknowledges it: the result arrives later
 * at the Risk Info Trigger carrying the same webhookId, which is why the item puts webhookId
 * first and repeats what was asked.
 */
export const complianceProfile: Step = {
	properties: complianceProperties,
	prepare(itemIndex, itemRequest) {
		itemRequest.request.body = readComplianceProfile.call(this, itemIndex);
	},
};

export const profileItem: ItemMaker = (data, _response, itemRequest) => {
	const answer = isPlainObject(data) ? (data as IDataObject) : {};
	return [{ json: { webhookId: answer.webhookId ?? null, ...answer, ...itemRequest.request.body } }];
};

/**
 * The account's compliance profiles, read once per run from V2's List Profiles (free). V1 has
 * no such list; with the same credential V1 accounts can usually read V2's, and when the service
 * refuses it (401, 403, 404) the answer is undefined: not checked.
 */
async function listedProfiles(api: Transport, root: string): Promise<IDataObject[] | undefined> {
	// Where the transport keeps the read for the run. Any key apart from the loads' and probes',
	// which all hold ":", would do (test/MUTANTS.md).
	const key = 'profiles';
	const names = await keyNamesOf(api);
	return await api.once(key, requestFor(PROFILES.endpoint)).then(
		({ response }) => readAnswer(PROFILES, response.data, names).compliance as IDataObject[],
		(error: unknown) => {
			const status = error instanceof ServiceError ? error.failure.status : undefined;
			if (root !== 'v2' && (status === 401 || status === 403 || status === 404)) return undefined;
			throw error;
		},
	);
}

/**
 * Spec §1.6: a search repeating an active profile's name, tolerance and person type costs
 * nothing. The service compares the name exactly; a profile whose search failed is not active.
 */
function sameActiveProfile(listed: IDataObject, asked: ComplianceProfile): boolean {
	// A profile without a state reads "UNDEFINED" (or "NULL"), which is not FAILED: it counts as active.
	const state = String(listed.estado ?? listed.status).toUpperCase();
	return (
		listed.fullName === asked.fullName &&
		Number(listed.searchErrors) === asked.searchErrors &&
		listed.isJuridicalPerson === asked.isJuridicalPerson &&
		state !== 'FAILED'
	);
}

/** Compliance Load Profile's dry run: it would pay unless an identical profile is active. */
export async function estimateProfile(api: Transport, itemRequest: ItemRequest): Promise<Outcome> {
	const asked = itemRequest.request.body as ComplianceProfile;
	const listed = await listedProfiles(api, itemRequest.request.root);
	const active = listed?.find((p) => sameActiveProfile(p, asked));
	if (active) return { extra: { ...asked, ...wouldPay(api, false), activeProfile: active } };
	// The same search asked twice in one run is paid once: the service refuses the second (409).
	const verdict = wouldPay(api, 'complianceProfile', `${asked.fullName}|${asked.searchErrors}|${String(asked.isJuridicalPerson)}`);
	return { extra: { ...asked, ...verdict, ...(listed ? {} : { activeProfilesChecked: false }) } };
}
