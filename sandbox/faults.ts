/**
 * Fault injection, for tests of retries and error handling: a status forced by a request's own
 * `x-sandbox-fault` header or by failNext(), and a seeded share of 500 and 408 answers.
 */
import { Rng } from './prng';
import type { SandboxOptions } from './types';

const FAULT_STATUSES = new Set([408, 429, 500, 503]);

/** What of a request the faults look at. */
export interface FaultRequest {
	method: string;
	path: string;
	search: string;
	headers: Record<string, string>;
}

/** Which requests a failNext() fault waits for: by default the next API request, whatever it is. */
export interface FaultMatch {
	/** The request's whole path, e.g. /api/clients/v2/helper/boletin/76222222-1/consultasDicom. */
	path?: string;
	/** Query values the request must carry (others may be there too). */
	query?: Record<string, string>;
}

function matches(match: FaultMatch | undefined, inc: FaultRequest): boolean {
	if (!match) return true;
	if (match.path !== undefined && match.path !== inc.path) return false;
	const query = new URLSearchParams(inc.search);
	return Object.entries(match.query ?? {}).every(([key, value]) => query.get(key) === value);
}

export class Faults {
	private rng: Rng;
	private readonly forced: Array<{ status: number; match?: FaultMatch }> = [];
	private readonly headerFaultsLeft = new Map<string, number>();

	constructor(private readonly options: () => SandboxOptions) {
		this.rng = new Rng(options().faultSeed ?? 1);
	}

	reseed(seed: number): void {
		this.rng = new Rng(seed);
	}

	/** The next `count` API requests (that match, when a match is given) answer `status`. */
	failNext(status: number, count = 1, match?: FaultMatch): void {
		for (let i = 0; i < count; i++) this.forced.push({ status, match });
	}

	/** The status this request is made to answer: its header's fault, else the first failNext() it matches. */
	forcedFor(inc: FaultRequest): number | undefined {
		const header = this.headerFault(inc);
		if (header !== undefined) return header;
		const index = this.forced.findIndex((f) => matches(f.match, inc));
		return index < 0 ? undefined : this.forced.splice(index, 1)[0].status;
	}

	/** A seeded random 500 or 408, at the configured rates. */
	random(): number | undefined {
		const rate500 = this.options().faults?.rate500 ?? 0;
		const rate408 = this.options().faults?.rate408 ?? 0;
		if (rate500 <= 0 && rate408 <= 0) return undefined;
		const r = this.rng.next();
		if (r < rate500) return 500;
		if (r < rate500 + rate408) return 408;
		return undefined;
	}

	/** `x-sandbox-fault: <status>[:<times>|:always]`, counted per `x-sandbox-fault-key` or per identical request. */
	private headerFault(inc: FaultRequest): number | undefined {
		const spec = inc.headers['x-sandbox-fault'];
		if (!spec) return undefined;
		const [statusText, timesText = '1'] = spec.split(':').map((s) => s.trim());
		const status = Number(statusText);
		if (!FAULT_STATUSES.has(status)) return undefined;
		if (timesText === 'always') return status;
		const key = inc.headers['x-sandbox-fault-key'] ?? `${inc.method} ${inc.path}${inc.search} ${spec}`;
		const left = this.headerFaultsLeft.get(key) ?? Math.max(0, Math.floor(Number(timesText)) || 0);
		this.headerFaultsLeft.set(key, Math.max(0, left - 1));
		return left > 0 ? status : undefined;
	}
}
