/**
 * Compliance webhook events (spec §6), built deterministically from the screened name so a test
 * can predict an outcome by choosing the name (see KNOWN_NAMES).
 */
import { DATA_EPOCH, DAY_MS, v2Date } from './dates';
import { KNOWN_NAMES } from './known';
import { Rng } from './prng';
import { formatRut } from './rut';
import * as W from './words';

export type ComplianceOutcome = 'success' | 'nomatch' | 'failed';

export interface ComplianceEventInput {
	webhookId: number;
	fullName: string;
	isJuridicalPerson: boolean;
	searchErrors: number;
	isMonitoring?: boolean;
}

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Which form a name produces: the known names are fixed, any other name is seeded (half match, half not). */
export function outcomeForName(fullName: string): ComplianceOutcome {
	const n = normalise(fullName);
	if (n === normalise(KNOWN_NAMES.failed)) return 'failed';
	if (n === normalise(KNOWN_NAMES.noMatch)) return 'nomatch';
	if (n === normalise(KNOWN_NAMES.critical)) return 'success';
	return new Rng(`outcome:${n}`).chance(0.5) ? 'success' : 'nomatch';
}

type Category = 'pepChile' | 'pepChileFamiliares' | 'funcionariosPublicos' | 'listasInternacionales' | 'penal' | 'mallaSocietaria' | 'noticias';
const RISK_OF: Record<Category, 'medium' | 'critical' | null> = {
	pepChile: 'medium', pepChileFamiliares: 'medium', funcionariosPublicos: 'medium',
	listasInternacionales: 'critical', penal: 'critical', mallaSocietaria: null, noticias: null,
};
const CATEGORIES = Object.keys(RISK_OF) as Category[];

function matchCounts(rng: Rng, name: string): Record<Category, number> {
	const counts = {} as Record<Category, number>;
	for (const c of CATEGORIES) counts[c] = rng.chance(0.35) ? rng.int(1, 2) : 0;
	if (normalise(name) === normalise(KNOWN_NAMES.critical)) counts.penal = Math.max(1, counts.penal);
	// The matches form must match something; news is the mildest thing to find.
	if (CATEGORIES.every((c) => counts[c] === 0)) counts.noticias = 1;
	return counts;
}

const date = (rng: Rng) => v2Date(DATA_EPOCH - rng.int(30, 4000) * DAY_MS);
const link = (rng: Rng, kind: string) => `https://sandbox.invalid/${kind}/${rng.int(10000, 99999)}`;
const relative = (rng: Rng) => ({ nombre: `${rng.pick(W.FIRST_NAMES)} ${rng.pick(W.SURNAMES)}`, parentesco: rng.pick(['Conyuge', 'Hijo', 'Hermano', 'Padre']) });

/** The findings of a screening by list, in the shape of the success event (also the V2 compliance read's, v2records.ts). */
export function findingsOf(rng: Rng, name: string, counts: Record<Category, number>) {
	const n = (c: Category) => Array.from({ length: counts[c] });
	const official = () => ({
		name, position: rng.pick(['Director', 'Gerente', 'Concejal', 'Jefe de servicio']), institution: rng.pick(['Municipalidad de Santiago', 'Ministerio de Obras Publicas', 'Servicio de Impuestos Internos']),
		link: rng.chance(0.5) ? link(rng, 'transparencia') : null, period: rng.chance(0.7) ? `${rng.int(2010, 2018)}-${rng.int(2019, 2025)}` : null,
		relationsData: Array.from({ length: rng.int(0, 2) }, () => relative(rng)),
	});
	return {
		datosMallaSocietaria: n('mallaSocietaria').map(() => ({
			nombreSociedad: `${rng.pick(W.COMPANY_PREFIXES)} ${rng.pick(W.COMPANY_WORDS)} ${rng.pick(W.COMPANY_SUFFIXES)}`,
			rutSociedad: rng.chance(0.8) ? formatRut(rng.int(76_000_000, 77_999_999)) : null,
			fecha: rng.chance(0.8) ? date(rng) : null,
			socios: [{
				nombre: name, rut: rng.chance(0.5) ? formatRut(rng.int(5_000_000, 24_999_999)) : null, domicilio: null, tipoDeParticipacion: rng.pick(['Socio', 'Accionista']),
				cargo: rng.chance(0.5) ? 'Administrador' : null, cargoEjecutivoPrincipal: null, fechaNombramiento: rng.chance(0.5) ? date(rng) : null,
				porcentajeParticipacion: rng.chance(0.7) ? `${rng.int(1, 100)}%` : null,
			}],
			extractos: [{ actuacion: rng.pick(W.EUD_ACTS), fecha: date(rng), linkPdf: rng.chance(0.7) ? link(rng, 'extractos') : null }],
			ultimaFecha: rng.chance(0.8) ? date(rng) : null,
			societiesParticipant: null,
			source: rng.pick(['Diario Oficial', 'Empresa en un Dia']),
		})),
		datosPepChile: n('pepChile').map(() => ({ name, position: rng.pick(['Diputado', 'Alcalde', 'Subsecretario']), institution: rng.pick(['Camara de Diputados', 'Municipalidad de Valparaiso', 'Ministerio de Hacienda']), period: rng.chance(0.7) ? `${rng.int(2010, 2018)}-${rng.int(2019, 2025)}` : null })),
		datosFuncionarioPublico: n('funcionariosPublicos').map(official),
		datosFamiliarPep: n('pepChileFamiliares').map(() => ({ ...official(), isPep: rng.chance(0.3) })),
		datosListasInternacionales: n('listasInternacionales').map(() => ({ name, list: rng.pick(['OFAC SDN', 'ONU Consolidated', 'UE Sanciones']), link: rng.chance(0.6) ? link(rng, 'listas') : null })),
		dataPenal: n('penal').map(() => ({
			name, posture: rng.pick(['Imputado', 'Querellado']), role: `RUC ${rng.int(1_000_000_000, 2_099_999_999)}-${rng.int(0, 9)}`, date: date(rng),
			infraction: rng.pick(['Estafa', 'Apropiacion indebida', 'Lavado de activos']), status: rng.pick(['Vigente', 'Terminada']), stage: rng.pick(['Investigacion', 'Juicio oral']),
			litigants: [{ nombre: name, sujeto: 'Imputado', situacionLibertad: rng.chance(0.5) ? 'Libre' : null }],
			matter: 'Penal', tribunal: rng.pick(['7 Juzgado de Garantia de Santiago', 'Tribunal Oral en lo Penal de Valparaiso']), isDenounced: rng.chance(0.5),
		})),
		datosNoticias: n('noticias').map(() => ({
			name, title: `${name} en la prensa`, source: rng.pick(['Diario Financiero', 'La Tercera', 'El Mercurio']), link: link(rng, 'noticias'), sourceLink: 'https://sandbox.invalid',
			topic: [rng.pick(['Economia', 'Justicia', 'Empresas'])], period: String(rng.int(2015, 2025)),
		})),
	};
}

