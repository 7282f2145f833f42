// The node may not ask n8n for a copy of itself per item. n8n-core's getNode() deep-copies the node
// through a fresh WeakMap on every call, and one call per item (Simplify's version read) made a
// run of 10,000 Get Summary items peak at 1.38× the resident memory of the minimal node
// (bench/NOTES.md). No in-process heap figure showed that regression (the sandbox's garbage drowns
// it), so the copies themselves are counted, through n8n's engine, at two item counts: the number
// of items may not change it. The memory itself is judged by `npm run bench -- --only memory --strict`.
import { ExecuteContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { runRiskInfo } from '../../harness/workflow';
import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();

/** The class of n8n's execution contexts that defines getNode(). */
function getNodeOwner(): { getNode(): unknown } {
	let proto = ExecuteContext.prototype as object | null;
	while (proto && !Object.prototype.hasOwnProperty.call(proto, 'getNode')) proto = Object.getPrototypeOf(proto) as object | null;
	if (!proto) throw new Error("n8n-core's execution context has no getNode() to count");
	return proto as { getNode(): unknown };
}

/** Copies of the node n8n made while a version 2 Risk Info node ran `count` items with these parameters. */
async function copiesFor(count: number, parameters: IDataObject, input: IDataObject): Promise<number> {
	const spy = jest.spyOn(getNodeOwner(), 'getNode');
	try {
		const result = await runRiskInfo({
			parameters,
			inputs: Array.from({ length: count }, () => input),
			access: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId },
			node: { typeVersion: 2 },
		});
		expect(result.error ?? result.nodeErrors['Risk Info']).toBeUndefined();
		expect(result.items['Risk Info']).toHaveLength(count);
		return spy.mock.calls.length;
	} finally {
		spy.mockRestore();
	}
}

let name = 0;
const operations: Array<[string, () => IDataObject, IDataObject]> = [
	['V2 Get Summary', () => ({ apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: '={{ $json.rut }}' }), { rut: KNOWN_RUTS.clean }],
	['V1 Get Summary', () => ({ apiVersion: 'v1', resource: 'v1Rut', operation: 'getSummary', rut: '={{ $json.rut }}' }), { rut: KNOWN_RUTS.clean }],
	// Every item of a run asks for the same profile (one paid call); the service refuses one already active.
	['V1 Compliance Load Profile', () => ({ apiVersion: 'v1', resource: 'v1Compliance', operation: 'loadProfile', fullName: `Comercial Copias Numero ${++name} Limitada` }), {}],
];

beforeEach(() => sb.configure({ compliancePermission: { user: true, corporation: true } }));

test.each(operations)('%s: n8n copies the node as often for 40 items as for 2', async (_, parameters, input) => {
	const few = await copiesFor(2, parameters(), input);
	const many = await copiesFor(40, parameters(), input);
	expect(few).toBeGreaterThan(0);
	expect(many).toBe(few);
});
