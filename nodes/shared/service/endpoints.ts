/**
 * Every endpoint of the service, once, by name: spec §4 (V2 §4.1, V1 §4.2) and the reads its
 * public documentation adds (addendum A1, A2, A5, A7). `{rut}` in a path is the RUT, in the path
 * or in the query after `?`; `{page}` is the page a paged read asks for (pages count from 1).
 * `paid` names the paid call an endpoint is; every other endpoint is a free read.
 */
import type { ApiRequest, ApiRoot } from '../transport/types';

/** The paid calls, as items name them (`paid`, `wouldPayFor`) so a Summarize node can total a run. */
export type PaidCall = 'rutLoad' | 'complianceProfile';

export interface Endpoint {
	method: 'GET' | 'POST';
	/** The version root the path lives under. */
	root: ApiRoot;
	path: string;
	paid?: PaidCall;
}

const get = (root: ApiRoot, path: string): Endpoint => ({ method: 'GET', root, path });
const post = (root: ApiRoot, path: string, paid: PaidCall): Endpoint => ({ method: 'POST', root, path, paid });

/** API V2, root /api/clients/v2. */
export const V2 = {
	load: post('v2', '/helper/cargarRut', 'rutLoad'),
	// The only V2 read whose RUT travels in the query string.
	summary: get('v2', '/helper/resumen?rut={rut}'),
	civilCases: get('v2', '/helper/judicial/{rut}/civil'),
	laborCases: get('v2', '/helper/judicial/{rut}/laboral'),
	collectionCases: get('v2', '/helper/judicial/{rut}/cobranza'),
	pensionArrears: get('v2', '/helper/cobranzaLaboral/{rut}/moraPrevisional'),
	laborFines: get('v2', '/helper/cobranzaLaboral/{rut}/multaLaboral'),
	pensionInfractions: get('v2', '/helper/cobranzaLaboral/{rut}/infraccionesPrevisionales?page={page}'),
	creditScore: get('v2', '/creditScore/{rut}'),
	corporateMesh: get('v2', '/helper/legal/{rut}/mallaSocietaria'),
	dicomCases: get('v2', '/helper/boletin/{rut}/boletinDicom'),
	dicomQueries: get('v2', '/helper/boletin/{rut}/consultasDicom?page={page}'),
	compliance: get('v2', '/helper/compliance/{rut}'),
	complianceProfile: post('v2', '/webhook/compliance/cargarPerfil', 'complianceProfile'),
	usage: get('v2', '/usage'),
	profiles: get('v2', '/profiles'),
} as const;

/** API V1, root /api/v1 (the credit score under /api/external/v1, as the spec's sample calls it). */
export const V1 = {
	load: post('v1', '/helper/loadRut', 'rutLoad'),
	summary: get('v1', '/helper/{rut}/summary'),
	downloadSummary: get('v1', '/integration/{rut}/downloadSummary'),
	identification: get('v1', '/integration/helper/identification/{rut}'),
	allCases: get('v1', '/integration/helper/judicial/{rut}'),
	civilCases: get('v1', '/helper/{rut}/getCivilCases'),
	laborCases: get('v1', '/helper/{rut}/getLaboralCases'),
	collectionCases: get('v1', '/helper/{rut}/getCobranzaCases'),
	pensionArrears: get('v1', '/helper/{rut}/getMoraPrevisionalCases'),
	laborFines: get('v1', '/helper/{rut}/getMultaLaboralCases'),
	officialGazette: get('v1', '/helper/{rut}/getOfficialDiary'),
	corporateMesh: get('v1', '/helper/{rut}/mallaSocietaria'),
	creditScore: get('v1External', '/notification/creditScoring/{rut}/getByRut'),
	// The spec gives the V1 screening two paths: its endpoint list's and its migration table's.
	complianceProfile: post('v1', '/webhook/loadProfile', 'complianceProfile'),
	complianceProfileIntegration: post('v1', '/integration/compliance/loadProfile', 'complianceProfile'),
} as const;

/** The endpoint's request, for one RUT where it reads one. */
export function requestFor(endpoint: Endpoint, rut?: string): ApiRequest {
	const request: ApiRequest = { method: endpoint.method, root: endpoint.root, path: endpoint.path };
	if (endpoint.paid) request.paid = true;
	return rut === undefined ? request : withRut(request, rut);
}

/**
 * `{rut}` in the path is the RUT, in the path or in the query after `?`. Such a request is a read
 * about that RUT, so a 404 answer means the RUT is not loaded.
 */
export function withRut(request: ApiRequest, rut: string): ApiRequest {
	if (!request.path.includes('{rut}')) return request;
	const [path, search] = request.path.split('?');
	const fill = (text: string) => text.replace('{rut}', () => rut);
	const asked = search === undefined ? undefined : Object.fromEntries([...new URLSearchParams(search)].map(([key, value]) => [key, fill(value)]));
	const query = asked ? { ...asked, ...request.query } : request.query;
	// Written out rather than spread from the request: on Node 20 an object spread from another and
	// given a key of its own gets a hidden class of its own, one per item's plan, alive for the run (bench/NOTES.md).
	// Every key of ApiRequest is required here, so a key added to it cannot be dropped in silence.
	const { method, root, body, paid, withinPlan, pdf, bare, afterLoad } = request;
	const filled: EveryKey<ApiRequest> = { method, root, path: fill(path), query, body, paid, withinPlan, pdf, bare, afterLoad, rut };
	return filled;
}

/** `T` with its optional keys present (their value may still be undefined). */
type EveryKey<T> = { [K in keyof Required<T>]: T[K] };
