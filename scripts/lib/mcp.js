'use strict';
// Issue 17 in a real n8n: the Risk Info tools of examples/risk-tools-mcp.json, published by n8n's
// own MCP Server Trigger and used by a real MCP client, the official SDK's, the way a desktop
// assistant or an IDE agent uses them. n8n 2.40.7 serves both MCP transports on one address
// (`/mcp/<path>`): Streamable HTTP (POST, what current clients speak; used here) and the older
// SSE (GET). The e2e hook needs only the running n8n, an API key for its public API and the
// in-process sandbox; it imports the trigger's bearer credential and publishes the example
// itself, so it depends on nothing else the e2e sets up. `npm start` calls prepareMcpExample()
// before n8n starts and prints mcpBanner(); start-check.js reads that banner back.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { assert, waitFor } = require('./checks');
const { exampleFiles, exampleWorkflows, loadSandbox } = require('./setup');

const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const RISKINFO_TOOL = 'n8n-nodes-riskinfo.riskInfoTool';
/** Operations that cost money (Load RUT If Not Loaded, which makes a read pay, is checked apart). */
const PAID_OPERATIONS = new Set(['load', 'loadProfile']);
const CHARS = new Intl.NumberFormat('en-US');

/** The example with the MCP Server Trigger: its id, JSON, trigger node and Risk Info tool nodes. */
function mcpExample() {
	for (const file of exampleFiles()) {
		const json = JSON.parse(fs.readFileSync(file, 'utf8'));
		const trigger = json.nodes?.find((n) => n.type === MCP_TRIGGER);
		if (trigger) return { id: json.id, file, json, trigger, tools: json.nodes.filter((n) => n.type === RISKINFO_TOOL) };
	}
	throw new Error('no example workflow in examples/ has an MCP Server Trigger');
}

/** The address MCP clients connect to: n8n serves MCP triggers under /mcp/ (N8N_ENDPOINT_MCP). */
function mcpAddress(n8nUrl, example = mcpExample()) {
	return `${n8nUrl}/mcp/${example.trigger.parameters.path}`;
}

/** The MCP tool name n8n gives a tool node ("Get Risk Summary" → Get_Risk_Summary), by n8n's own function. */
const toolName = (node) => require('n8n-workflow').nodeNameToToolName(node);

/** Imports the trigger's Bearer Auth credential, under the id the example references, holding `token`. */
async function importMcpCredential(n8n, token, example = mcpExample()) {
	const ref = example.trigger.credentials.httpBearerAuth;
	const file = path.join(n8n.userFolder, 'mcp-credential-import.json');
	fs.mkdirSync(n8n.userFolder, { recursive: true });
	fs.writeFileSync(file, JSON.stringify([{ id: ref.id, name: ref.name, type: 'httpBearerAuth', data: { token } }]), { mode: 0o600 });
	try {
		await n8n.importCredentials(file);
	} finally {
		fs.rmSync(file, { force: true });
	}
}

const tokenFile = (demoDir) => path.join(demoDir, 'mcp-token');

/**
 * `npm start`, before n8n starts: the MCP example gets its bearer credential (a token kept in
 * `demoDir`) and is published, each only when not done yet.
 */
async function prepareMcpExample(n8n, state, log, demoDir) {
	const example = mcpExample();
	const file = tokenFile(demoDir);
	if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
	const token = fs.readFileSync(file, 'utf8').trim();
	const tokenId = crypto.createHash('sha256').update(token).digest('hex').slice(0, 16);
	if (state.mcpCredential !== tokenId) {
		log("adding the MCP clients' bearer credential");
		await importMcpCredential(n8n, token, example);
		state.mcpCredential = tokenId;
	}
	if (!state.published?.includes(example.id)) {
		log(`publishing "${example.json.name}"`);
		await n8n.publishWorkflow(example.id);
		state.published = [...(state.published ?? []), example.id];
	}
}

