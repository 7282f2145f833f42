/**
 * Chilean RUT handling: the only place that parses, checks and formats a RUT.
 * The service wants the form `12345678-5` (digits, hyphen, check character, upper-case K).
 */
import { shown } from './errors';

export class RutFormatError extends Error {
	constructor(
		readonly value: string,
		readonly reason: string,
		/**
		 * Well formed, but the check digit does not match the number. The typo may be in any
		 * character, so nothing may suggest a corrected RUT: it would name another taxpayer.
		 */
		readonly mismatch = false,
	) {
		super(reason);
		this.name = 'RutFormatError';
	}
}

/** How a RUT is written, for an error about its form. */
export const HOW_TO_WRITE_A_RUT = 'Write a RUT as 12.345.678-5, 12345678-5 or 123456785; the last character is the check digit (0-9 or K).';

/** Any character may be the typo, so the only safe advice is to read the whole RUT again where it came from. */
const CHECK_AGAINST_SOURCE =
	'A character of this RUT is probably mistyped, and it can be any of them. Check the whole RUT against its source (the invoice, the contract, the taxpayer\'s own records) and correct it there; changing only the check digit would point at another taxpayer.';

/** What to do about a RUT normaliseRut refused: the one advice of every node. */
export function rutAdvice(error: unknown): string {
	return error instanceof RutFormatError && error.mismatch ? CHECK_AGAINST_SOURCE : HOW_TO_WRITE_A_RUT;
}

/**
 * Modulo 11 with weights 2..7 repeating from the right; 11 → 0, 10 → K.
 * @internal
 */
export function rutCheckDigit(body: string): string {
	let sum = 0;
	let weight = 2;
	for (let i = body.length - 1; i >= 0; i--) {
		sum += Number(body[i]) * weight;
		weight = weight === 7 ? 2 : weight + 1;
	}
	const rest = 11 - (sum % 11);
	if (rest === 11) return '0';
	if (rest === 10) return 'K';
	return String(rest);
}

// Dots, if used at all, must group the body in threes from the right, as Chileans write it.
const DOTTED_BODY = /^\d{1,3}(\.\d{3})+$/;
const PLAIN_BODY = /^\d+$/;

/** Returns the spec form `12345678-5`, or throws RutFormatError saying what is wrong. */
export function normaliseRut(input: unknown): string {
	if (typeof input === 'number' && Number.isInteger(input)) input = String(input);
	if (typeof input !== 'string') {
		throw new RutFormatError(shown(input), 'a RUT must be text such as 12.345.678-5');
	}
	const value = input.trim();
	if (value === '') throw new RutFormatError(input, 'the RUT is empty');
	// A name or a word where a RUT belongs: say so before any talk of check digits.
	if (!/\d/.test(value) || (value.replace(/k/gi, '').match(/\p{L}/gu)?.length ?? 0) > 1) {
		throw new RutFormatError(input, 'this is not a RUT at all; a RUT is a number of up to 8 digits and a check digit, such as 12.345.678-5');
	}

	let body: string;
	let check: string;
	const hyphen = value.lastIndexOf('-');
	if (hyphen >= 0) {
		body = value.slice(0, hyphen);
		check = value.slice(hyphen + 1);
	} else {
		if (value.includes('.')) {
			throw new RutFormatError(input, 'a RUT written with dots needs a hyphen before the check digit');
		}
		body = value.slice(0, -1);
		check = value.slice(-1);
	}
	if (!/^[0-9kK]$/.test(check)) {
		throw new RutFormatError(input, 'the check digit must be one digit or K after the hyphen');
	}
	if (body === '') throw new RutFormatError(input, 'the number before the check digit must have 1 to 8 digits');
	if (body.includes('.')) {
		if (!DOTTED_BODY.test(body)) throw new RutFormatError(input, 'the dots are misplaced');
		body = body.replace(/\./g, '');
	} else if (!PLAIN_BODY.test(body)) {
		throw new RutFormatError(input, 'it contains characters other than digits, dots, a hyphen and K');
	}
	// Fixed-width exports pad the number with zeros (012345678-5); they carry no meaning.
	body = body.replace(/^0+/, '');
	if (body === '') throw new RutFormatError(input, 'the number before the check digit must not be 0');
	if (body.length > 8) {
		throw new RutFormatError(input, 'the number before the check digit must have 1 to 8 digits');
	}
	const expected = rutCheckDigit(body);
	// Never say which digit would match: a user who follows that advice may load another taxpayer.
	if (check.toUpperCase() !== expected) throw new RutFormatError(input, 'the check digit does not match the number', true);
	return `${body}-${expected}`;
}

/** A RUT in the spec form (12345678-5) as people write it: 12.345.678-5. */
export function rutWithDots(rut: string): string {
	const hyphen = rut.lastIndexOf('-');
	const body = hyphen < 0 ? rut : rut.slice(0, hyphen);
	let grouped = body.slice(-3);
	for (let end = body.length - 3; end > 0; end -= 3) grouped = `${body.slice(Math.max(0, end - 3), end)}.${grouped}`;
	return hyphen < 0 ? grouped : `${grouped}${rut.slice(hyphen)}`;
}
