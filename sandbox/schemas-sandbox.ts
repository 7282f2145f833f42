/**
 * Schemas of the shapes the spec leaves "not shown", as this sandbox chose them (README.md).
 * Kept apart from schemas.ts so nobody mistakes a sandbox choice for the service's contract.
 */
import { z } from 'zod';
import { dicomQueriesPage, dicomQuery } from './schemas-addendum';
import { complianceV2, creditScoringV2, eventItems, isoStamp, mallaItem, rutString, v2Date, v2Period, v2Stamp } from './schemas';

const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();

export const loadAcceptedV2 = strict({ message: z.string(), rut: rutString, isMonitoring: z.boolean(), includeBureau: z.boolean(), fechaCarga: v2Date });
export const loadAcceptedV1 = strict({ message: z.string(), rut: rutString, isMonitoring: z.boolean(), includeBureau: z.boolean(), createdAt: isoStamp });
export const complianceAccepted = strict({ message: z.string(), webhookId: z.number().int() });

const list = <T extends z.ZodTypeAny>(item: T) => strict({ rut: rutString, total: z.number().int(), ultimaActualizacion: v2Stamp, casos: z.array(item) });
export const v2CaseList = list(strict({
	rol: z.string(), tribunal: z.string(), caratulado: z.string(), fechaIngreso: v2Date, estado: z.enum(['Activo', 'Concluido', 'Archivado']),
	materia: z.string(), cuantia: z.number(), postura: z.string(),
}));
export const v2MoraList = list(strict({ periodo: v2Period, institucion: z.string(), trabajadores: z.number(), monto: z.number() }));
export const v2FineList = list(strict({ fecha: v2Date, resolucion: z.string(), monto: z.number(), estado: z.enum(['Pagada', 'Pendiente']), motivo: z.string() }));
export const v2CreditScore = creditScoringV2.extend({ rut: rutString, periodo: v2Period });
export const v2Malla = strict({ rut: rutString, mallaSocietariaExterna: z.array(mallaItem), mallaSocietariaInterna: z.array(mallaItem) });
/** With the findings of each list that has any, in the success event's item shapes (spec §6.2). */
export const v2ComplianceRead = complianceV2.extend({
	rut: rutString,
	ultimaActualizacion: v2Stamp,
	...Object.fromEntries(Object.entries(eventItems).map(([key, item]) => [key, z.array(item).min(1).optional()])),
});
export const v2Profiles = strict({
	ruts: z.array(strict({ rut: rutString, isMonitoring: z.boolean(), includeBureau: z.boolean(), fechaCarga: v2Date })),
	compliance: z.array(strict({
		webhookId: z.number().int(), fullName: z.string(), isJuridicalPerson: z.boolean(), searchErrors: z.number().int(), isMonitoring: z.boolean(),
		estado: z.enum(['PROCESSING', 'SUCCESS', 'FAILED']), fechaCreacion: v2Stamp, fechaExpiracion: v2Stamp.nullable(),
	})),
});

/**
 * The V1 lists (addendum A6, A7) exactly as the sandbox writes them, every field present, with the
 * dates of the root that answered: ISO 8601 under /api/v1, DD-MM-YYYY HH:MM:SS under /api/external/v1.
 */
function v1ListsOf(date: typeof isoStamp | typeof v2Stamp) {
	const text = z.string();
	const litigant = { rut: rutString, nombre: text, sujeto: z.enum(['DEMANDADO', 'DEMANDANTE', 'DEUDOR']), persona: z.enum(['JURIDICA', 'NATURAL']) };
	const caseFields = {
		estado: z.enum(['Activo', 'Concluido', 'Archivado']), estadoCausa: text, etapa: text, fechaIngreso: date, linkEbook: z.string().url().nullable(),
		tribunal: text,
	};
	const entry = { ...caseFields, litigantes: z.array(strict(litigant)), link: z.string().url(), linkPdf: z.string().url(), proc: text };
	const record = { afp: text, fecha: date, fechaDemanda: z.union([z.literal('Prejudicial'), date]), nombreAfiliado: text, periodo: v2Period, rutAfiliado: rutString, tipoProducto: text };
	return {
		civil: z.array(strict({ ...entry, rol: text })),
		cobranza: z.array(strict({ ...entry, rit: text, monto: z.string().regex(/^\d+$/), linkMonto: z.string().url() })),
		laboralA7: z.array(strict({ ...entry, rit: text })),
		laboral: z.array(strict({
			...caseFields, litigantes: z.array(strict({ ...litigant, abogadoDefensor: text.nullable() })), materia: text, rit: text,
			sujeto: litigant.sujeto, estadoActual: z.enum(['Sin archivar', 'Archivada']),
		})),
		fines: z.array(strict({
			enunciado: text, estado: z.enum(['Pagada', 'Pendiente']), fecha: date, multa: text, procedencia: text, um: z.string().regex(/^\d+(\.\d)?$/),
			tipoUm: z.literal('UTM'), montoClp: z.number().int(),
		})),
		// The record keeping fields only under /api/v1, as the addendum's examples have them.
		arrears: z.array(date === isoStamp
			? strict({
				...record, id: z.number().int(), scrappedRutId: z.number().int(), notified: z.boolean(), activeDebt: z.boolean(), deactiveDate: date.nullable(),
				createdAt: date, updatedAt: date,
			})
			: strict(record)),
		gazette: z.array(strict({
			id: z.number().int(), scrappedRutId: z.number().int(), fecha: date, razonSocial: text, linkPdf: z.string().url(), seccion: text, notified: z.boolean(),
			socios: z.array(strict({ socio: text, rut: z.string().nullable(), domicilio: z.string().nullable() })), rut: rutString, createdAt: date, updatedAt: date,
		})),
	};
}

export const v1ListsV1 = v1ListsOf(isoStamp);
export const v1ListsExternal = v1ListsOf(v2Stamp);
export const v1AllCases = strict({ rut: rutString, civil: v1ListsV1.civil, cobranza: v1ListsV1.cobranza, laboral: v1ListsV1.laboralA7 });
export const v1Malla = strict({ detail: z.array(strict({ socios: z.array(strict({ rut: z.string(), socio: z.string() })), socio: z.string(), rut: z.string() })), lastUpdate: isoStamp });

/** A2's entries are the shape of A1's `consultas` here (the docs leave them open). */
export const v2DicomQueriesPage = dicomQueriesPage.extend({ casos: z.array(dicomQuery) });
