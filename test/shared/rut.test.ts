// The RUT helper against an independent check-digit computation: formats accepted, errors raised.
import { RutFormatError, normaliseRut, rutCheckDigit } from '../../nodes/shared/rut';

/** An independent check-digit computation (textbook form), so the module is not tested against itself. */
function referenceCheckDigit(body: number): string {
	let m = 0;
	let s = 1;
	for (let t = body; t; t = Math.floor(t / 10)) s = (s + (t % 10) * (9 - (m++ % 6))) % 11;
	return s ? String(s - 1) : 'K';
}

/** Small seeded PRNG so the property test is repeatable. */
function prng(seed: number) {
	return () => {
		seed = (seed * 1103515245 + 12345) & 0x7fffffff;
		return seed / 0x7fffffff;
	};
}

describe('normaliseRut', () => {
	test.each([
		['12.345.678-5', '12345678-5'],
		['12345678-5', '12345678-5'],
		['123456785', '12345678-5'],
		['  12.345.678-5  ', '12345678-5'],
		['11.111.111-1', '11111111-1'],
		['7.654.321-6', '7654321-6'],
		['10.000.013-k', '10000013-K'],
		['10000013K', '10000013-K'],
		['1-9', '1-9'],
		['19', '1-9'],
		['999.999-k', '999999-K'],
		['012345678-5', '12345678-5'],
		['012.345.678-5', '12345678-5'],
		['0123456785', '12345678-5'],
		['00012345678-5', '12345678-5'],
		['01234567-4', '1234567-4'],
		['0.001.234.567-4', '1234567-4'],
		['0001-9', '1-9'],
		['00019', '1-9'],
	])('accepts %p as %p', (input, expected) => {
		expect(normaliseRut(input)).toBe(expected);
	});

	test.each([
		['', 'empty'],
		['   ', 'empty'],
		['12.345.678-4', 'check digit'],
		['12345678-K', 'check digit'],
		['12.34.5678-5', 'dots'],
		['1.2345.678-5', 'dots'],
		['12.345.6785', 'hyphen'],
		['12,345,678-5', 'characters'],
		['12345a78-5', 'characters'],
		['12345678-55', 'check digit must be one'],
		['123456789-1', '1 to 8 digits'],
		['-5', '1 to 8 digits'],
		['0123456789-1', '1 to 8 digits'],
		['012.34.5678-5', 'dots'],
		['012345678-4', 'check digit'],
		['01234567-2', 'check digit'],
		['0-0', 'must not be 0'],
		['00000000-0', 'must not be 0'],
		['000.000.000-0', 'must not be 0'],
		['00', 'must not be 0'],
		['12345678-', 'check digit must be one'],
	])('rejects %p (%s)', (input, reason) => {
		expect(() => normaliseRut(input)).toThrow(RutFormatError);
		try {
			normaliseRut(input);
		} catch (error) {
			expect((error as RutFormatError).reason).toContain(reason);
			expect((error as RutFormatError).value).toBe(input);
		}
	});

	test('a check digit that does not match is marked as a mismatch and names no digit; other faults are not mismatches', () => {
		const reasonOf = (input: string) => {
			try {
				normaliseRut(input);
			} catch (error) {
				return error as RutFormatError;
			}
			throw new Error(`${input} was accepted`);
		};
		for (const [input, digit] of [['12.345.678-0', '5'], ['10000013-1', 'K'], ['7.654.321-K', '6']]) {
			const error = reasonOf(input);
			expect([error.reason, error.mismatch]).toEqual(['the check digit does not match the number', true]);
			expect(error.message).not.toContain(digit);
		}
		for (const input of ['12.34.5678-5', '12345678-55', 'abc', '']) expect(reasonOf(input).mismatch).toBe(false);
	});

	test('rejects values that are not text', () => {
		expect(() => normaliseRut(undefined)).toThrow(RutFormatError);
		expect(() => normaliseRut({})).toThrow(RutFormatError);
		expect(() => normaliseRut(null)).toThrow(RutFormatError);
	});
});

describe('RUT property test', () => {
	const random = prng(20261122);
	const bodies = Array.from({ length: 5000 }, () => 1 + Math.floor(random() * 99_999_998));

	test('check digit agrees with an independent computation', () => {
		for (const body of bodies) expect(rutCheckDigit(String(body))).toBe(referenceCheckDigit(body));
	});

	test('valid RUTs round-trip in every accepted writing', () => {
		for (const body of bodies) {
			const dv = referenceCheckDigit(body);
			const spec = `${body}-${dv}`;
			const dotted = `${body.toLocaleString('de-DE')}-${dv.toLowerCase()}`;
			expect(normaliseRut(spec)).toBe(spec);
			expect(normaliseRut(`${body}${dv}`)).toBe(spec);
			expect(normaliseRut(dotted)).toBe(spec);
			expect(normaliseRut(normaliseRut(dotted))).toBe(spec);
			expect(normaliseRut(`${String(body).padStart(10, '0')}-${dv}`)).toBe(spec);
			expect(normaliseRut(`0${body}${dv}`)).toBe(spec);
		}
	});

	test('every other check character is rejected', () => {
		for (const body of bodies.slice(0, 1000)) {
			const dv = referenceCheckDigit(body);
			for (const wrong of '0123456789K'.split('').filter((c) => c !== dv)) {
				expect(() => normaliseRut(`${body}-${wrong}`)).toThrow(RutFormatError);
				expect(() => normaliseRut(`${body}-${wrong.toLowerCase()}`)).toThrow(RutFormatError);
			}
		}
	});
});

/** The reason normaliseRut gives for refusing `input`, or its result. */
function rutOutcome(input: unknown): string {
	try {
		return normaliseRut(input);
	} catch (error) {
		if (!(error instanceof RutFormatError)) throw error;
		return `${error.name}: ${error.reason}`;
	}
}

const NOT_A_RUT = 'this is not a RUT at all; a RUT is a number of up to 8 digits and a check digit, such as 12.345.678-5';

describe('what each malformed form is told', () => {
	test.each<[unknown, string]>([
		['12.345.678-5', '12345678-5'],
		['1.234.567-4', '1234567-4'],
		['12345678-5', '12345678-5'],
		[123456785, '12345678-5'],
		['1234.567-4', 'RutFormatError: the dots are misplaced; they go every three digits from the right, as in 12.345.678-5'],
		['12.34.567-4', 'RutFormatError: the dots are misplaced; they go every three digits from the right, as in 12.345.678-5'],
		['12.345678-5', 'RutFormatError: the dots are misplaced; they go every three digits from the right, as in 12.345.678-5'],
		['x.234.567-4', 'RutFormatError: the dots are misplaced; they go every three digits from the right, as in 12.345.678-5'],
		['a1234567-4', 'RutFormatError: it contains characters other than digits, dots, a hyphen and K'],
		['1234567a-4', 'RutFormatError: it contains characters other than digits, dots, a hyphen and K'],
		[1.5, 'RutFormatError: a RUT must be text such as 12.345.678-5'],
		// Not a RUT at all: said before anything about check digits or characters.
		['not a rut', `RutFormatError: ${NOT_A_RUT}`],
		['ACME SpA', `RutFormatError: ${NOT_A_RUT}`],
		['Comercial 76.111.111-6 Ltda', `RutFormatError: ${NOT_A_RUT}`],
		['k', `RutFormatError: ${NOT_A_RUT}`],
		['12.345.678-K', 'RutFormatError: the check digit does not match the number'],
	])('%p → %p', (input, expected) => {
		expect(rutOutcome(input)).toBe(expected);
	});
});
