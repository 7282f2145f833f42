/**
 * The compliance screening's lists, once, for every answer that carries them: the trigger's
 * delivery (spec §6), the V2 summary's `compliance.resumen` (§2.2), the V1 summary's
 * `compliance.summary[].table` (§2.3) and the V2 compliance read the Monitor's evidence lists
 * (compliance.ts).
 * Each output key lists the names it may arrive under: the sample payload's English key first,
 * then the field tables' Spanish one. The service itself is inconsistent (see the no-match form),
 * so every list is tried in order and the first present name wins.
 */
import { SIMPLIFIED_FIELDS, type SimplifiedSummary } from './record';
import { key, type Key, type Reading } from './keys';
import { first, num, obj } from './values';

/** A field of the screening's records, read under each of its names (its own name when none is given). */
const f = (field: string, ...from: string[]): Key => key(field, 'any', ...(from.length ? from : [field]));
const list = (field: string, from: string[], each: Key[]): Key => ({ ...key(field, 'list', ...from), each });

const relation: Key[] = [f('name', 'name', 'nombre'), f('relationship', 'relationship', 'parentesco')];

const official: Key[] = [
	f('name', 'name', 'nombre'),
	f('position', 'position', 'cargo'),
	f('institution', 'institution', 'institucion'),
	f('link', 'link', 'enlace'),
	f('period', 'period', 'periodo'),
	list('relationsData', ['relationsData'], relation),
];

const litigant: Key[] = [
	f('name', 'name', 'nombre'),
	f('subject', 'subject', 'sujeto'),
	f('libertyStatus', 'libertyStatus', 'situacionLibertad'),
];

const partner: Key[] = [
	f('name', 'name', 'nombre'),
	f('rut'),
	f('address', 'address', 'domicilio'),
	f('participationType', 'participationType', 'tipoDeParticipacion'),
	f('position', 'position', 'cargo'),
	f('mainExecutivePosition', 'mainExecutivePosition', 'cargoEjecutivoPrincipal'),
	f('appointmentDate', 'appointmentDate', 'fechaNombramiento'),
	f('participationPercentage', 'participationPercentage', 'porcentajeParticipacion'),
];

const extract: Key[] = [f('action', 'action', 'actuacion'), f('date', 'date', 'fecha'), f('pdfLink', 'pdfLink', 'linkPdf')];

/** The simplified record's counts of results, one per list. */
type CountField =
	| 'compliancePepChile'
	| 'compliancePepRelatives'
	| 'compliancePublicOfficials'
	| 'complianceInternationalLists'
	| 'complianceCriminal'
	| 'complianceCorporateMesh'
	| 'complianceNews';

type ListCounts = Pick<SimplifiedSummary, CountField>;

export interface ListSpec {
	key: string;
	/** What the trigger's items call the list. */
	label: string;
	/** What the Monitor's evidence calls it. */
	shortLabel: string;
	/** Its place in the Monitor's evidence, worst first. */
	severity: number;
	/** The simplified record's field counting its results. */
	recordField: CountField;
	/** The V1 summary's name of it (compliance.summary[].table), accents, case and spacing ignored. */
	v1Table: string;
	/** The keys its findings arrive under. */
	items: string[];
	total: string[];
	/** Its keys in the screening's summary (resumen). */
	summary: string[];
	fields: Key[];
	/** The fields (by `field`) that tell one finding apart in the Monitor's evidence. */
	detail: string[];
}

