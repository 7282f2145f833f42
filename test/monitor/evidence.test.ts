// The evidence behind each reported change, through n8n's engine against the sandbox: read free,
// only for the RUTs being reported, and what it says is what the service's own reads say (read
// here apart from the node). A failed evidence read leaves the change reported and says so.
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { PROVIDER_KEY_NAMES } from '../helpers/key-names';
import { call } from '../sandbox/helpers';
import { jsonOf as jsonOfItems, monitorWorkflow, sandboxWith } from './helpers';

// The items as the tests read them: the Monitor's JSON, whose shape the assertions check.
const jsonOf = (items: Parameters<typeof jsonOfItems>[0]) => jsonOfItems(items) as Array<Record<string, any>>;

const V2 = '/api/clients/v2';
const WATCHED = [KNOWN_RUTS.clean, KNOWN_RUTS.indebted, KNOWN_RUTS.critical];
const list = (ruts: string[]) => ({ source: 'list', ruts: ruts.join('\n') });
/** Requests other than summary reads: the evidence reads. */
const evidenceReads = (sb: Sandbox) => sb.requests.filter((r) => !r.path.endsWith('/helper/resumen')).map((r) => r.path);

let sb: Sandbox;
beforeEach(async () => (sb = await sandboxWith(WATCHED)));
afterEach(async () => {
	expect(sb.usage().paidLoads).toBe(0);
	expect(sb.requests.some((r) => r.method === 'POST')).toBe(false);
	await sb.close();
});

const service = async (path: string) => (await call(sb, 'GET', `${V2}${path}`)).json.data;

async function changedItems(rut: string, ...changes: Parameters<Sandbox['changeRut']>[1][]) {
	const wf = monitorWorkflow(sb, list(WATCHED));
	sb.resetLog();
	await wf.poll();
	expect(evidenceReads(sb)).toEqual([]);
	for (const change of changes) sb.changeRut(rut, change);
	sb.resetLog();
	const items = jsonOf((await wf.poll()).items);
	return { wf, items, reads: evidenceReads(sb) };
}

test('new civil cases: the active ones, newest first, at most 10, the new ones marked; read for the reported RUT only', async () => {
	const { items, reads } = await changedItems(KNOWN_RUTS.indebted, ...Array(11).fill('civilCase'));
	expect(reads).toEqual([`${V2}/helper/judicial/${KNOWN_RUTS.indebted}/civil`]);
	const casos = (await service(`/helper/judicial/${KNOWN_RUTS.indebted}/civil`)).casos as Array<Record<string, unknown>>;
	const active = casos.filter((c) => c.estado === 'Activo');
	const [item] = items;
	const evidence = item.evidence.civilCases;
	expect(evidence.active).toBe(active.length);
	expect(evidence.new).toBe(11);
	expect(evidence.cases).toHaveLength(10);
	expect(evidence.more).toBe(active.length - 10);
	// The 11 added are the newest (filed today) and all new; the case numbers are the service's.
	const added = casos.filter((c) => /^C-90\d\d-/.test(String(c.rol)));
	expect(evidence.cases.map((c: { caseNumber: string }) => c.caseNumber).every((n: string) => added.some((a) => a.rol === n))).toBe(true);
	expect(evidence.cases.every((c: { new: boolean }) => c.new)).toBe(true);
	expect(evidence.cases[0]).toEqual({ court: added[0].tribunal, caseNumber: expect.any(String), parties: added[0].caratulado, filedOn: added[0].fechaIngreso, state: 'Activo', new: true });
	expect(item.details.split('\n')[1]).toMatch(new RegExp(`^Civil cases, ${active.length} active \\(11 new\\): C-90\\d\\d-\\d{4}, .+; and ${active.length - 3} more$`));
});

test('one new case among older ones: only the newest is marked new', async () => {
	const before = (await service(`/helper/judicial/${KNOWN_RUTS.indebted}/civil`)).casos.filter((c: { estado: string }) => c.estado === 'Activo').length;
	expect(before).toBeGreaterThan(0);
	const { items } = await changedItems(KNOWN_RUTS.indebted, 'civilCase');
	const cases = items[0].evidence.civilCases.cases;
	expect(cases.map((c: { new: boolean }) => c.new)).toEqual([true, ...Array(Math.min(10, before + 1) - 1).fill(false)]);
	expect(cases[0].caseNumber).toMatch(/^C-9000-/);
});

