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

/**
 * Why a RUT is refused, in the words of normaliseRut's errors and of the field's checks in the
 * editor (RUT_FIELD_CHECKS), which must say the same thing.
 * @internal
 */
export const RUT_REASONS = {
	notText: 'a RUT must be text such as 12.345.678-5',
	empty: 'the RUT is empty',
	notARut: 'this is not a RUT at all; a RUT is a number of up to 8 digits and a check digit, such as 12.345.678-5',
	dotsWithoutHyphen: 'a RUT written with dots needs a hyphen before the check digit',
	checkCharacter: 'the check digit must be one digit or K after the hyphen',
	length: 'the number before the check digit must have 1 to 8 digits',
	dots: 'the dots are misplaced; they go every three digits from the right, as in 12.345.678-5',
	characters: 'it contains characters other than digits, dots, a hyphen and K',
	zero: 'the number before the check digit must not be 0',
	mismatch: 'the check digit does not match the number',
} as const;

/**
 * How a RUT is written, for an error about its form.
 * @internal
 */
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
		throw new RutFormatError(shown(input), RUT_REASONS.notText);
	}
	const value = input.trim();
	if (value === '') throw new RutFormatError(input, RUT_REASONS.empty);
	// A name or a word where a RUT belongs: say so before any talk of check digits.
	if (!/\d/.test(value) || (value.replace(/k/gi, '').match(/\p{L}/gu)?.length ?? 0) > 1) {
		throw new RutFormatError(input, RUT_REASONS.notARut);
	}

	let body: string;
	let check: string;
	const hyphen = value.lastIndexOf('-');
	if (hyphen >= 0) {
		body = value.slice(0, hyphen);
		check = value.slice(hyphen + 1);
	} else {
		if (value.includes('.')) {
			throw new RutFormatError(input, RUT_REASONS.dotsWithoutHyphen);
		}
		body = value.slice(0, -1);
		check = value.slice(-1);
	}
	if (!/^[0-9kK]$/.test(check)) {
		throw new RutFormatError(input, RUT_REASONS.checkCharacter);
	}
	if (body === '') throw new RutFormatError(input, RUT_REASONS.length);
	if (body.includes('.')) {
		if (!DOTTED_BODY.test(body)) throw new RutFormatError(input, RUT_REASONS.dots);
		body = body.replace(/\./g, '');
	} else if (!PLAIN_BODY.test(body)) {
		throw new RutFormatError(input, RUT_REASONS.characters);
	}
	// Fixed-width exports pad the number with zeros (012345678-5); they carry no meaning.
	body = body.replace(/^0+/, '');
	if (body === '') throw new RutFormatError(input, RUT_REASONS.zero);
	if (body.length > 8) {
		throw new RutFormatError(input, RUT_REASONS.length);
	}
	const expected = rutCheckDigit(body);
	// Never say which digit would match: a user who follows that advice may load another taxpayer.
	if (check.toUpperCase() !== expected) throw new RutFormatError(input, RUT_REASONS.mismatch, true);
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

/** A message of the field's check in the editor: normaliseRut's reason, then what its error advises. */
const fieldMessage = (reason: string) => `Not a valid RUT: ${reason}. ${HOW_TO_WRITE_A_RUT}`;

/**
 * normaliseRut's checks that a regular expression can make, in its order, each as a pattern the
 * whole value matches when it passes that check (given it passed the ones before), with the reason
 * that check gives. n8n's editor tests each against the whole value (`^…$`, no flags) and shows the
 * message of every one that fails. The check digit is not here: a regular expression cannot
 * compute it, so the run-time check alone says it does not match.
 */
const FIELD_CHECKS: Array<{ passes: string; message: string }> = [
	// An empty value is n8n's own "is required"; blank, the RUT is empty (trim and \s skip the same characters).
	{ passes: String.raw`|\s*\S[\s\S]*`, message: fieldMessage(RUT_REASONS.empty) },
	{ passes: String.raw`\D*\d[\s\S]*`, message: fieldMessage(RUT_REASONS.notARut) },
	// Without the u flag a pattern cannot tell a letter (\p{L}) from other characters beyond ASCII,
	// so a value holding one gets the advice every refusal of its form carries, not a reason that
	// might not be normaliseRut's; normaliseRut refuses every such value.
	{ passes: String.raw`[\s!-~]*`, message: HOW_TO_WRITE_A_RUT },
	// At most one letter other than K.
	{ passes: String.raw`[^A-JL-Za-jl-z]*(?:[A-JL-Za-jl-z][^A-JL-Za-jl-z]*)?`, message: fieldMessage(RUT_REASONS.notARut) },
	{ passes: String.raw`[^-]*-[\s\S]*|[^.]*`, message: fieldMessage(RUT_REASONS.dotsWithoutHyphen) },
	// One character after the last hyphen, or last, is the check digit.
	{ passes: String.raw`[\s\S]*-[0-9kK]\s*|[^-]*[0-9kK]\s*`, message: fieldMessage(RUT_REASONS.checkCharacter) },
	{ passes: String.raw`(?!\s*-?[0-9kK]\s*$)[\s\S]*`, message: fieldMessage(RUT_REASONS.length) },
	// The number before the last hyphen: without dots, or dotted every three digits (DOTTED_BODY).
	{ passes: String.raw`[^-]*|(?:[^.]*|\s*\d{1,3}(?:\.\d{3})+)-[0-9kK]\s*`, message: fieldMessage(RUT_REASONS.dots) },
	{ passes: String.raw`\s*(?:\d+|\d{1,3}(?:\.\d{3})+)-[0-9kK]\s*|\s*\d+[0-9kK]\s*`, message: fieldMessage(RUT_REASONS.characters) },
	{ passes: String.raw`\s*[0.]*[1-9][\d.]*-[0-9kK]\s*|\s*0*[1-9]\d*[0-9kK]\s*`, message: fieldMessage(RUT_REASONS.zero) },
	// Leading zeros do not count (fixed-width exports), dots are already in place.
	{ passes: String.raw`\s*[0.]*[1-9](?:\.?\d){0,7}-[0-9kK]\s*|\s*0*[1-9]\d{0,7}[0-9kK]\s*`, message: fieldMessage(RUT_REASONS.length) },
];

/**
 * The RUT field's checks in the editor (the `validation` of a resource locator mode): each fails
 * only for a value that passes every check before it and fails its own, so a mistyped RUT shows
 * one message, the reason normaliseRut will give when the node runs. An empty value passes them
 * all (n8n says the field is required). Every pattern runs in time linear in the value.
 */
export const RUT_FIELD_CHECKS = FIELD_CHECKS.map(({ passes, message }, i) => {
	const before = FIELD_CHECKS.slice(0, i).map((check) => `(?=(?:${check.passes})$)`).join('');
	const failedBefore = i === 0 ? '' : `(?!${before})[\\s\\S]*|`;
	return { type: 'regex' as const, properties: { regex: `(?:|${failedBefore}(?:${passes}))`, errorMessage: message } };
});
