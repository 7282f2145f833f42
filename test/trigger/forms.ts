// The compliance event's vocabulary as spec §6 states it, written out here from the spec text
// (never imported from the node), so a wrong mapping in the node cannot agree with itself.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';

import { encodeDelivery, type WebhookAuth } from '../../sandbox/delivery';
import { buildComplianceEvent, type ComplianceOutcome } from '../../sandbox/events';
import { KNOWN_NAMES } from '../../sandbox/known';

export type Rec = Record<string, unknown>;

/** The same data with every record's keys in reverse order. */
export function reverseKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(reverseKeys);
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]));
	return value;
}

/** Spec §6.2 table: array, total field, summary key; `list` is the documented output key (docs/trigger.md, "The event"). */
export const SPEC_LISTS = [
	{ list: 'pepChile', arrays: ['datosPepChile'], total: 'totalPepChile', summary: 'pepChile' },
	{ list: 'publicOfficials', arrays: ['datosFuncionarioPublico'], total: 'totalFuncionarioPublico', summary: 'funcionariosPublicos' },
	{ list: 'pepRelatives', arrays: ['datosFamiliarPep'], total: 'totalFamiliarPep', summary: 'pepChileFamiliares' },
	{ list: 'internationalLists', arrays: ['datosListasInternacionales'], total: 'totalListasInternacionales', summary: 'listasInternacionales' },
	{ list: 'criminal', arrays: ['dataPenal', 'datosPenal'], total: 'totalPenal', summary: 'penal' },
	{ list: 'news', arrays: ['datosNoticias'], total: 'totalNoticias', summary: 'noticias' },
	{ list: 'corporateMesh', arrays: ['datosMallaSocietaria'], total: 'totalMallaSocietaria', summary: 'mallaSocietaria' },
] as const;

/** Spec §6.2: "sample key (field-table name)" for the item fields that have both. */
const ENGLISH_TO_SPANISH: Record<string, string> = {
	name: 'nombre',
	position: 'cargo',
	institution: 'institucion',
	period: 'periodo',
	link: 'enlace',
	list: 'lista',
	posture: 'postura',
	role: 'rol',
	date: 'fecha',
	infraction: 'infraccion',
	status: 'estado',
	stage: 'etapa',
	litigants: 'litigantes',
	matter: 'materia',
	isDenounced: 'esDenunciado',
	title: 'titulo',
	source: 'fuente',
	sourceLink: 'enlaceFuente',
	topic: 'tema',
};

/** Every Spanish key the spec names for compliance items and their sub-records. */
export const SPANISH_ITEM_KEYS = new Set([
	...Object.values(ENGLISH_TO_SPANISH),
	'nombreSociedad',
	'rutSociedad',
	'socios',
	'domicilio',
	'tipoDeParticipacion',
	'cargoEjecutivoPrincipal',
	'fechaNombramiento',
	'porcentajeParticipacion',
	'extractos',
	'actuacion',
	'linkPdf',
	'ultimaFecha',
	'parentesco',
	'sujeto',
	'situacionLibertad',
]);

export const WEBHOOK_TOKEN = `tok-${randomBytes(12).toString('hex')}`;
export const BEARER: WebhookAuth = { type: 'bearer', token: WEBHOOK_TOKEN };
export const BEARER_CREDENTIAL = { method: 'bearer', token: WEBHOOK_TOKEN };

let nextId = 9000;
export const freshId = () => nextId++;

const NAMES: Record<ComplianceOutcome, string> = {
	success: KNOWN_NAMES.critical,
	nomatch: KNOWN_NAMES.noMatch,
	failed: KNOWN_NAMES.failed,
};

export function event(kind: ComplianceOutcome, webhookId = freshId(), fullName = NAMES[kind]): Rec {
	return buildComplianceEvent(kind, { webhookId, fullName, isJuridicalPerson: true, searchErrors: 1 }) as Rec;
}

/** The sandbox's own delivery: gzip body, Content-Encoding gzip, application/json, bearer. */
export function delivery(body: object, auth: WebhookAuth = BEARER) {
	return encodeDelivery(body, auth);
}

/** A value nested `levels` objects deep, as JSON text: JSON.stringify itself overflows a few thousand levels down. */
export const deepJson = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

/** A placeholder string that `jsonWith` replaces by raw JSON text. */
export const DEEP = '\u0000deep\u0000';

/** `doc` as JSON text, with every DEEP string value replaced by `text`. */
export function jsonWith(doc: unknown, text: string): string {
	return JSON.stringify(doc).split(JSON.stringify(DEEP)).join(text);
}

/** The sandbox's delivery form (gzip, application/json, bearer) for a body given as JSON text. */
export function textDelivery(json: string, auth: WebhookAuth = BEARER) {
	return { headers: delivery({}, auth).headers, body: gzipSync(Buffer.from(json, 'utf8')) };
}

/** How many objects and arrays nest inside each other in `value` (a scalar: 0), counted without recursion. */
export function nesting(value: unknown): number {
	let max = 0;
	const stack: Array<[unknown, number]> = [[value, 0]];
	while (stack.length) {
		const [v, depth] = stack.pop()!;
		if (v === null || typeof v !== 'object') continue;
		max = Math.max(max, depth + 1);
		for (const child of Object.values(v)) stack.push([child, depth + 1]);
	}
	return max;
}

/** Renames English item keys to the Spanish field-table names, in every list. */
export function toSpanishItems(source: Rec): Rec {
	const out: Rec = { ...source };
	for (const spec of SPEC_LISTS) {
		for (const array of spec.arrays) {
			const items = source[array];
			if (!Array.isArray(items)) continue;
			out[array] = items.map((item: Rec) => {
				const renamed: Rec = {};
				for (const [key, value] of Object.entries(item)) renamed[ENGLISH_TO_SPANISH[key] ?? key] = value;
				return renamed;
			});
		}
	}
	return out;
}

/** The array an event carries for a list, under whichever spec name it uses. */
export function inputItems(source: Rec, spec: (typeof SPEC_LISTS)[number]): Rec[] {
	for (const array of spec.arrays) if (Array.isArray(source[array])) return source[array] as Rec[];
	return [];
}

/** Every key anywhere in a value, to check no Spanish key survives. */
export function allKeys(value: unknown, into = new Set<string>(), skip = new Set<string>(['extra'])): Set<string> {
	if (Array.isArray(value)) for (const v of value) allKeys(v, into, skip);
	else if (value && typeof value === 'object') {
		for (const [key, v] of Object.entries(value)) {
			if (skip.has(key)) continue;
			into.add(key);
			allKeys(v, into, skip);
		}
	}
	return into;
}
