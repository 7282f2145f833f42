/**
 * The V1 list reads as the service's documentation shows them (addendum A6), and all judicial
 * cases in one read (A7): records with the service's Spanish field names, projected from the
 * RUT's facts like every other record, so they hold the same cases, fines, arrears and
 * publications the summaries count. Dates are written as the root writes them: ISO 8601 under
 * /api/v1, DD-MM-YYYY HH:MM:SS under /api/external/v1. What the facts do not hold (litigants,
 * links, record ids) comes from generators of its own, seeded by the RUT and the record, so the
 * records the spec describes stay as they were.
 */
import { DATA_EPOCH, DAY_MS, iso, v2Period, v2Stamp } from './dates';
import { personName, randomRut, type CaseFact, type CaseStatus, type Facts } from './generate';
import { hashString, Rng } from './prng';
import { scrappedRutId } from './v1records';

/** /api/v1 or /api/external/v1: the same reads, with dates written differently. */
export type V1Root = 'v1' | 'external';
const STAMPS: Record<V1Root, (ms: number) => string> = { v1: iso, external: v2Stamp };

type CaseKind = 'civil' | 'cobranza' | 'laboral';

const CASE_STATES: Record<CaseStatus, string> = { Activo: 'Tramitacion', Concluido: 'Fallada', Archivado: 'Archivada' };
const ACTIVE_STAGES = ['Ingreso', 'Notificacion', 'Excepciones', 'Prueba', 'Audiencia preparatoria'] as const;
const PROCEDURES: Record<CaseKind, readonly string[]> = {
	civil: ['Ejecutivo Obligacion de Dar', 'Ordinario Mayor Cuantia', 'Gestion Preparatoria'],
	cobranza: ['Ejecutivo Previsional', 'Ejecutivo Laboral'],
	laboral: ['Aplicacion General'],
};
/** A labour case's procedure, told by its RIT's letter. */
const LABOR_PROCEDURES: Record<string, string> = { O: 'Aplicacion General', M: 'Monitorio', T: 'Tutela Laboral' };
const FINE_STATEMENTS = ['No otorgar feriado legal', 'No pagar remuneraciones en tiempo y forma', 'Exceder la jornada ordinaria', 'No escriturar contrato de trabajo'] as const;
const LABOR_OFFICES = ['Inspeccion Comunal del Trabajo Santiago Centro', 'Inspeccion Provincial del Trabajo Valparaiso', 'Inspeccion Provincial del Trabajo Concepcion'] as const;
const PRODUCTS = ['COTIZACION OBLIGATORIA', 'SEGURO DE CESANTIA', 'COTIZACION DE SALUD'] as const;
/** Pesos per UTM for `um`, the fine in UTM (the sandbox's round figure). */
const UTM_CLP = 66_000;

const caseLink = (f: Facts, kind: CaseKind, i: number, end = '') => `https://sandbox.invalid/causas/${kind}/${f.rut}/${i + 1}${end}`;
const recordId = (f: Facts, kind: string, i: number) => hashString(`${kind}:${f.rut}:${i}`) % 10_000_000;

/**
 * What both reads of a case say about it (A6's labor cases and A7's entries): the case facts, and
 * its litigants and links from a generator seeded by the case, drawn in the same order for both.
 */
function caseBasics(f: Facts, c: CaseFact, kind: CaseKind, i: number, stamp: (ms: number) => string) {
	const rng = new Rng(`riskinfo-case:${f.rut}:${kind}:${i}`);
	const own = c.posture.toUpperCase();
	return {
		rng,
		own,
		fields: {
			estado: c.status as string,
			estadoCausa: CASE_STATES[c.status],
			etapa: c.status === 'Activo' ? rng.pick(ACTIVE_STAGES) : 'Terminada',
			fechaIngreso: stamp(c.filed),
			linkEbook: rng.chance(0.5) ? caseLink(f, kind, i, '/ebook') : null,
			litigantes: [
				{ rut: f.rut, nombre: f.razonSocial, sujeto: own, persona: f.juridical ? 'JURIDICA' : 'NATURAL' },
				// The caption names the other side first ("BANCO … / OWNER"); in a labour case, a worker.
				{ rut: randomRut(rng, kind !== 'laboral'), nombre: c.caratulado.split(' / ')[0], sujeto: own === 'DEMANDANTE' ? 'DEMANDADO' : 'DEMANDANTE', persona: kind === 'laboral' ? 'NATURAL' : 'JURIDICA' },
			],
			tribunal: c.tribunal,
		},
	};
}

/** An entry of A7's `civil`, `cobranza` or `laboral` list, which are also getCivilCases' and getCobranzaCases' records. */
function judicialEntry(f: Facts, c: CaseFact, kind: CaseKind, i: number, stamp: (ms: number) => string) {
	const { rng, fields } = caseBasics(f, c, kind, i, stamp);
	const proc = rng.pick(PROCEDURES[kind]);
	const entry = { ...fields, link: caseLink(f, kind, i), linkPdf: caseLink(f, kind, i, '.pdf'), proc: kind === 'laboral' ? (LABOR_PROCEDURES[c.rol[0]] ?? proc) : proc };
	if (kind === 'civil') return { ...entry, rol: c.rol };
	if (kind === 'laboral') return { ...entry, rit: c.rol };
	return { ...entry, rit: c.rol, monto: String(c.cuantia), linkMonto: caseLink(f, kind, i, '/monto') };
}

