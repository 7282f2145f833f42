// The RUT field's checks in the editor agree with the run-time check (normaliseRut, readRut's
// reason and advice) on a table of RUTs and on thousands of generated ones: what the field flags
// the node refuses, in the same words; what the field lets through the node accepts, except a
// check digit that does not match, which no regular expression can compute.
// The field's issues are computed by n8n-workflow's getNodeParametersIssues, the function n8n's
// editor calls for the warning icon beside a parameter (validateResourceLocatorParameter applies a
// mode's `validation`: `new RegExp('^' + regex + '$')` per check, every failing message shown).
import { NodeHelpers, resetSafeRegexEngine, setSafeRegexEngine, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { HOW_TO_WRITE_A_RUT, RUT_REASONS, RutFormatError, normaliseRut, rutAdvice } from '../../nodes/shared/rut';

// In the browser n8n-workflow runs these patterns with the native engine; in Node it runs each in
// a vm with a 250 ms wall-clock timeout, which a loaded machine's pause can reach (CI did, on
// 2026-12-08). The editor's engine keeps this test's verdict free of timing.
beforeAll(() =>
	setSafeRegexEngine({
		exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
		test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
		replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
		matchAll: (pattern, input, flags) => [...input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`))],
		split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
	}),
);
afterAll(() => resetSafeRegexEngine());

const description: INodeTypeDescription = new RiskInfo().description;
const NODE: INode = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 3, position: [0, 0], parameters: {} };

/** What n8n's editor flags on the RUT field of a V2 Get Summary (node version 3) holding `value` By RUT. */
function fieldIssues(value: string): string[] {
	const parameters = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: { __rl: true, mode: 'id', value } };
	const node = { ...NODE, parameters: NodeHelpers.getNodeParameters(description.properties, parameters, true, false, NODE, description)! };
	return NodeHelpers.getNodeParametersIssues(description.properties, node, description)?.parameters?.rut ?? [];
}

/** What the node says when it runs on `value`: its reason and advice (readRut), or nothing when it accepts it. */
function runTime(value: string): { reason: string; advice: string; mismatch: boolean } | undefined {
	try {
		normaliseRut(value);
		return undefined;
	} catch (error) {
		if (!(error instanceof RutFormatError)) throw error;
		return { reason: error.reason, advice: rutAdvice(error), mismatch: error.mismatch };
	}
}

/**
 * The agreement for one value. The field says nothing where the node accepts it or only the check
 * digit fails; otherwise it says what the node will say, reason and advice, or, for a character
 * beyond ASCII (a pattern without the u flag cannot tell a letter there), the advice alone.
 */
function expectAgreement(value: string): void {
	const said = runTime(value);
	const issues = fieldIssues(value);
	if (value === '') {
		expect(issues).toEqual(['Parameter "RUT" is required.']);
		return;
	}
	let expected: string[];
	if (!said || said.mismatch) expected = [];
	else if (/[^\s!-~]/.test(value) && /\d/.test(value)) expected = [said.advice];
	else expected = [`Not a valid RUT: ${said.reason}. ${said.advice}`];
	expect({ value, issues }).toEqual({ value, issues: expected });
}

describe('the issue\'s two RUTs', () => {
	test('a misplaced dot (76.222.22-1) gets the run-time\'s reason, the dots go every three digits', () => {
		expect(fieldIssues('76.222.22-1')).toEqual([`Not a valid RUT: ${RUT_REASONS.dots}. ${HOW_TO_WRITE_A_RUT}`]);
		expect(RUT_REASONS.dots).toMatch(/every three digits/);
		expect(runTime('76.222.22-1')?.reason).toBe(RUT_REASONS.dots);
	});

	test('a wrong check digit (76.222.222-2) cannot be told in the field: the run-time check says it, in its own words', () => {
		expect(fieldIssues('76.222.222-2')).toEqual([]);
		expect(runTime('76.222.222-2')).toEqual({ reason: RUT_REASONS.mismatch, advice: expect.stringMatching(/changing only the check digit would point at another taxpayer/), mismatch: true });
		const byId = (description.properties.find((p) => p.name === 'rut' && p.type === 'resourceLocator')?.modes ?? []).find((m) => m.name === 'id');
		expect(byId?.hint).toMatch(/its check digit when the node runs/);
	});
});

describe('a table of RUTs: the field and the node agree', () => {
	test.each([
		// Accepted by both.
		'12.345.678-5', '12345678-5', '123456785', '  12.345.678-5  ', '10.000.013-k', '10000013K', '1-9', '19', '999.999-k',
		'012345678-5', '012.345.678-5', '0123456785', '0.001.234.567-4', '0001-9', '00019', '76.222.222-1\u00a0',
		// Only the check digit is wrong: the run-time check alone.
		'12.345.678-4', '12345678-K', '76.222.222-2', '012345678-4',
		// Refused by both, for each reason the field can tell.
		'', '   ', '\t',
		'not a rut', 'ACME SpA', 'k', 'Comercial 76.111.111-6 Ltda', 'ab1',
		'12.345.6785', '76.222.2221',
		'12345678-55', '12345678-', '12345678-x', '12345678', '12.345.678-5-',
		'-5', '5', 'k-5',
		'12.34.5678-5', '1.2345.678-5', '1234.567-4', '12.345678-5', 'x.234.567-4', '76.222.22-1', '.123-4', '1.234.-5',
		'12,345,678-5', '12345a78-5', 'a1234567-4', '1234567a-4', '12 345 678-5', '12-345-678-5', '1234567a4',
		'0-0', '000-k', '0.000-0', '00',
		'123456789-1', '0123456789-1', '123.456.789-1', '1234567890',
		// Beyond ASCII: the field gives the advice, the node its reason.
		'12.345.678–5', 'Ñuñoa 12', '１２３４５６７８-5', '12.345.678-5ñ',
		// No digit, beyond ASCII or not: not a RUT at all, in both.
		'Ñuñoa', 'kk',
	])('%p', (value) => expectAgreement(value));
});

describe('generated values: the field and the node agree on every one', () => {
	/** A small seeded PRNG, so a failure repeats. */
	function prng(seed: number) {
		return () => {
			seed = (seed * 1103515245 + 12345) & 0x7fffffff;
			return seed / 0x7fffffff;
		};
	}
	const random = prng(69);
	// The characters a RUT is made of, weighted towards them, and a few that are not.
	const ALPHABET = '0123456789012345678901234567890123456789....----kK  xñ,\u00a0';

	test('5,000 strings of up to 14 characters', () => {
		for (let n = 0; n < 5000; n++) {
			const length = Math.floor(random() * 15);
			let value = '';
			for (let i = 0; i < length; i++) value += ALPHABET[Math.floor(random() * ALPHABET.length)];
			expectAgreement(value);
		}
	});

	test('5,000 real RUTs, dotted or not, some with one character changed', () => {
		for (let n = 0; n < 5000; n++) {
			const body = String(1 + Math.floor(random() * 99_999_999));
			let value = `${body.replace(/\B(?=(\d{3})+$)/g, random() < 0.5 ? '.' : '')}-${'0123456789K'[Math.floor(random() * 11)]}`;
			if (random() < 0.5) {
				const at = Math.floor(random() * value.length);
				value = value.slice(0, at) + ALPHABET[Math.floor(random() * ALPHABET.length)] + value.slice(at + 1);
			}
			expectAgreement(value);
		}
	});
});

test('an expression is left to the run-time check, as n8n leaves it', () => {
	expect(fieldIssues('={{ $json.rut }}')).toEqual([]);
});