/** `npm start`'s banner lines: what to paste into an MCP client. */
function mcpBanner(n8nUrl, demoDir) {
	const example = mcpExample();
	return [
		`  MCP server:  ${mcpAddress(n8nUrl, example)}  ("${example.json.name}", active)`,
		`               header Authorization: Bearer ${fs.readFileSync(tokenFile(demoDir), 'utf8').trim()}`,
		`               tools ${example.tools.map(toolName).join(', ')}: free reads only; Streamable HTTP, or SSE at the same address`,
		`               (they read loaded RUTs only: run "${exampleWorkflows({ required: ['supplierScreening'] }).supplierScreening.json.name}" once to load its RUTs)`,
	];
}

/**
 * A connected client of the official MCP SDK, over Streamable HTTP or, with `sse`, the older SSE
 * transport; `token` goes in the Authorization header of every request.
 */
async function connect(url, token, { sse = false } = {}) {
	const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
	const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
	const { SSEClientTransport } = require('@modelcontextprotocol/sdk/client/sse.js');
	const client = new Client({ name: 'riskinfo-e2e', version: '1.0.0' });
	const options = { requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} } };
	await client.connect(sse ? new SSEClientTransport(new URL(url), options) : new StreamableHTTPClientTransport(new URL(url), options));
	return client;
}

/** A tool's answer as the model reads it: its text, and whether MCP flags it as an error. */
async function call(client, name, args, seen) {
	const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
	const text = (result.content ?? []).map((c) => (c.type === 'text' ? c.text : JSON.stringify(c))).join('\n');
	seen.push(text);
	return { text, isError: result.isError === true };
}

// ---- What the sandbox says, read directly, to compare the tools' answers with --------------

async function sandboxGet(sandbox, p) {
	const res = await fetch(`${sandbox.url}/api/clients/v2${p}`, {
		headers: { authorization: `Bearer ${sandbox.token}`, 'x-client-identifier': sandbox.clientId, accept: 'application/json' },
		signal: AbortSignal.timeout(10_000),
	});
	assert(res.status === 200, `the sandbox answered ${res.status} for ${p}`);
	return (await res.json()).data;
}

/**
 * The simplified record docs/simplified-summary.md's table promises for a V2 summary `d`, field
 * by field from its "V2 source" column and the rules under it, with dates in ISO 8601 as the
 * example asks. Written from that page, not from the node's code, so the two can disagree.
 */