/** A6's labor case: the same case as A7's `laboral` entry, with the matter and the defence lawyers. */
function laborCase(f: Facts, c: CaseFact, i: number, stamp: (ms: number) => string) {
	const { rng, own, fields } = caseBasics(f, c, 'laboral', i, stamp);
	return {
		...fields,
		litigantes: fields.litigantes.map((l) => ({ ...l, abogadoDefensor: rng.chance(0.6) ? personName(rng) : null })),
		materia: c.materia,
		rit: c.rol,
		sujeto: own,
		estadoActual: c.status === 'Archivado' ? 'Archivada' : 'Sin archivar',
	};
}

/** One record per affiliate the employer owes for; the record keeping fields only under /api/v1, as A6's examples. */
function pensionArrears(f: Facts, root: V1Root) {
	const stamp = STAMPS[root];
	return f.mora.items.flatMap((m, i) => {
		const rng = new Rng(`riskinfo-arrears:${f.rut}:${i}`);
		// Declared in the following month; some went to court since.
		const declared = m.period + rng.int(32, 45) * DAY_MS;
		const sued = rng.chance(0.3) ? Math.min(DATA_EPOCH, declared + rng.int(30, 200) * DAY_MS) : undefined;
		return Array.from({ length: m.workers }, (_, w) => {
			const record = {
				afp: m.institution,
				fecha: stamp(declared),
				fechaDemanda: sued === undefined ? 'Prejudicial' : stamp(sued),
				nombreAfiliado: personName(rng),
				periodo: v2Period(m.period),
				rutAfiliado: randomRut(rng, false),
				tipoProducto: rng.pick(PRODUCTS),
			};
			// Drawn under both roots, so the records that follow are the same under both.
			const notified = rng.chance(0.5);
			if (root === 'external') return record;
			const kept = { id: recordId(f, 'arrears', i * 1000 + w), scrappedRutId: scrappedRutId(f), notified };
			return { ...kept, ...record, activeDebt: true, deactiveDate: null, createdAt: stamp(declared + DAY_MS), updatedAt: stamp(f.updated.labor) };
		});
	});
}

function laborFines(f: Facts, root: V1Root) {
	return f.fines.items.map((m, i) => {
		const rng = new Rng(`riskinfo-fine:${f.rut}:${i}`);
		return {
			enunciado: rng.pick(FINE_STATEMENTS),
			estado: m.paid ? 'Pagada' : 'Pendiente',
			fecha: STAMPS[root](m.date),
			multa: m.resolution,
			procedencia: rng.pick(LABOR_OFFICES),
			um: String(Math.round((m.amount / UTM_CLP) * 10) / 10),
			tipoUm: 'UTM',
			montoClp: m.amount,
		};
	});
}

/** The gazette entries of §2.4, with A6's record keeping; the oldest ones were notified. */
function officialDiary(f: Facts, root: V1Root) {
	const stamp = STAMPS[root];
	return f.legal.gazette.map((g, i) => ({
		id: recordId(f, 'gazette', i),
		scrappedRutId: scrappedRutId(f),
		fecha: stamp(g.date),
		razonSocial: f.razonSocial,
		linkPdf: `https://sandbox.invalid/documentos/diario-oficial/${f.rut}/${i + 1}.pdf`,
		seccion: g.section,
		notified: g.date < f.updated.legal - 365 * DAY_MS,
		socios: g.partners.map((p) => ({ socio: p.name, rut: p.rut, domicilio: p.address })),
		rut: f.rut,
		createdAt: stamp(g.date + DAY_MS),
		updatedAt: stamp(f.updated.legal),
	}));
}

export const v1Lists = {
	getCivilCases: (f: Facts, root: V1Root) => f.judicial.civil.map((c, i) => judicialEntry(f, c, 'civil', i, STAMPS[root])),
	getCobranzaCases: (f: Facts, root: V1Root) => f.judicial.cobranza.map((c, i) => judicialEntry(f, c, 'cobranza', i, STAMPS[root])),
	getLaboralCases: (f: Facts, root: V1Root) => f.judicial.laboral.map((c, i) => laborCase(f, c, i, STAMPS[root])),
	getMoraPrevisionalCases: pensionArrears,
	getMultaLaboralCases: laborFines,
	getOfficialDiary: officialDiary,
};

/** A7: every court case of the RUT in one read (/api/v1 only, as the docs give it). */
export function allJudicialCases(f: Facts) {
	return {
		rut: f.rut,
		civil: v1Lists.getCivilCases(f, 'v1'),
		cobranza: v1Lists.getCobranzaCases(f, 'v1'),
		laboral: f.judicial.laboral.map((c, i) => judicialEntry(f, c, 'laboral', i, iso)),
	};
}
