// What a delivery emits: the Events and Minimum Risk filters, and the three output forms
// (the event, one item per finding, the raw payload).

import type { IDataObject } from 'n8n-workflow';

import { LISTS } from '../shared/service/screening';
import type { NormalisedEvent } from './normalise';
import { isPlainObject as isRecord } from '../shared/objects';

export type EventsFilter = 'all' | 'success' | 'failed';
export type MinimumRisk = 'any' | 'medium' | 'critical';
export type OutputMode = 'event' | 'findings' | 'raw';

const RANK: Record<string, number> = { free: 0, medium: 1, critical: 2 };

/**
 * FAILED events carry no risk, so the risk threshold never hides them: whether failures come
 * through is the Events choice alone. Any other event without a known risk passes only "Any".
 */
export function passes(n: NormalisedEvent, events: EventsFilter, minimumRisk: MinimumRisk): boolean {
	if (events === 'success' && n.status !== 'SUCCESS') return false;
	if (events === 'failed' && n.status !== 'FAILED') return false;
	if (minimumRisk === 'any' || n.status === 'FAILED') return true;
	const rank = n.risk !== null && Object.prototype.hasOwnProperty.call(RANK, n.risk) ? RANK[n.risk] : undefined;
	// An unknown minimum (RANK has no entry) compares false with any rank, so nothing passes it.
	return rank !== undefined && rank >= RANK[minimumRisk];
}

/**
 * One row per PEP, official, relative, sanctions, criminal, news or corporate-mesh entry.
 * @internal
 */
export function findings(event: IDataObject): IDataObject[] {
	const lists = isRecord(event.lists) ? event.lists : {};
	const summary = isRecord(event.summary) ? event.summary : {};
	const rows: IDataObject[] = [];
	for (const spec of LISTS) {
		const list = lists[spec.key];
		const items = isRecord(list) && Array.isArray(list.items) ? list.items : [];
		const entry = summary[spec.key];
		for (const finding of items) {
			rows.push({
				webhookId: event.webhookId,
				status: event.status,
				fullName: event.fullName,
				risk: event.risk,
				category: spec.key,
				categoryLabel: spec.label,
				categoryRisk: isRecord(entry) ? entry.risk : null,
				finding,
			} as IDataObject);
		}
	}
	return rows;
}

export function toItems(n: NormalisedEvent, payload: unknown, mode: OutputMode): IDataObject[] {
	if (mode === 'raw') return [payload as IDataObject];
	// A failure has no findings but is exactly what a findings flow must not lose.
	if (mode === 'findings' && n.status !== 'FAILED') return findings(n.event as IDataObject);
	return [n.event as IDataObject];
}
