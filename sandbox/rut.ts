/**
 * Chilean RUT: body digits, a hyphen, and a modulo-11 check character (0-9 or K). Written here
 * from the rule itself, not taken from the node: an emulator sharing the node's check would agree
 * with a wrong one, and every test against it would pass (test/sandbox/rut.test.ts compares both).
 */

/**
 * The check character: the body's digits from the right, times 2, 3, 4, 5, 6, 7, 2, 3…, summed;
 * 11 minus the sum's remainder by 11 is the digit, except that 11 is written 0 and 10 is K.
 */
export function checkDigit(body: number): string {
	const digits = String(body).split('').reverse();
	const weighted = digits.reduce((total, digit, position) => total + Number(digit) * (2 + (position % 6)), 0);
	const value = 11 - (weighted % 11);
	return value === 11 ? '0' : value === 10 ? 'K' : String(value);
}

export function formatRut(body: number): string {
	return `${body}-${checkDigit(body)}`;
}

// The spec form only: no dots, no spaces, at most 8 body digits, no leading zero.
const RUT_FORM = /^([1-9]\d{0,7})-([0-9kK])$/;

/** The canonical RUT (upper-case K) or undefined when malformed or the check character is wrong. */
export function parseRut(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const match = RUT_FORM.exec(value);
	if (!match) return undefined;
	const body = Number(match[1]);
	const digit = match[2].toUpperCase();
	return checkDigit(body) === digit ? `${body}-${digit}` : undefined;
}

function rutBody(rut: string): number {
	return Number(rut.slice(0, rut.indexOf('-')));
}

/** Chilean practice: legal entities are numbered from 50,000,000 up, persons below. */
export function isJuridicalRut(rut: string): boolean {
	return rutBody(rut) >= 50_000_000;
}
