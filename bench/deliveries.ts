// The compliance deliveries the trigger sections send: a small SUCCESS event (3 matches) and a
// large one (5,000 matches, about 5 MB of JSON), built with the sandbox's own event generator.
// Every delivery carries its own webhookId, as the service's do, so the trigger's "ignore repeated
// deliveries" (on by default) never skips one and every delivery starts a workflow run.
import { gzipSync } from 'node:zlib';

import { buildComplianceEvent } from '../sandbox';

const LARGE_MATCHES = 5_000;
const LARGE_BYTES = 5_000_000;

const LISTS = {
	datosMallaSocietaria: 'totalMallaSocietaria',
	datosPepChile: 'totalPepChile',
	datosFuncionarioPublico: 'totalFuncionarioPublico',
	datosFamiliarPep: 'totalFamiliarPep',
	datosListasInternacionales: 'totalListasInternacionales',
	dataPenal: 'totalPenal',
	datosNoticias: 'totalNoticias',
} as const;
type ListKey = keyof typeof LISTS;
const SUMMARY_OF: Record<ListKey, string> = {
	datosMallaSocietaria: 'mallaSocietaria',
	datosPepChile: 'pepChile',
	datosFuncionarioPublico: 'funcionariosPublicos',
	datosFamiliarPep: 'pepChileFamiliares',
	datosListasInternacionales: 'listasInternacionales',
	dataPenal: 'penal',
	datosNoticias: 'noticias',
};

type Event = Record<string, unknown> & { webhookId: number; resumen: Record<string, { totalResultados: number; riesgo: string | null }> };

const event = (name: string) =>
	buildComplianceEvent('success', { webhookId: 0, fullName: name, isJuridicalPerson: true, searchErrors: 0 }) as Event;
const matchesOf = (e: Event) => (Object.keys(LISTS) as ListKey[]).reduce((n, k) => n + (e[k] as unknown[]).length, 0);

/** The first generated SUCCESS event with exactly three matches. */
function smallEvent(): Event {
	for (let i = 0; ; i++) {
		const e = event(`Proveedor Ejemplo ${i}`);
		if (matchesOf(e) === 3) return e;
	}
}

/**
 * One event holding the matches of many generated screenings, 5,000 in all, with the totals and
 * the summary counted again. Corporate-mesh entries get more partners and deed extracts (as large
 * companies have) until the JSON is about 5 MB.
 */
function largeEvent(): Event {
	const out = event('Gran Conglomerado Ejemplo');
	const lists = Object.fromEntries((Object.keys(LISTS) as ListKey[]).map((k) => [k, [] as Array<Record<string, unknown>>])) as Record<ListKey, Array<Record<string, unknown>>>;
	let total = 0;
	for (let i = 0; total < LARGE_MATCHES; i++) {
		const e = event(`Socio Ejemplo ${i}`);
		for (const k of Object.keys(LISTS) as ListKey[]) {
			for (const entry of e[k] as Array<Record<string, unknown>>) {
				if (total === LARGE_MATCHES) break;
				lists[k].push(entry);
				total++;
			}
		}
	}
	const mesh = lists.datosMallaSocietaria;
	for (const k of Object.keys(LISTS) as ListKey[]) {
		out[k] = lists[k];
		out[LISTS[k]] = lists[k].length;
		out.resumen[SUMMARY_OF[k]].totalResultados = lists[k].length;
	}
	// Counted as it grows (one comma per added element aside), not by serialising 5 MB each time.
	let size = JSON.stringify(out).length;
	for (let i = 0; size < LARGE_BYTES; i++) {
		const entry = mesh[i % mesh.length];
		const donor = mesh[(i * 7 + 1) % mesh.length];
		for (const key of ['socios', 'extractos'] as const) {
			const added = donor[key] as unknown[];
			entry[key] = [...(entry[key] as unknown[]), ...added];
			size += JSON.stringify(added).length - 1;
		}
	}
	out.riesgo = lists.dataPenal.length + lists.datosListasInternacionales.length > 0 ? 'critical' : 'medium';
	return out;
}

export interface Payload {
	name: 'small' | 'large';
	matches: number;
	jsonBytes: number;
	gzipBytes: number;
	/** The event's JSON with this webhookId. */
	json(webhookId: number): string;
	/**
	 * The gzip body for this webhookId: a tiny gzip member holding `{"webhookId":N,` followed by
	 * one prepared member holding the rest. Concatenated members are one valid gzip stream (RFC 1952),
	 * which n8n's zlib inflates as one; so a unique delivery costs the sender no compression.
	 */
	gzip(webhookId: number): Buffer;
}

function payload(name: Payload['name'], e: Event): Payload {
	const text = JSON.stringify({ ...e, webhookId: 0 });
	const prefix = '{"webhookId":0,';
	if (!text.startsWith(prefix)) throw new Error('the event does not start with its webhookId');
	const rest = text.slice(prefix.length);
	const restGzip = gzipSync(rest);
	return {
		name,
		matches: matchesOf(e),
		jsonBytes: Buffer.byteLength(text),
		gzipBytes: restGzip.length,
		json: (id) => `{"webhookId":${id},${rest}`,
		gzip: (id) => Buffer.concat([gzipSync(`{"webhookId":${id},`), restGzip]),
	};
}

let built: Payload[] | undefined;

export function payloads(): Payload[] {
	built ??= [payload('small', smallEvent()), payload('large', largeEvent())];
	return built;
}
