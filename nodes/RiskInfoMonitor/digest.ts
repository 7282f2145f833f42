/**
 * Output → One Digest per Poll: the poll's items in one, for a single Slack or e-mail message a
 * person reviews: counts by status and by kind of change, every item as it would have been
 * emitted (`items`), and a `text` of their details, suppliers that cannot be read the same way
 * said once together, cut to what one chat message takes and naming those it had no room for.
 * Fetch Test Event's digest is the same, of its sample, with status "sample" and `sample: true`.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { FIELDS, type ChangeKind } from './fields';
import { who } from './items';

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

export function digestItem(items: INodeExecutionData[], checkedAt: string, sample = false): INodeExecutionData {
	const jsons = items.map((i) => i.json);
	// Suppliers, not items: an item about many suppliers at once (unreadable.ts) counts them all.
	const byStatus = (status: string) => jsons.filter((j) => j.status === status).reduce((n, j) => n + suppliersIn(j), 0);
	const byKind: IDataObject = {};
	// Changed items only: a sample's changes show each watched value as it is, not a change.
	for (const j of jsons.filter((i) => i.status === 'changed')) {
		const kinds = new Set((j.changes as Array<{ field: string }>).map((c) => FIELDS.find((f) => f.name === c.field)?.kind ?? 'anyChange'));
		for (const kind of kinds) byKind[kind] = ((byKind[kind] as number | undefined) ?? 0) + 1;
	}
	const counts = {
		changed: byStatus('changed'),
		notLoaded: byStatus('notLoaded'),
		readFailed: byStatus('readFailed'),
		unreadable: byStatus('unreadable'),
		readableAgain: byStatus('readableAgain'),
		byKind,
	};
	const heading = [
		counts.changed ? `${plural(counts.changed, 'supplier', 'suppliers')} changed (${Object.entries(byKind).map(([k, n]) => `${KIND_WORDS[k as ChangeKind]} ${String(n)}`).join(', ')})` : '',
		counts.notLoaded ? `${plural(counts.notLoaded, 'RUT', 'RUTs')} not loaded` : '',
		counts.readFailed ? `${plural(counts.readFailed, 'RUT', 'RUTs')} that could not be read` : '',
		counts.unreadable ? `${plural(counts.unreadable, 'RUT', 'RUTs')} with fields the Monitor cannot watch` : '',
		counts.readableAgain ? `${plural(counts.readableAgain, 'RUT', 'RUTs')} readable again` : '',
		byStatus('sample') ? `${plural(byStatus('sample'), 'supplier', 'suppliers')} as read now` : '',
	].filter(Boolean).join('; ');
	const text = capped(`Risk Info Monitor${sample ? ' (a sample, nothing changed)' : ''}: ${heading}`, blocksOf(jsons));
	// What a person reads first in n8n's Table view, the items last.
	return { json: { status: sample ? 'sample' : 'digest', text, sample, checkedAt, counts, items: jsons } };
}

/** How many suppliers an item is about: one, or those an item for the whole account counts. */
function suppliersIn(j: IDataObject): number {
	const suppliers = (j.evidence as IDataObject | undefined)?.suppliers as { count?: unknown } | undefined;
	return j.rut === null && typeof suppliers?.count === 'number' ? suppliers.count : 1;
}

interface Block {
	text: string;
	/** The suppliers it is about, as the text names them. */
	suppliers: string[];
}

/** Suppliers named in one line of a shared block; the rest are counted. */
const NAMED_TOGETHER = 10;

/**
 * One block per item, but suppliers whose fields cannot be read the same way (the same fields,
 * keys and reasons: one drift of the service's answers) share one block, said once; an item about
 * the whole account's suppliers (unreadable.ts) comes first.
 */
function blocksOf(jsons: IDataObject[]): Block[] {
	const blocks: Block[] = [];
	const shared = new Map<string, { block: Block; rest: string }>();
	let accountBlocks = 0;
	for (const j of jsons) {
		const details = String(j.details);
		if (j.rut === null) {
			// About the whole account: first, where no cut can leave it out.
			blocks.splice(accountBlocks++, 0, { text: details, suppliers: [plural(suppliersIn(j), 'supplier', 'suppliers')] });
			continue;
		}
		const supplier = who(String(j.rut), (j.name as string | null) ?? null);
		if (j.status !== 'unreadable' || !details.startsWith(`${supplier}: `)) {
			blocks.push({ text: details, suppliers: [supplier] });
			continue;
		}
		const same = JSON.stringify((j.evidence as IDataObject).unreadFields);
		const group = shared.get(same);
		if (!group) {
			const block = { text: details, suppliers: [supplier] };
			shared.set(same, { block, rest: details.slice(supplier.length + 2) });
			blocks.push(block);
			continue;
		}
		group.block.suppliers.push(supplier);
		const named = group.block.suppliers.slice(0, NAMED_TOGETHER).join(', ');
		const more = group.block.suppliers.length - NAMED_TOGETHER;
		group.block.text = `${group.block.suppliers.length} suppliers, ${named}${more > 0 ? ` and ${more} more` : ''}: ${group.rest}`;
	}
	return blocks;
}

/** The heading and as many blocks as fit in MAX_DIGEST_TEXT, then the suppliers it had no room for, by name. */
function capped(heading: string, blocks: Block[]): string {
	const room = MAX_DIGEST_TEXT - 400;
	let text = heading;
	let shown = 0;
	for (const block of blocks) {
		const next = `${text}\n\n${block.text}`;
		if (next.length > room) break;
		text = next;
		shown++;
	}
	if (shown === 0 && blocks.length) {
		text = `${text}\n\n${blocks[0].text}`.slice(0, room).trimEnd() + '…';
		shown = 1;
	}
	const left = blocks.slice(shown).flatMap((b) => b.suppliers);
	if (!left.length) return text;
	const tail = `\n\n… and ${plural(left.length, 'more supplier', 'more suppliers')} not shown here: `;
	let names = '';
	for (const [i, name] of left.entries()) {
		const next = `${names}${i ? ', ' : ''}${name}`;
		if ((text + tail + next).length > MAX_DIGEST_TEXT - 20) return `${text}${tail}${names}, and ${left.length - i} more.`;
		names = next;
	}
	return `${text}${tail}${names}.`;
}
