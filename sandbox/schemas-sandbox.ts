/**
 * Schemas of the shapes the spec leaves "not shown", as this sandbox chose them (README.md).
 * Kept apart from schemas.ts so nobody mistakes a sandbox choice for the service's contract.
 */
import { z } from 'zod';
import { dicomQueriesPage, dicomQuery } from './schemas-addendum';
import { complianceV2, creditScoringV2, isoStamp, mallaItem, rutString, v2Date, v2Period, v2Stamp } from './schemas';

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
export const v2ComplianceRead = complianceV2.extend({ rut: rutString, ultimaActualizacion: v2Stamp });
export const v2Usage = strict({
	paidLoads: z.number().int(), freeReads: z.number().int(), notFoundReads: z.number().int(), complianceLoads: z.number().int(),
	loadedRuts: z.number().int(), activeComplianceProfiles: z.number().int(),
});
export const v2Profiles = strict({
	ruts: z.array(strict({ rut: rutString, isMonitoring: z.boolean(), includeBureau: z.boolean(), fechaCarga: v2Date })),
	compliance: z.array(strict({
		webhookId: z.number().int(), fullName: z.string(), isJuridicalPerson: z.boolean(), searchErrors: z.number().int(), isMonitoring: z.boolean(),
		estado: z.enum(['PROCESSING', 'SUCCESS', 'FAILED']), fechaCreacion: v2Stamp, fechaExpiracion: v2Stamp.nullable(),
	})),
});

export const v1CaseList = z.array(strict({
	rol: z.string(), court: z.string(), caption: z.string(), filingDate: isoStamp, status: z.enum(['Activo', 'Concluido', 'Archivado']),
	matter: z.string(), amount: z.number(), role: z.string(),
}));
export const v1MoraList = z.array(strict({ period: v2Period, institution: z.string(), workers: z.number(), amount: z.number() }));
export const v1FineList = z.array(strict({ date: isoStamp, resolution: z.string(), amount: z.number(), status: z.enum(['paid', 'outstanding']), reason: z.string() }));
export const v1OfficialDiary = z.array(strict({
	fecha: isoStamp, razonSocial: z.string(), linkPdf: z.string().url(), seccion: z.string(),
	socios: z.array(strict({ socio: z.string(), rut: z.string().nullable(), domicilio: z.string().nullable() })),
}));
export const v1Malla = strict({ detail: z.array(strict({ socios: z.array(strict({ rut: z.string(), socio: z.string() })), socio: z.string(), rut: z.string() })), lastUpdate: isoStamp });

/** A2's entries are the shape of A1's `consultas` here (the docs leave them open). */
export const v2DicomQueriesPage = dicomQueriesPage.extend({ casos: z.array(dicomQuery) });
