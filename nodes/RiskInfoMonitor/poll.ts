/**
 * One poll of the Monitor: the watched RUTs, the next of them in turn (at most RUTs per Poll,
 * those whose last read failed first), each read once through the one transport (free reads:
 * the transport refuses any paid call here), compared with what was remembered, one item per
 * RUT worth reporting (fields most of the poll's suppliers newly cannot be read in are one item
 * for them all, unreadable.ts). A RUT read for the first time gets its baseline silently; one
 * that is not loaded is reported once; a read that fails is tried again next poll and reported
 * after a few polls, never failing the poll for the others.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ServiceError, isNotLoadedError, leavingError } from '../shared/errors';
import { runPool, type Settled } from '../shared/pool';
import type { SimplifiedSummary } from '../shared/service/record';
import { keyNamesOf } from '../shared/service/keyNames';
import { readSummary, type SummaryRead } from '../shared/service/summaryV2';
import { RETRY_DEFAULTS, Transport } from '../shared/transport';
import { FIELDS, OTHER_FIELDS, fingerprint, reportable, unreadIn, watchedFields, type Change, type Value } from './fields';
import { digestItem } from './digest';
import { countsUnknown, evidenceKinds, readEvidence } from './evidence';
import { asSample, changedItem, notLoadedItem, readFailedItem, sampleItem, withEvidence } from './items';
import { MAX_TEXT_LENGTH, Memory, type Remembered } from './memory';
import { listedRuts, monitoredRuts, readSettings, type Settings } from './properties';
import { UnreadableNews, unreadableOf, withUnreadable } from './unreadable';

/** Failed reads in a row after which a RUT is reported (once) and goes back to its turn. */
const REPORT_AFTER = 3;
/** n8n's own poll budget when the running n8n does not say (n8n-core's PollContext default). */
const DEFAULT_BUDGET_MS = 5 * 60_000;
/** Of the budget, the part in which new reads may start; the rest is for the reads under way. */
const START_WITHIN = 0.8;

/** A RUT's number, which keys what is remembered of it (the check digit follows from it). */
const keyOf = (rut: string) => rut.slice(0, rut.indexOf('-'));

export async function monitorPoll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const node = this.getNode();
	const settings = readSettings.call(this);
	const budget = typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : DEFAULT_BUDGET_MS;
	// Reads only: a transport that may make no paid call refuses one before anything is sent. Its
	// retries wait no longer than the part of the budget kept for reads under way, so the poll ends
	// within n8n's poll timeout (under its durable scheduler, 45 s by default); a read given up is
	// tried again next poll.
	const maxWaitSeconds = Math.min(RETRY_DEFAULTS.maxWaitSeconds, (budget * (1 - START_WITHIN)) / 1000);
	const api = new Transport(this, { ...RETRY_DEFAULTS, maxWaitSeconds, maxPaidLoads: 0 });
	// A credential whose Answer Key Names cannot be used fails the poll before anything is sent.
	await keyNamesOf(api).catch((error: unknown) => Promise.reject(leavingError(node, error)));
	const watched = settings.source === 'list' ? listedRuts(node, this.getNodeParameter('ruts', '')) : await monitoredRuts(node, api);
	if (this.getMode() === 'manual') {
		// Fetch Test Event gives the item the chosen Output emits, so the nodes after are built on its keys.
		const item = await sample.call(this, api, watched, settings);
		return [[settings.digest ? digestItem([item], String(item.json.checkedAt), true) : item]];
	}
	if (!watched.length) return null;

	const store = this.getWorkflowStaticData('node');
	const started = Date.now();
	// A poll still reading when the next one starts (a slow service, a short interval) keeps its
	// turn: two polls comparing the same RUTs would report the same change twice.
	if (typeof store.busy === 'number' && store.busy > started) return null;
	store.busy = started + budget;
	try {
		return await pollOnce.call(this, api, watched, settings, store, started + budget * START_WITHIN);
	} finally {
		delete store.busy;
	}
}

