/**
 * One seeded set of facts per RUT. The V1 and V2 records are projections of it (v1records.ts,
 * v2records.ts), so both versions tell the same story about a RUT and stay deterministic.
 */
import { DATA_EPOCH, DAY_MS, monthStart } from './dates';
import { KNOWN_RUTS, type KnownRutKind } from './known';
import { Rng } from './prng';
import { isJuridicalRut, formatRut } from './rut';
import * as W from './words';

const DEBT_KEYS = [
	'deudaDirectaComercial', 'deudaDirectaCastigada', 'deudaDirectaHipotecaria', 'deudaDirectaMorosa',
	'deudaDirectaVencida', 'deudaDirectaVigente', 'deudaIndirectaCastigada', 'deudaIndirectaVencida',
	'deudaIndirectaVigente', 'leasingMoroso', 'leasingVigente', 'lineaCredito',
] as const;
type DebtKey = (typeof DEBT_KEYS)[number];

const POSTURE_KEYS = [
	'abogadoSolicitante', 'abogadoAcreedor', 'abogadoDemandado', 'abogadoDemandante', 'abogadoExhortado',
	'abogadoExhortante', 'acreedor', 'apoderadoDemandado', 'apoderadoDenunciante', 'apoderadoExhortante',
	'apoderadoExhortado', 'apoderadoSolicitante', 'demandado', 'demandante', 'deudor', 'exhortado', 'exhortante',
	'perito', 'solicitante', 'abogadoInstitucionReclamada', 'abogadoReclamante', 'demandadoSolidario', 'empleadora',
	'institucionReclamada', 'reclamante', 'terceroIndependiente', 'abogadoDenunciante', 'abogadoReclamado',
	'apoderadoReclamante', 'demandadoSubsidiario', 'denunciado', 'denunciante', 'reclamado', 'terceroCoadyuvante',
	'tercero', 'abogado', 'terceroExcluido', 'liquidador', 'patrocinador',
] as const;

/** Compliance categories in the order of the V2 resumen, with the V1 table name and whether they carry a risk. */
export const COMPLIANCE_CATEGORIES = [
	{ key: 'pepChile', table: 'PEP Chile', risk: 'medium' },
	{ key: 'pepChileFamiliares', table: 'Familiares PEP', risk: 'medium' },
	{ key: 'funcionariosPublicos', table: 'Funcionarios Públicos', risk: 'medium' },
	{ key: 'listasInternacionales', table: 'Listas Internacionales', risk: 'critical' },
	{ key: 'penal', table: 'Penal', risk: 'critical' },
	{ key: 'mallaSocietaria', table: 'Socios y Sociedades', risk: null },
	{ key: 'noticias', table: 'Noticias', risk: null },
] as const;
type ComplianceCategory = (typeof COMPLIANCE_CATEGORIES)[number]['key'];
type Risk = 'free' | 'medium' | 'critical';

/** Helper (data source) names, as the service lists them in nombresAyudantes / ayudantesFallidos. */
const SCORE_HELPERS = ['judicial', 'commertialBulletin', 'laborCollection', 'bankDebt'] as const;
const FAILING_HELPERS = ['laborCollection', 'assets'] as const;

export type CaseStatus = 'Activo' | 'Concluido' | 'Archivado';
export interface CaseFact { rol: string; tribunal: string; caratulado: string; filed: number; status: CaseStatus; materia: string; cuantia: number; posture: string }
interface MoraFact { period: number; institution: string; workers: number; amount: number }
interface FineFact { date: number; resolution: string; amount: number; paid: boolean; reason: string }
interface PartnerFact { name: string; rut: string | null; address: string | null; shares: string; amount: string; percent: string | null }
interface GazetteFact { date: number; section: string; partners: PartnerFact[] }
interface EudFact { date: number; act: string; folio: string; cve: string; partners: PartnerFact[]; admins: PartnerFact[]; created: number; updated: number }
export interface MeshFact { participations: { rut: string; company: string }[]; partners: { rut: string; name: string }[] }
interface CommentFact { text: string; rating: number; created: number; author: string }

