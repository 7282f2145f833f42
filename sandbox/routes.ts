/** What a route handler sees and returns, and the checks every RUT read shares. */
import type { ComplianceDesk } from './compliance';
import type { Flavor } from './errors';
import { HttpError } from './errors';
import { withChanges } from './changes';
import { factsFor, type Facts } from './generate';
import { parseRut } from './rut';
import type { Account, LoadedRut } from './state';
import type { SandboxOptions } from './types';

export interface RouteContext {
	params: string[];
	query: Record<string, string>;
	body: unknown;
	account: Account;
	now(): number;
	desk: ComplianceDesk;
	options(): SandboxOptions;
}

export interface Reply {
	status?: number;
	json?: unknown;
	raw?: Buffer;
	headers?: Record<string, string>;
}

export interface Route {
	method: 'GET' | 'POST';
	/** Matched against the path below the version root. */
	pattern: RegExp;
	handler: (ctx: RouteContext) => Reply;
	/** Error body shape when it differs from the root's. */
	flavor?: Flavor;
	/** Compliance loads say "token not found" on a missing token (spec §5 rule 1). */
	compliance?: boolean;
}

export const ok = (data: unknown): Reply => ({ json: { success: true, data } });

/** A RUT from a path segment or query value; malformed or wrong check digit → 400. */
export function rutFrom(raw: string | undefined): string {
	let text = raw;
	try {
		text = raw === undefined ? undefined : decodeURIComponent(raw);
	} catch {
		throw new HttpError(400, 'RUT inválido');
	}
	const rut = parseRut(text);
	if (!rut) throw new HttpError(400, raw === undefined || raw === '' ? 'El parámetro rut es requerido' : 'RUT inválido');
	return rut;
}

/**
 * Reads need the RUT loaded beforehand (spec §4.1); a loaded RUT costs nothing extra. Its facts
 * carry the changes the control API made to it since (changes.ts).
 */
export function readLoaded(ctx: RouteContext, rut: string): { facts: Facts; entry: LoadedRut } {
	const entry = ctx.account.read(rut);
	if (!entry) throw new HttpError(404, 'El RUT no ha sido cargado');
	return { facts: withChanges(factsFor(rut), ctx.account.changesOf(rut)), entry };
}

function bodyObject(body: unknown): Record<string, unknown> {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Se esperaba un objeto JSON');
	return body as Record<string, unknown>;
}

function optionalBoolean(body: Record<string, unknown>, key: string): boolean {
	const value = body[key];
	if (value === undefined) return false;
	if (typeof value !== 'boolean') throw new HttpError(400, `${key} debe ser booleano`);
	return value;
}

/** Body of cargarRut / loadRut: rut required; isMonitoring and includeBureau optional booleans (default false). */
export function loadRequest(raw: unknown) {
	const body = bodyObject(raw);
	if (typeof body.rut !== 'string') throw new HttpError(400, 'rut es requerido');
	const rut = parseRut(body.rut);
	if (!rut) throw new HttpError(400, 'RUT inválido');
	return { rut, isMonitoring: optionalBoolean(body, 'isMonitoring'), includeBureau: optionalBoolean(body, 'includeBureau') };
}

/** Entries per page of the paginated reads (addendum A2, A5; the docs do not give a size). */
const PAGE_SIZE = 10;

/** The `page` query parameter of a paginated read: pages count from 1, none is page 1. */
export function pageFrom(raw: string | undefined): number {
	if (raw === undefined) return 1;
	if (!/^[1-9]\d{0,5}$/.test(raw)) throw new HttpError(400, 'El parámetro page debe ser un entero positivo');
	return Number(raw);
}

/** One page of a paginated read's entries, as the addendum gives its `data`; a page past the last is empty. */
export function pageOf<T>(entries: T[], page: number, ultimaActualizacion: string) {
	const start = (page - 1) * PAGE_SIZE;
	return {
		page,
		totalPages: Math.max(1, Math.ceil(entries.length / PAGE_SIZE)),
		cantidad: entries.length,
		casos: entries.slice(start, start + PAGE_SIZE),
		ultimaActualizacion,
	};
}

/** Per-RUT cache of a projection: records are pure functions of the RUT, its changes and the Bureau flag. */
export function memo<T>(build: (facts: Facts, bureau: boolean) => T): (facts: Facts, bureau: boolean) => T {
	const cache = new Map<string, T>();
	return (facts, bureau) => {
		const key = `${facts.rut}|${bureau}|${facts.revision ?? ''}`;
		let value = cache.get(key);
		if (value === undefined) {
			value = build(facts, bureau);
			cache.set(key, value);
		}
		return value;
	};
}