/** In the order the lists appear in the emitted event and in "One Item per Finding". */
export const LISTS: ListSpec[] = [
	{
		key: 'pepChile',
		label: 'PEP Chile',
		shortLabel: 'PEP',
		severity: 2,
		recordField: 'compliancePepChile',
		v1Table: 'pep chile',
		detail: ['position', 'institution', 'period'],
		items: ['datosPepChile'],
		total: ['totalPepChile'],
		summary: ['pepChile'],
		fields: [
			f('name', 'name', 'nombre'),
			f('position', 'position', 'cargo'),
			f('institution', 'institution', 'institucion'),
			f('period', 'period', 'periodo'),
		],
	},
	{
		key: 'publicOfficials',
		label: 'Public officials',
		shortLabel: 'Public officials',
		severity: 4,
		recordField: 'compliancePublicOfficials',
		v1Table: 'funcionarios publicos',
		detail: ['position', 'institution'],
		items: ['datosFuncionarioPublico'],
		total: ['totalFuncionarioPublico'],
		summary: ['funcionariosPublicos', 'publicOfficials'],
		fields: official,
	},
	{
		key: 'pepRelatives',
		label: 'Relatives of PEPs',
		shortLabel: 'PEP relatives',
		severity: 3,
		recordField: 'compliancePepRelatives',
		v1Table: 'familiares pep',
		detail: ['position', 'institution'],
		items: ['datosFamiliarPep'],
		total: ['totalFamiliarPep'],
		summary: ['pepChileFamiliares', 'pepRelatives'],
		fields: [...official, f('isPep')],
	},
	{
		key: 'internationalLists',
		label: 'International lists',
		shortLabel: 'International lists',
		severity: 1,
		recordField: 'complianceInternationalLists',
		v1Table: 'listas internacionales',
		detail: ['list'],
		items: ['datosListasInternacionales'],
		total: ['totalListasInternacionales'],
		summary: ['listasInternacionales', 'internationalLists'],
		fields: [f('name', 'name', 'nombre'), f('list', 'list', 'lista'), f('link', 'link', 'enlace')],
	},
	{
		key: 'criminal',
		label: 'Criminal cases',
		shortLabel: 'Criminal',
		severity: 0,
		recordField: 'complianceCriminal',
		v1Table: 'penal',
		detail: ['infraction', 'tribunal', 'role', 'status', 'date'],
		// The success form says dataPenal, the no-match form datosPenal.
		items: ['dataPenal', 'datosPenal'],
		total: ['totalPenal'],
		summary: ['penal', 'criminal'],
		fields: [
			f('name', 'name', 'nombre'),
			f('posture', 'posture', 'postura'),
			f('role', 'role', 'rol'),
			f('date', 'date', 'fecha'),
			f('infraction', 'infraction', 'infraccion'),
			f('status', 'status', 'estado'),
			f('stage', 'stage', 'etapa'),
			list('litigants', ['litigants', 'litigantes'], litigant),
			f('matter', 'matter', 'materia'),
			f('tribunal'),
			f('isDenounced', 'isDenounced', 'esDenunciado'),
		],
	},
	{
		key: 'news',
		label: 'News',
		shortLabel: 'News',
		severity: 5,
		recordField: 'complianceNews',
		v1Table: 'noticias',
		detail: ['title', 'source', 'period'],
		items: ['datosNoticias'],
		total: ['totalNoticias'],
		summary: ['noticias', 'news'],
		fields: [
			f('name', 'name', 'nombre'),
			f('title', 'title', 'titulo'),
			f('source', 'source', 'fuente'),
			f('link', 'link', 'enlace'),
			f('sourceLink', 'sourceLink', 'enlaceFuente'),
			f('topic', 'topic', 'tema'),
			f('period', 'period', 'periodo'),
		],
	},
	{
		key: 'corporateMesh',
		label: 'Corporate mesh',
		shortLabel: 'Corporate mesh',
		severity: 6,
		recordField: 'complianceCorporateMesh',
		v1Table: 'socios y sociedades',
		detail: ['companyRut', 'source'],
		items: ['datosMallaSocietaria'],
		total: ['totalMallaSocietaria'],
		summary: ['mallaSocietaria', 'corporateMesh'],
		fields: [
			f('companyName', 'companyName', 'nombreSociedad'),
			f('companyRut', 'companyRut', 'rutSociedad'),
			f('date', 'date', 'fecha'),
			list('partners', ['partners', 'socios'], partner),
			list('extracts', ['extracts', 'extractos'], extract),
			f('latestDate', 'latestDate', 'ultimaFecha'),
			f('societiesParticipant'),
			f('source'),
		],
	},
];

