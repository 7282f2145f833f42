/**
 * The service's own account of its limit, when it sends one. The spec shows only a 429 with
 * Retry-After (§8, its values "not shown"), but many services also say what the window has left:
 * `RateLimit-Policy: "default";q=10;w=1` with `RateLimit: "default";r=3;t=1` (the IETF draft), the
 * older `RateLimit: limit=10, remaining=3, reset=1` or `RateLimit-Limit` / `-Remaining` / `-Reset`,
 * or `X-RateLimit-Limit` / `-Remaining` / `-Reset` (seconds, or a Unix time). With them the pace
 * knows where the limit is without meeting it.
 *
 * Headers come from the network: a field is read only when short, a number only as plain digits,
 * and anything else counts as absent. A quota whose reset is over a minute away (a daily quota) is
 * not a pace's business: the 429 and Retry-After rules apply to it as before.
 */
import type { IDataObject } from 'n8n-workflow';

/** What one answer said of the account's window. */
export interface Announced {
	remaining: number;
	resetMs: number;
	limit?: number;
	windowMs?: number;
}

const MAX_FIELD = 200;
const MAX_PARTS = 16;
const MAX_RESET_MS = 60_000;
const DIGITS = /^\d{1,10}$/;

function field(headers: IDataObject, name: string): string | undefined {
	const value = headers[name];
	const first = Array.isArray(value) ? (value[0] as unknown) : value;
	if (typeof first === 'number') return String(first);
	return typeof first === 'string' && first.length <= MAX_FIELD ? first : undefined;
}

function int(text: string | undefined): number | undefined {
	const t = text?.trim();
	return t !== undefined && DIGITS.test(t) ? Number(t) : undefined;
}

/** The `name=value` parameters of a field, the first of each name (so the first policy of a list), and its leading bare item. */
function params(text: string | undefined): { lead?: string; named: Map<string, string> } {
	const named = new Map<string, string>();
	if (text === undefined) return { named };
	const parts = text.split(/[;,]/, MAX_PARTS);
	for (const part of parts) {
		const eq = part.indexOf('=');
		if (eq < 0) continue;
		const name = part.slice(0, eq).trim().toLowerCase();
		if (!named.has(name)) named.set(name, part.slice(eq + 1).trim());
	}
	return { lead: parts[0], named };
}

/** The window the headers describe, or undefined when they say nothing usable. */
export function announced(headers: IDataObject | undefined, now: number): Announced | undefined {
	if (!headers) return undefined;
	const combined = params(field(headers, 'ratelimit')).named;
	const policy = params(field(headers, 'ratelimit-policy'));
	const remaining =
		int(combined.get('r')) ?? int(combined.get('remaining')) ?? int(field(headers, 'ratelimit-remaining')) ?? int(field(headers, 'x-ratelimit-remaining'));
	const reset = int(combined.get('t')) ?? int(combined.get('reset')) ?? int(field(headers, 'ratelimit-reset')) ?? int(field(headers, 'x-ratelimit-reset'));
	if (remaining === undefined || reset === undefined) return undefined;
	// A value this large is a Unix time in seconds (GitHub's X-RateLimit-Reset), not a delay.
	const resetMs = reset > 1e9 ? reset * 1000 - now : reset * 1000;
	if (resetMs < 0 || resetMs > MAX_RESET_MS) return undefined;
	const limit =
		int(combined.get('limit')) ?? int(policy.named.get('q')) ?? int(policy.lead) ?? int(field(headers, 'ratelimit-limit')) ?? int(field(headers, 'x-ratelimit-limit'));
	const w = int(policy.named.get('w'));
	return { remaining, resetMs, limit: limit || undefined, windowMs: w && w * 1000 <= MAX_RESET_MS ? w * 1000 : undefined };
}

/**
 * The quota the headers describe, kept between answers. Starts are spread evenly, the limit's
 * worth per window, so the window's phase does not matter and no burst meets its edge; and no start
 * goes while the last answer's remaining, less what was sent after it, is used up, until the window
 * renews. The renewal is placed from the answers themselves: a remaining that did not go down
 * between two requests means a window began between their starts, so the later start is at most
 * one spacing past it (Reset, in whole seconds, is only the fallback).
 */
export class Quota {
	private last?: { seq: number; at: number; remaining: number };
	private limit?: number;
	private windowMs = 0;
	private windowStart?: number;
	private resetAt = 0;
	/** The first turn given after the window was expected to renew, and when that renewal was. */
	private renewed?: { seq: number; at: number };
	private lastStart = -Infinity;

	heard(turn: { seq: number; at: number }, a: Announced, now: number): void {
		// An answer older than the one already heard says less than it.
		if (this.last && turn.seq < this.last.seq) return;
		this.limit = a.limit ?? this.limit;
		this.windowMs = a.windowMs ?? Math.max(this.windowMs, Math.ceil(a.resetMs / 1000) * 1000);
		if (this.last && a.remaining >= this.last.remaining) this.windowStart = turn.at;
		this.resetAt = now + a.resetMs;
		this.last = { seq: turn.seq, at: turn.at, remaining: a.remaining };
		this.renewed = undefined;
	}

	/** Milliseconds before the next start may go (0: now); `issued` is how many turns the pace has given so far. */
	wait(now: number, issued: number): number {
		if (!this.last) return 0;
		const spacing = this.limit && this.windowMs ? this.windowMs / this.limit : 0;
		if (now < this.lastStart + spacing) return Math.ceil(this.lastStart + spacing - now);
		const renewAt = this.renewal();
		if (now < renewAt) {
			const left = this.last.remaining - (issued - 1 - this.last.seq);
			return left > 0 ? 0 : Math.ceil(renewAt - now);
		}
		// Renewed since the last answer: the limit's worth may go, or one to hear the new count.
		if (!this.renewed || this.renewed.at !== renewAt) this.renewed = { seq: issued, at: renewAt };
		const left = (this.limit ?? 1) - (issued - this.renewed.seq);
		return left > 0 ? 0 : Math.max(1, Math.ceil(this.windowMs || 1000));
	}

	started(at: number): void {
		this.lastStart = at;
	}

	/** The first window start after the last answer's request: from a seen renewal when there is one, else its Reset. */
	private renewal(): number {
		if (this.windowStart === undefined || !this.windowMs || !this.last) return this.resetAt;
		const periods = Math.floor((this.last.at - this.windowStart) / this.windowMs) + 1;
		return Math.min(this.resetAt, this.windowStart + periods * this.windowMs);
	}
}
