/**
 * Which RUTs the Monitor watches: the ones flagged for monitoring in the account (Account → List
 * Profiles, read in shared/service/profiles.ts), or the user's own list. Every RUT is checked as the
 * action node checks them (shared/rut.ts).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { shown } from '../shared/errors';
import { isPlainObject } from '../shared/objects';
import { listProfiles } from '../shared/service/profiles';
import { RutFormatError, normaliseRut, rutAdvice } from '../shared/rut';
import type { Transport } from '../shared/transport';

/** The most RUTs one Monitor watches: what its memory and the bench are sized for. */
const MAX_WATCHED = 50_000;

/** "These RUTs": one per line, or separated by commas, semicolons or spaces; each checked, repeats dropped. */
export function listedRuts(node: INode, value: unknown): string[] {
	const entries = Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' ? splitList(v) : [v])) : splitList(value);
	const ruts = new Set<string>();
	entries.forEach((entry, i) => {
		try {
			ruts.add(normaliseRut(entry));
		} catch (error) {
			const reason = error instanceof RutFormatError ? error.reason : shown(error);
			throw new NodeOperationError(node, `RUTs: "${shown(entry)}" (entry ${i + 1}) is not a valid RUT: ${reason}`, {
				description: `${rutAdvice(error)} In the list, write one RUT per line or separate them with commas.`,
			});
		}
	});
	if (!ruts.size) throw new NodeOperationError(node, 'RUTs: the list is empty', { description: 'Write the RUTs to watch, one per line or separated by commas.' });
	return capped(node, [...ruts]);
}

function splitList(value: unknown): unknown[] {
	if (typeof value === 'number') return [value];
	if (typeof value !== 'string') return value === undefined || value === null ? [] : [value];
	return value.split(/[\s,;]+/).filter((part) => part !== '');
}

function capped(node: INode, ruts: string[]): string[] {
	if (ruts.length <= MAX_WATCHED) return ruts;
	throw new NodeOperationError(node, `The Monitor watches at most ${MAX_WATCHED.toLocaleString('en-US')} RUTs; ${ruts.length.toLocaleString('en-US')} were given`, {
		description: 'Split the portfolio between two Monitors (two workflows), each with its own list.',
	});
}

/**
 * "RUTs Monitored in the Account": the entries of List Profiles that carry a RUT and are flagged
 * for monitoring. An answer with no RUT entries, or entries without a monitoring flag, fails with
 * what was missing rather than watching nothing in silence.
 */
export async function monitoredRuts(node: INode, api: Transport): Promise<string[]> {
	const { data, entries, ruts } = await listProfiles(api);
	if (entries === undefined) throw missing(node, 'list of profiles', data);
	if (!ruts.length) {
		if (!entries) return [];
		throw missing(node, '"rut" on its entries', data);
	}
	if (ruts.every((e) => e.monitored === undefined)) throw missing(node, 'monitoring flag ("isMonitoring") on its RUT entries', data);
	// A malformed entry of the service's own is nothing a user can fix here, and no reason to stop watching the others.
	return capped(node, [...new Set(ruts.filter((e) => e.monitored === true && e.rut !== undefined).map((e) => e.rut!))]);
}

function missing(node: INode, what: string, data: unknown): NodeOperationError {
	const shape = Array.isArray(data) ? 'a list' : isPlainObject(data) ? `an object with ${Object.keys(data).slice(0, 8).map((k) => `"${k.slice(0, 40)}"`).join(', ') || 'no keys'}` : `"${shown(data).slice(0, 80)}"`;
	return new NodeOperationError(node, `The account's List Profiles answer has no ${what}, so the Monitor cannot tell which RUTs are monitored`, {
		description: `The service answered ${shape}. Choose Watch → These RUTs and list the RUTs instead, or tell the package's maintainers what the answer looks like.`,
	});
}