async function pollOnce(
	this: IPollFunctions,
	api: Transport,
	watched: string[],
	settings: Settings,
	store: ReturnType<IPollFunctions['getWorkflowStaticData']>,
	startBefore: number,
): Promise<INodeExecutionData[][] | null> {
	const memory = new Memory(store);
	const byNumber = [...watched].sort((a, b) => Number(keyOf(a)) - Number(keyOf(b)));
	memory.keepOnly(new Set(byNumber.map(keyOf)));
	const { toRead, rotation } = nextReads(byNumber, memory, settings.perPoll);

	// No read starts after startBefore, nor after a read about the account (a 401 or 403: every
	// other read would fail the same way): those left wait for the next poll. The reads started
	// are the first ones of toRead.
	const jobs = toRead.map((rut) => async () => await readSummary(api, rut));
	const results = (await runPool(jobs, settings.parallel, { startBefore, stopOnError: aboutTheAccount })).filter((o): o is Settled<SummaryRead> => o !== undefined);
	const read = results.length;

	// Failures that are not about one RUT (the credential, a permission), or every read of the
	// poll failing (the service is down), fail the poll: nothing is remembered, the next poll
	// reads the same RUTs again.
	const errors = results.filter((o): o is { error: unknown } => 'error' in o).map((o) => o.error);
	const fatal = errors.find(aboutTheAccount) ?? (errors.length === read && read > 0 && !errors.some(isNotLoadedError) ? errors[0] : undefined);
	if (fatal !== undefined) throw leavingError(this.getNode(), fatal);

	// What the poll found is remembered only once the evidence reads, which may fail the poll too, are done.
	const remember: Array<() => void> = [];
	const items: INodeExecutionData[] = [];
	const changed: Reported[] = [];
	const news = new UnreadableNews(memory);
	results.forEach((result, i) => {
		const rut = toRead[i];
		const key = keyOf(rut);
		const checkedAt = new Date().toISOString();
		if ('value' in result) {
			const { record } = result.value;
			remember.push(() => memory.setFailures(key, 0));
			const before = memory.get(key);
			const { changes, remembered } = compare(memory, key, record);
			// Fields it cannot watch: said once per set of them (for the account when most suppliers
			// share it), and once more when they can be read again.
			const unreadable = unreadableOf(result.value, settings.kinds);
			news.add(rut, record, typeof before === 'object' ? before.unread : undefined, unreadable, checkedAt);
			const reported = reportable(changes, settings.kinds, settings.worseOnly);
			if (reported.length) {
				const item = changedItem(rut, record, reported, checkedAt);
				items.push(item);
				changed.push({ item, rut, changes: reported, record });
			}
			if (unreadable) Object.assign(remembered, { unread: unreadable.hash, names: unreadable.names });
			remember.push(() => memory.set(key, remembered));
		} else if (isNotLoadedError(result.error)) {
			if (memory.get(key) !== 'notLoaded') items.push(notLoadedItem(rut, checkedAt));
			remember.push(() => {
				memory.setFailures(key, 0);
				memory.setNotLoaded(key);
			});
		} else {
			const before = memory.failures(key);
			remember.push(() => memory.setFailures(key, Math.min(REPORT_AFTER, before + 1)));
			if (before + 1 === REPORT_AFTER) items.push(readFailedItem(rut, REPORT_AFTER, failureText(result.error), checkedAt));
		}
	});
	await addEvidence(this, api, changed, settings.parallel, startBefore);
	// The fields back come before any change found in them, so the message that they are back comes first.
	const { first, last, remember: said } = news.items();
	items.unshift(...first);
	items.push(...last);

	const lastOfRotation = toRead.slice(0, read).filter((rut) => rotation.has(rut)).pop();
	if (lastOfRotation !== undefined) memory.after = Number(keyOf(lastOfRotation));
	for (const write of remember) write();
	said();
	memory.save();
	if (!items.length) return null;
	return settings.digest ? [[digestItem(items, new Date().toISOString())]] : [items];
}

/** A RUT reported as changed: its item, its changes and the record they were found in. */
interface Reported {
	item: INodeExecutionData;
	rut: string;
	changes: Change[];
	record: SimplifiedSummary;
}

/**
 * The evidence of each reported change, read now for the RUTs reported and no other. A read
 * that fails leaves its evidence saying so; one about the account fails the poll, as a summary
 * read would, and starts no other. None starts after the poll's deadline (a wave of changes in a
 * large portfolio): the change is reported all the same, its evidence saying it was not read.
 */
async function addEvidence(
	ctx: IPollFunctions,
	api: Transport,
	changed: Reported[],
	parallel: number,
	startBefore = Infinity,
): Promise<void> {
	const wanted = changed.flatMap(({ rut, changes, record }, n) => evidenceKinds(changes).map((kind) => ({ n, rut, kind, changes, record })));
	const jobs = wanted.map(({ rut, kind, changes, record }) => async () => await readEvidence(api, rut, kind, changes, record));
	const results = await runPool(jobs, parallel, { startBefore, stopOnError: aboutTheAccount });
	const fatal = results.find((o): o is { error: unknown } => o !== undefined && 'error' in o && aboutTheAccount(o.error));
	if (fatal) throw leavingError(ctx.getNode(), fatal.error);
	const evidence = changed.map((): IDataObject => ({}));
	wanted.forEach(({ n, kind }, i) => {
		const result = results[i];
		if (result === undefined) evidence[n][kind] = { error: 'not read: the poll had no time left for it; the record shows the change.' };
		else evidence[n][kind] = 'value' in result ? result.value : { error: `could not be read: ${failureText(result.error)}` };
	});
	changed.forEach(({ item, record }, n) => withEvidence(item, evidence[n], countsUnknown(record)));
}

