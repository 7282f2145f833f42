// Point 4, second bullet: 1,000 items naming 100 distinct RUTs in different spellings cost 100
// requests; with "Load RUT If Not Loaded" on an account holding half of them, 50 paid loads.
import { startSandbox } from '../sandbox';
import { distinctRuts, repeatedInForms } from './ruts';
import { runChild } from './spawn';
import type { Section } from './types';
import { GET_SUMMARY } from './workflow';

const ITEMS = 1000;
const DISTINCT = 100;
const PARALLEL = 10;

export async function sharing(): Promise<Section> {
	const ruts = distinctRuts(DISTINCT, 78_000_000);
	const input = repeatedInForms(ruts, ITEMS);
	const spellings = new Set(input).size;
	const loaded = ruts.filter((_, i) => i % 2 === 0);
	const missing = ruts.filter((_, i) => i % 2 === 1);

	// All loaded: only reads, and each distinct RUT once.
	const reads = await withSandbox(ruts, async (sandbox, access) => {
		const r = await runChild({ kind: 'engine', access, ruts: input, warmup: [], parameters: GET_SUMMARY, parallel: PARALLEL });
		const perRut = countBy(sandbox.requests.map((q) => q.query.rut));
		return { outputs: r.outputs, failures: r.failures, requests: sandbox.requests.length, maxPerRut: Math.max(...perRut.values()), rutsAsked: perRut.size };
	});

	// Half loaded: free read first, a paid load only where the service says "not loaded".
	const loads = await withSandbox(loaded, async (sandbox, access) => {
		const parameters = { ...GET_SUMMARY, loadIfMissing: true };
		const r = await runChild({ kind: 'engine', access, ruts: input, warmup: [], parameters, parallel: PARALLEL });
		const loadBodies = sandbox.requests.filter((q) => q.method === 'POST').map((q) => (q.body as { rut?: string }).rut);
		return {
			outputs: r.outputs,
			failures: r.failures,
			loadedNowItems: r.loadedNow,
			requests: sandbox.requests.length,
			paidLoads: sandbox.usage().paidLoads,
			loadedExactlyTheMissing: sameSet(loadBodies, missing) && loadBodies.length === missing.length,
		};
	});

	const itemsPerRut = ITEMS / DISTINCT;
	return {
		title: `Request sharing and load-only-when-missing: ${ITEMS} items, ${DISTINCT} distinct RUTs`,
		method:
			`The ${ITEMS} items name ${DISTINCT} RUTs in ${spellings} spellings (12.345.678-5, 123456785, 12345678-5, lower-case k), shuffled; ` +
			`parallelism ${PARALLEL}. Requests and paid loads are counted by the sandbox.`,
		table: [
			['Run', 'items out', 'failed', 'HTTP requests', 'paid loads', 'items with loadedNow'],
			['all loaded, plain read', String(reads.outputs), String(reads.failures), String(reads.requests), '0', '-'],
			[
				`${loaded.length} of ${DISTINCT} loaded, Load RUT If Not Loaded`,
				String(loads.outputs),
				String(loads.failures),
				String(loads.requests),
				String(loads.paidLoads),
				String(loads.loadedNowItems),
			],
		],
		checks: [
			{ target: `HTTP requests for ${ITEMS} items naming ${DISTINCT} RUTs: ${DISTINCT}`, measured: String(reads.requests), pass: reads.requests === DISTINCT && reads.maxPerRut === 1 },
			{ target: `every one of the ${ITEMS} items gets its result`, measured: `${reads.outputs} out, ${reads.failures} failed`, pass: reads.outputs === ITEMS && reads.failures === 0 },
			{
				target: `paid loads with half the RUTs loaded: ${missing.length}, exactly the missing ones`,
				measured: `${loads.paidLoads}${loads.loadedExactlyTheMissing ? ', the missing ones' : ', NOT the missing set'}`,
				pass: loads.paidLoads === missing.length && loads.loadedExactlyTheMissing,
			},
			{
				target: `items saying loadedNow: the ${missing.length * itemsPerRut} naming a missing RUT; none failed`,
				measured: `${loads.loadedNowItems}, ${loads.failures} failed`,
				pass: loads.loadedNowItems === missing.length * itemsPerRut && loads.failures === 0 && loads.outputs === ITEMS,
			},
		],
		data: { items: ITEMS, distinct: DISTINCT, spellings, reads, loads },
	};
}

async function withSandbox<T>(
	preloadedRuts: string[],
	body: (sandbox: Awaited<ReturnType<typeof startSandbox>>, access: { baseUrl: string; accessToken: string; clientIdentifier: string }) => Promise<T>,
): Promise<T> {
	const sandbox = await startSandbox({ preloadedRuts });
	try {
		return await body(sandbox, { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId });
	} finally {
		await sandbox.close();
	}
}

function countBy(values: string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
	return counts;
}

function sameSet(a: Array<string | undefined>, b: string[]): boolean {
	const sa = new Set(a);
	return sa.size === b.length && b.every((x) => sa.has(x));
}
