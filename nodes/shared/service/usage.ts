/**
 * The account's usage (GET /usage, free; addendum A4) in plain names: the plan's figures the
 * cost guard counts against (AccountPlan, below) and the credential's Test reports, and the rest
 * of Get Usage's simplified record. Dates stay as the service writes them.
 */
import type { IDataObject } from 'n8n-workflow';

import { PlanLookupsUsedUp, PlanUnreadable, ServiceError, shown } from '../errors';
import type { PlanGate, Transport } from '../transport';
import { V2 } from './endpoints';
import { readFree, type Read } from './keyNames';
import { key, optional, valueOf, type KeyTable } from './keys';
import { num, str } from './values';

/** The plan's figures in plain names; null where the answer does not say. */
export interface PlanFigures {
	paidLookupsContracted: number | null;
	paidLookupsUsed: number | null;
	/** Contracted less used, never below 0. */
	paidLookupsRemaining: number | null;
	monitoringPlacesContracted: number | null;
	monitoringPlacesUsed: number | null;
	/** Places in use beyond the plan. */
	monitoringPlacesOverPlan: number | null;
}

/** The top-level fields first, then the `monitoreos` and `limites` objects that repeat them. */
const PLAN = {
	lookupsContracted: key('paidLookupsContracted', 'number', 'consultasContratadas', 'limites.limiteConsultas'),
	lookupsUsed: key('paidLookupsUsed', 'number', 'consultasRealizadas'),
	placesContracted: key('monitoringPlacesContracted', 'number', 'monitoreosContratados', 'monitoreos.monitoreosContratados', 'limites.limiteMonitoreos'),
	placesUsed: key('monitoringPlacesUsed', 'number', 'monitoreosUsados', 'monitoreos.monitoreosUsados'),
	over: optional('monitoringPlacesOverPlan', 'number', 'monitoreos.monitoreosExcedidos'),
};

const MORE = {
	planStart: optional('planStart', 'text', 'informacionPlan.fechaInicioVigencia'),
	planEnd: optional('planEnd', 'text', 'informacionPlan.fechaFinVigencia'),
	nextMonth: optional('nextMonth', 'text', 'prediccionMensual.mesSiguiente'),
	lookupsEstimate: optional('nextMonthLookupsEstimate', 'number', 'prediccionMensual.consultasEstimadas'),
	monitoringEstimate: optional('nextMonthMonitoringEstimate', 'number', 'prediccionMensual.monitoreosEstimados'),
};

/**
 * What the usage readers read (GET /usage, addendum A4); the sections it names beside them are known.
 * @internal
 */
export const USAGE_KEYS: KeyTable = {
	keys: [...Object.values(PLAN), ...Object.values(MORE)],
	alsoKnown: ['informacionPlan', 'limites', 'limites.limiteLeafRut', 'monitoreos', 'prediccionMensual'],
};

/**
 * The figures of GET /usage's data.
 * @internal
 */
export function planFigures(data: unknown): PlanFigures {
	const read = (row: (typeof PLAN)[keyof typeof PLAN]) => num(valueOf(data, row));
	const lookupsContracted = read(PLAN.lookupsContracted);
	const lookupsUsed = read(PLAN.lookupsUsed);
	const placesContracted = read(PLAN.placesContracted);
	const placesUsed = read(PLAN.placesUsed);
	const over = read(PLAN.over);
	const both = (a: number | null, b: number | null) => a !== null && b !== null;
	return {
		paidLookupsContracted: lookupsContracted,
		paidLookupsUsed: lookupsUsed,
		paidLookupsRemaining: both(lookupsContracted, lookupsUsed) ? Math.max(0, lookupsContracted! - lookupsUsed!) : null,
		monitoringPlacesContracted: placesContracted,
		monitoringPlacesUsed: placesUsed,
		monitoringPlacesOverPlan: over ?? (both(placesContracted, placesUsed) ? Math.max(0, placesUsed! - placesContracted!) : null),
	};
}

/** Get Usage's simplified record: the plan's figures, its dates and next month's estimate. */
export function usageRecord(data: unknown) {
	return {
		...planFigures(data),
		planStart: str(valueOf(data, MORE.planStart)),
		planEnd: str(valueOf(data, MORE.planEnd)),
		nextMonth: str(valueOf(data, MORE.nextMonth)),
		nextMonthLookupsEstimate: num(valueOf(data, MORE.lookupsEstimate)),
		nextMonthMonitoringEstimate: num(valueOf(data, MORE.monitoringEstimate)),
	};
}

/** The account's usage (GET /usage, free), read into Get Usage's simplified record. */
export const USAGE: Read<ReturnType<typeof usageRecord>> = { name: 'Account usage', endpoint: V2.usage, keys: USAGE_KEYS, read: usageRecord };