export interface Facts {
	rut: string;
	/** Set on a copy changed over time (changes.ts): which changes it carries. */
	revision?: string;
	juridical: boolean;
	razonSocial: string;
	person: { nombre: string | null; segundoNombre: string | null; apellido: string | null; segundoApellido: string | null };
	failedHelpers: string[];
	/** When each helper last refreshed its data. */
	updated: Record<'sii' | 'bulletin' | 'civil' | 'cobranza' | 'laboral' | 'labor' | 'bank' | 'assets' | 'legal' | 'compliance', number>;
	sii: {
		activities: boolean; started: number; foreignCurrency: boolean; smallCompany: boolean; observations: string; notes: string; situation: string;
		economic: { name: string; code: string; category: string; vat: boolean; date: number }[];
		stamped: { document: string; year: string }[];
		size: { label: string; icon: string; sales: string; workers: string };
	};
	bulletin: {
		cases: [number, number, number]; amounts: [number, number, number]; prevAmounts: [number, number, number]; prevCases: [number, number, number]; period: number; prevPeriod: number;
		/** When each SourceA case a change added (changes.ts) was added; counted in cases and amounts. */
		added?: number[];
	};
	judicial: { civil: CaseFact[]; cobranza: CaseFact[]; laboral: CaseFact[]; bankruptcy: CaseFact[]; postures: Record<string, number>; concursal: boolean };
	mora: { items: MoraFact[]; employees: number; prevCases: number };
	fines: { items: FineFact[]; prevTotal: number; prevAmount: number };
	laborBulletin: { amount: number; prevAmount: number };
	bank: { period: number; prevPeriod: number; current: Record<DebtKey, number>; previous: Record<DebtKey, number> };
	vehicles: { count: number; appraisal: number };
	properties: { count: number; appraisal: number };
	score: {
		finance: number; maxFinance: number | null; judicial: number; maxJudicial: number; bankruptcy: boolean;
		labor: number; maxLabor: number; bulletin: number; maxBulletin: number; helpers: string[]; percent: number; label: string;
	};
	ratings: { tags: string[]; comments: CommentFact[]; scores: [number, number, number, number, number] };
	compliance: { processed: boolean; risk: Risk; counts: Record<ComplianceCategory, number> };
	legal: { gazette: GazetteFact[]; eud: EudFact[]; meshExternal: MeshFact[]; meshInternal: MeshFact[] };
}

const knownKind = new Map<string, KnownRutKind>(Object.entries(KNOWN_RUTS).map(([k, v]) => [v, k as KnownRutKind]));

function traitsFor(rut: string, rng: Rng) {
	const kind = knownKind.get(rut);
	if (kind === 'clean' || kind === 'critical') {
		return { civil: false, bulletin: false, bankrupt: false, critical: kind === 'critical', failing: false, clean: true };
	}
	if (kind === 'indebted') return { civil: true, bulletin: true, bankrupt: false, critical: false, failing: false, clean: false };
	if (kind === 'bankrupt') return { civil: true, bulletin: true, bankrupt: true, critical: false, failing: false, clean: false };
	if (kind === 'failingHelpers') return { civil: false, bulletin: false, bankrupt: false, critical: false, failing: true, clean: true };
	return {
		civil: rng.chance(0.35), bulletin: rng.chance(0.3), bankrupt: rng.chance(0.04),
		critical: rng.chance(0.06), failing: rng.chance(0.05), clean: false,
	};
}

export const scoreLabel = (percent: number) => (percent >= 75 ? 'Riesgo bajo' : percent >= 45 ? 'Riesgo medio' : 'Riesgo alto');

const daysBefore = (rng: Rng, maxDays: number) => DATA_EPOCH - rng.int(1, maxDays) * DAY_MS - rng.int(0, 86_399) * 1000;
export const randomRut = (rng: Rng, juridical: boolean) => formatRut(juridical ? rng.int(76_000_000, 77_999_999) : rng.int(5_000_000, 24_999_999));
export const personName = (rng: Rng) => `${rng.pick(W.FIRST_NAMES)} ${rng.pick(W.SURNAMES)} ${rng.pick(W.SURNAMES)}`;
export const companyName = (rng: Rng) => `${rng.pick(W.COMPANY_PREFIXES)} ${rng.pick(W.COMPANY_WORDS)} ${rng.pick(W.COMPANY_SUFFIXES)}`;

/**
 * A kind of court case as Chilean courts keep it: its courts, who sues, its matters, and the letter
 * its number starts with (a civil court's ROL "C-", a labour court's RIT "O-" ordinary, "T-"
 * tutela, "M-" monitorio, a collection court's RIT "A-").
 */
