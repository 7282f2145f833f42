/**
 * How the service's compliance event (spec §6) maps onto the one shape the trigger emits.
 * Each output key lists the names it may arrive under: the sample payload's English key
 * first, then the field tables' Spanish one. The service itself is inconsistent (see the
 * no-match form), so every list is tried in order and the first present name wins.
 */

export interface Field {
	out: string;
	from: string[];
	/** For arrays of records: how each record maps. */
	each?: Field[];
}

const f = (out: string, ...from: string[]): Field => ({ out, from: from.length ? from : [out] });
const list = (out: string, from: string[], each: Field[]): Field => ({ out, from, each });

const relation: Field[] = [f('name', 'name', 'nombre'), f('relationship', 'relationship', 'parentesco')];

const official: Field[] = [
	f('name', 'name', 'nombre'),
	f('position', 'position', 'cargo'),
	f('institution', 'institution', 'institucion'),
	f('link', 'link', 'enlace'),
	f('period', 'period', 'periodo'),
	list('relationsData', ['relationsData'], relation),
];

const litigant: Field[] = [
	f('name', 'name', 'nombre'),
	f('subject', 'subject', 'sujeto'),
	f('libertyStatus', 'libertyStatus', 'situacionLibertad'),
];

const partner: Field[] = [
	f('name', 'name', 'nombre'),
	f('rut'),
	f('address', 'address', 'domicilio'),
	f('participationType', 'participationType', 'tipoDeParticipacion'),
	f('position', 'position', 'cargo'),
	f('mainExecutivePosition', 'mainExecutivePosition', 'cargoEjecutivoPrincipal'),
	f('appointmentDate', 'appointmentDate', 'fechaNombramiento'),
	f('participationPercentage', 'participationPercentage', 'porcentajeParticipacion'),
];

const extract: Field[] = [f('action', 'action', 'actuacion'), f('date', 'date', 'fecha'), f('pdfLink', 'pdfLink', 'linkPdf')];

export interface ListSpec {
	key: string;
	label: string;
	items: string[];
	total: string[];
	summary: string[];
	fields: Field[];
}

/** In the order the lists appear in the emitted event and in "One Item per Finding". */
export const LISTS: ListSpec[] = [
	{
		key: 'pepChile',
		label: 'PEP Chile',
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
		items: ['datosFuncionarioPublico'],
		total: ['totalFuncionarioPublico'],
		summary: ['funcionariosPublicos', 'publicOfficials'],
		fields: official,
	},
	{
		key: 'pepRelatives',
		label: 'Relatives of PEPs',
		items: ['datosFamiliarPep'],
		total: ['totalFamiliarPep'],
		summary: ['pepChileFamiliares', 'pepRelatives'],
		fields: [...official, f('isPep')],
	},
	{
		key: 'internationalLists',
		label: 'International lists',
		items: ['datosListasInternacionales'],
		total: ['totalListasInternacionales'],
		summary: ['listasInternacionales', 'internationalLists'],
		fields: [f('name', 'name', 'nombre'), f('list', 'list', 'lista'), f('link', 'link', 'enlace')],
	},
	{
		key: 'criminal',
		label: 'Criminal cases',
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

export const SUMMARY_ENTRY: Field[] = [f('total', 'totalResultados', 'totalResults', 'total'), f('risk', 'riesgo', 'risk')];

/** Top of every event, in emitted order. */
export const HEAD = {
	webhookId: ['webhookId'],
	status: ['status', 'estado'],
	fullName: ['fullName', 'nombreCompleto'],
};

/** SUCCESS fields between the head and the summary, in emitted order. */
export const PROFILE: Field[] = [
	f('personType', 'personType', 'tipPersona', 'tipoPersona'),
	f('searchTolerance', 'searchTolerance', 'toleranciaBusqueda'),
	f('isNewProfile', 'isNewProfile', 'esPerfilNuevo'),
	f('risk', 'risk', 'riesgo'),
];

export const SUMMARY_KEYS = ['summary', 'resumen'];

export const FAILURE: Field[] = [f('error'), f('details', 'details', 'detalles', 'detalle')];