test('a new labour case: the labour-case list\'s active cases, with the labour court and RIT the service gave, not the civil cases', async () => {
	const rut = KNOWN_RUTS.indebted;
	const civil = (await service(`/helper/judicial/${rut}/civil`)).casos as Array<Record<string, unknown>>;
	expect(civil.some((c) => c.estado === 'Activo')).toBe(true);
	const { items, reads } = await changedItems(rut, 'laborCase');
	expect(reads).toEqual([`${V2}/helper/judicial/${rut}/laboral`]);
	const labor = (await service(`/helper/judicial/${rut}/laboral`)).casos as Array<Record<string, unknown>>;
	const added = labor.filter((c) => c.estado === 'Activo');
	expect(added).toHaveLength(1);
	expect(added[0].tribunal).toMatch(/Juzgado de Letras del Trabajo/);
	const evidence = items[0].evidence.laborCases;
	expect(evidence).toMatchObject({ active: 1, new: 1, more: 0 });
	expect(evidence.cases).toEqual([{ court: added[0].tribunal, caseNumber: added[0].rol, parties: added[0].caratulado, filedOn: added[0].fechaIngreso, state: 'Activo', new: true }]);
	// Nothing of the civil list, whose cases sit at other courts under other numbers.
	expect(evidence.cases.some((c: { caseNumber: string }) => civil.some((k) => k.rol === c.caseNumber))).toBe(false);
	expect(items[0].details).toContain(String(added[0].rol));
});

const clp = (n: number) => `${n.toLocaleString('en-US')} CLP`;
const casesText = (n: number) => `${n} case${n === 1 ? '' : 's'}`;

/** A bulletin case given to a RUT: its item, the summary's bulletin figures and the Dicom read's unpaid cases, read apart from the node. */
async function bulletinChange(rut: string) {
	const { items, reads } = await changedItems(rut, 'bulletinCase');
	expect(reads).toEqual([`${V2}/helper/boletin/${rut}/boletinDicom`]);
	const figures = (await service(`/helper/resumen?rut=${rut}`)).boletinComercial;
	const unpaid = (await service(`/helper/boletin/${rut}/boletinDicom`)).casos.filter((c: { deudaActiva: boolean }) => c.deudaActiva);
	const sources = ['SourceA', 'SourceB', 'SourceC'].map((source) => ({ source, name: source, cases: figures[`casos${source}`] ?? null, amount: figures[`Monto${source}`] ?? null }));
	const total = (key: 'cases' | 'amount') => sources.reduce((sum, s) => sum + (s[key] ?? 0), 0);
	return { item: items[0], sources, unpaid, total };
}

test('a new bulletin case: the summary\'s figures by source, adding up to the change; then the Dicom read\'s unpaid cases, as many and as much as SourceA\'s; every amount in CLP', async () => {
	const { item, sources, unpaid, total } = await bulletinChange(KNOWN_RUTS.indebted);
	const evidence = item.evidence.bulletin;
	// The summary's own figures, source by source: SourceC null, as the RUT was loaded without Bureau data.
	expect(evidence.bySource).toEqual(sources);
	expect(sources.map((s) => s.cases === null)).toEqual([false, false, true]);
	expect(item.changes).toEqual([
		{ field: 'bulletinCases', before: total('cases') - 1, after: total('cases') },
		{ field: 'bulletinUnpaidAmount', before: total('amount') - 1_250_000, after: total('amount') },
	]);
	// The cases listed are the Dicom read's, which in the sandbox are SourceA's: they add up to its figures.
	expect(evidence).toMatchObject({ currency: 'CLP', casesFrom: 'SourceA', unpaid: unpaid.length, new: 1 });
	expect([evidence.unpaid, evidence.unpaidAmount]).toEqual([sources[0].cases, sources[0].amount]);
	expect(evidence.unpaidAmount).toBe(unpaid.reduce((sum: number, c: { montoImpago: number }) => sum + c.montoImpago, 0));
	expect(evidence.cases[0]).toEqual({ amount: 1_250_000, creditor: unpaid[0].nombreLibrador, documentKind: 'FAC', documentKindMeaning: 'invoice', date: unpaid[0].fechaEquifax, new: true });
	const [a, b] = sources as Array<{ cases: number; amount: number }>;
	expect(item.details.split('\n')[1]).toMatch(
		new RegExp(
			`^Commercial bulletin: ${casesText(total('cases'))}, ${clp(total('amount'))} unpaid \\(SourceA ${casesText(a.cases)}, ${clp(a.amount)}; SourceB ${casesText(b.cases)}, ${clp(b.amount)}; ` +
				`SourceC not given \\(loaded without Bureau data\\)\\); unpaid cases the Dicom read lists \\(SourceA\\): ${a.cases}, ${clp(a.amount)} \\(1 new\\): ` +
				`${clp(1_250_000)}, BANCO DEL SANDBOX, FAC \\(invoice\\), ${unpaid[0].fechaEquifax} \\(new\\)`,
		),
	);
	expect(item.summary).toContain(`commercial bulletin unpaid amount ${clp(total('amount') - 1_250_000)} → ${clp(total('amount'))}`);
	expect(item.details).not.toContain('$');
});

