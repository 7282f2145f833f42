/**
 * From a parsed request to the service's reply: the version root and route it names, then in
 * order injected faults, the rate limit, the body limit, authentication, and the route's handler.
 */
import type { ComplianceDesk } from './compliance';
import { errorBody, HttpError, type Flavor } from './errors';
import type { Faults } from './faults';
import type { RateLimit } from './ratelimit';
import type { Reply, Route } from './routes';
import type { Account } from './state';
import type { RecordedRequest, SandboxOptions } from './types';
import { externalV1Routes, v1Routes } from './v1';
import { v2Routes } from './v2';

interface Root { prefix: string; flavor: Flavor; routes: Route[] }
type Hit = { route: Route; m: RegExpExecArray | null };
const ROOTS: Root[] = [
	{ prefix: '/api/clients/v2', flavor: 'v2', routes: v2Routes },
	{ prefix: '/api/v1', flavor: 'v1', routes: v1Routes },
	{ prefix: '/api/external/v1', flavor: 'score', routes: externalV1Routes },
];

/** A request as read off the socket: what the log records, and what dispatch needs besides. */
export interface Incoming extends Omit<RecordedRequest, 'status'> {
	search: string;
	invalidJson: boolean;
	tooLarge: boolean;
}

export interface Service {
	options(): SandboxOptions;
	token(): string;
	clientId(): string;
	now(): number;
	account: Account;
	desk: ComplianceDesk;
	faults: Faults;
	rateLimit: RateLimit;
}

export const fail = (flavor: Flavor, status: number, details?: string, headers: Record<string, string> = {}): Reply => ({
	status,
	json: errorBody(flavor, status, details),
	headers,
});

const retryAfter = (status: number, seconds = 1): Record<string, string> => (status === 429 || status === 503 ? { 'Retry-After': String(seconds) } : {});

function authError(service: Service, inc: Incoming, route: Route | undefined, flavor: Flavor): Reply | undefined {
	const auth = /^Bearer\s+(\S+)\s*$/i.exec(inc.headers.authorization ?? '');
	const missing = !auth ? (route?.compliance ? 'Token de autenticación no encontrado' : undefined) : undefined;
	if (!auth || auth[1] !== service.token() || inc.headers['x-client-identifier'] !== service.clientId()) return fail(flavor, 401, missing);
	return undefined;
}

export function dispatch(service: Service, inc: Incoming): Reply {
	const root = ROOTS.find((r) => inc.path === r.prefix || inc.path.startsWith(`${r.prefix}/`));
	if (!root) return fail('v2', 404);
	const rel = inc.path.slice(root.prefix.length);
	const matches = root.routes.map((route) => ({ route, m: route.pattern.exec(rel) })).filter((x) => x.m);
	const hit = matches.find((x) => x.route.method === inc.method);
	const flavor = (hit ?? matches[0])?.route.flavor ?? root.flavor;

	const fault = service.faults.forcedFor(inc);
	if (fault !== undefined) return fail(flavor, fault, undefined, retryAfter(fault));
	const limited = service.rateLimit.check(service.options().rateLimit, service.now());
	if (limited.refusedFor !== undefined) return fail(flavor, 429, undefined, { 'Retry-After': String(limited.refusedFor), ...limited.headers });
	const reply = answer(service, inc, flavor, hit);
	return limited.headers ? { ...reply, headers: { ...reply.headers, ...limited.headers } } : reply;
}

function answer(service: Service, inc: Incoming, flavor: Flavor, hit: Hit | undefined): Reply {
	const random = service.faults.random();
	if (random !== undefined) return fail(flavor, random);
	if (inc.tooLarge) return fail(flavor, 413);
	const denied = authError(service, inc, hit?.route, flavor);
	if (denied) return denied;
	// A known path with another method is still "not found": the spec lists no 405.
	if (!hit || !hit.m) return fail(flavor, 404);
	if (inc.invalidJson) return fail(flavor, 400, hit.route.compliance ? 'El cuerpo no es JSON válido' : undefined);
	try {
		return hit.route.handler({ params: hit.m.slice(1), query: inc.query, body: inc.body, account: service.account, now: service.now, desk: service.desk, options: service.options });
	} catch (error) {
		// Only compliance rejections carry details (spec §7.3); other errors keep the exact §7 bodies.
		if (error instanceof HttpError) return fail(flavor, error.status, hit.route.compliance ? error.details : undefined, error.headers);
		return fail(flavor, 500);
	}
}