interface CaseKind { courts: readonly string[]; plaintiffs: readonly string[]; matters: readonly string[]; letter: (materia: string) => string }
const CIVIL: CaseKind = { courts: W.CIVIL_COURTS, plaintiffs: W.BANKS, matters: W.CIVIL_MATTERS, letter: () => 'C' };
const COLLECTION: CaseKind = { courts: W.COLLECTION_COURTS, plaintiffs: W.PENSION_FUNDS, matters: W.COLLECTION_MATTERS, letter: () => 'A' };
const LABOR: CaseKind = {
	courts: W.LABOR_COURTS, plaintiffs: W.WORKERS, matters: W.LABOR_MATTERS,
	letter: (materia) => (materia === 'Tutela laboral' ? 'T' : materia === 'Cobro de prestaciones' ? 'M' : 'O'),
};
const BANKRUPTCY: CaseKind = { ...CIVIL, matters: ['Procedimiento concursal de liquidacion'] };

/** With `active`, the first case is active; without it, none is, so "has active cases" stays a trait of its own. */
function cases(rng: Rng, count: number, active: boolean, kind: CaseKind, owner: string): CaseFact[] {
	return Array.from({ length: count }, (_, i) => {
		const filed = daysBefore(rng, 1500);
		const status: CaseStatus = active && i === 0 ? 'Activo' : rng.pick(active ? (['Activo', 'Concluido', 'Archivado'] as const) : (['Concluido', 'Archivado'] as const));
		// Drawn in this order whatever the kind, so every RUT's other facts stay as they were.
		const number = rng.int(100, 9999);
		const tribunal = rng.pick(kind.courts);
		const plaintiff = rng.pick(kind.plaintiffs);
		const materia = rng.pick(kind.matters);
		return {
			rol: `${kind.letter(materia)}-${number}-${new Date(filed).getUTCFullYear()}`,
			tribunal,
			caratulado: `${plaintiff.toUpperCase()} / ${owner.toUpperCase()}`,
			filed,
			status,
			materia,
			cuantia: rng.int(500, 90_000) * 1000,
			posture: rng.pick(['demandado', 'deudor', 'demandante']),
		};
	});
}

function partners(rng: Rng, count: number): PartnerFact[] {
	return Array.from({ length: count }, () => ({
		name: personName(rng),
		rut: rng.chance(0.8) ? randomRut(rng, false) : null,
		address: rng.chance(0.5) ? `Av. ${rng.pick(W.COMPANY_WORDS)} ${rng.int(100, 9999)}, Santiago` : null,
		shares: String(rng.int(1, 1000)),
		amount: String(rng.int(1, 500) * 100_000),
		percent: rng.chance(0.8) ? `${rng.int(1, 100)}%` : null,
	}));
}

function debt(rng: Rng, clean: boolean, troubled: boolean): Record<DebtKey, number> {
	const out = {} as Record<DebtKey, number>;
	for (const key of DEBT_KEYS) {
		const bad = /Castigada|Morosa|Vencida|Moroso/.test(key);
		out[key] = bad ? (troubled ? rng.int(0, 40_000) : 0) : clean && key !== 'deudaDirectaVigente' ? 0 : rng.int(0, 250_000);
	}
	return out;
}

