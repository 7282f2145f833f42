// The sandbox checks RUTs with its own modulo-11 code (sandbox/rut.ts), written from the rule,
// not imported from the node: here both must agree on 10,000 generated RUT bodies, each with
// every possible check character (0-9, K and k), and with leading zeros as fixed-width exports
// write them. Were either rule wrong, the two would disagree on about ten in eleven of them.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { RutFormatError, normaliseRut, rutCheckDigit } from '../../nodes/shared/rut';
import { checkDigit, formatRut, parseRut } from '../../sandbox/rut';

/** Small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
	return () => {
		seed = (seed * 1103515245 + 12345) & 0x7fffffff;
		return seed / 0x7fffffff;
	};
}

const random = prng(20240611);
/** 1 to 8 digits, each length equally likely, so short bodies are not drowned by long ones. */
const bodies = Array.from({ length: 10_000 }, () => {
	const digits = 1 + Math.floor(random() * 8);
	return Math.max(1, Math.floor(random() * 10 ** digits));
});
const CHECK_CHARACTERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K', 'k'];

test('the generated bodies cover every length and every check digit, K included', () => {
	const lengths = new Set(bodies.map((b) => String(b).length));
	expect([...lengths].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
	const digits = new Map<string, number>();
	for (const body of bodies) digits.set(checkDigit(body), (digits.get(checkDigit(body)) ?? 0) + 1);
	expect(digits.size).toBe(11);
	// About one body in eleven has K; far fewer would mean the generator misses it.
	expect(digits.get('K')).toBeGreaterThan(600);
});

test('node and sandbox compute the same check digit for every body', () => {
	const disagreements = bodies.filter((b) => rutCheckDigit(String(b)) !== checkDigit(b));
	expect(disagreements).toEqual([]);
});

/** The RUT as the node accepts it, or undefined where it refuses it. */
function byTheNode(written: string): string | undefined {
	try {
		return normaliseRut(written);
	} catch (error) {
		if (error instanceof RutFormatError) return undefined;
		throw error;
	}
}

test('node and sandbox accept and reject the same RUTs, and agree on the accepted form', () => {
	const disagreements: string[] = [];
	let accepted = 0;
	for (const body of bodies) {
		for (const check of CHECK_CHARACTERS) {
			const written = `${body}-${check}`;
			const byNode = byTheNode(written);
			const bySandbox = parseRut(written);
			if (byNode !== bySandbox) disagreements.push(`${written}: node ${byNode}, sandbox ${bySandbox}`);
			if (bySandbox) accepted++;
		}
	}
	expect(disagreements).toEqual([]);
	// Exactly one check character is right per body (two for K, written K or k).
	const withK = bodies.filter((b) => checkDigit(b) === 'K').length;
	expect(accepted).toBe(bodies.length + withK);
});

test('leading zeros: the node strips them, and what it sends is what the sandbox accepts for the bare body', () => {
	const disagreements: string[] = [];
	for (const [n, body] of bodies.entries()) {
		const zeros = '0'.repeat(1 + (n % 3));
		for (const check of CHECK_CHARACTERS) {
			const padded = `${zeros}${body}-${check}`;
			const byNode = byTheNode(padded);
			const bySandbox = parseRut(`${body}-${check}`);
			if (byNode !== bySandbox) disagreements.push(`${padded}: node ${byNode}, sandbox ${bySandbox}`);
			// The spec form has no leading zero, so the sandbox refuses it as written.
			if (parseRut(padded) !== undefined) disagreements.push(`${padded}: the sandbox accepted a leading zero`);
		}
	}
	expect(disagreements).toEqual([]);
});

test('known RUTs from outside both implementations', () => {
	// Published examples: the check digits are not computed by either module.
	for (const [body, digit] of [
		[12345678, '5'],
		[11111111, '1'],
		[7654321, '6'],
		[10000013, 'K'],
		[1, '9'],
		[999999, 'K'],
	] as const) {
		expect(formatRut(body)).toBe(`${body}-${digit}`);
		expect(rutCheckDigit(String(body))).toBe(digit);
	}
});

test('no sandbox file imports from the node code', () => {
	const dir = path.join(__dirname, '..', '..', 'sandbox');
	const offending = fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.ts'))
		.filter((f) => /(?:from|require\()\s*['"][./]*nodes\//.test(fs.readFileSync(path.join(dir, f), 'utf8')));
	expect(offending).toEqual([]);
});
