// Ignore Repeated Deliveries' recording, step by step, against a store of processed items written
// here (n8n's own runs in repeated-deliveries.test.ts): how long each read-back waits and how many
// there are, what a repeat's execution says, and that recordings of two workflows do not wait for
// each other. n8n's `sleep` is replaced so the waits are counted, not spent, and the clock moves only
// when the store takes its time.
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

const waits: number[] = [];
jest.mock('n8n-workflow', () => ({
	...jest.requireActual<object>('n8n-workflow'),
	sleep: jest.fn(async (ms: number) => {
		waits.push(ms);
	}),
}));

// Loaded inside each test: a module-level constant (the custom data's key) takes a planted mutant
// only if the module loads while the mutant is active, and Stryker activates it per test.
type Repeats = typeof import('../../nodes/RiskInfoTrigger/repeats');
let unlessRepeated: Repeats['unlessRepeated'];
let withKey: Repeats['withKey'];
beforeEach(() => {
	jest.isolateModules(() => {
		({ unlessRepeated, withKey } = require('../../nodes/RiskInfoTrigger/repeats') as Repeats);
	});
});

let now = 1_000_000;
beforeEach(() => {
	waits.length = 0;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

type Answer = { new: string[]; processed: string[] };

/** An execute() context whose store answers `answers` in turn (then "already recorded"), each taking `tookMs`. */
function context(answers: Answer[], tookMs: number, workflowId = 'wf-1') {
	const calls: string[][] = [];
	const said: Record<string, string> = {};
	const hints: string[] = [];
	let next = 0;
	const ctx = {
		getWorkflow: () => ({ id: workflowId }),
		getNode: () => ({ id: 'trigger-1', name: 'Risk Info Trigger' }),
		customData: { set: (key: string, value: string) => (said[key] = value) },
		addExecutionHints: (...h: Array<{ message: string }>) => hints.push(...h.map((x) => x.message)),
		helpers: {
			checkProcessedAndRecord: async (keys: string[]) => {
				calls.push(keys);
				now += tookMs;
				return answers[next++] ?? { new: [], processed: keys };
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, calls, said, hints };
}

const items = (webhookId: string | number): INodeExecutionData[] => withKey([{ json: { webhookId, status: 'SUCCESS' } }, { json: { webhookId, row: 2 } }], 'key-1');
const isNew: Answer = { new: ['key-1'], processed: [] };

describe('after recording a new delivery, the read-backs', () => {
	test('each waits twice what the recording took: 3 read-backs while the key keeps being overwritten, then it runs', async () => {
		const { ctx, calls } = context([isNew, isNew, isNew, isNew, isNew, isNew], 120);
		const out = await unlessRepeated(ctx, items(5521));
		expect(out.map((i) => i.json)).toEqual([{ webhookId: 5521, status: 'SUCCESS' }, { webhookId: 5521, row: 2 }]);
		expect(calls.length).toBe(4);
		expect(waits).toEqual([240, 240, 240]);
	});

	test('wait 1 second at most, however slow the store', async () => {
		const { ctx } = context([isNew, isNew, isNew, isNew], 700);
		await unlessRepeated(ctx, items(5521));
		expect(waits).toEqual([1000, 1000, 1000]);
	});

	test('stop at the first that finds the key still recorded', async () => {
		const { ctx, calls } = context([isNew], 50);
		expect(await unlessRepeated(ctx, items(5521))).toHaveLength(2);
		expect(calls.length).toBe(2);
		expect(waits).toEqual([100]);
	});
});

test("a repeat emits nothing, and its execution says so, the webhookId cut to its first 100 characters", async () => {
	const { ctx, said, hints } = context([], 10);
	const id = `${'7'.repeat(100)}${'x'.repeat(10_000)}`;
	expect(await unlessRepeated(ctx, items(id))).toEqual([]);
	const text = `repeat of webhookId ${'7'.repeat(100)}, already received: nothing ran`;
	expect(said).toEqual({ riskInfoDelivery: text });
	expect(hints).toEqual([`A repeated delivery (${text}; Ignore Repeated Deliveries).`]);
	expect(waits).toEqual([]);
});

test('no items: nothing to record, nothing emitted', async () => {
	const { ctx, calls } = context([isNew], 10);
	expect(await unlessRepeated(ctx, [])).toEqual([]);
	expect(calls).toEqual([]);
});

test("two workflows' recordings do not wait for each other: one workflow's store hanging leaves the other's free", async () => {
	let release!: () => void;
	const hanging = context([], 0, 'wf-a');
	hanging.ctx.helpers.checkProcessedAndRecord = async () => await new Promise<Answer>((resolve) => (release = () => resolve({ new: [], processed: ['key-1'] })));
	const free = context([{ new: [], processed: ['key-1'] }], 0, 'wf-b');
	const first = unlessRepeated(hanging.ctx, items(1));
	let second: INodeExecutionData[] | undefined;
	const done = unlessRepeated(free.ctx, items(2)).then((out) => (second = out));
	// The free store answers at once, so its recording ends before the next turn of the event loop.
	await new Promise((resolve) => setImmediate(resolve));
	try {
		expect(second).toEqual([]);
	} finally {
		release();
		await Promise.all([first, done]);
	}
});
