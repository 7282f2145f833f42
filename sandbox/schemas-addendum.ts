/**
 * Contract of what the service's public documentation adds to the spec (addendum A1, A2, A4–A7),
 * written from the addendum's text. Where the docs leave a record open (A2's entries; A6's and
 * A7's records "may carry further fields, and a field may be null or absent") the contract
 * passes the rest through; the sandbox's own choice for them is in schemas-sandbox.ts.
 */
import { z } from 'zod';
import { isoStamp, rutString, v2Date, v2Period, v2Stamp } from './schemas';

const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
const count = z.number().int().nonnegative();
const yearMonth = z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM');

/** An A6/A7 record: the listed fields with their types when present, each may be null or absent, others pass. */
function open<T extends z.ZodRawShape>(shape: T) {
	const loose: Record<string, z.ZodTypeAny> = {};
	for (const key of Object.keys(shape)) loose[key] = shape[key].nullish();
	return z.object(loose).passthrough();
}

/** Who looked the RUT up in the bulletin (A1's `consultas`). */
export const dicomQuery = strict({ consultadoPor: z.string(), consultadoA: z.string(), fecha: v2Date });

const dicomCase = strict({
	fechaEquifax: v2Date, montoImpago: z.number(), deudaActiva: z.boolean(), nombreLibrador: z.string(),
	tipoDeuda: z.string(), tipoDocumento: z.string(), fechaJustificacion: v2Date, descripcionJustificacion: z.string(),
	fechaVisibilidad: v2Date, fechaDesactivacion: v2Date.nullable(), numeroCheque: z.string(), fechaExpiracion: v2Date,
	localidad: z.string(), codigoMercado: z.string(), descripcionMercado: z.string(), codigoMoneda: z.string(), tipoMotivo: z.string(),
});

/** A1: GET /helper/boletin/{rut}/boletinDicom */
export const dicomCases = strict({ cantidad: count, casos: z.array(dicomCase), cantidadConsultas: count, consultas: z.array(dicomQuery) });

/** The `data` of a paginated read (A2, A5). */
const pageOf = <T extends z.ZodTypeAny>(entry: T) =>
	strict({ page: z.number().int().min(1), totalPages: count, cantidad: count, casos: z.array(entry), ultimaActualizacion: v2Stamp });

/** A2: GET /helper/boletin/{rut}/consultasDicom?page=N */
export const dicomQueriesPage = pageOf(z.object({}).passthrough());

/** A4: GET /usage */
export const usage = strict({
	consultasContratadas: z.number(),
	consultasRealizadas: z.number(),
	monitoreosContratados: z.number(),
	monitoreosUsados: z.number(),
	informacionPlan: strict({ fechaInicioVigencia: yearMonth, fechaFinVigencia: yearMonth.nullable() }),
	limites: strict({ limiteConsultas: z.number(), limiteMonitoreos: z.number(), limiteLeafRut: z.number() }),
	monitoreos: strict({ monitoreosUsados: z.number(), monitoreosContratados: z.number(), monitoreosExcedidos: z.number() }),
	prediccionMensual: strict({
		mesSiguiente: yearMonth,
		consultasEstimadas: z.number(),
		monitoreosEstimados: z.number(),
		tendenciaConsultas: z.string(),
		tendenciaMonitores: z.string(),
		promedioUltimos3Meses: strict({ consultas: z.number(), monitoreos: z.number() }),
		historialMensual: z.array(strict({ mes: yearMonth, consultas: z.number(), monitoreos: z.number() })),
	}),
});

/** A5: an entry of GET /helper/cobranzaLaboral/{rut}/infraccionesPrevisionales?page=N */
const pensionInfraction = strict({
	fecha: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'DD/MM/YYYY'),
	nombreInstitucion: z.string(),
	montoMorosidad: z.number(),
	mesesMorosidad: z.number(),
	cotizacionesMorosas: z.number().nullable(),
	numeroInfraccion: z.string(),
});

export const pensionInfractionsPage = pageOf(pensionInfraction);

/** A6's dates: ISO 8601 under /api/v1, DD-MM-YYYY HH:MM:SS under /api/external/v1. */
const listDate = z.union([isoStamp, v2Stamp]);

/** A6: GET /helper/{rut}/getLaboralCases */
export const laborCase = open({
	estado: z.string(), estadoCausa: z.string(), etapa: z.string(), fechaIngreso: listDate, linkEbook: z.string(),
	litigantes: z.array(open({ rut: z.string(), nombre: z.string(), sujeto: z.string(), persona: z.string(), abogadoDefensor: z.string() })),
	materia: z.string(), rit: z.string(), tribunal: z.string(), sujeto: z.string(), estadoActual: z.string(),
});

/** A6: GET /helper/{rut}/getMultaLaboralCases */
export const laborFine = open({
	enunciado: z.string(), estado: z.string(), fecha: listDate, multa: z.string(), procedencia: z.string(),
	um: z.string().regex(/^-?\d+([.,]\d+)?$/, 'a number written as text'), tipoUm: z.string(), montoClp: z.number(),
});

/** A6: GET /helper/{rut}/getMoraPrevisionalCases (the record keeping fields as the /api/v1 example adds them) */
export const pensionArrear = open({
	afp: z.string(), fecha: listDate, fechaDemanda: z.string(), nombreAfiliado: z.string(), periodo: v2Period, rutAfiliado: z.string(),
	tipoProducto: z.string(), id: z.number(), scrappedRutId: z.number(), notified: z.boolean(), activeDebt: z.boolean(),
	deactiveDate: listDate, createdAt: listDate, updatedAt: listDate,
});

/** A6: GET /helper/{rut}/getOfficialDiary */
export const officialDiaryEntry = open({
	id: z.number(), scrappedRutId: z.number(), fecha: listDate, razonSocial: z.string(), linkPdf: z.string(), seccion: z.string(),
	notified: z.boolean(), socios: z.array(z.unknown()), rut: z.string(), createdAt: listDate, updatedAt: listDate,
});

/**
 * A7: an entry of `civil`, `cobranza` or `laboral` (A7 writes `fechaIngreso` in ISO 8601), which are
 * also A6's getCivilCases and getCobranzaCases records, in either date form.
 */
export const judicialEntry = open({
	estado: z.string(), estadoCausa: z.string(), etapa: z.string(), fechaIngreso: listDate, link: z.string(), linkPdf: z.string(),
	linkEbook: z.string(), litigantes: z.array(open({ rut: z.string(), nombre: z.string(), sujeto: z.string(), persona: z.string() })),
	proc: z.string(), tribunal: z.string(), rol: z.string(), rit: z.string(), monto: z.string(), linkMonto: z.string(),
});

/** A7: GET {V1 root}/integration/helper/judicial/{rut} */
export const allJudicialCases = z
	.object({ rut: rutString, civil: z.array(judicialEntry), cobranza: z.array(judicialEntry), laboral: z.array(judicialEntry) })
	.passthrough();