test('a RUT loaded with Bureau data: SourceC\'s figures too, adding up to the change', async () => {
	sb.loadRut(KNOWN_RUTS.indebted, { includeBureau: true });
	const { item, sources, total } = await bulletinChange(KNOWN_RUTS.indebted);
	const c = sources[2] as { cases: number; amount: number };
	expect(typeof c.cases).toBe('number');
	expect(item.evidence.bulletin.bySource).toEqual(sources);
	expect(item.changes.map((change: { after: number }) => change.after)).toEqual([total('cases'), total('amount')]);
	expect(item.details.split('\n')[1]).toContain(`; SourceC ${casesText(c.cases)}, ${clp(c.amount)}); `);
});

test('the service\'s own provider names in Answer Key Names: the details name each source that way (Alfa, not SourceA), the evidence\'s fields keep the spec\'s names', async () => {
	sb.configure({ answerDrift: 'providerNames' });
	const wf = monitorWorkflow(sb, list(WATCHED));
	wf.editCredential('riskInfoApi', { answerKeyNames: JSON.stringify(PROVIDER_KEY_NAMES) });
	await wf.poll();
	sb.changeRut(KNOWN_RUTS.indebted, 'bulletinCase');
	const [item] = jsonOf((await wf.poll()).items);
	const evidence = item.evidence.bulletin;
	expect(evidence.bySource.map((s: { source: string; name: string }) => [s.source, s.name])).toEqual([['SourceA', 'Alfa'], ['SourceB', 'Beta'], ['SourceC', 'Gamma']]);
	expect(evidence).toMatchObject({ casesFrom: 'SourceA', casesFromName: 'Alfa' });
	const line = item.details.split('\n')[1];
	expect(line).toMatch(/ unpaid \(Alfa \d+ cases?, .*; Beta \d+ cases?, .*; Gamma not given \(loaded without Bureau data\)\); unpaid cases the Dicom read lists \(Alfa\): /);
	expect(line).not.toMatch(/Source[ABC]/);
});

test('compliance risk rises: the findings by list, named as the service names them', async () => {
	const { items, reads } = await changedItems(KNOWN_RUTS.clean, 'criticalRisk');
	expect(reads).toEqual([`${V2}/helper/compliance/${KNOWN_RUTS.clean}`]);
	const screening = await service(`/helper/compliance/${KNOWN_RUTS.clean}`);
	const evidence = items[0].evidence.compliance;
	expect(evidence.risk).toBe('critical');
	const criminal = evidence.lists.find((l: { list: string }) => l.list === 'Criminal');
	expect(criminal.results).toBe(screening.resumen.penal.totalResultados);
	expect(criminal.findings.map((f: { name: string }) => f.name)).toEqual(screening.dataPenal.map((p: { name: string }) => p.name));
	expect(criminal.findings[0].detail).toContain(screening.dataPenal[0].infraction);
	// Every list the service counts a result in is there, and no other.
	const counted = Object.entries(screening.resumen).filter(([, v]) => (v as { totalResultados: number }).totalResultados > 0).length;
	expect(evidence.lists).toHaveLength(counted);
	expect(items[0].details).toMatch(/\nCompliance findings: Criminal \(1\): .+, (Estafa|Apropiacion indebida|Lavado de activos), /);
});

