/**
 * The sandbox's control API for tests and scripts (the `Sandbox` object): the request and
 * delivery logs, the clock, settings changed while running, RUTs marked loaded without a paid
 * load, forced failures, and waiting for a compliance delivery.
 */
import { CHANGE_KINDS, isChangeKind } from './changes';
import { checkDrift } from './drift';
import type { Faults } from './faults';
import { parseRut } from './rut';
import type { Account } from './state';
import type { RecordedDelivery, RecordedRequest, Sandbox, SandboxOptions } from './types';

/** What the sandbox recorded: every answered request and every compliance delivery. */
export class Log {
	readonly requests: RecordedRequest[] = [];
	readonly deliveries: RecordedDelivery[] = [];
	private readonly waiters = new Map<number, ((d: RecordedDelivery) => void)[]>();

	constructor(private readonly cap: () => number | undefined) {}

	request(entry: RecordedRequest): void {
		this.requests.push(entry);
		const cap = this.cap();
		if (cap !== undefined && this.requests.length > cap) this.requests.splice(0, this.requests.length - cap);
	}

	delivery(d: RecordedDelivery): void {
		this.deliveries.push(d);
		for (const w of this.waiters.get(d.webhookId) ?? []) w(d);
		this.waiters.delete(d.webhookId);
	}

	reset(): void {
		this.requests.length = 0;
		this.deliveries.length = 0;
	}

	waitForDelivery(webhookId: number, timeoutMs: number): Promise<RecordedDelivery> {
		const done = this.deliveries.find((d) => d.webhookId === webhookId);
		if (done) return Promise.resolve(done);
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`No delivery for webhook ${webhookId} within ${timeoutMs} ms`)), timeoutMs);
			const list = this.waiters.get(webhookId) ?? [];
			list.push((d) => {
				clearTimeout(timer);
				resolve(d);
			});
			this.waiters.set(webhookId, list);
		});
	}
}

/** Marks RUTs loaded without a paid load (test setup); a malformed RUT is the caller's mistake. */
export function preload(account: Account, ruts: string[] | undefined, flags: { isMonitoring?: boolean; includeBureau?: boolean } = {}): void {
	for (const r of ruts ?? []) {
		const rut = parseRut(r);
		if (!rut) throw new Error(`Not a valid RUT: ${r}`);
		account.load(rut, flags.isMonitoring ?? false, flags.includeBureau ?? false, false);
	}
}

export interface ControlParts {
	url: string;
	options: SandboxOptions;
	token(): string;
	clientId(): string;
	clock: Sandbox['clock'];
	account: Account;
	log: Log;
	faults: Faults;
	close(): Promise<void>;
}

export function controlApi(parts: ControlParts): Sandbox {
	const { options, account, log, faults } = parts;
	return {
		url: parts.url,
		get token() {
			return parts.token();
		},
		get clientId() {
			return parts.clientId();
		},
		requests: log.requests,
		deliveries: log.deliveries,
		resetLog: () => log.reset(),
		clock: parts.clock,
		configure(patch) {
			if ('answerDrift' in patch || 'answerDriftRuts' in patch) checkDrift(patch.answerDrift, patch.answerDriftRuts);
			Object.assign(options, patch);
			if (patch.faultSeed !== undefined) faults.reseed(patch.faultSeed);
			preload(account, patch.preloadedRuts);
		},
		loadRut: (rut, opts = {}) => preload(account, [rut], opts),
		changeRut(rut, kind) {
			const canonical = parseRut(rut);
			if (!canonical) throw new Error(`Not a valid RUT: ${rut}`);
			if (!isChangeKind(kind)) throw new Error(`Unknown change "${String(kind)}"; use ${CHANGE_KINDS.join(', ')}`);
			const changes = account.change(canonical, kind);
			if (!changes) throw new Error(`RUT ${canonical} is not loaded; only a loaded RUT's record changes`);
			return changes.map((c) => c.kind);
		},
		usage: () => account.usage(),
		failNext: (status, count = 1, match) => faults.failNext(status, count, match),
		waitForDelivery: (webhookId, timeoutMs = 10_000) => log.waitForDelivery(webhookId, timeoutMs),
		close: parts.close,
	};
}
