/**
 * The account's state: loaded RUTs (and the changes made to their records over time), compliance
 * profiles, usage counters and the paid look-ups of each month.
 */
import type { Change, ChangeKind } from './changes';
import { scorePeriod } from './dates';
import type { Usage } from './types';

const CONSULTATION_TTL_MS = 48 * 3600 * 1000;

export interface LoadedRut {
	rut: string;
	isMonitoring: boolean;
	includeBureau: boolean;
	loadedAt: number;
}

type ProfileStatus = 'PROCESSING' | 'SUCCESS' | 'FAILED';

export interface ComplianceProfile {
	webhookId: number;
	fullName: string;
	isJuridicalPerson: boolean;
	searchErrors: number;
	isMonitoring: boolean;
	status: ProfileStatus;
	createdAt: number;
	/** null for monitoring profiles: they stay until deleted. */
	expiresAt: number | null;
}

/**
 * Webhook ids count up from here; 1 to FIRST_WEBHOOK_ID - 1 are never given, so a sample event
 * (docs/trigger.md's, the trigger panel's) can use one without being taken for a real screening.
 */
export const FIRST_WEBHOOK_ID = 1001;
/** The webhook id of the documented sample event: reserved, never given to a load. */
export const SAMPLE_WEBHOOK_ID = 1;

export class Account {
	readonly ruts = new Map<string, LoadedRut>();
	readonly profiles: ComplianceProfile[] = [];
	/** Changes made to RUTs' records over time, oldest first; a reload keeps them (the world changed, not the load). */
	private readonly changes = new Map<string, Change[]>();
	private counters = { paidLoads: 0, freeReads: 0, notFoundReads: 0, complianceLoads: 0 };
	/** Paid loads by month (YYYY-MM) on the sandbox clock: the history GET /usage reports. */
	readonly lookupsByMonth = new Map<string, number>();
	private nextWebhookId = FIRST_WEBHOOK_ID;
	/** When the account was opened: its plan starts that month unless the options say otherwise. */
	readonly openedAt: number;

	constructor(private readonly now: () => number) {
		this.openedAt = now();
	}

	load(rut: string, isMonitoring: boolean, includeBureau: boolean, paid: boolean): LoadedRut {
		if (paid) {
			this.counters.paidLoads++;
			const month = scorePeriod(this.now());
			this.lookupsByMonth.set(month, (this.lookupsByMonth.get(month) ?? 0) + 1);
		}
		const entry = { rut, isMonitoring, includeBureau, loadedAt: this.now() };
		this.ruts.set(rut, entry);
		return entry;
	}

	/** A read of a RUT: free when loaded, undefined (and counted as such) when not. */
	read(rut: string): LoadedRut | undefined {
		const entry = this.ruts.get(rut);
		if (entry) this.counters.freeReads++;
		else this.counters.notFoundReads++;
		return entry;
	}

	/** Changes a loaded RUT's record from now on; undefined when the RUT is not loaded. */
	change(rut: string, kind: ChangeKind): Change[] | undefined {
		if (!this.ruts.has(rut)) return undefined;
		const list = [...(this.changes.get(rut) ?? []), { kind, at: this.now() }];
		this.changes.set(rut, list);
		return list;
	}

	changesOf(rut: string): readonly Change[] {
		return this.changes.get(rut) ?? [];
	}

	/** Consultation profiles disappear after 48 h on the sandbox clock; monitoring ones stay. */
	private visible(p: ComplianceProfile): boolean {
		return p.expiresAt === null || this.now() < p.expiresAt;
	}

	/** A failed search leaves nothing to show, so the same search may be loaded again. */
	private active(p: ComplianceProfile): boolean {
		return p.status !== 'FAILED' && this.visible(p);
	}

	/** Spec §1 point 6: the same fullName, searchErrors and person type is the same profile. */
	activeProfile(fullName: string, searchErrors: number, isJuridicalPerson: boolean): ComplianceProfile | undefined {
		return this.profiles.find((p) => this.active(p) && p.fullName === fullName && p.searchErrors === searchErrors && p.isJuridicalPerson === isJuridicalPerson);
	}

	addProfile(input: Omit<ComplianceProfile, 'webhookId' | 'status' | 'createdAt' | 'expiresAt'>): ComplianceProfile {
		const createdAt = this.now();
		const profile: ComplianceProfile = {
			...input,
			webhookId: this.nextWebhookId++,
			status: 'PROCESSING',
			createdAt,
			expiresAt: input.isMonitoring ? null : createdAt + CONSULTATION_TTL_MS,
		};
		this.profiles.push(profile);
		this.counters.complianceLoads++;
		return profile;
	}

	visibleProfiles(): ComplianceProfile[] {
		return this.profiles.filter((p) => this.visible(p));
	}

	/** Paid look-ups made so far: every paid load. */
	get lookupsUsed(): number {
		return this.counters.paidLoads;
	}

	/** Monitoring places in use: loaded RUTs flagged for monitoring, by `until` (default: now). */
	monitoredRuts(until = Infinity): number {
		let count = 0;
		for (const entry of this.ruts.values()) if (entry.isMonitoring && entry.loadedAt <= until) count++;
		return count;
	}

	usage(): Usage {
		return { ...this.counters, loadedRuts: this.ruts.size, activeComplianceProfiles: this.profiles.filter((p) => this.active(p)).length };
	}
}
