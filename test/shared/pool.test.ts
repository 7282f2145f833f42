// The bounded pool both nodes run their requests in: what it starts after a failure (the action
// node without Continue On Fail stops, with it goes on) and at a deadline (the Monitor's poll
// leaves the rest for the next poll). Time is Date.now() replaced by the test, so the deadline is
// reached exactly where a job moves it.
import { runPool } from '../../nodes/shared/pool';

const jobs = (started: number[]) => [
	async () => {
		started.push(0);
		throw new Error('refused');
	},
	async () => {
		started.push(1);
		return 'read';
	},
];

afterEach(() => jest.restoreAllMocks());

test('stopping on errors: after a failure it starts no further request', async () => {
	const started: number[] = [];
	expect(await runPool(jobs(started), 1, { stopOnError: true })).toEqual([{ error: new Error('refused') }, undefined]);
	expect(started).toEqual([0]);
});

test('under Continue On Fail (the default): every request is sent', async () => {
	const started: number[] = [];
	expect(await runPool(jobs(started), 1)).toEqual([{ error: new Error('refused') }, { value: 'read' }]);
	expect(started).toEqual([0, 1]);
});

test('no job starts at or after the deadline; those started are the first ones, each with its outcome', async () => {
	let now = 1_000;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
	const started: number[] = [];
	const job = (i: number) => async () => {
		started.push(i);
		if (i === 1) now = 2_000;
		return i;
	};
	const outcomes = await runPool([0, 1, 2, 3].map(job), 1, { startBefore: 2_000 });
	expect(outcomes).toEqual([{ value: 0 }, { value: 1 }, undefined, undefined]);
	expect(started).toEqual([0, 1]);
});

test('a deadline already past starts nothing', async () => {
	jest.spyOn(Date, 'now').mockReturnValue(5_000);
	const started: number[] = [];
	expect(await runPool(jobs(started), 2, { startBefore: 5_000 })).toEqual([undefined, undefined]);
	expect(started).toEqual([]);
});

test('at most `parallel` jobs run at a time', async () => {
	let running = 0;
	let most = 0;
	const job = async () => {
		running++;
		most = Math.max(most, running);
		await new Promise((resolve) => setImmediate(resolve));
		running--;
	};
	await runPool(Array.from({ length: 10 }, () => job), 3);
	expect(most).toBe(3);
});