function success(input: ComplianceEventInput) {
	const rng = new Rng(`event:${normalise(input.fullName)}`);
	const counts = matchCounts(rng, input.fullName);
	const resumen = {} as Record<Category, { totalResultados: number; riesgo: string | null }>;
	for (const c of CATEGORIES) resumen[c] = { totalResultados: counts[c], riesgo: RISK_OF[c] === null ? null : counts[c] > 0 ? RISK_OF[c] : 'free' };
	const riesgo = counts.penal + counts.listasInternacionales > 0 ? 'critical' : counts.pepChile + counts.pepChileFamiliares + counts.funcionariosPublicos > 0 ? 'medium' : 'free';
	const data = findingsOf(rng, input.fullName, counts);
	return {
		webhookId: input.webhookId,
		// §6.2 names the outcome `estado`, §6 rule 4 and §6.1 `status`: SUCCESS carries both, and fullName beside nombreCompleto.
		estado: 'SUCCESS', status: 'SUCCESS',
		nombreCompleto: input.fullName, fullName: input.fullName,
		tipPersona: input.isJuridicalPerson ? 'juridical' : 'natural',
		toleranciaBusqueda: input.searchErrors,
		esPerfilNuevo: true,
		resumen,
		riesgo,
		datosMallaSocietaria: data.datosMallaSocietaria, totalMallaSocietaria: counts.mallaSocietaria,
		datosPepChile: data.datosPepChile, totalPepChile: counts.pepChile,
		datosFuncionarioPublico: data.datosFuncionarioPublico, totalFuncionarioPublico: counts.funcionariosPublicos,
		datosFamiliarPep: data.datosFamiliarPep, totalFamiliarPep: counts.pepChileFamiliares,
		datosListasInternacionales: data.datosListasInternacionales, totalListasInternacionales: counts.listasInternacionales,
		dataPenal: data.dataPenal, totalPenal: counts.penal,
		datosNoticias: data.datosNoticias, totalNoticias: counts.noticias,
	};
}

function noMatch(input: ComplianceEventInput) {
	// "Most" categories use totalResults in this form; funcionariosPublicos keeps its documented default.
	const zero = (riesgo: string | null) => ({ totalResults: 0, riesgo });
	return {
		webhookId: input.webhookId,
		estado: 'SUCCESS', status: 'SUCCESS',
		nombreCompleto: input.fullName, fullName: input.fullName,
		tipPersona: input.isJuridicalPerson ? 'juridical' : 'natural',
		toleranciaBusqueda: input.searchErrors,
		esPerfilNuevo: true,
		resumen: {
			pepChileFamiliares: zero('free'), pepChile: zero('free'), funcionariosPublicos: { totalResultados: 0, riesgo: 'free' },
			listasInternacionales: zero('free'), penal: zero('free'), mallaSocietaria: zero(null), noticias: zero(null),
		},
		riesgo: 'free',
		datosMallaSocietaria: [], totalMallaSocietaria: 0,
		datosPepChile: [], totalPepChile: 0,
		datosFuncionarioPublico: [], totalFuncionarioPublico: 0,
		datosFamiliarPep: [], totalFamiliarPep: 0,
		datosListasInternacionales: [], totalListasInternacionales: 0,
		datosPenal: [], totalPenal: 0,
		datosNoticias: [], totalNoticias: 0,
	};
}

function failed(input: ComplianceEventInput) {
	return {
		webhookId: input.webhookId,
		status: 'FAILED',
		error: 'No fue posible completar la busqueda de compliance',
		details: 'Service Unavailable',
		fullName: input.fullName,
	};
}

export function buildComplianceEvent(kind: ComplianceOutcome, input: ComplianceEventInput): object {
	if (kind === 'failed') return failed(input);
	if (kind === 'nomatch') return noMatch(input);
	return success(input);
}
