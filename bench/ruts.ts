// RUTs for the benchmark and the throughput tests, in the spec form and in the other ways people
// write them. The spellings are made here by hand, not by the node's normaliser, which they test.
import { formatRut } from '../sandbox/rut';

/**
 * `count` distinct valid RUTs in the spec form. Bodies are spread over the legal-entity range
 * with a stride that is coprime to 11, so all eleven check characters (K included) turn up.
 */
export function distinctRuts(count: number, first = 76_000_000, stride = 7_919): string[] {
	return Array.from({ length: count }, (_, i) => formatRut(first + i * stride));
}

/** The ways people write the same RUT: 12.345.678-5, 123456785, 12345678-5, and k in lower case. */
export type RutForm = 'dotted' | 'plain' | 'hyphen' | 'lower';
export const RUT_FORMS: RutForm[] = ['dotted', 'plain', 'hyphen', 'lower'];

export function writeRut(rut: string, form: RutForm): string {
	const [body, check] = rut.split('-');
	switch (form) {
		case 'dotted':
			return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${check}`;
		case 'plain':
			return `${body}${check}`;
		case 'hyphen':
			return rut;
		case 'lower':
			// Only a K has a lower case; other RUTs keep the dotted form so the form still varies.
			return check === 'K' ? `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-k` : `${body}${check}`;
	}
}

/** A small seeded PRNG (mulberry32), so shuffles repeat from run to run. */
function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function shuffle<T>(list: T[], random: () => number): T[] {
	const out = [...list];
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

/**
 * `total` RUT strings holding `distinct` RUTs, each written in several forms and shuffled:
 * the input of the request-sharing scenario.
 */
export function repeatedInForms(ruts: string[], total: number, seed = 7): string[] {
	const random = seeded(seed);
	const written = Array.from({ length: total }, (_, i) => writeRut(ruts[i % ruts.length], RUT_FORMS[Math.floor(i / ruts.length) % RUT_FORMS.length]));
	return shuffle(written, random);
}
