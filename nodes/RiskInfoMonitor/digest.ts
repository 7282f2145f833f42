/**
 * Output → One Digest per Poll: the poll's items in one, for a single Slack or e-mail message a
 * person reviews: counts by status and by kind of change, every item as it would have been
 * emitted (`items`), and a `text` of their details, cut to what one chat message takes.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { FIELDS, type ChangeKind } from './fields';

/** Slack shows up to 4,000 characters of a message's text before it folds it; Teams and e-mail take more. */
const MAX_DIGEST_TEXT = 3500;

const KIND_WORDS: Record<ChangeKind, string> = {
	complianceRisk: 'compliance risk',
	activeCases: 'court cases',
	bulletin: 'commercial bulletin',
	credit: 'credit',
	taxStatus: 'tax status',
	anyChange: 'other fields',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function digestItem(items: INodeExecutionData[], checkedAt: string): INodeExecutionData {
	const jsons = items.map((i) => i.json);
	const byStatus = (status: string) => jsons.filter((j) => j.status === status).length;
	const byKind: IDataObject = {};
	for (const j of jsons) {
		const kinds = new Set((j.changes as Array<{ field: string }>).map((c) => FIELDS.find((f) => f.name === c.field)?.kind ?? 'anyChange'));
		for (const kind of kinds) byKind[kind] = ((byKind[kind] as number | undefined) ?? 0) + 1;
	}
	const counts = { changed: byStatus('changed'), notLoaded: byStatus('notLoaded'), readFailed: byStatus('readFailed'), unreadable: byStatus('unreadable'), byKind };
	const heading = [
		counts.changed ? `${plural(counts.changed, 'supplier', 'suppliers')} changed (${Object.entries(byKind).map(([k, n]) => `${KIND_WORDS[k as ChangeKind]} ${String(n)}`).join(', ')})` : '',
		counts.notLoaded ? `${plural(counts.notLoaded, 'RUT', 'RUTs')} not loaded` : '',
		counts.readFailed ? `${plural(counts.readFailed, 'RUT', 'RUTs')} that could not be read` : '',
		counts.unreadable ? `${plural(counts.unreadable, 'RUT', 'RUTs')} with watched fields the service's answer does not carry` : '',
	].filter(Boolean).join('; ');
	const text = capped(`Risk Info Monitor: ${heading}`, jsons.map((j) => String(j.details)));
	return { json: { status: 'digest', counts, items: jsons, text, checkedAt } };
}

/** The heading and as many blocks as fit in MAX_DIGEST_TEXT, then how many were left out. */
function capped(heading: string, blocks: string[]): string {
	const room = MAX_DIGEST_TEXT - 80;
	let text = heading;
	let shown = 0;
	for (const block of blocks) {
		const next = `${text}\n\n${block}`;
		if (next.length > room) break;
		text = next;
		shown++;
	}
	if (shown === 0 && blocks.length) text = `${text}\n\n${blocks[0]}`.slice(0, room).trimEnd() + '…';
	const left = blocks.length - Math.max(shown, blocks.length ? 1 : 0);
	return left > 0 ? `${text}\n\n… and ${plural(left, 'more supplier', 'more suppliers')}: see the digest's items.` : text;
}
