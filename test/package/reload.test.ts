// n8n loads a package's nodes more than once in one process: `n8n start` releases the node types
// once it is up, and the next reader (the editor's node types, the node catalog behind the AI
// builder's search_nodes) has the loader load them again, with new instances of the same classes
// (Node's module cache keeps the modules). Each load adds Poll Times to a polling node's
// properties in place (n8n-core's applySpecialNodeParameters), so a properties array the module
// shares between instances got a second Poll Times on every Monitor in the editor (issue 56).
// This runs n8n-core's own loader on the package's sources, as n8n does on its dist files.
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import type { INodeTypeDescription } from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '../..');
const sourceOf = (dist: string) => dist.replace(/^dist\//, '').replace(/\.js$/, '.ts');

/** Each node's properties by name, with how many times each name appears. */
const counts = (nodes: INodeTypeDescription[]) =>
	Object.fromEntries(nodes.map((d) => [d.name, d.properties.reduce<Record<string, number>>((c, p) => ({ ...c, [p.name]: (c[p.name] ?? 0) + 1 }), {})]));

test('loaded again, as n8n does once it is up, every node has the same properties: one Poll Times on the Monitor', async () => {
	const loader = new PackageDirectoryLoader(ROOT);
	// The sources package.json's dist files are built from, and no credentials: only the nodes are looked at.
	loader.packageJson.n8n = { nodes: (loader.packageJson.n8n?.nodes ?? []).map(sourceOf) };
	await loader.loadAll();
	const first = counts(loader.types.nodes);
	expect(first.riskInfoMonitor.pollTimes).toBe(1);

	loader.releaseTypes();
	await loader.ensureTypesLoaded();
	expect(counts(loader.types.nodes)).toEqual(first);
	expect(counts([loader.getNode('riskInfoMonitor').type.description as INodeTypeDescription])).toEqual({ riskInfoMonitor: first.riskInfoMonitor });
});