test('a worse credit score: the label, the percentage and the data sources\' weights', async () => {
	const wf = monitorWorkflow(sb, { ...list(WATCHED), changeKinds: ['credit'] });
	await wf.poll();
	sb.changeRut(KNOWN_RUTS.clean, 'creditDowngrade');
	sb.resetLog();
	const items = jsonOf((await wf.poll()).items);
	expect(evidenceReads(sb)).toEqual([`${V2}/creditScore/${KNOWN_RUTS.clean}`]);
	const score = await service(`/creditScore/${KNOWN_RUTS.clean}`);
	expect(items[0].evidence.creditScore).toEqual({
		label: score.etiquetaClasificacion,
		percentage: score.porcentajeClasificacion,
		period: score.periodo,
		weights: [
			{ source: 'financial', weight: score.ponderacionFinanciero, max: score.maxPonderacionFinanciero },
			{ source: 'judicial', weight: score.ponderacionJudicial, max: score.maxPonderacionJudicial },
			{ source: 'labor collection', weight: score.ponderacionCobranzaLaboral, max: score.maxPonderacionCobranzaLaboral },
			{ source: 'commercial bulletin', weight: score.ponderacionBoletin, max: score.maxPonderacionBoletin },
		],
	});
	// The service's labels, with their English meaning beside them wherever users read them.
	const label = (text: string) => `${text} (${{ 'Riesgo bajo': 'low risk', 'Riesgo medio': 'medium risk', 'Riesgo alto': 'high risk' }[text]})`;
	const classification = items[0].changes.find((c: { field: string }) => c.field === 'classificationLabel');
	expect(classification.after).toBe(score.etiquetaClasificacion);
	expect(items[0].summary).toContain(`credit classification ${label(classification.before)} → ${label(classification.after)}`);
	expect(items[0].details.split('\n')[1]).toBe(
		`Credit score: ${label(score.etiquetaClasificacion)}, ${score.porcentajeClasificacion} % (weights: financial ${score.ponderacionFinanciero}/${score.maxPonderacionFinanciero}, judicial ${score.ponderacionJudicial}/${score.maxPonderacionJudicial}, labor collection ${score.ponderacionCobranzaLaboral}/${score.maxPonderacionCobranzaLaboral}, commercial bulletin ${score.ponderacionBoletin}/${score.maxPonderacionBoletin})`,
	);
});

test('an evidence read that fails leaves the change reported, saying what could not be read; the other evidence is there', async () => {
	const wf = monitorWorkflow(sb, list(WATCHED));
	await wf.poll();
	sb.changeRut(KNOWN_RUTS.clean, 'civilCase');
	sb.changeRut(KNOWN_RUTS.clean, 'criticalRisk');
	sb.failNext(503, 4, { path: `${V2}/helper/judicial/${KNOWN_RUTS.clean}/civil` });
	const polled = await wf.poll();
	expect(polled.error).toBeUndefined();
	const [item] = jsonOf(polled.items);
	expect(item.changes.map((c: { field: string }) => c.field)).toEqual(['complianceRisk', 'activeCivilCases']);
	expect(item.evidence.civilCases).toEqual({ error: 'could not be read: the service answered HTTP 503 ("Servicio no disponible"), 4 tries.' });
	expect(item.evidence.compliance.risk).toBe('critical');
	expect(item.details).toMatch(/\nCivil cases: could not be read: the service answered HTTP 503/);
	// The change is remembered as reported: the next poll has nothing new.
	expect((await wf.poll()).items).toBeNull();
}, 60_000);

test('a poll without changes, and a change of tax status or other fields, read no evidence', async () => {
	const wf = monitorWorkflow(sb, { ...list(WATCHED), changeKinds: ['anyChange'] });
	await wf.poll();
	sb.resetLog();
	expect((await wf.poll()).items).toBeNull();
	expect(evidenceReads(sb)).toEqual([]);
});
