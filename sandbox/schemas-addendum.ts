/**
 * Contract of the two reads the service's public documentation adds to the spec (addendum A1,
 * A2), written from the addendum's text. The docs do not fix the fields of A2's entries, so the
 * contract passes them through; the sandbox's choice for them is in schemas-sandbox.ts.
 */
import { z } from 'zod';
import { v2Date } from './schemas';

const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
const count = z.number().int().nonnegative();

/** Who looked the RUT up in the bulletin (A1's `consultas`). */
export const dicomQuery = strict({ consultadoPor: z.string(), consultadoA: z.string(), fecha: v2Date });

export const dicomCase = strict({
	fechaEquifax: v2Date, montoImpago: z.number(), deudaActiva: z.boolean(), nombreLibrador: z.string(),
	tipoDeuda: z.string(), tipoDocumento: z.string(), fechaJustificacion: v2Date, descripcionJustificacion: z.string(),
	fechaVisibilidad: v2Date, fechaDesactivacion: v2Date.nullable(), numeroCheque: z.string(), fechaExpiracion: v2Date,
	localidad: z.string(), codigoMercado: z.string(), descripcionMercado: z.string(), codigoMoneda: z.string(), tipoMotivo: z.string(),
});

/** A1: GET /helper/boletin/{rut}/boletinDicom */
export const dicomCases = strict({ cantidad: count, casos: z.array(dicomCase), cantidadConsultas: count, consultas: z.array(dicomQuery) });

/** A2: GET /helper/boletin/{rut}/consultasDicom?page=N */
export const dicomQueriesPage = strict({
	page: z.number().int().min(1), totalPages: count, cantidad: count, casos: z.array(z.object({}).passthrough()),
});
