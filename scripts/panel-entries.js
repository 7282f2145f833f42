#!/usr/bin/env node
'use strict';
// Developer tool, not part of CI: writes test/package/n8n-panel-entries.json, n8n's own node-panel
// entries that test/package/search-words.test.ts ranks ours against. From the pinned n8n in
// .runtime/n8n (npm run e2e installs it): every node type of n8n-nodes-base and n8n-nodes-langchain
// (hidden ones and those n8n excludes by default left out, as the panel leaves them) and every
// HTTP Request preset of a credential that n8n's panel search matches for one of the words the
// test searches, with its displayName, its codex aliases and the popularity the editor
// adds to its score (n8n-editor-ui/data/node-popularity.json). Run it again when the pinned n8n
// changes:   node scripts/panel-entries.js
const fs = require('node:fs');
const path = require('node:path');
const { sublimeSearch } = require('@n8n/utils/search/sublime-search');
const { RUNTIME } = require('./n8n-runtime');
const { ROOT } = require('./lib/n8n');

const OUT = path.join(ROOT, 'test', 'package', 'n8n-panel-entries.json');
const modules = path.join(RUNTIME, 'n8n', 'node_modules');
const read = (file) => JSON.parse(fs.readFileSync(path.join(modules, file), 'utf8'));

const { words } = JSON.parse(fs.readFileSync(OUT, 'utf8'));
const popularity = new Map(read('n8n-editor-ui/data/node-popularity.json').map((p) => [p.id, p.popularity]));
// n8n's default NODES_EXCLUDE (n8n 2 leaves out Execute Command and Local File Trigger): nodes an
// n8n at its defaults does not load, so its panel never lists them.
const { NodesConfig } = require(path.join(modules, '@n8n/config/dist/configs/nodes.config.js'));
const excluded = new Set(new NodesConfig().exclude);
const entries = new Map();
for (const [pkg, prefix] of [['n8n-nodes-base', 'n8n-nodes-base.'], ['@n8n/n8n-nodes-langchain', '@n8n/n8n-nodes-langchain.']]) {
	// nodes.json lists a node once per version, the newest first.
	for (const node of read(`${pkg}/dist/types/nodes.json`)) {
		const key = prefix + node.name;
		if (node.hidden || excluded.has(key) || entries.has(key)) continue;
		entries.set(key, { key, properties: { displayName: node.displayName, codex: { alias: node.codex?.alias ?? [] } }, popularity: popularity.get(key) ?? 0 });
	}
}
// A credential with an httpRequestNode (not hidden) is an entry of its own in the panel, an HTTP
// Request preset (the editor's workflows.store: its name as displayName, no aliases), e.g.
// "Microsoft Azure Monitor".
for (const credential of read('n8n-nodes-base/dist/types/credentials.json')) {
	const preset = credential.httpRequestNode;
	if (!preset || preset.hidden) continue;
	const key = `n8n-creds-base.${credential.name}`;
	entries.set(key, { key, properties: { displayName: preset.name ?? credential.displayName, codex: { alias: [] } }, popularity: popularity.get(key) ?? 0 });
}
const matched = new Set(words.flatMap((word) => sublimeSearch(word.toLowerCase(), [...entries.values()]).map((r) => r.item.key)));
const n8n = read('n8n/package.json').version;
const out = { n8n, words, entries: [...matched].sort().map((key) => entries.get(key)) };
// One entry a line, so a new n8n's changes read as a diff.
const lines = out.entries.map((e) => `\t\t${JSON.stringify(e)}`).join(',\n');
fs.writeFileSync(OUT, `{\n\t"n8n": ${JSON.stringify(n8n)},\n\t"words": ${JSON.stringify(words)},\n\t"entries": [\n${lines}\n\t]\n}\n`);
process.stdout.write(`${OUT}: ${out.entries.length} entries of n8n ${n8n}\n`);