function generateFacts(rut: string): Facts {
	const rng = new Rng(`riskinfo:${rut}`);
	const t = traitsFor(rut, rng);
	const juridical = isJuridicalRut(rut);
	const first = rng.pick(W.FIRST_NAMES), second = rng.pick(W.FIRST_NAMES), sur = rng.pick(W.SURNAMES), sur2 = rng.pick(W.SURNAMES);
	const razonSocial = juridical ? companyName(rng) : `${first} ${second} ${sur} ${sur2}`;
	const person = juridical
		? { nombre: razonSocial, segundoNombre: null, apellido: null, segundoApellido: null }
		: { nombre: first, segundoNombre: second, apellido: sur, segundoApellido: sur2 };
	const updated = {
		sii: daysBefore(rng, 30), bulletin: daysBefore(rng, 30), civil: daysBefore(rng, 15), cobranza: daysBefore(rng, 15),
		laboral: daysBefore(rng, 15), labor: daysBefore(rng, 30), bank: daysBefore(rng, 45), assets: daysBefore(rng, 60),
		legal: daysBefore(rng, 20), compliance: daysBefore(rng, 10),
	};
	const size = juridical ? rng.pick(W.SIZES) : W.SIZES[0];
	const economic = Array.from({ length: rng.int(1, 3) }, () => {
		const [name, code, category] = rng.pick(W.ACTIVITIES);
		return { name, code, category, vat: rng.chance(0.8), date: daysBefore(rng, 5000) };
	});
	const stamped = juridical ? Array.from({ length: rng.int(1, 3) }, () => ({ document: rng.pick(W.DOCUMENTS), year: String(rng.int(2019, 2025)) })) : [];

	const troubled = t.bulletin || t.bankrupt;
	const bulletinCases: [number, number, number] = troubled ? [rng.int(1, 6), rng.int(1, 4), rng.int(0, 3)] : [0, 0, 0];
	const bulletinAmounts = bulletinCases.map((c) => c * rng.int(150, 9_000) * 1000) as [number, number, number];
	const prevCases = bulletinCases.map((c) => Math.max(0, c - rng.int(0, 1))) as [number, number, number];
	const prevAmounts = bulletinAmounts.map((a, i) => (prevCases[i] === 0 ? 0 : Math.round(a * (0.6 + rng.next() * 0.4)))) as [number, number, number];

	const civil = cases(rng, t.civil ? rng.int(2, 5) : t.clean ? 0 : rng.int(0, 1), t.civil, CIVIL, razonSocial);
	const cobranza = cases(rng, t.clean ? 0 : rng.int(0, 2), rng.chance(0.5), COLLECTION, razonSocial);
	const laboral = cases(rng, t.clean ? 0 : rng.int(0, 2), rng.chance(0.5), LABOR, razonSocial);
	const bankruptcy = t.bankrupt ? cases(rng, 1, true, BANKRUPTCY, razonSocial) : [];
	const postures: Record<string, number> = {};
	for (const key of POSTURE_KEYS) postures[key] = 0;
	for (const c of [...civil, ...cobranza, ...laboral, ...bankruptcy]) postures[c.posture] += 1;
	if (t.bankrupt) postures.deudor += 1;

	const moraItems: MoraFact[] = t.clean ? [] : Array.from({ length: rng.int(0, 3) }, (_, i) => ({
		period: monthStart(DATA_EPOCH, i + 1), institution: rng.pick(W.PENSION_FUNDS), workers: rng.int(1, 30), amount: rng.int(50, 3000) * 1000,
	}));
	const fineItems: FineFact[] = t.clean ? [] : Array.from({ length: rng.int(0, 3) }, () => ({
		date: daysBefore(rng, 900), resolution: `${rng.int(1000, 9999)}/${rng.int(2019, 2025)}/${rng.int(1, 99)}`,
		amount: rng.int(5, 400) * 10_000, paid: rng.chance(0.5), reason: 'Infraccion a la legislacion laboral',
	}));
	const laborBulletin = t.clean ? 0 : rng.chance(0.3) ? rng.int(100, 8000) * 1000 : 0;

	const judicialWeight = t.bankrupt ? 0 : civil.some((c) => c.status === 'Activo') ? rng.int(10, 25) : 40;
	const bulletinWeight = bulletinAmounts[0] + bulletinAmounts[1] > 0 ? rng.int(5, 20) : 30;
	const laborWeight = t.failing ? 0 : moraItems.length + fineItems.length > 0 ? rng.int(5, 15) : 20;
	const financeWeight = troubled ? rng.int(0, 5) : rng.int(6, 10);
	const percent = Math.min(100, judicialWeight + bulletinWeight + laborWeight + financeWeight);
	const helpers = t.failing ? SCORE_HELPERS.filter((h) => h !== 'laborCollection') : [...SCORE_HELPERS];

	const counts = {} as Record<ComplianceCategory, number>;
	for (const c of COMPLIANCE_CATEGORIES) counts[c.key] = t.clean ? 0 : rng.chance(0.2) ? rng.int(1, 3) : 0;
	// Only the critical trait reaches critical risk, so a RUT's risk is predictable from its traits.
	counts.listasInternacionales = t.critical ? rng.int(0, 1) : 0;
	counts.penal = t.critical ? rng.int(1, 3) : 0;
	counts.mallaSocietaria = juridical ? rng.int(0, 3) : counts.mallaSocietaria;
	const risk: Risk = counts.penal + counts.listasInternacionales > 0 ? 'critical'
		: counts.pepChile + counts.pepChileFamiliares + counts.funcionariosPublicos > 0 ? 'medium' : 'free';

	const comments: CommentFact[] = Array.from({ length: rng.int(0, 3) }, () => ({
		text: rng.pick(['Buen proveedor, cumple lo acordado.', 'Hubo atrasos en la entrega.', 'Recomendable para contratos largos.']),
		rating: rng.int(1, 5), created: daysBefore(rng, 400), author: personName(rng),
	}));
	const meshCount = juridical ? rng.int(0, 2) : rng.int(0, 1);
	const mesh = (): MeshFact[] => Array.from({ length: meshCount }, () => ({
		participations: Array.from({ length: rng.int(1, 2) }, () => ({ rut: randomRut(rng, true), company: companyName(rng) })),
		partners: Array.from({ length: rng.int(1, 3) }, () => ({ rut: randomRut(rng, false), name: personName(rng) })),
	}));

	return {
		rut,
		juridical,
		razonSocial,
		person,
		failedHelpers: t.failing ? [...FAILING_HELPERS] : [],
		updated,
		sii: {
			activities: true, started: daysBefore(rng, 7000), foreignCurrency: rng.chance(0.1), smallCompany: size === W.SIZES[0],
			observations: t.bankrupt ? 'Contribuyente en procedimiento concursal' : 'No registra observaciones',
			notes: '', situation: t.bankrupt ? 'En liquidacion' : 'Contribuyente activo',
			economic, stamped,
			size: { label: size[0], icon: `size-${W.SIZES.indexOf(size) + 1}`, sales: size[1], workers: size[2] },
		},
		bulletin: { cases: bulletinCases, amounts: bulletinAmounts, prevCases, prevAmounts, period: monthStart(DATA_EPOCH), prevPeriod: monthStart(DATA_EPOCH, 1) },
		judicial: { civil, cobranza, laboral, bankruptcy, postures, concursal: t.bankrupt },
		mora: { items: moraItems, employees: moraItems.reduce((s, m) => s + m.workers, 0), prevCases: Math.max(0, moraItems.length - 1) },
		fines: { items: fineItems, prevTotal: Math.max(0, fineItems.length - 1), prevAmount: fineItems.slice(1).reduce((s, f) => s + f.amount, 0) },
		laborBulletin: { amount: laborBulletin, prevAmount: Math.round(laborBulletin * 0.8) },
		bank: { period: monthStart(DATA_EPOCH, 1), prevPeriod: monthStart(DATA_EPOCH, 2), current: debt(rng, t.clean, troubled), previous: debt(rng, t.clean, troubled) },
		vehicles: { count: rng.int(0, 6), appraisal: 0 },
		properties: { count: rng.int(0, 3), appraisal: 0 },
		score: {
			finance: financeWeight, maxFinance: t.failing ? null : 10, judicial: judicialWeight, maxJudicial: 40, bankruptcy: t.bankrupt,
			labor: laborWeight, maxLabor: 20, bulletin: bulletinWeight, maxBulletin: 30, helpers, percent,
			label: scoreLabel(percent),
		},
		ratings: {
			tags: comments.length ? [rng.pick(W.RATING_TAGS)] : [],
			comments,
			scores: [rng.int(0, 5), rng.int(0, 5), rng.int(0, 5), rng.int(0, 5), rng.int(0, 5)],
		},
		compliance: { processed: true, risk, counts },
		legal: {
			gazette: juridical ? Array.from({ length: rng.int(1, 3) }, () => ({ date: daysBefore(rng, 3000), section: rng.pick(W.GAZETTE_SECTIONS), partners: partners(rng, rng.int(1, 3)) })) : [],
			eud: juridical ? Array.from({ length: rng.int(0, 2) }, () => {
				const date = daysBefore(rng, 3000);
				return { date, act: rng.pick(W.EUD_ACTS), folio: String(rng.int(100000, 999999)), cve: `CVE${rng.int(1_000_000, 9_999_999)}`, partners: partners(rng, rng.int(1, 3)), admins: partners(rng, 1), created: date, updated: date + rng.int(0, 30) * DAY_MS };
			}) : [],
			meshExternal: mesh(),
			meshInternal: mesh(),
		},
	};
}

/** Appraisals depend on counts only; filled after so the counts above keep their seeded order. */
function withAppraisals(f: Facts): Facts {
	const rng = new Rng(`riskinfo-assets:${f.rut}`);
	f.vehicles.appraisal = f.vehicles.count * rng.int(3_000, 25_000) * 1000;
	f.properties.appraisal = f.properties.count * rng.int(40_000, 300_000) * 1000;
	return f;
}

const cache = new Map<string, Facts>();

/** Facts for a canonical RUT, generated once per process: the generator is pure, so sharing is safe. */
export function factsFor(rut: string): Facts {
	let facts = cache.get(rut);
	if (!facts) {
		facts = withAppraisals(generateFacts(rut));
		cache.set(rut, facts);
	}
	return facts;
}
