'use strict';
// What a new user of `npm start` needs beyond the imports: the onboarding example's Data table
// created before anything runs, and the documented sample compliance event ready to send to the
// trigger. Shared by scripts/start.js and the browser e2e, which checks what the banner prints.
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./setup');

const DATA_TABLE = 'n8n-nodes-base.dataTable';

/** The Data tables the examples create on their first run ("create" with "create if not exists"): { name, columns }. */
function exampleDataTables(examples) {
	const tables = new Map();
	for (const wf of examples) {
		for (const n of wf.json.nodes) {
			if (n.type !== DATA_TABLE || n.parameters?.resource !== 'table' || n.parameters?.operation !== 'create') continue;
			const columns = (n.parameters.columns?.column ?? []).map((c) => ({ name: c.name, type: c.type }));
			tables.set(n.parameters.tableName, { name: n.parameters.tableName, columns });
		}
	}
	return [...tables.values()];
}

async function personalProjectId(n8n, cookie) {
	const res = await n8n.rest('GET', '/rest/projects/personal', { cookie });
	if (res.status !== 200 || !res.json?.data?.id) throw new Error(`GET /rest/projects/personal answered ${res.status}: ${res.text.slice(0, 300)}`);
	return res.json.data.id;
}

/** The Data tables of the owner's personal project (where imported workflows live), by name. */
async function dataTables(n8n, cookie) {
	const projectId = await personalProjectId(n8n, cookie);
	const res = await n8n.rest('GET', `/rest/projects/${projectId}/data-tables?take=500`, { cookie });
	if (res.status !== 200) throw new Error(`listing Data tables answered ${res.status}: ${res.text.slice(0, 300)}`);
	const list = res.json?.data?.data ?? res.json?.data ?? [];
	return { projectId, byName: new Map(list.map((t) => [t.name, t])) };
}

/** Creates each table that does not exist yet; returns the names it created. */
async function ensureDataTables(n8n, cookie, tables) {
	const { projectId, byName } = await dataTables(n8n, cookie);
	const created = [];
	for (const table of tables) {
		if (byName.has(table.name)) continue;
		const res = await n8n.rest('POST', `/rest/projects/${projectId}/data-tables`, { cookie, body: table });
		if (res.status !== 200) throw new Error(`creating the Data table "${table.name}" answered ${res.status}: ${res.text.slice(0, 300)}`);
		created.push(table.name);
	}
	return created;
}

async function deleteDataTable(n8n, cookie, name) {
	const { projectId, byName } = await dataTables(n8n, cookie);
	const table = byName.get(name);
	if (!table) return false;
	const res = await n8n.rest('DELETE', `/rest/projects/${projectId}/data-tables/${table.id}`, { cookie });
	if (res.status !== 200) throw new Error(`deleting the Data table "${name}" answered ${res.status}: ${res.text.slice(0, 300)}`);
	return true;
}

/**
 * The sample SUCCESS event of docs/trigger.md's "Try it without the service" (the one command of
 * that section, which test/trigger/documented-sample.test.ts runs as written), so there is one sample.
 */
function documentedSampleEvent() {
	const page = fs.readFileSync(path.join(ROOT, 'docs', 'trigger.md'), 'utf8');
	const section = page.slice(page.indexOf('\n## Try it without the service\n'));
	const quoted = /```sh\nprintf '%s' '([^']*)' \| gzip \| curl /.exec(section);
	if (!quoted) throw new Error('docs/trigger.md: no sample command under "## Try it without the service"');
	return JSON.parse(quoted[1]);
}

const shellQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** The documented command with the event read from `file`: gzip, the service's headers, bearer `token`. */
function sampleCommand({ url, token, file }) {
	return (
		`gzip -c ${shellQuote(file)} | curl -sS ${shellQuote(url)} -H 'Content-Type: application/json' ` +
		`-H 'Content-Encoding: gzip' -H ${shellQuote(`Authorization: Bearer ${token}`)} --data-binary @- -w '\\nHTTP %{http_code}\\n'`
	);
}

module.exports = { exampleDataTables, dataTables, ensureDataTables, deleteDataTable, documentedSampleEvent, sampleCommand };
