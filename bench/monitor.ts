// The Risk Info Monitor at portfolio size. First, a round of 5,000 RUTs against a sandbox that
// allows 50 requests a second: its time against the rate limit's floor (the requests it needs ÷
// the allowed rate), and a second round with a new civil case for 5 suppliers, each reported once.
// Then 50,000 RUTs without a limit: what the Monitor remembers (static data per RUT, the heap it
// holds), with the time of a poll of 5,000.
import { startSandbox } from '../sandbox';
import type { MonitorJob, MonitorResult } from './monitor-child';
import { distinctRuts } from './ruts';
import { runScript } from './spawn';
import { fixed, scaled, type Section } from './types';

const PER_SECOND = 50;
const CYCLE_RUTS = scaled(5000);
const CYCLE_PER_POLL = 500;
const LATENCY_MS = 20;
const PARALLEL = 10;
// Issue 68: the account's pace lasts for the process (transport/accounts.ts), so only the first poll
// learns the limit, and it holds the rate learnt with no margin under it.
const MAX_OF_FLOOR = 1.1;
const MAX_REFUSED_SHARE = 0.02;
const CHANGED = 5;
const PORTFOLIO_RUTS = scaled(50_000);
const PORTFOLIO_PER_POLL = 5000;
const MAX_BYTES_PER_RUT = 100;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function polled(ruts: string[], options: Parameters<typeof startSandbox>[0], job: Omit<MonitorJob, 'access'>) {
	const sandbox = await startSandbox({ ...options, maxLogEntries: 3 * ruts.length });
	try {
		for (const rut of ruts) sandbox.loadRut(rut, { isMonitoring: true });
		const access = { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId };
		const result = await runScript<MonitorResult>('monitor-child.ts', { ...job, access }, 'monitor', { exposeGc: true });
		const requests = sandbox.requests;
		return { result, requests, usage: sandbox.usage() };
	} finally {
		await sandbox.close();
	}
}