/** A screening's risk, as its summary entries and the V2 compliance read write it. */
export const RISK = key('risk', 'text', 'riesgo', 'risk');

export const SUMMARY_ENTRY: Key[] = [f('total', 'totalResultados', 'totalResults', 'total'), RISK];

/** Top of every event, in emitted order. */
export const HEAD = {
	webhookId: ['webhookId'],
	status: ['status', 'estado'],
	fullName: ['fullName', 'nombreCompleto'],
};

/** SUCCESS fields between the head and the summary, in emitted order. */
export const SUCCESS_FIELDS: Key[] = [
	f('personType', 'personType', 'tipPersona', 'tipoPersona'),
	f('searchTolerance', 'searchTolerance', 'toleranciaBusqueda'),
	f('isNewProfile', 'isNewProfile', 'esPerfilNuevo'),
	f('risk', 'risk', 'riesgo'),
];

export const SUMMARY_KEYS = ['summary', 'resumen'];

export const FAILURE: Key[] = [f('error'), f('details', 'details', 'detalles', 'detalle')];

/** A summary entry's count of results (`totalResultados`; the no-match form writes `totalResults`). */
export function resultCount(entry: unknown): number | null {
	return num(first(obj(entry), SUMMARY_ENTRY[0].from));
}

/** The lists in the simplified record's order of their counts. */
const BY_RECORD = SIMPLIFIED_FIELDS.flatMap((field) => LISTS.filter((l) => l.recordField === field));

/** The V2 summary's rows for the counts: each list's summary entry (compliance.resumen.<list>, under each of its names), read by countsRead. */
export const SUMMARY_COUNT_KEYS: Key[] = BY_RECORD.map((spec) => key(spec.recordField, 'object', ...spec.summary.map((name) => `compliance.resumen.${name}`)));

/** The V1 summary's row of the screening's tables (compliance.summary), read by countsFromTables. */
export const V1_SCREENING_TABLES = key('complianceLists', 'list', 'compliance.summary');

/** No screening to read (none ran, or the summary has no compliance section): every count unknown. */
export const NO_COUNTS = Object.fromEntries(BY_RECORD.map((spec) => [spec.recordField, null])) as ListCounts;

/** The V2 summary's counts, each list's entry read through its row (a list it lacks under every name is noted). */
export function countsRead(reading: Reading): ListCounts {
	return Object.fromEntries(SUMMARY_COUNT_KEYS.map((row) => [row.field, resultCount(reading.at(row))])) as ListCounts;
}

/** V1's table names (compliance.summary[].table) with accents, case and spacing ignored. */
const tableKey = (table: string) => table.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The V1 screening summary (rows of {table, countResults}) as the record's counts, null where a list lacks a row (noted with a Reading). */
export function countsFromTables(rows: unknown, reading?: Reading): ListCounts {
	const counts = Object.fromEntries(BY_RECORD.map((spec) => [spec.recordField, undefined])) as Record<string, number | null | undefined>;
	for (const row of (Array.isArray(rows) ? rows : []).map(obj)) {
		const spec = typeof row.table === 'string' ? LISTS.find((l) => l.v1Table === tableKey(row.table as string)) : undefined;
		if (spec) counts[spec.recordField] = num(row.countResults);
	}
	for (const spec of BY_RECORD) {
		if (counts[spec.recordField] === undefined && rows !== null) reading?.missing(spec.recordField, `compliance.summary[${spec.v1Table}]`, 'compliance.summary', rows);
		counts[spec.recordField] ??= null;
	}
	return counts as ListCounts;
}
