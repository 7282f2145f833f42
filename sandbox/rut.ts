/** Chilean RUT: body digits, a hyphen, and a modulo-11 check character (0-9 or K). */
import { rutCheckDigit } from '../nodes/shared/rut';

/** The modulo-11 check character has one home, shared with the node. */
export function checkDigit(body: number): string {
	return rutCheckDigit(String(body));
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

export function rutBody(rut: string): number {
	return Number(rut.slice(0, rut.indexOf('-')));
}

/** Chilean practice: legal entities are numbered from 50,000,000 up, persons below. */
export function isJuridicalRut(rut: string): boolean {
	return rutBody(rut) >= 50_000_000;
}
