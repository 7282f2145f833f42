// Module-level values of nodes/shared (the RUT and date patterns, the redaction mark, the Docs
// links, the retry advice in error messages), checked with each module loaded INSIDE the test:
// mutation testing counts only code that runs during a test as reached by it, and these values
// are made once, when a module loads (test/MUTANTS.md). Expected values are written out here.
import type { INode } from 'n8n-workflow';

import { REPOSITORY, landsOnHeading } from '../helpers/docs';

type Rut = typeof import('../../nodes/shared/rut');
type Dates = typeof import('../../nodes/shared/dates');
type Redact = typeof import('../../nodes/shared/redact');
type Docs = typeof import('../../nodes/shared/docs');
type Errors = typeof import('../../nodes/shared/errors');

/** A module of nodes/shared, evaluated anew inside the calling test. */
function load<T>(name: string): T {
	let loaded: T | undefined;
	jest.isolateModules(() => {
		loaded = require(`../../nodes/shared/${name}`) as T;
	});
	return loaded as T;
}

/** The reason normaliseRut gives for refusing `input`, or its result. */
function rutOutcome(input: unknown): string {
	const { normaliseRut, RutFormatError } = load<Rut>('rut');
	try {
		return normaliseRut(input);
	} catch (error) {
		if (!(error instanceof RutFormatError)) throw error;
		return `${error.name}: ${error.reason}`;
	}
}

describe('RUT patterns', () => {
	test.each<[unknown, string]>([
		['12.345.678-5', '12345678-5'],
		['1.234.567-4', '1234567-4'],
		['12345678-5', '12345678-5'],
		[123456785, '12345678-5'],
		['1234.567-4', 'RutFormatError: the dots are misplaced'],
		['12.34.567-4', 'RutFormatError: the dots are misplaced'],
		['12.345678-5', 'RutFormatError: the dots are misplaced'],
		['x.234.567-4', 'RutFormatError: the dots are misplaced'],
		['a1234567-4', 'RutFormatError: it contains characters other than digits, dots, a hyphen and K'],
		['1234567a-4', 'RutFormatError: it contains characters other than digits, dots, a hyphen and K'],
		[1.5, 'RutFormatError: a RUT must be text such as 12.345.678-5'],
	])('%p → %p', (input, expected) => {
		expect(rutOutcome(input)).toBe(expected);
	});
});

describe('service date patterns', () => {
	test.each([
		['05-03-2024', '2024-03-05'],
		['05-03-2024 14:07:09', '2024-03-05T14:07:09'],
		['03/2024', '2024-03'],
		['x05-03-2024', 'x05-03-2024'],
		['05-03-2024x', '05-03-2024x'],
		['105-03-2024', '105-03-2024'],
		['x05-03-2024 14:07:09', 'x05-03-2024 14:07:09'],
		['05-03-2024 14:07:09x', '05-03-2024 14:07:09x'],
		['05-03-2024 14:07:099', '05-03-2024 14:07:099'],
		['x03/2024', 'x03/2024'],
		['03/2024x', '03/2024x'],
		['003/2024', '003/2024'],
	])('%p → %p', (input, expected) => {
		expect(load<Dates>('dates').toIsoDate(input)).toBe(expected);
	});
});

test('the token is replaced by the text "[redacted]"', () => {
	const { Redactor } = load<Redact>('redact');
	expect(new Redactor('tok-123456').text('a tok-123456 b')).toBe('a [redacted] b');
});

test('the Docs links go to sections of the repository\'s documentation that exist', () => {
	const { DOCS } = load<Docs>('docs');
	expect(Object.keys(DOCS).sort()).toEqual(['operations', 'trigger', 'tryTheTrigger']);
	for (const link of Object.values(DOCS)) {
		expect(link.startsWith(`${REPOSITORY}#`) || link.startsWith(`${REPOSITORY}/blob/main/docs/`)).toBe(true);
		expect({ link, section: landsOnHeading(link) }).toEqual({ link, section: true });
	}
	// The node panel's description of the package (both nodes carry it).
	expect(load<Docs>('docs').PACKAGE_DESCRIPTION).toMatch(/^Risk and due-diligence information on Chilean taxpayers by RUT/);
	expect(DOCS.tryTheTrigger).toBe('https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/blob/main/docs/trigger.md#try-it-without-the-service');
});

test('the advice after a timeout or a 5xx: try later, or for a paid load, check the account first', () => {
	const { apiError } = load<Errors>('errors');
	const node = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 2, position: [0, 0], parameters: {} } as INode;
	const base = { attempts: 1, method: 'POST', path: '/load' };
	expect(apiError(node, 0, { ...base, status: 500 }).message).toBe(
		'The service failed (HTTP 500). Try again later; if it keeps failing, raise the retry options of the node.',
	);
	expect(apiError(node, 0, { ...base, status: 408, mayHaveCharged: true }).message).toBe(
		'The service timed out. The load may have run and been charged, so the node did not repeat it: check the account (Account → Get Usage or List Profiles) before running it again.',
	);
});