/**
 * This poll's RUTs: those whose last read failed (not yet reported), then the next ones in turn
 * after the last RUT read, wrapping around. The turn holds even when all fit in RUTs per Poll:
 * n8n's poll budget may end a poll before its last reads, which the next poll must reach.
 */
function nextReads(byNumber: string[], memory: Memory, perPoll: number): { toRead: string[]; rotation: Set<string> } {
	const retries = byNumber.filter((rut) => {
		const n = memory.failures(keyOf(rut));
		return n > 0 && n < REPORT_AFTER;
	}).slice(0, perPoll);
	const skip = new Set(retries);
	const after = memory.after ?? -1;
	let start = byNumber.findIndex((rut) => Number(keyOf(rut)) > after);
	if (start < 0) start = 0;
	const turn: string[] = [];
	for (let i = 0; i < byNumber.length && retries.length + turn.length < perPoll; i++) {
		const rut = byNumber[(start + i) % byNumber.length];
		if (!skip.has(rut)) turn.push(rut);
	}
	return { toRead: [...retries, ...turn], rotation: new Set(turn) };
}

/** The watched values; unknown (null) where the read could not read the field or a part of it. */
function valuesOf(record: SimplifiedSummary): Value[] {
	return FIELDS.map((field) => {
		const value = unreadIn(record, field) ? null : field.read(record);
		return typeof value === 'string' && value.length > MAX_TEXT_LENGTH ? value.slice(0, MAX_TEXT_LENGTH) : value;
	});
}

/**
 * What changed since the RUT was last read, and what to remember of it now. A value the read
 * lacks (a failed data source, a field the answer did not carry) keeps the one remembered, and
 * the fingerprint of the rest is only taken from a read whose data sources all answered and
 * whose every field could be read. The first read is the baseline.
 * @internal
 */
export function compare(memory: Memory, key: string, record: SimplifiedSummary): { changes: Change[]; remembered: Remembered } {
	const before = memory.get(key);
	const values = valuesOf(record);
	const complete = record.failedHelpers.length === 0 && record.unreadFields.length === 0;
	const now = complete ? fingerprint(record) : '';
	if (before === undefined || before === 'notLoaded') return { changes: [], remembered: { values, fingerprint: now } };
	const changes: Change[] = [];
	FIELDS.forEach((field, i) => {
		const [b, a] = [before.values[i], values[i]];
		if (b !== null && a !== null && b !== a) changes.push({ field: field.name, before: b, after: a });
	});
	if (complete && before.fingerprint !== '' && before.fingerprint !== now) changes.push({ field: OTHER_FIELDS.name, before: null, after: null });
	const remembered: Remembered = {
		values: values.map((v, i) => v ?? before.values[i]),
		fingerprint: complete ? now : before.fingerprint,
	};
	return { changes, remembered };
}

/** Fetch Test Event: the first RUT's record as it is now, so a workflow can be built before anything changes. */
async function sample(this: IPollFunctions, api: Transport, watched: string[], settings: Settings): Promise<INodeExecutionData> {
	const node = this.getNode();
	const first = watched[0];
	if (first === undefined) {
		throw new NodeOperationError(node, 'No RUT is monitored in this account yet, so there is nothing to show', {
			description: 'Load a RUT with monitoring on (Risk Info → RUT → Load, Monitoring on), or choose Watch → These RUTs.',
		});
	}
	const checkedAt = new Date().toISOString();
	try {
		const read = await readSummary(api, first);
		const { record } = read;
		const item = sampleItem(first, record, watchedFields(settings.kinds), checkedAt);
		// Its evidence too, read as a change's would be, so the nodes after can use it before anything changes.
		await addEvidence(this, api, [{ item, rut: first, changes: item.json.changes as unknown as Change[], record }], settings.parallel);
		return withUnreadable(item, unreadableOf(read, settings.kinds));
	} catch (error) {
		if (isNotLoadedError(error)) return asSample(notLoadedItem(first, checkedAt));
		throw leavingError(node, error);
	}
}

// How the Monitor tells and words a failed read: one home for the summary reads and the evidence reads.

/** The credential or the account's permission, or a redirect to elsewhere: no other read would fare better. */
function aboutTheAccount(error: unknown): boolean {
	if (!(error instanceof ServiceError)) return false;
	const s = error.failure.status;
	return s === 401 || s === 403 || (typeof s === 'number' && s >= 300 && s < 400);
}

/** e.g. 'the service answered HTTP 500 ("Error interno del servidor"), 4 tries.' */
function failureText(error: unknown): string {
	if (!(error instanceof ServiceError)) return `${error instanceof Error ? error.message : String(error)}.`;
	const f = error.failure;
	const what = typeof f.status === 'number' ? `the service answered HTTP ${f.status}` : `the service could not be reached (${f.status})`;
	return `${what}${f.serviceText ? ` ("${f.serviceText}")` : ''}, ${f.attempts} ${f.attempts === 1 ? 'try' : 'tries'}.`;
}
