// Loading a module of ours anew inside a test, for tests of module-level values: mutation testing
// counts only code that runs during a test as reached by it (test/MUTANTS.md). n8n-workflow is
// handed over as already loaded rather than evaluated again for each test, which took most of the
// time of such tests; only our own modules are evaluated anew.
export function isolated<T>(load: () => T): T {
	const workflow: unknown = jest.requireActual('n8n-workflow');
	let loaded: T | undefined;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => workflow);
		loaded = load();
	});
	return loaded as T;
}
