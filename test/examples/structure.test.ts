// Every example imports into n8n: n8n refuses a workflow whose nodes share an id or a name, or
// whose connections name a node it does not have (import:workflow, "Workflow structure is invalid").
import * as fs from 'node:fs';
import * as path from 'node:path';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');
const files = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));

interface Example {
	id: string;
	nodes: Array<{ id: string; name: string }>;
	/** By source node, then by connection type (main, ai_tool…). */
	connections: Record<string, Record<string, Array<Array<{ node: string }> | null>>>;
}

test('there are examples, each with its own workflow id', () => {
	const ids = files.map((f) => (JSON.parse(fs.readFileSync(path.join(EXAMPLES, f), 'utf8')) as Example).id);
	expect(files.length).toBeGreaterThanOrEqual(6);
	expect(new Set(ids).size).toBe(ids.length);
});

test.each(files)('%s: node ids and names are unique, and every connection joins two of its nodes', (file) => {
	const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Example;
	const twice = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
	expect(twice(wf.nodes.map((n) => n.id))).toEqual([]);
	expect(twice(wf.nodes.map((n) => n.name))).toEqual([]);
	const names = new Set(wf.nodes.map((n) => n.name));
	const ends = Object.entries(wf.connections).flatMap(([from, out]) => [from, ...Object.values(out).flat().flatMap((list) => list ?? []).map((c) => c.node)]);
	expect(ends.filter((n) => !names.has(n))).toEqual([]);
});