// The account's plan as GET /usage gives it (addendum A4): the paid RUT look-ups it has left and
// its monitoring places. One instance serves one run of the node, beside its transport
// (accountPlan): it reads usage (free) at most once, before the first load that needs it, then
// counts the run's own look-ups and monitoring places against what was left. Each count is taken
// synchronously, so two loads in parallel can never both take the last look-up (the transport
// takes it just before sending a load that carries the plan as its `withinPlan`). Nothing here
// guesses a price.

/** The plan as read in this run: its figures, or why they could not be read. */
type PlanRead = { figures: PlanFigures } | { failure: string };

export class AccountPlan implements PlanGate {
	private pending?: Promise<void>;
	private planRead?: PlanRead;
	private lookupsTaken = 0;
	private placesTaken = 0;
	private readonly estimated = { lookups: 0, places: 0, placesOverPlan: 0 };

	constructor(private readonly readUsage: () => Promise<PlanFigures>) {}

	/** Whether the plan has been read (or its read has failed) in this run. */
	get known(): boolean {
		return this.planRead !== undefined;
	}

	/** Reads the plan once per run; a failed read is kept as the reason, not thrown. */
	async read(): Promise<void> {
		this.pending ??= this.readUsage().then(
			(figures) => void (this.planRead = { figures }),
			(error: unknown) => void (this.planRead = { failure: readFailure(error) }),
		);
		await this.pending;
	}

	private remainingLookups(): number {
		const planRead = this.planRead;
		if (!planRead) throw new PlanUnreadable('the plan was not read before the load');
		if ('failure' in planRead) throw new PlanUnreadable(planRead.failure);
		const remaining = planRead.figures.paidLookupsRemaining;
		if (remaining === null) throw new PlanUnreadable('the usage answer does not give the plan\'s look-ups (consultasContratadas, consultasRealizadas)');
		return remaining;
	}

	/** Takes one of the look-ups the plan had left, or throws when the run has used them. Call only once the plan is known. */
	takeLookup(): void {
		const remaining = this.remainingLookups();
		if (this.lookupsTaken >= remaining) throw new PlanLookupsUsedUp(remaining);
		this.lookupsTaken++;
	}

	/** Gives a look-up back: the load certainly did not run. */
	releaseLookup(): void {
		this.lookupsTaken = Math.max(0, this.lookupsTaken - 1);
	}

	/** Free places before the run, less those the run has taken; undefined when the plan is unknown. */
	private freePlaces(): number | undefined {
		const figures = this.planRead && 'figures' in this.planRead ? this.planRead.figures : undefined;
		if (!figures || figures.monitoringPlacesContracted === null || figures.monitoringPlacesUsed === null) return undefined;
		return figures.monitoringPlacesContracted - figures.monitoringPlacesUsed;
	}

	/** A monitoring load made: whether its place is beyond the plan's (undefined when the plan is unknown). */
	takePlace(): boolean | undefined {
		const free = this.freePlaces();
		if (free === undefined) return undefined;
		return ++this.placesTaken > free;
	}

	/** A dry run's would-be load: counted like a real one, and whether its monitoring place would be beyond the plan. */
	estimateLoad(monitoring: boolean): boolean | undefined {
		this.estimated.lookups++;
		if (!monitoring) return false;
		const free = this.freePlaces();
		if (free === undefined) return undefined;
		const over = ++this.estimated.places > free;
		if (over) this.estimated.placesOverPlan++;
		return over;
	}

	/**
	 * What a dry run says about the whole run on each of its items, once the plan was read: the
	 * look-ups left, how many the run would use, whether that goes past them, and how many of its
	 * loads would take a monitoring place beyond the plan.
	 */
	dryRunSummary(): IDataObject | undefined {
		if (!this.planRead) return undefined;
		const remaining = 'figures' in this.planRead ? this.planRead.figures.paidLookupsRemaining : null;
		return {
			planLookupsRemaining: remaining,
			lookupsNeeded: this.estimated.lookups,
			wouldExceedPlan: remaining === null ? null : this.estimated.lookups > remaining,
			loadsOverMonitoringPlan: this.estimated.placesOverPlan,
		};
	}
}

function readFailure(error: unknown): string {
	if (error instanceof ServiceError) {
		const said = error.failure.serviceText ? `: ${error.failure.serviceText}` : '';
		return `GET ${V2.usage.path} failed (${typeof error.failure.status === 'number' ? `HTTP ${error.failure.status}` : error.failure.status})${said}`;
	}
	return `GET ${V2.usage.path} failed: ${error instanceof Error ? error.message : shown(error)}`;
}

/**
 * The run's plan, one per transport, so everything that loads or estimates a load in the run
 * counts against the same one; read (free, with the credential's Answer Key Names) when first needed.
 */
export function accountPlan(api: Transport): AccountPlan {
	return api.memo('accountPlan', () => new AccountPlan(async () => await readFree(api, USAGE)));
}
