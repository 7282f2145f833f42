// Every example imports into n8n: n8n refuses a workflow whose nodes share an id or a name, or
// whose connections name a node it does not have (import:workflow, "Workflow structure is invalid").
// And it reads on the canvas: n8n draws sticky notes behind nodes, so no note may lie under one.
import * as fs from 'node:fs';
import * as path from 'node:path';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');
const files = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));

interface Example {
	id: string;
	nodes: Array<{ id: string; name: string; type: string; position: [number, number]; parameters: { width?: number; height?: number } }>;
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

/** n8n's canvas: a node's position is its top-left corner; a node is 100 px square, its name written below it. */
const NODE = { width: 100, height: 100 + 40 };
/** A sticky note's size when its parameters do not set one (n8n's defaults). */
const NOTE = { width: 240, height: 160 };

test.each(files)('%s: no sticky note lies under a node', (file) => {
	const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Example;
	const isNote = (n: Example['nodes'][number]) => n.type === 'n8n-nodes-base.stickyNote';
	const under: string[] = [];
	for (const note of wf.nodes.filter(isNote)) {
		const [x, y] = note.position;
		const [w, h] = [note.parameters.width ?? NOTE.width, note.parameters.height ?? NOTE.height];
		for (const node of wf.nodes.filter((n) => !isNote(n))) {
			const [nx, ny] = node.position;
			if (nx < x + w && nx + NODE.width > x && ny < y + h && ny + NODE.height > y) under.push(`${note.name} under ${node.name}`);
		}
	}
	expect(under).toEqual([]);
});