function documentedSummary(d) {
	const at = (p) => p.split('.').reduce((v, k) => (v === null || v === undefined ? undefined : v[k]), d);
	const number = (v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
	const text = (v) => (typeof v === 'string' ? v : null);
	const total = (...parts) => {
		const present = parts.map(number).filter((v) => v !== null);
		return present.length ? present.reduce((a, b) => a + b, 0) : null;
	};
	const screened = String(at('compliance.estado') ?? 'PROCESADO').trim().toUpperCase() === 'PROCESADO';
	const matches = (list) => (screened ? number(at(`compliance.resumen.${list}.totalResultados`) ?? at(`compliance.resumen.${list}.totalResults`)) : null);
	const quiebra = number(at('judicial.casosQuiebra'));
	const signals = [at('judicial.boletinConcursal'), at('creditScoring.judicialBankruptcy'), quiebra === null ? undefined : quiebra > 0].filter((v) => typeof v === 'boolean');
	const person = ['nombre', 'segundoNombre', 'apellido', 'segundoApellido'].map((k) => text(at(`compliance.${k}`))).filter(Boolean).join(' ');
	const civil = at('judicial.casosCivilesActivos');
	const collection = at('judicial.cobranzaActivos');
	const labor = at('judicial.laboralActivos');
	const loaded = text(at('fechaCarga'));
	const out = {
		rut: text(at('rut')),
		name: text(at('identificacion.razonSocial')) ?? (person || null),
		isLegalEntity: typeof at('esPersonaJuridica') === 'boolean' ? at('esPersonaJuridica') : null,
		activityStatus: text(at('identificacion.situacionActual')),
		hasActivities: { SI: true, NO: false }[String(at('identificacion.presentaActividades')).toUpperCase()] ?? null,
		classificationLabel: text(at('creditScoring.etiquetaClasificacion')),
		classificationPercentage: number(at('creditScoring.porcentajeClasificacion')),
		bulletinCasesSourceA: number(at('boletinComercial.casosSourceA')),
		bulletinCasesSourceB: number(at('boletinComercial.casosSourceB')),
		bulletinCasesSourceC: number(at('boletinComercial.casosSourceC')),
		bulletinAmountSourceA: number(at('boletinComercial.MontoSourceA')),
		bulletinAmountSourceB: number(at('boletinComercial.MontoSourceB')),
		bulletinAmountSourceC: number(at('boletinComercial.MontoSourceC')),
		activeCivilCases: number(civil),
		activeCollectionCases: number(collection),
		activeLaborCases: number(labor),
		activeJudicialCases: total(civil, collection, labor),
		bankruptcy: signals.length ? signals.includes(true) : null,
		overdueBankDebt: total(at('deudaBancaria.deudaDirectaVencida'), at('deudaBancaria.deudaDirectaMorosa')),
		writtenOffBankDebt: number(at('deudaBancaria.deudaDirectaCastigada')),
		complianceRisk: screened ? text(at('compliance.riesgo')) : null,
		compliancePepChile: matches('pepChile'),
		compliancePepRelatives: matches('pepChileFamiliares'),
		compliancePublicOfficials: matches('funcionariosPublicos'),
		complianceInternationalLists: matches('listasInternacionales'),
		complianceCriminal: matches('penal'),
		complianceCorporateMesh: matches('mallaSocietaria'),
		complianceNews: matches('noticias'),
		failedHelpers: Array.isArray(at('ayudantesFallidos')) ? at('ayudantesFallidos').map(String) : [],
		loadedOn: loaded && /^\d\d-\d\d-\d{4}$/.test(loaded) ? loaded.split('-').reverse().join('-') : loaded,
		// The units, spec §8: amounts in pesos, bank debt in thousands.
		bulletinAmountUnit: 'CLP',
		bankDebtUnit: 'thousands of CLP',
		// The sandbox answers as the spec shows: nothing the package could not read.
		unreadFields: [],
	};
	// The null fields the answer itself says it left out: the SourceC figures without Bureau data
	// (incluyeBureau false), the fields of a section whose data source failed (ayudantesFallidos).
	const failed = (Array.isArray(at('ayudantesFallidos')) ? at('ayudantesFallidos') : []).map((h) => String(h).toLowerCase());
	const SOURCE_OF = { identificacion: 'sii', boletinComercial: 'commertialBulletin', judicial: 'judicial', deudaBancaria: 'bankDebt', creditScoring: 'creditScoring', compliance: 'compliance' };
	const sectionsOf = (field) =>
		/^(name|activityStatus|hasActivities)$/.test(field) ? ['identificacion']
		: /^classification/.test(field) ? ['creditScoring']
		: /^bulletin(Cases|Amount)Source/.test(field) ? ['boletinComercial']
		: /^active/.test(field) ? ['judicial']
		: field === 'bankruptcy' ? ['judicial', 'creditScoring']
		: /BankDebt$/.test(field) ? ['deudaBancaria']
		: /^compliance/.test(field) ? ['compliance']
		: [];
	const leftOut = (field) => (at('incluyeBureau') === false && /^bulletin(Cases|Amount)SourceC$/.test(field)) || sectionsOf(field).some((s) => failed.includes(s.toLowerCase()) || failed.includes(SOURCE_OF[s].toLowerCase()));
	out.leftOutFields = Object.keys(out).filter((field) => out[field] === null && leftOut(field));
	return out;
}

/** The one record in a tool's answer (n8n answers a JSON array of the node's output items). */
function record(answer, what) {
	assert(!answer.isError, `${what} answered an error: ${answer.text.slice(0, 400)}`);
	let items;
	try {
		items = JSON.parse(answer.text);
	} catch {
		throw new Error(`${what} answered text that is not JSON: ${answer.text.slice(0, 300)}`);
	}
	assert(Array.isArray(items) && items.length === 1, `${what} answered ${Array.isArray(items) ? items.length : 'no'} items: ${answer.text.slice(0, 300)}`);
	return items[0];
}

function differences(got, want) {
	const keys = [...new Set([...Object.keys(want), ...Object.keys(got)])];
	return keys.filter((k) => JSON.stringify(got[k] ?? null) !== JSON.stringify(want[k] ?? null)).map((k) => `${k}: ${JSON.stringify(got[k])}, the sandbox's data says ${JSON.stringify(want[k])}`);
}

// ---- The checks ---------------------------------------------------------------------------

/** Publishes the example through n8n's public API and waits until its MCP address takes clients. */
async function publish(ctx) {
	await importMcpCredential(ctx.n8n, ctx.token, ctx.example);
	const res = await ctx.n8n.rest('POST', `/api/v1/workflows/${ctx.example.id}/activate`, { apiKey: ctx.apiKey });
	assert(res.status === 200, `activating "${ctx.example.json.name}" answered ${res.status}: ${res.text.slice(0, 300)}`);
	// Activation answers before the trigger's address is registered; until then n8n answers 404.
	ctx.client = await waitFor(`${ctx.url} took no MCP client`, async () => await connect(ctx.url, ctx.token).catch(() => undefined), 30_000, 1000);
}

/** Tool names, descriptions and input schemas as the client lists them, against the example's nodes. */
async function checkToolList(ctx, log) {
	let refused;
	try {
		await (await connect(ctx.url, 'not-the-token')).close();
	} catch (error) {
		refused = error;
	}
	assert(refused && /\b403\b/.test(`${refused.code} ${refused.message}`), `a client with a wrong bearer token was ${refused ? `refused with ${refused.message}` : 'let in'}`);

	const { tools } = await ctx.client.listTools();
	ctx.seen.push(JSON.stringify(tools));
	for (const t of tools) log(`tool ${t.name}: ${t.description}\n      input schema ${JSON.stringify(t.inputSchema)}`);
	const expected = ctx.example.tools.map(toolName).sort();
	assert(JSON.stringify(tools.map((t) => t.name).sort()) === JSON.stringify(expected), `the client lists ${tools.map((t) => t.name).join(', ')}; the example has ${expected.join(', ')}`);
	for (const node of ctx.example.tools) {
		const p = node.parameters;
		assert(!PAID_OPERATIONS.has(p.operation) && p.loadIfMissing !== true, `the example exposes "${node.name}", which can pay (${p.operation}, loadIfMissing ${p.loadIfMissing})`);
		const t = tools.find((x) => x.name === toolName(node));
		assert(t.description === p.toolDescription, `"${t.name}" is described to the model as ${JSON.stringify(t.description)}`);
		const props = t.inputSchema?.properties ?? {};
		if ('rut' in p) {
			const rut = props.rut;
			assert(JSON.stringify(Object.keys(props)) === '["rut"]' && t.inputSchema.required?.includes('rut'), `"${t.name}" takes ${JSON.stringify(t.inputSchema)}, not one required rut`);
			assert(rut.type === 'string' && /76111111-6/.test(rut.description) && /check digit/.test(rut.description) && /\bfree\b/.test(rut.description), `"${t.name}"'s rut is described as ${JSON.stringify(rut.description)}: it must show the format and say reads of a loaded RUT are free`);
		} else {
			assert(Object.keys(props).length === 0, `"${t.name}" takes ${JSON.stringify(props)}, expected no input`);
		}
	}
	// Clients that still speak SSE get the same tools at the same address.
	const sse = await connect(ctx.url, ctx.token, { sse: true });
	try {
		const listed = (await sse.listTools()).tools.map((t) => t.name).sort();
		assert(JSON.stringify(listed) === JSON.stringify(expected), `over SSE the client lists ${listed.join(', ')}`);
		const usage = await call(sse, ctx.byOperation('getUsage'), {}, ctx.seen);
		const raw = await ctx.sandboxGet('/usage');
		const plan = !usage.isError && record(usage, 'Get Usage over SSE');
		assert(
			plan && plan.paidLookupsContracted === raw.consultasContratadas && plan.paidLookupsRemaining === raw.consultasContratadas - raw.consultasRealizadas,
			`Get Usage over SSE answered ${usage.text.slice(0, 200)}; the sandbox's plan is ${JSON.stringify(raw).slice(0, 200)}`,
		);
	} finally {
		await sse.close().catch(() => {});
	}
	return `Streamable HTTP with the bearer token: ${tools.length} tools (${tools.map((t) => t.name).join(', ')}), each with the example's description and a string rut whose description gives the format and says reads are free (input schemas above); SSE at the same address: the same tools, and Get Usage answers the sandbox's plan as one flat record; a wrong token: refused (${refused.message.slice(0, 90)})`;
}

/** Get Summary through MCP for every known RUT equals the sandbox's summary as docs/simplified-summary.md maps it. */
async function checkSummary(ctx) {
	const summary = ctx.byOperation('getSummary');
	const paidBefore = ctx.sandbox.usage().paidLoads;
	for (const [kind, rut] of Object.entries(ctx.known)) {
		const raw = await ctx.sandboxGet(`/helper/resumen?rut=${rut}`);
		const got = record(await call(ctx.client, summary, { rut }, ctx.seen), `${summary} for ${rut}`);
		const diff = differences(got, documentedSummary(raw));
		assert(diff.length === 0, `${summary} for the ${kind} RUT ${rut}: ${diff.join('; ')}`);
	}
	// The model may write the RUT with dots and without the hyphen: the same record.
	const dotted = record(await call(ctx.client, summary, { rut: '76.111.111-6' }, ctx.seen), `${summary} for 76.111.111-6`);
	assert(dotted.rut === ctx.known.clean, `${summary} for 76.111.111-6 answered the record of ${dotted.rut}`);
	const paid = ctx.sandbox.usage().paidLoads - paidBefore;
	assert(paid === 0, `the calls paid for ${paid} loads`);
	return `${Object.keys(ctx.known).length} known RUTs: each simplified record equals the sandbox's summary field by field (docs/simplified-summary.md's mapping); 76.111.111-6 reads as ${ctx.known.clean}; no paid load`;
}

/** Malformed RUTs answer a tool error that says what is wrong, and nothing reaches the sandbox. */
async function checkBadRut(ctx) {
	const summary = ctx.byOperation('getSummary');
	const cases = [
		{ rut: '76111111-5', says: /not a valid RUT.*check digit does not match the number.*Check the whole RUT against its source/s, never: /76\.?111\.?111-?6|expected \d/ },
		// A model may hand over the company's name instead of its RUT.
		{ rut: 'ACME SpA', says: /^[^\n]*not a valid RUT: this is not a RUT at all; a RUT is a number/ },
	];
	const lines = [];
	for (const c of cases) {
		const before = ctx.sandbox.requests.length;
		const answer = await call(ctx.client, summary, { rut: c.rut }, ctx.seen);
		const sent = ctx.sandbox.requests.length - before;
		assert(answer.isError, `${summary} for "${c.rut}" is not flagged as an error: ${answer.text.slice(0, 300)}`);
		// A sentence for the model: n8n's MCP Server Trigger puts the error's name first.
		// One sentence, no item number: a tool call has one item, and n8n's own number is counted from 0.
		assert(/^The tool "[^"]+" could not answer: RUT /.test(answer.text), `${summary} for "${c.rut}" does not read as a sentence: ${JSON.stringify(answer.text.slice(0, 200))}`);
		assert(c.says.test(answer.text), `${summary} for "${c.rut}" answered ${JSON.stringify(answer.text.slice(0, 400))}`);
		assert(!c.never?.test(answer.text), `${summary} for "${c.rut}" suggests a RUT or a check digit: ${JSON.stringify(answer.text.slice(0, 400))}`);
		assert(!/\n\s+at /.test(answer.text), `${summary} for "${c.rut}" answered a stack trace: ${answer.text.slice(0, 400)}`);
		assert(sent === 0, `${summary} for "${c.rut}" sent ${sent} requests to the sandbox`);
		lines.push(`"${c.rut}" → ${JSON.stringify(answer.text.split('\n')[0])} (0 requests)`);
	}
	// A valid RUT the account lacks: one free 404, an error that says so, and no load.
	const missing = '11111111-1';
	const before = { requests: ctx.sandbox.requests.length, paid: ctx.sandbox.usage().paidLoads };
	const answer = await call(ctx.client, summary, { rut: missing }, ctx.seen);
	assert(answer.isError && /not loaded/.test(answer.text), `${summary} for the unloaded ${missing} answered ${JSON.stringify(answer.text.slice(0, 300))}`);
	assert(ctx.sandbox.usage().paidLoads === before.paid, `${summary} for the unloaded ${missing} paid for a load`);
	const sent = ctx.sandbox.requests.slice(before.requests).map((r) => `${r.method} ${r.path} ${r.status}`);
	lines.push(`unloaded ${missing} → ${JSON.stringify(answer.text.split('\n')[0])} (${sent.join(', ')}; no load)`);
	return lines.join('; ');
}

/** Each tool's answer size for the known RUTs, in characters, printed; the compact ones bounded. */
async function checkSizes(ctx, log) {
	const rows = [];
	const perCase = [];
	const row = (tool, kind, chars, note = '', bare = chars) => {
		rows.push({ tool, kind, chars, bare });
		log(`size ${tool.padEnd(22)} ${kind.padEnd(15)} ${CHARS.format(chars).padStart(7)} characters${note}`);
	};
	for (const node of ctx.example.tools) {
		const name = toolName(node);
		if (!('rut' in node.parameters)) {
			const answer = await call(ctx.client, name, {}, ctx.seen);
			assert(!answer.isError, `${name} answered an error: ${answer.text.slice(0, 300)}`);
			row(name, '(no input)', answer.text.length);
			continue;
		}
		for (const [kind, rut] of Object.entries(ctx.known)) {
			const answer = await call(ctx.client, name, { rut }, ctx.seen);
			const got = record(answer, `${name} for ${rut}`);
			const cases = Array.isArray(got.casos) ? got.casos.length : undefined;
			// A screening's findings by list (spec §6.2's arrays) come on top of its counts, as many as there are.
			const findings = Object.keys(got).filter((k) => /^dat(os|a)[A-Z]/.test(k));
			const bare = JSON.stringify([Object.fromEntries(Object.entries(got).filter(([k]) => !findings.includes(k)))]).length;
			row(name, kind, answer.text.length, cases === undefined ? (findings.length ? ` (${bare} without its findings)` : '') : ` (${cases} cases)`, bare);
			if (cases) perCase.push((answer.text.length - JSON.stringify([{ ...got, casos: [] }]).length) / cases);
		}
	}
	const summary = ctx.byOperation('getSummary');
	const summaries = rows.filter((r) => r.tool === summary);
	const full = Math.min(...(await Promise.all(Object.values(ctx.known).map(async (rut) => JSON.stringify(await ctx.sandboxGet(`/helper/resumen?rut=${rut}`)).length))));
	const biggest = Math.max(...summaries.map((r) => r.chars));
	assert(biggest <= 1000, `a simplified summary took ${biggest} characters; the example tells the model under 1,000`);
	assert(biggest * 4 <= full, `the biggest simplified summary (${biggest}) is not a quarter of the smallest full summary (${full})`);
	const compliance = rows.filter((r) => r.tool === ctx.byOperation('getByRut'));
	assert(Math.max(...compliance.map((r) => r.bare)) <= 1000, 'a compliance answer took more than 1,000 characters besides its findings; the example tells the model about 650');
	assert(perCase.length > 0, 'no known RUT has civil cases to measure');
	const perCaseMax = Math.max(...perCase);
	assert(perCaseMax <= 400, `a civil case takes ${Math.round(perCaseMax)} characters; the example says about 300, docs/ai-agents.md about 260`);
	return `simplified summaries ${Math.min(...summaries.map((r) => r.chars))}-${biggest} characters (full summaries from ${full}); compliance up to ${Math.max(...compliance.map((r) => r.bare))} besides its findings (${Math.max(...compliance.map((r) => r.chars))} with them); civil cases up to ${Math.round(perCaseMax)} characters each`;
}

/** No answer, error or listing the client saw carries a secret. */
function checkNoSecret(ctx) {
	const secrets = { 'the access token': ctx.sandbox.token, "the MCP clients' bearer token": ctx.token };
	for (const [what, secret] of Object.entries(secrets)) {
		const leaked = ctx.seen.find((t) => t.includes(secret));
		assert(!leaked, `${what} appears in an answer: ${leaked?.slice(0, 200)}`);
	}
	assert(ctx.seen.length > 20, `only ${ctx.seen.length} answers were looked at`);
	return `${ctx.seen.length} answers (listing, records, errors) hold neither the access token nor the bearer token`;
}

/**
 * `npm start`'s banner, as a user reads it: the printed MCP address and token let an MCP client in,
 * and it lists the example's tools, and one of them answers. Returns what it saw.
 */
async function checkMcpBanner(lines) {
	const address = lines.map((l) => /^\s*MCP server:\s+(http:\/\/\S+)/.exec(l)?.[1]).find(Boolean);
	const token = lines.map((l) => /Authorization: Bearer (\S+)/.exec(l)?.[1]).find(Boolean);
	assert(address && token, `the banner prints no MCP address and bearer token:\n${lines.slice(-20).join('\n')}`);
	assert(new URL(address).hostname === '127.0.0.1', `the MCP address ${address} is not on 127.0.0.1`);
	const example = mcpExample();
	const client = await connect(address, token);
	try {
		const listed = (await client.listTools()).tools.map((t) => t.name).sort();
		const expected = example.tools.map(toolName).sort();
		assert(JSON.stringify(listed) === JSON.stringify(expected), `the banner's MCP address lists ${listed.join(', ')}; the example has ${expected.join(', ')}`);
		const usage = toolName(example.tools.find((n) => n.parameters.operation === 'getUsage'));
		const answer = await call(client, usage, {}, []);
		assert(!answer.isError && typeof record(answer, usage).paidLookupsRemaining === 'number', `${usage} at the banner's MCP address answered ${answer.text.slice(0, 200)}`);
	} finally {
		await client.close().catch(() => {});
	}
	return `the printed MCP address and token list the example's ${example.tools.length} tools and Get Usage answers`;
}

/**
 * The e2e's MCP checks, each through `check(id, title, fn)`.
 * @param {{ n8n: object, apiKey: string, sandbox: object, check: Function, log?: Function }} o
 */
async function checkMcpTools(o) {
	const log = o.log ?? ((msg) => process.stdout.write(`[mcp] ${msg}\n`));
	const example = mcpExample();
	const { KNOWN_RUTS } = loadSandbox();
	const ctx = {
		...o,
		example,
		url: mcpAddress(o.n8n.url, example),
		token: crypto.randomBytes(24).toString('base64url'),
		known: KNOWN_RUTS,
		seen: [],
		sandboxGet: (p) => sandboxGet(o.sandbox, p),
		byOperation: (op) => toolName(example.tools.find((n) => n.parameters.operation === op)),
	};
	// Reads of these RUTs are free once loaded; marking them loaded is the sandbox's own setup, not a paid load.
	for (const rut of Object.values(KNOWN_RUTS)) o.sandbox.loadRut(rut);
	let ready;
	const steps = [
		['m1', 'an MCP client lists the Risk Info tools of the published example', (c) => checkToolList(c, log)],
		['m2', 'Get Summary through MCP gives the sandbox\'s data, simplified', checkSummary],
		['m3', 'a malformed RUT from the model: a plain tool error, nothing sent', checkBadRut],
		['m4', 'answer sizes of each tool for the known RUTs', (c) => checkSizes(c, log)],
		['m5', 'no secret in anything the MCP client saw', checkNoSecret],
	];
	try {
		for (const [id, title, fn] of steps) await o.check(id, title, async () => fn(await (ready ??= publish(ctx).then(() => ctx))));
	} finally {
		await ctx.client?.close().catch(() => {});
	}
}

module.exports = { checkMcpTools, checkMcpBanner, prepareMcpExample, mcpBanner, mcpExample, connect };
