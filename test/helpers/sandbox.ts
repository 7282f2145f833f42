// One sandbox per test file: started before the file's tests and closed after them, its request
// log cleared before each test, with the RUTs the tests read already loaded (as test setup, not
// as paid loads). The returned object stands for the running sandbox inside tests and hooks.
import { KNOWN_RUTS, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

export function useSandbox(options: SandboxOptions = {}, loaded: string[] = Object.values(KNOWN_RUTS)): Sandbox {
	let running: Sandbox | undefined;
	beforeAll(async () => {
		running = await startSandbox({ ...options, preloadedRuts: [...(options.preloadedRuts ?? []), ...loaded] });
	});
	afterAll(async () => await running?.close());
	beforeEach(() => running?.resetLog());
	return new Proxy({} as Sandbox, {
		get(_target, property) {
			if (!running) throw new Error('The sandbox starts in beforeAll: use it inside a test or a hook');
			const value: unknown = Reflect.get(running, property);
			return typeof value === 'function' ? value.bind(running) : value;
		},
	});
}