export async function monitor(): Promise<Section> {
	const polls = Math.ceil(CYCLE_RUTS / CYCLE_PER_POLL);
	const cycleRuts = distinctRuts(CYCLE_RUTS, 76_100_000, 13);
	const changed = cycleRuts.filter((_, i) => i % Math.floor(CYCLE_RUTS / CHANGED) === 7).slice(0, CHANGED);
	const cycle = await polled(cycleRuts, { latencyMs: LATENCY_MS, rateLimit: { perSecond: PER_SECOND, retryAfterSeconds: 1 } }, {
		perPoll: CYCLE_PER_POLL,
		parallel: PARALLEL,
		rounds: [{ polls }, { polls, changeBefore: changed }],
	});
	// Each poll reads List Profiles once, then its RUTs: the requests a round needs, at best; the
	// second round adds the evidence of each change it reports (a civil case list each).
	const needed = CYCLE_RUTS + polls;
	const evidenceReads = cycle.requests.filter((r) => r.status === 200 && !r.path.endsWith('/helper/resumen') && !r.path.endsWith('/profiles')).length;
	const floorS = needed / PER_SECOND;
	const floorsS = [floorS, (needed + evidenceReads) / PER_SECOND];
	const roundS = cycle.result.rounds.map((r) => sum(r.pollMs) / 1000);
	const refused = cycle.requests.filter((r) => r.status === 429).length;
	const refusedShare = refused / cycle.requests.length;
	const answered = new Map<string, number>();
	for (const r of cycle.requests) if (r.status === 200 && r.path.endsWith('/helper/resumen')) answered.set(r.query.rut, (answered.get(r.query.rut) ?? 0) + 1);
	const oncePerRound = cycleRuts.every((rut) => answered.get(rut) === 2);

	const portfolioRuts = distinctRuts(PORTFOLIO_RUTS, 76_000_001, 17);
	const portfolio = await polled(portfolioRuts, {}, { perPoll: PORTFOLIO_PER_POLL, parallel: PARALLEL, rounds: [{ polls: Math.ceil(PORTFOLIO_RUTS / PORTFOLIO_PER_POLL) }] });
	const p = portfolio.result;
	const bytesPerRut = p.staticDataBytes / PORTFOLIO_RUTS;
	const portfolioPollS = p.rounds[0].pollMs.map((ms) => ms / 1000);

	const [first, second] = cycle.result.rounds;
	const ratios = roundS.map((t, i) => t / floorsS[i]);
	const reported = [...second.itemRuts].sort();
	return {
		title: `Monitor: a ${CYCLE_RUTS.toLocaleString('en-US')}-RUT round against ${PER_SECOND} requests/s, and memory at ${PORTFOLIO_RUTS.toLocaleString('en-US')} RUTs`,
		method:
			`The Monitor (RUTs monitored in the account) polled back to back in a child process by n8n-core's PollTriggerExecutor (harness/poll.ts), as an active n8n polls it, against the sandbox over HTTP. ` +
			`Round: ${CYCLE_RUTS} RUTs at ${CYCLE_PER_POLL} per poll (${polls} polls), ${PARALLEL} reads at a time, ${LATENCY_MS} ms latency, the sandbox allowing ${PER_SECOND} requests a second (429 with Retry-After: 1 beyond); ` +
			`the floor is the requests a round needs (${CYCLE_RUTS} reads and ${polls} List Profiles) ÷ ${PER_SECOND}/s. Before the second round ${CHANGED} RUTs get a new active civil case, whose evidence (the RUT's civil cases) the Monitor reads for those RUTs alone: the second round's floor counts those reads. ` +
			`Memory: ${PORTFOLIO_RUTS} RUTs at ${PORTFOLIO_PER_POLL} per poll, no limit, one round; the static data as JSON (what n8n stores) and the heap it takes once parsed (as n8n holds it after loading the workflow), each after a full collection.`,
		table: [
			['run', 'RUTs', 'polls', 'time s', 'floor s', 'time ÷ floor', '429s', 'items', 'CPU s'],
			['round 1 (baselines)', String(CYCLE_RUTS), String(polls), fixed(roundS[0], 1), fixed(floorsS[0], 1), fixed(roundS[0] / floorsS[0]), String(refused), String(first.items), '-'],
			[`round 2 (5 changes, ${evidenceReads} evidence reads)`, String(CYCLE_RUTS), String(polls), fixed(roundS[1], 1), fixed(floorsS[1], 1), fixed(roundS[1] / floorsS[1]), '(both rounds)', String(second.items), fixed(cycle.result.cpuMs / 1000, 1)],
			[`${PORTFOLIO_RUTS} RUTs, no limit`, String(PORTFOLIO_RUTS), String(p.rounds[0].pollMs.length), fixed(sum(portfolioPollS), 1), '-', '-', '-', String(p.rounds[0].items), fixed(p.cpuMs / 1000, 1)],
		],
		more: [
			{
				caption: `What the Monitor keeps for ${PORTFOLIO_RUTS.toLocaleString('en-US')} RUTs:`,
				table: [
					['static data (JSON)', 'per RUT', 'its heap once loaded (MiB)', 'heap before / after the round (MiB)', 'peak heap (MiB)', 'peak RSS (MiB)', `poll of ${PORTFOLIO_PER_POLL}: median s`],
					[
						`${fixed(p.staticDataBytes / 1024 / 1024)} MiB`,
						`${fixed(bytesPerRut, 1)} bytes`,
						fixed(p.staticDataHeapMiB, 1),
						`${fixed(p.heapBeforeMiB, 1)} / ${fixed(p.heapAfterMiB, 1)}`,
						fixed(p.peakHeapMiB, 0),
						fixed(p.peakRssMiB, 0),
						fixed([...portfolioPollS].sort((a, b) => a - b)[Math.floor(portfolioPollS.length / 2)], 1),
					],
				],
			},
		],
		checks: [
			{ target: `a ${CYCLE_RUTS}-RUT round within ${MAX_OF_FLOOR}× the rate limit's floor (evidence reads counted)`, measured: `${fixed(Math.max(...ratios))}× the floor (slower round: ${fixed(roundS[ratios.indexOf(Math.max(...ratios))], 1)} s against ${fixed(floorsS[ratios.indexOf(Math.max(...ratios))], 1)} s)`, pass: Math.max(...ratios) <= MAX_OF_FLOOR },
			{ target: `under ${MAX_REFUSED_SHARE * 100}% of the requests of both rounds refused (429)`, measured: `${(refusedShare * 100).toFixed(1)}% (${refused} of ${cycle.requests.length})`, pass: refusedShare < MAX_REFUSED_SHARE },
			{ target: `evidence read for the ${CHANGED} changed RUTs only`, measured: `${evidenceReads} evidence reads`, pass: evidenceReads === CHANGED },
			{ target: 'every RUT answered once per round; the round of baselines emits nothing; each change reported once', measured: `${oncePerRound ? 'each answered twice in 2 rounds' : 'not every RUT answered once per round'}; ${first.items} items, then ${second.items} (${reported.join(', ') === [...changed].sort().join(', ') ? 'the 5 changed' : reported.join(', ')})`, pass: oncePerRound && first.items === 0 && reported.join() === [...changed].sort().join() },
			{ target: 'nothing paid', measured: `${cycle.usage.paidLoads + portfolio.usage.paidLoads} paid loads`, pass: cycle.usage.paidLoads + portfolio.usage.paidLoads === 0 },
			{ target: `at most ${MAX_BYTES_PER_RUT} bytes of static data per RUT at ${PORTFOLIO_RUTS.toLocaleString('en-US')} RUTs (JSON, as n8n stores it)`, measured: `${fixed(bytesPerRut, 1)} bytes (${fixed(p.staticDataBytes / 1024 / 1024)} MiB)`, pass: bytesPerRut <= MAX_BYTES_PER_RUT },
		],
		data: { perSecond: PER_SECOND, cycleRuts: CYCLE_RUTS, perPoll: CYCLE_PER_POLL, parallel: PARALLEL, latencyMs: LATENCY_MS, needed, floorS, evidenceReads, floorsS, roundS, refused, changed, cycle: cycle.result, portfolioRuts: PORTFOLIO_RUTS, portfolio: p, bytesPerRut },
	};
}
