// The IF nodes of the example workflows, evaluated with n8n's own filter logic (n8n-workflow's
// executeFilter, what the IF node runs), and the screening's reasons with n8n's own expression
// engine, on records the node really produces: the sandbox's V2 summaries of its known RUTs
// through Simplify, and the same records with a value made unknown.
// The real-n8n run of the examples is `npm run e2e`; this checks the rules case by case, fast.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Workflow, executeFilter, type FilterValue, type IDataObject } from 'n8n-workflow';

import { NO_OP, NodeTypesRegistry } from '../../harness/workflow';

import { NO_KEY_NAMES, parseKeyNames } from '../../nodes/shared/service/keyNames';
import { simplifiedFromApiV2 } from '../../nodes/shared/service/summaryV2';
import { PROVIDER_KEY_NAMES } from '../helpers/key-names';
import { KNOWN_RUTS } from '../../sandbox';
import { factsFor } from '../../sandbox/generate';
import { v2Summary } from '../../sandbox/v2records';

interface WfNode {
	name: string;
	type: string;
	parameters: IDataObject;
	onError?: string;
}
interface ExampleWorkflow {
	nodes: WfNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as ExampleWorkflow;

/** The node the named node's main output 0 leads to. */
function next(wf: ExampleWorkflow, name: string): WfNode {
	const to = wf.connections[name]?.main?.[0]?.[0]?.node;
	const node = wf.nodes.find((n) => n.name === to);
	if (!node) throw new Error(`nothing follows "${name}"`);
	return node;
}

const nodeTypes = new NodeTypesRegistry();

/** An n8n expression evaluated by n8n's own engine for one item, as a Set node in JSON mode evaluates its JSON. */
function evaluate(expression: string, json: IDataObject): IDataObject {
	const workflow = new Workflow({ nodes: [{ id: '1', name: 'Set', type: NO_OP, typeVersion: 1, position: [0, 0], parameters: {} }], connections: {}, active: false, nodeTypes });
	const value = workflow.expression.getParameterValue(expression, null, 0, 0, 'Set', [{ json }], 'manual', {});
	if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${expression} gave ${JSON.stringify(value)}`);
	// What the Set node then does with it: JSON text, parsed again.
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}

/**
 * Whether the IF passes `json` to its true output. Each condition must read one field as
 * `{{ $json.field }}`, so the rule stays readable in the editor; that field's value is put in.
 */
function passes(ifNode: WfNode, json: IDataObject): boolean {
	const filter = ifNode.parameters.conditions as unknown as FilterValue;
	const conditions = filter.conditions.map((c) => {
		const field = /^=\{\{ \$json\.(\w+) \}\}$/.exec(String(c.leftValue))?.[1];
		if (!field) throw new Error(`"${ifNode.name}": condition ${String(c.leftValue)} does not read one $json field`);
		return { ...c, leftValue: (json[field] ?? null) as never };
	});
	return executeFilter({ ...filter, conditions });
}

describe('supplier screening: Reasons to Review and Needs Review?', () => {
	const wf = read('supplier-screening.json');
	const summaryNode = wf.nodes.find((n) => n.type === 'n8n-nodes-riskinfo.riskInfo' && n.parameters.operation === 'getSummary')!;
	const reasonsNode = next(wf, summaryNode.name);
	const ifNode = next(wf, reasonsNode.name);
	const [reviewName, approveName] = wf.connections[ifNode.name].main.map((out) => out[0].node);
	const summary = (rut: string) => JSON.parse(JSON.stringify({ ...v2Summary(factsFor(rut), false), fechaCarga: '01-07-2025' })) as IDataObject;
	/** What Reasons to Review writes for a record: its JSON expression, evaluated by n8n's expression engine. */
	const withReasons = (record: IDataObject) => evaluate(String(reasonsNode.parameters.jsonOutput), record);
	// The record is the node's own Simplify of the summary; the simplified fields it reads are
	// checked against an independent reading of the spec's summary further down.
	const screen = (data: IDataObject) => withReasons(simplifiedFromApiV2(data) as unknown as IDataObject);
	const decide = (data: IDataObject) => (passes(ifNode, screen(data)) ? 'review' : 'approve');

	test('Risk Summary → Reasons to Review → an IF whose true output is Review and false output Approve', () => {
		expect([reasonsNode.type, reasonsNode.parameters.mode, ifNode.type]).toEqual(['n8n-nodes-base.set', 'raw', 'n8n-nodes-base.if']);
		expect([reviewName, approveName]).toEqual(['Review', 'Approve']);
	});

	test("the sandbox's clean RUT is approved, every other known RUT goes to review, each with its reasons in words and units", () => {
		const reasons = Object.fromEntries(Object.entries(KNOWN_RUTS).map(([kind, rut]) => [kind, screen(summary(rut)).reasons]));
		const decisions = Object.fromEntries(Object.entries(KNOWN_RUTS).map(([kind, rut]) => [kind, decide(summary(rut))]));
		expect(decisions).toEqual({
			clean: 'approve',
			indebted: 'review',
			bankrupt: 'review',
			// A natural person with an active labour case.
			naturalPerson: 'review',
			critical: 'review',
			// Clean on every indicator the IF reads, but two data sources failed.
			failingHelpers: 'review',
		});
		expect(reasons.clean).toEqual([]);
		const indebted = simplifiedFromApiV2(summary(KNOWN_RUTS.indebted));
		expect(reasons.indebted).toEqual(expect.arrayContaining([`overdue bank debt ${indebted.overdueBankDebt!.toLocaleString('en-US')} thousand CLP`]));
		expect(indebted.overdueBankDebt).toBeGreaterThan(999);
		expect(reasons.bankrupt).toContain('bankruptcy');
		expect(reasons.critical).toContain('compliance risk critical');
		expect(reasons.naturalPerson).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ active court cases?$/)]));
		// In plain words, not the service's names for its data sources (laborCollection, assets).
		expect(reasons.failingHelpers).toEqual(['not checked, the service could not read its data on: labor and pension debts, assets (vehicles, properties)']);
	});

	test('the bulletin under a provider\'s names: every known RUT goes to review, the clean one too, until the credential maps it; then each is decided as before', () => {
		// The answer as the sandbox's providerNames drift gives it (sandbox/README.md), made here from the normal one.
		const provider = (data: IDataObject): IDataObject => {
			const { boletinComercial, incluyeBureau, ...rest } = data;
			const renamed = Object.fromEntries(Object.entries(boletinComercial as IDataObject).map(([k, v]) => [k.replace(/SourceA$/, 'Alfa').replace(/SourceB$/, 'Beta').replace(/SourceC$/, 'Gamma'), v]));
			return { ...rest, boletinComercial: renamed, incluyeBuroExterno: incluyeBureau };
		};
		const names = parseKeyNames(JSON.stringify(PROVIDER_KEY_NAMES));
		const decideWith = (data: IDataObject, keyNames = NO_KEY_NAMES) => (passes(ifNode, withReasons(simplifiedFromApiV2(data, undefined, keyNames) as unknown as IDataObject)) ? 'review' : 'approve');
		for (const rut of Object.values(KNOWN_RUTS)) {
			expect([rut, decideWith(provider(summary(rut)))]).toEqual([rut, 'review']);
			expect([rut, decideWith(provider(summary(rut)), names)]).toEqual([rut, decide(summary(rut))]);
		}
		expect(withReasons(simplifiedFromApiV2(provider(summary(KNOWN_RUTS.clean))) as unknown as IDataObject).reasons).toEqual([expect.stringMatching(/bulletin/)]);
	});

	test('Review and Approve items start with decision and reasons, then the simplified record', () => {
		const record = screen(summary(KNOWN_RUTS.indebted));
		for (const [name, decision] of [[reviewName, 'review'], [approveName, 'approve']]) {
			const node = wf.nodes.find((n) => n.name === name)!;
			const item = evaluate(String(node.parameters.jsonOutput), record);
			expect(Object.keys(item).slice(0, 4)).toEqual(['decision', 'reasons', 'rut', 'name']);
			expect(item.decision).toBe(decision);
		}
	});

	test('the listed RUTs are known ones, so the e2e knows where each must go', () => {
		const rutsNode = wf.nodes.find((n) => n.type === 'n8n-nodes-base.set')!;
		const listed = JSON.parse(String((rutsNode.parameters.assignments as unknown as { assignments: IDataObject[] }).assignments[0].value).replace(/^=/, '')) as string[];
		expect(listed).toContain(KNOWN_RUTS.clean);
		expect(listed).toContain(KNOWN_RUTS.failingHelpers);
		for (const rut of listed) expect(Object.values(KNOWN_RUTS)).toContain(rut);
	});

	// Each case takes the clean RUT's summary and makes one thing unknown or bad.
	const unknown: Array<[string, (d: IDataObject) => void, RegExp]> = [
		['a failed data source (ayudantesFallidos)', (d) => (d.ayudantesFallidos = ['judicial']), /^not checked, the service could not read its data on: court cases$/],
		['a failed data source named by its section', (d) => (d.ayudantesFallidos = ['cobranzaLaboral']), /^not checked, the service could not read its data on: cobranza laboral$/],
		['compliance not processed (complianceRisk null)', (d) => ((d.compliance as IDataObject).estado = 'NO PROCESADO'), /^no compliance screening$/],
		['no compliance section', (d) => (d.compliance = null), /^no compliance screening$/],
		['compliance risk medium', (d) => ((d.compliance as IDataObject).riesgo = 'medium'), /^compliance risk medium$/],
		['compliance risk critical', (d) => ((d.compliance as IDataObject).riesgo = 'critical'), /^compliance risk critical$/],
		['no judicial section (cases and bankruptcy unknown)', (d) => (d.judicial = null), /^active court cases unknown$/],
		// The sum of the other counts is still 0: only unreadFields tells the count was not read.
		[
			'the civil cases under another name than the spec\'s (unreadFields)',
			(d) => {
				const judicial = d.judicial as IDataObject;
				judicial.civilesActivos = judicial.casosCivilesActivos;
				delete judicial.casosCivilesActivos;
			},
			/^not read, the service did not send them as documented: active civil cases, active judicial cases$/,
		],
		['bankruptcy signalled', (d) => ((d.judicial as IDataObject).boletinConcursal = true), /^bankruptcy$/],
		['no bank-debt section', (d) => (d.deudaBancaria = null), /^overdue bank debt unknown$/],
		['written-off bank debt unknown', (d) => ((d.deudaBancaria as IDataObject).deudaDirectaCastigada = null), /^written-off bank debt unknown$/],
		['overdue bank debt', (d) => ((d.deudaBancaria as IDataObject).deudaDirectaVencida = 50431), /^overdue bank debt 50,431 thousand CLP$/],
		['an active collection case', (d) => ((d.judicial as IDataObject).cobranzaActivos = 1), /^1 active court case$/],
		['no credit scoring (classification unknown)', (d) => (d.creditScoring = null), /^no credit classification$/],
		['a classification other than low risk', (d) => ((d.creditScoring as IDataObject).etiquetaClasificacion = 'Riesgo medio'), /^credit classification Riesgo medio$/],
	];
	test.each(unknown)('goes to review with %s, saying so', (_what, change, says) => {
		const data = summary(KNOWN_RUTS.clean);
		expect(decide(data)).toBe('approve');
		change(data);
		expect(decide(data)).toBe('review');
		expect(screen(data).reasons).toEqual(expect.arrayContaining([expect.stringMatching(says)]));
	});

	test('the low-risk label is compared ignoring case', () => {
		const data = summary(KNOWN_RUTS.clean);
		(data.creditScoring as IDataObject).etiquetaClasificacion = 'RIESGO BAJO';
		expect(decide(data)).toBe('approve');
	});

	test('in an estimate, a RUT not loaded yet goes to review with one reason: it is not loaded yet', () => {
		const estimate = withReasons({ rut: KNOWN_RUTS.clean, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load' });
		expect(estimate.reasons).toEqual(['not loaded yet: a real run pays to load it, then screens it']);
		expect(passes(ifNode, estimate)).toBe(true);
	});

	test("the node's Simplify gives Reasons to Review the same fields as the reference, on every record above", () => {
		const records = [
			...Object.values(KNOWN_RUTS).map((rut) => summary(rut)),
			...unknown.map(([, change]) => {
				const data = summary(KNOWN_RUTS.clean);
				change(data);
				return data;
			}),
		];
		for (const data of records) {
			const simplified = simplifiedFromApiV2(data) as unknown as IDataObject;
			const reference = ifFields(data);
			expect(Object.fromEntries(Object.keys(reference).map((k) => [k, simplified[k]]))).toEqual(reference);
		}
	});
});

/**
 * The fields Reasons to Review reads, computed from a V2 summary as docs/simplified-summary.md
 * table defines them (an independent reading, so the routing is not checked against the code it
 * tests): a sum is the sum of the parts that exist, null when none does; bankruptcy is true if any
 * signal says so, false if some signal exists and none does; a compliance record whose estado is
 * not PROCESADO has no risk.
 */
function ifFields(d: IDataObject): IDataObject {
	const section = (v: unknown) => (v && typeof v === 'object' ? (v as IDataObject) : undefined);
	const number = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : undefined);
	const sum = (...parts: unknown[]) => {
		const present = parts.map(number).filter((n): n is number => n !== undefined);
		return present.length ? present.reduce((a, b) => a + b, 0) : null;
	};
	const judicial = section(d.judicial);
	const bank = section(d.deudaBancaria);
	const score = section(d.creditScoring);
	const compliance = section(d.compliance);
	const signals = [judicial?.boletinConcursal, score?.judicialBankruptcy].filter((v) => typeof v === 'boolean') as boolean[];
	const bankruptcyCases = number(judicial?.casosQuiebra);
	if (bankruptcyCases !== undefined) signals.push(bankruptcyCases > 0);
	const screened = compliance !== undefined && (compliance.estado === undefined || compliance.estado === 'PROCESADO');
	return {
		failedHelpers: Array.isArray(d.ayudantesFallidos) ? d.ayudantesFallidos.map(String) : [],
		complianceRisk: screened && typeof compliance.riesgo === 'string' ? compliance.riesgo : null,
		bankruptcy: signals.length ? signals.includes(true) : null,
		activeJudicialCases: sum(judicial?.casosCivilesActivos, judicial?.cobranzaActivos, judicial?.laboralActivos),
		overdueBankDebt: sum(bank?.deudaDirectaVencida, bank?.deudaDirectaMorosa),
		writtenOffBankDebt: number(bank?.deudaDirectaCastigada) ?? null,
		classificationLabel: typeof score?.etiquetaClasificacion === 'string' ? score.etiquetaClasificacion : null,
	};
}

describe('compliance onboarding: a refused load', () => {
	const wf = read('compliance-onboarding.json');
	const load = wf.nodes.find((n) => n.parameters.operation === 'loadProfile')!;
	const ifNode = next(wf, load.name);
	const [loadedName, refusedName] = wf.connections[ifNode.name].main.map((out) => out[0].node);

	test('continues with the other suppliers, and the IF after it tells loaded from refused', () => {
		expect(load.onError).toBe('continueRegularOutput');
		expect(ifNode.type).toBe('n8n-nodes-base.if');
		expect(wf.nodes.find((n) => n.name === loadedName)?.parameters.operation).toBe('insert');
		expect(wf.nodes.find((n) => n.name === refusedName)?.type).toBe('n8n-nodes-base.set');
	});

	test('a load with a webhookId goes on to be remembered; an error item (as the node gives it) does not', () => {
		const loaded = { webhookId: 1001, message: 'Perfil recibido', fullName: 'Comercial Transparente Limitada', isMonitoring: false, isJuridicalPerson: true, searchErrors: 0 };
		const refused = {
			error: 'The service refused the request because the profile is already active…',
			details: { itemIndex: 0, httpCode: '409', description: 'The service said: …' },
		};
		expect(passes(ifNode, loaded)).toBe(true);
		expect(passes(ifNode, refused)).toBe(false);
		expect(passes(ifNode, { ...loaded, webhookId: null })).toBe(false);
	});
});

describe('compliance onboarding in two workflows, so the first thing a user clicks starts the screening', () => {
	const screen = read('compliance-onboarding.json');
	const results = read('compliance-onboarding-results.json');
	const triggers = (wf: ExampleWorkflow) => wf.nodes.filter((n) => /trigger/i.test(n.type));
	const table = (wf: ExampleWorkflow, operation: string) =>
		wf.nodes.find((n) => n.type === 'n8n-nodes-base.dataTable' && n.parameters.operation === operation) as WfNode & { parameters: { dataTableId?: { value: string }; tableName?: string } };

	test('the screening workflow has one trigger, Start, so n8n\'s Execute workflow button runs it (n8n would pick the service\'s trigger over a manual one)', () => {
		expect(triggers(screen).map((n) => [n.name, n.type])).toEqual([['Start', 'n8n-nodes-base.manualTrigger']]);
		expect(screen.nodes.some((n) => n.parameters.operation === 'loadProfile')).toBe(true);
	});

	test('the results workflow has only the Risk Info Trigger, which leads to Onboard or Compliance Review', () => {
		expect(triggers(results).map((n) => n.type)).toEqual(['n8n-nodes-riskinfo.riskInfoTrigger']);
		const ifNode = next(results, next(results, next(results, triggers(results)[0].name).name).name);
		expect(results.connections[ifNode.name].main.map((out) => out[0].node)).toEqual(['Onboard', 'Compliance Review']);
	});

	test('the results workflow reads the Data table the screening workflow creates and writes', () => {
		const created = table(screen, 'create').parameters.tableName;
		expect(table(screen, 'insert').parameters.dataTableId?.value).toBe(created);
		expect(table(results, 'get').parameters.dataTableId?.value).toBe(created);
	});

	test('each says where the other half is, by its name; neither uses n8n 1.x wording', () => {
		const note = (wf: ExampleWorkflow) => String(wf.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')!.parameters.content);
		const name = (wf: ExampleWorkflow) => (wf as unknown as { name: string }).name;
		expect(note(screen)).toContain(name(results));
		expect(note(results)).toContain(name(screen));
		expect(note(screen)).toMatch(/^## Onboarding, part 1 of 2: screen new suppliers\n\n\*\*Click Execute workflow\*\*/);
		for (const wf of [screen, results]) expect(note(wf)).not.toMatch(/activate|while the workflow is active|top row|bottom row/i);
	});

	test('the joined result says in English what a failed screening means before the service\'s own words', () => {
		const join = results.nodes.find((n) => n.name === 'Supplier with Result')!;
		const names = (join.parameters.assignments as unknown as { assignments: Array<{ name: string; value: string }> }).assignments.map((a) => a.name);
		expect(names.indexOf('message')).toBe(names.indexOf('error') - 1);
	});
});

describe('compliance onboarding: a result joined to the supplier remembered under its webhookId', () => {
	const results = read('compliance-onboarding-results.json');
	const join = results.nodes.find((n) => n.name === 'Supplier with Result')!;
	const assignments = (join.parameters.assignments as unknown as { assignments: Array<{ name: string; value: string }> }).assignments;
	const trigger = results.nodes.find((n) => /trigger/i.test(n.type))!;
	const lookup = next(results, trigger.name);

	/**
	 * The join's fields for one delivered event and what Find Supplier gave, evaluated by n8n's
	 * expression engine with the run data a real execution has, so `$('Compliance Result').item`
	 * follows the paired items back to the event.
	 */
	function joined(event: IDataObject, found: IDataObject): IDataObject {
		const nodes = [trigger, lookup, join].map((n, i) => ({ id: String(i), name: n.name, type: NO_OP, typeVersion: 1, position: [0, 0] as [number, number], parameters: {} }));
		const connections = { [trigger.name]: { main: [[{ node: lookup.name, type: 'main' as const, index: 0 }]] }, [lookup.name]: { main: [[{ node: join.name, type: 'main' as const, index: 0 }]] } };
		const workflow = new Workflow({ nodes, connections, active: false, nodeTypes });
		const task = (json: IDataObject, from?: string) => [
			{ startTime: 0, executionTime: 0, executionIndex: 0, source: from ? [{ previousNode: from }] : [], data: { main: [[{ json, pairedItem: { item: 0 } }]] } },
		];
		const runData = { [trigger.name]: task(event), [lookup.name]: task(found, trigger.name) };
		const runExecutionData = { resultData: { runData }, executionData: { contextData: {}, nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} } } as never;
		const input = [{ json: found, pairedItem: { item: 0 } }];
		const out: IDataObject = {};
		for (const a of assignments) {
			const executeData = { node: nodes[2], data: { main: [input] }, source: { main: [{ previousNode: lookup.name }] } };
			out[a.name] = workflow.expression.getParameterValue(a.value, runExecutionData, 0, 0, join.name, input, 'manual', {}, executeData) as IDataObject[string];
		}
		return out;
	}

	const event = { webhookId: 1001, status: 'SUCCESS', fullName: 'Maria Ejemplo Soto', risk: 'medium' };

	test('a delivered name other than the supplier\'s, under a colliding webhookId: nameMismatch with both names, to Compliance Review', () => {
		const out = joined(event, { webhookId: 1001, supplier: 'Inversiones Penumbra SpA', personType: 'juridical', rut: '76444444-2' });
		expect(out).toMatchObject({ supplier: 'Inversiones Penumbra SpA', deliveredName: 'Maria Ejemplo Soto', supplierLookup: 'nameMismatch' });
		const cleared = results.nodes.find((n) => n.name === 'Cleared?')!;
		const rule = String((cleared.parameters.conditions as unknown as FilterValue).conditions[0].leftValue);
		expect(rule).toContain("$json.supplierLookup === 'found'");
	});

	test('the same name, whatever its case and spacing: found', () => {
		const out = joined({ ...event, fullName: '  maria  ejemplo SOTO ' }, { webhookId: 1001, supplier: 'Maria Ejemplo Soto', personType: 'natural', rut: '' });
		expect(out).toMatchObject({ supplier: 'Maria Ejemplo Soto', supplierLookup: 'found' });
	});

	test('nothing remembered under the webhookId, or no table: the reasons as before', () => {
		expect(joined(event, {}).supplierLookup).toBe('no supplier was remembered with this webhookId');
		expect(joined(event, { error: 'Data table with name "riskinfo_onboarding" not found' }).supplierLookup).toBe('the supplier table could not be read: Data table with name "riskinfo_onboarding" not found');
	});
});
