/**
 * Contract: zod schemas of the spec's records (§2.2–§2.6) and webhook events (§6), written from
 * the spec text. Records are strict (an unknown or misspelt key fails) while every field may be
 * null or absent, as spec §2.1 allows; formats are checked whenever a value is present.
 */
import { z } from 'zod';

type Loose<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>> };

/** A spec record: known keys only, each nullable and optional (spec §2.1). */
function rec<T extends z.ZodRawShape>(shape: T) {
	const loose = {} as Record<string, z.ZodTypeAny>;
	for (const key of Object.keys(shape)) loose[key] = shape[key].nullable().optional();
	return z.object(loose as Loose<T>).strict();
}

const numbers = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>;

export const rutString = z.string().regex(/^[1-9]\d{0,7}-[\dK]$/, 'RUT in the form 12345678-5');
export const v2Date = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'DD-MM-YYYY');
export const v2Stamp = z.string().regex(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/, 'DD-MM-YYYY HH:mm:ss');
export const v2Period = z.string().regex(/^\d{2}\/\d{4}$/, 'MM/YYYY');
const scorePeriod = z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM');
export const isoStamp = z.string().datetime({ offset: true });
const siNo = z.enum(['SI', 'NO']);
const risk = z.enum(['free', 'medium', 'critical']);
const personType = z.enum(['juridical', 'natural']);

export const successOf = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data }).strict();

// ---------- §2.2 V2 summary ----------

const DEBT_FIELDS = [
	'deudaDirectaComercial', 'deudaDirectaCastigada', 'deudaDirectaHipotecaria', 'deudaDirectaMorosa', 'deudaDirectaVencida', 'deudaDirectaVigente',
	'deudaIndirectaCastigada', 'deudaIndirectaVencida', 'deudaIndirectaVigente', 'leasingMoroso', 'leasingVigente', 'lineaCredito',
] as const;

const POSTURE_FIELDS = [
	'abogadoSolicitante', 'abogadoAcreedor', 'abogadoDemandado', 'abogadoDemandante', 'abogadoExhortado', 'abogadoExhortante', 'acreedor',
	'apoderadoDemandado', 'apoderadoDenunciante', 'apoderadoExhortante', 'apoderadoExhortado', 'apoderadoSolicitante', 'demandado', 'demandante',
	'deudor', 'exhortado', 'exhortante', 'perito', 'solicitante', 'abogadoInstitucionReclamada', 'abogadoReclamante', 'demandadoSolidario',
	'empleadora', 'institucionReclamada', 'reclamante', 'terceroIndependiente', 'abogadoDenunciante', 'abogadoReclamado', 'apoderadoReclamante',
	'demandadoSubsidiario', 'denunciado', 'denunciante', 'reclamado', 'terceroCoadyuvante', 'tercero', 'abogado', 'terceroExcluido', 'liquidador',
	'patrocinador',
] as const;

const variacion = rec({ ultimoPeriodo: v2Period, periodoActual: v2Period, cambioPorcentual: z.number(), cambioAbsoluto: z.number() });

const identificacion = rec({
	razonSocial: z.string(), presentaActividades: siNo, inicioActividades: v2Date, autorizadoMonedaExtranjera: siNo, empresaMenor: siNo,
	observaciones: z.string(), notas: z.string(), situacionActual: z.string(),
	actividadEconomicaVigente: z.array(rec({ actividades: z.string(), codigo: z.string(), categoria: z.string(), afectaIva: z.string(), fecha: v2Date })),
	documentosTimbrados: z.array(rec({ documento: z.string(), ultimoAnioTimbrado: z.string() })),
	cantidadActividades: z.number(), cantidadDocumentos: z.number(), ultimaActualizacion: v2Stamp,
	tamanoEmpresaSii: rec({ tamanoEmpresa: z.string(), ventasAnuales: z.string(), cantidadTrabajadores: z.string() }),
});

const boletinComercial = rec({
	casosSourceA: z.number(), casosSourceB: z.number(), casosSourceC: z.number(),
	MontoSourceA: z.number(), MontoSourceB: z.number(), MontoSourceC: z.number(),
	variacion, ultimaActualizacion: v2Stamp,
});

const judicial = rec({
	...numbers([
		'casosCivilesActivos', 'casosCivilesPresentados', 'casosCivilesConcluidos', 'cobranzaActivos', 'cobranzaPresentados', 'cobranzaConcluidos',
		'laboralActivos', 'laboralPresentados', 'laboralConcluidos', 'casosActuales', 'casosArchivados', 'casosConcluidos', 'todosLosCasos', 'casosQuiebra',
	] as const),
	casosQuiebraResumen: z.record(z.unknown()),
	posturasActivasPresentadas: rec(numbers(POSTURE_FIELDS)),
	ultimaActualizacionCiviles: v2Stamp, ultimaActualizacionCobranza: v2Stamp, ultimaActualizacionLaboral: v2Stamp,
	boletinConcursal: z.boolean(),
});

const cobranzaLaboral = rec({
	moraPrevisional: rec({ casosTotales: z.number(), empleados: z.number(), variacion, ultimaActualizacion: v2Stamp }),
	multaLaboral: rec({
		...numbers(['totalMultas', 'montoTotalMultas', 'multasPagadas', 'montoMultasPagadas', 'multasPendientes', 'montoMultasPendientes'] as const),
		variacion, ultimaActualizacion: v2Stamp,
	}),
	boletinLaboral: rec({
		montoTotal: z.number(),
		variacion: rec({ montoTotal: z.number(), ultimoPeriodo: v2Period, periodoActual: v2Period, cambioPorcentual: z.number(), cambioAbsoluto: z.number() }),
		ultimaActualizacion: v2Stamp,
	}),
});

const gazetteCase = rec({
	fecha: v2Stamp, razonSocial: z.string(), linkPdf: z.string().url(), seccion: z.string(),
	socios: z.array(rec({ socio: z.string(), rut: z.string(), domicilio: z.string() })), rut: z.string(),
});
const eudCase = rec({
	fecha: v2Date, actuacion: z.string(), numeroAtencion: z.string(), razonSocial: z.string(), cve: z.string(), linkPdf: z.string().url(),
	socios: z.array(rec({ socio: z.string(), rut: z.string(), domicilio: z.string(), acciones: z.string(), monto: z.string(), porcentaje: z.string() })),
	administradores: z.array(rec({ administrador: z.string(), rut: z.string(), domicilio: z.string() })),
	fechaCreacion: v2Date, fechaActualizacion: v2Date,
});
export const mallaItem = rec({
	participaciones: z.array(rec({ rut: z.string(), sociedad: z.string() })),
	socios: z.array(rec({ rut: z.string(), socio: z.string() })),
	ultimaActualizacion: v2Stamp,
});

const legal = rec({
	diarioOficial: rec({ casos: z.array(gazetteCase), ultimaActualizacion: v2Stamp }),
	empresaEnUnDia: rec({ casos: z.array(eudCase), ultimaActualizacion: v2Stamp }),
	mallaSocietariaExterna: z.array(mallaItem),
	mallaSocietariaInterna: z.array(mallaItem),
});

const deudaBancaria = rec({ periodo: v2Period, ...numbers(DEBT_FIELDS), variacion: rec({ periodo: v2Period, ...numbers(DEBT_FIELDS) }) });

const bienes = rec({
	vehiculos: rec({ cantidadVehiculos: z.number(), tasacionTotal: z.number(), ultimaActualizacion: v2Stamp }),
	propiedades: rec({ cantidadPropiedades: z.number(), tasacionTotal: z.string(), ultimaActualizacion: v2Stamp }),
});

export const creditScoringV2 = rec({
	ponderacionFinanciero: z.number(), maxPonderacionFinanciero: z.number(), ponderacionJudicial: z.number(), maxPonderacionJudicial: z.number(),
	judicialBankruptcy: z.boolean(), ponderacionCobranzaLaboral: z.number(), maxPonderacionCobranzaLaboral: z.number(),
	ponderacionBoletin: z.number(), maxPonderacionBoletin: z.number(), cantidadAyudantes: z.number(), nombresAyudantes: z.array(z.string()),
	porcentajeClasificacion: z.number(), etiquetaClasificacion: z.string(),
});

const grade = rec({ valor: z.number(), total: z.number() });
const ratings = rec({
	etiquetasActivas: z.array(z.string()), cantidadComentarios: z.number(),
	calificacionGlobal: grade, calificacionCumplimientoGlobal: grade, calificacionRelacionGlobal: grade, calificacionTransparenciaGlobal: grade, calificacionFiabilidadGlobal: grade,
	seccionComentarios: rec({ comentarios: z.array(rec({ comentario: z.string(), rating: z.number(), fechaCreacion: z.string(), nombre: z.string(), tagChanges: z.array(z.unknown()) })) }),
});

const categoryResult = rec({ totalResultados: z.number().int().min(0), riesgo: risk });
export const complianceV2 = rec({
	estado: z.enum(['PROCESADO', 'NO PROCESADO']),
	nombre: z.string(), segundoNombre: z.string(), apellido: z.string(), segundoApellido: z.string(),
	tipoPersona: personType, riesgo: risk,
	resumen: rec({
		pepChile: categoryResult, pepChileFamiliares: categoryResult, funcionariosPublicos: categoryResult, listasInternacionales: categoryResult,
		penal: categoryResult, mallaSocietaria: categoryResult, noticias: categoryResult,
	}),
});

const v2SummaryShape = {
	rut: rutString, esPersonaJuridica: z.boolean(), fechaCarga: v2Date,
	identificacion, boletinComercial, judicial, cobranzaLaboral, legal, deudaBancaria, bienes,
	creditScoring: creditScoringV2, ratings, compliance: complianceV2,
	incluyeBureau: z.boolean(), ayudantesFallidos: z.array(z.string()),
};
export const v2Summary = rec(v2SummaryShape);

// ---------- §2.3 V1 summary ----------

const v1Activity = rec({ activities: z.string(), code: z.string(), category: z.string(), ivaAffection: z.string(), date: isoStamp });
const v1Document = rec({ document: z.string(), lastStampingYear: z.string() });
const siiShape = {
	razonSocial: z.string(), presentaActividades: z.string(), inicioActividades: z.string(), autorizadoMonedaExtranjera: z.string(), empresaMenor: z.string(),
	observaciones: z.string(), notas: z.string(), situacionActual: z.string(),
	actividadEconomicaVigente: z.array(v1Activity), documentosTimbrados: z.array(v1Document),
};
const v1Sii = rec({ ...siiShape, activityCount: z.number(), documentCount: z.number() });

const BULLETIN_V1 = ['casesSourceA', 'casesSourceB', 'casesSourceC', 'amountSourceA', 'amountSourceB', 'amountSourceC'] as const;
const JUDICIAL_V1 = [
	'civilActiveCases', 'civilFiledCases', 'civilConcludedCases', 'cobranzaActiveCases', 'cobranzaFiledCases', 'cobranzaConcludedCases',
	'laboralActiveCases', 'laboralFiledCases', 'laboralConcludedCases', 'currentCases', 'archivedCases', 'concludedCases', 'allCases', 'bankruptcyCases',
] as const;
const FINES_V1 = ['totalFines', 'totalFinesAmount', 'paidFines', 'finesPaidAmount', 'outstandingFines', 'outstandingFinesAmount'] as const;
const WEIGHTINGS_V1 = {
	numberOfHelpers: z.number(), nameOfHelpers: z.array(z.string()), classificationPercentage: z.number(), classificationLabel: z.string(),
	financesWeighting: z.number(), judicialWeighting: z.number(), laborCollectionWeighting: z.number(), commertialBulletinWeighting: z.number(),
	maxJudicialWeighting: z.number(), maxCommertialBulletinWeighting: z.number(), maxFinancesWeighting: z.number(), maxLaborCollectionWeighting: z.number(),
};

const deudaV1Shape = { date: v2Period, ...numbers(DEBT_FIELDS), variation: rec({ date: v2Period, ...numbers(DEBT_FIELDS) }) };
const bulletinV1Shape = { ...numbers(BULLETIN_V1), variation: rec(numbers(BULLETIN_V1)), lastUpdate: isoStamp };
const judicialV1Shape = { ...numbers(JUDICIAL_V1), bankruptcyCasesResume: z.record(z.unknown()), activeFiledPosturesResume: z.record(z.number()) };
const moraV1Shape = { totalCases: z.number(), employees: z.number(), variation: rec({ totalCases: z.number() }) };
const finesV1Shape = { ...numbers(FINES_V1), variation: rec(numbers(FINES_V1)) };
const laborBulletinV1Shape = { totalAmount: z.number(), variation: rec({ totalAmount: z.number() }) };

const v1Compliance = rec({
	id: z.number(), scrappedRutId: z.number(), userId: z.number(), corporationId: z.number(),
	name: z.string(), secondName: z.string(), surname: z.string(), secondSurname: z.string(),
	personType, risk,
	summary: z.array(rec({
		countResults: z.number(), textCountResults: z.number(),
		table: z.enum(['PEP Chile', 'Funcionarios Públicos', 'Familiares PEP', 'Listas Internacionales', 'Penal', 'Socios y Sociedades', 'Noticias']),
		risk, useColor: z.boolean(),
	})),
	selectedRowsSocietaryMesh: z.array(z.string()), selectedRowsPepChile: z.array(z.string()), selectedRowsPublicOfficial: z.array(z.string()),
	selectedRowsPepChileFamily: z.array(z.string()), selectedRowsBlacklist: z.array(z.string()), selectedRowsPenal: z.array(z.string()),
	selectedRowsNews: z.array(z.string()),
	lastDataUpdate: z.string(), createdAt: isoStamp, updatedAt: isoStamp,
});

// ---------- §2.4 V1 downloadable summary (JSON, no wrapper) ----------

const lastUpdate = { lastUpdate: isoStamp };
const diarioOficialV1 = z.record(z.union([
	isoStamp,
	rec({ fecha: z.string(), razonSocial: z.string(), linkPdf: z.string(), seccion: z.string(), socios: z.array(rec({ socio: z.string(), rut: z.string(), domicilio: z.string() })) }),
])).superRefine((value, ctx) => {
	for (const key of Object.keys(value)) {
		if (key !== 'lastUpdate' && !/^\d+$/.test(key)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `diarioOficial key "${key}" is neither numeric nor lastUpdate` });
		if ((key === 'lastUpdate') !== (typeof value[key] === 'string')) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `diarioOficial["${key}"] has the wrong kind of value` });
	}
});
const societaryMeshExternalV1 = rec({ detail: z.array(rec({ socios: z.array(z.unknown()), socio: z.string(), rut: z.string() })), ...lastUpdate });
const empresaEnUnDiaCasesV1 = rec({
	detail: z.array(rec({
		fecha: z.string(), actuacion: z.string(), numeroAtencion: z.string(), cve: z.string(), linkPdf: z.string(),
		socios: z.array(rec({ socio: z.string(), rut: z.string() })), administradores: z.array(rec({ administrador: z.string(), rut: z.string() })),
	})),
	...lastUpdate,
});

const v1SummaryShape = {
	rut: rutString, fechaCarga: isoStamp,
	sii: v1Sii,
	siiBusinessSize: rec({ textSize: z.string(), icon: z.string(), annualSales: z.string(), dependentWorkers: z.string() }),
	deudaBancariaSummary: rec(deudaV1Shape),
	boletinComercialSummary: rec(bulletinV1Shape),
	judicialSummary: rec(judicialV1Shape),
	boletinConcursalSummary: z.union([z.boolean(), rec(lastUpdate)]),
	moraPrevisionalSummary: rec(moraV1Shape),
	multaLaboralSummary: rec(finesV1Shape),
	boletinLaboralSummary: rec(laborBulletinV1Shape),
	boletinLaboralLastUpdate: isoStamp,
	creditScoring: rec({
		financesWeight: z.number(), maxFinancesWeight: z.number(), judicialWeight: z.number(), maxJudicialWeight: z.number(), judicialBankruptcy: z.boolean(),
		laborCollectionWeight: z.number(), maxLaborCollectionWeight: z.number(), bulletinWeight: z.number(), maxBulletinWeight: z.number(), ...WEIGHTINGS_V1,
	}),
	vehiclesSummary: rec({ totalAssessmentFrom: z.number(), vehiclesQuantity: z.number() }),
	propertiesSummary: rec({ propertiesQuantity: z.number(), totalAppraisal: z.string() }),
	cobranzaLaboralLastUpdate: isoStamp,
	timestampsSubHelpers: z.array(rec({ subhelperId: z.number(), lastUpdate: isoStamp })),
	compliance: v1Compliance,
};
/** `summary?complete=true`: the spec does not name the extra keys; the sandbox adds these three of §2.4. */
export const v1SummaryComplete = rec({ ...v1SummaryShape, diarioOficial: diarioOficialV1, societaryMeshExternal: societaryMeshExternalV1, empresaEnUnDiaCases: empresaEnUnDiaCasesV1 });

const v1DownloadShape = {
	rut: rutString, fechaCarga: isoStamp,
	sii: v1Sii,
	siiBusinessSize: rec({ textSize: z.string(), icon: z.string(), annualSales: z.string(), ...lastUpdate }),
	deudaBancariaSummary: rec({ ...deudaV1Shape, ...lastUpdate }),
	boletinComercialSummary: rec(bulletinV1Shape),
	judicialSummary: rec({ ...judicialV1Shape, ...lastUpdate }),
	boletinConcursalSummary: rec(lastUpdate),
	moraPrevisionalSummary: rec({ ...moraV1Shape, ...lastUpdate }),
	multaLaboralSummary: rec({ ...finesV1Shape, ...lastUpdate }),
	boletinLaboralSummary: rec({ ...laborBulletinV1Shape, ...lastUpdate }),
	creditScoring: rec(WEIGHTINGS_V1),
	vehiclesSummary: rec({ totalAssessmentFrom: z.number(), vehiclesQuantity: z.number(), ...lastUpdate }),
	propertiesSummary: rec({ propertiesQuantity: z.number(), totalAppraisal: z.string(), ...lastUpdate }),
	isJuridicalPerson: z.boolean(),
	isCompleted: z.boolean(),
	diarioOficial: diarioOficialV1,
	societaryMeshExternal: societaryMeshExternalV1,
	personaEnUnDiaCases: rec({
		detail: z.array(rec({
			rut: z.string(), rutSociedad: z.string(), nombreSociedad: z.string(), rol: z.array(z.string()),
			socios: z.array(rec({ rut: z.string(), socio: z.string(), domicilio: z.string() })), administradores: z.array(rec({ rut: z.string(), administrador: z.string() })),
		})),
		...lastUpdate,
	}),
	empresaEnUnDiaCases: empresaEnUnDiaCasesV1,
};
export const v1Download = rec(v1DownloadShape);

// ---------- §2.5 identification, §2.6 credit score ----------

const v1IdentificationShape = { rut: rutString, ...siiShape };
export const v1Identification = rec(v1IdentificationShape);

const v1CreditScoreShape = {
	periodo: scorePeriod, inicioActividades: z.boolean(),
	...numbers(['porcentajeFinanzas', 'numeradorFinanzas', 'denominadorFinanzas', 'ponderacionFinanzas', 'porcentajeJudicial', 'numeradorJudicial', 'denominadorJudicial', 'ponderacionJudicial'] as const),
	quiebraJudicial: z.boolean(),
	...numbers(['porcentajeMoraPrevisional', 'casosMoraPrevisional', 'porcentajeMultasLaborales', 'montoMultasLaborales', 'porcentajeBoletinLaboral', 'montoBoletinLaboral',
		'ponderacionCobranzaLaboral', 'porcentajeBoletinComercial', 'montoBoletinComercial', 'ponderacionBoletinComercial'] as const),
	cantidadHelpers: z.union([z.string(), z.number()]),
	porcentajeClasificacion: z.number(), etiquetaClasificacion: z.string(), nombresHelpers: z.array(z.string()),
	...numbers(['maxPonderacionJudicial', 'maxPonderacionBoletinComercial', 'maxPonderacionCobranzaLaboral'] as const),
};
export const v1CreditScore = rec(v1CreditScoreShape);

// ---------- §6 webhook events ----------

const nullableString = z.string().nullable();
const relations = z.array(z.object({ nombre: z.string(), parentesco: z.string() }).strict());
const official = { name: z.string(), position: z.string(), institution: z.string(), link: nullableString, period: nullableString, relationsData: relations };

export const eventItems = {
	datosMallaSocietaria: z.object({
		nombreSociedad: z.string(), rutSociedad: nullableString, fecha: nullableString,
		socios: z.array(z.object({
			nombre: z.string(), rut: nullableString, domicilio: nullableString, tipoDeParticipacion: z.string(), cargo: nullableString,
			cargoEjecutivoPrincipal: nullableString, fechaNombramiento: nullableString, porcentajeParticipacion: nullableString,
		}).strict()),
		extractos: z.array(z.object({ actuacion: z.string(), fecha: z.string(), linkPdf: nullableString }).strict()),
		ultimaFecha: nullableString, societiesParticipant: z.array(z.unknown()).nullable(), source: z.string(),
	}).strict(),
	datosPepChile: z.object({ name: z.string(), position: z.string(), institution: z.string(), period: nullableString }).strict(),
	datosFuncionarioPublico: z.object(official).strict(),
	datosFamiliarPep: z.object({ ...official, isPep: z.boolean() }).strict(),
	datosListasInternacionales: z.object({ name: z.string(), list: z.string(), link: nullableString }).strict(),
	dataPenal: z.object({
		name: z.string(), posture: z.string(), role: z.string(), date: z.string(), infraction: z.string(), status: z.string(), stage: z.string(),
		litigants: z.array(z.object({ nombre: z.string(), sujeto: z.string(), situacionLibertad: nullableString }).strict()),
		matter: z.string(), tribunal: z.string(), isDenounced: z.boolean(),
	}).strict(),
	datosNoticias: z.object({
		name: z.string(), title: z.string(), source: z.string(), link: z.string(), sourceLink: z.string(), topic: z.array(z.string()), period: z.string(),
	}).strict(),
};

const total = z.number().int().min(0);
const eventHead = {
	webhookId: z.number().int(),
	estado: z.literal('SUCCESS'),
	/** Sandbox addition so every delivery carries `status` (spec §6 rule 4). */
	status: z.literal('SUCCESS').optional(),
	nombreCompleto: z.string(),
	/** Sandbox addition so every delivery carries `fullName` (spec §6 rule 4). */
	fullName: z.string().optional(),
	tipPersona: personType,
	toleranciaBusqueda: z.union([z.literal(0), z.literal(1), z.literal(2)]),
	esPerfilNuevo: z.boolean(),
	riesgo: risk,
};
const resultOf = (key: 'totalResultados' | 'totalResults', riesgo: z.ZodTypeAny) => z.object({ [key]: total, riesgo }).strict();
const riskyResult = resultOf('totalResultados', risk);
const plainResult = resultOf('totalResultados', z.null());

export const successEvent = z.object({
	...eventHead,
	resumen: z.object({
		pepChileFamiliares: riskyResult, pepChile: riskyResult,
		funcionariosPublicos: riskyResult.default({ totalResultados: 0, riesgo: 'free' }),
		listasInternacionales: riskyResult, penal: riskyResult, mallaSocietaria: plainResult, noticias: plainResult,
	}).strict(),
	datosMallaSocietaria: z.array(eventItems.datosMallaSocietaria), totalMallaSocietaria: total,
	datosPepChile: z.array(eventItems.datosPepChile), totalPepChile: total,
	datosFuncionarioPublico: z.array(eventItems.datosFuncionarioPublico), totalFuncionarioPublico: total,
	datosFamiliarPep: z.array(eventItems.datosFamiliarPep), totalFamiliarPep: total,
	datosListasInternacionales: z.array(eventItems.datosListasInternacionales), totalListasInternacionales: total,
	dataPenal: z.array(eventItems.dataPenal), totalPenal: total,
	datosNoticias: z.array(eventItems.datosNoticias), totalNoticias: total,
}).strict();

const empty = z.array(z.unknown()).length(0);
const zero = z.literal(0);
/** "Most" categories write totalResults here; either key is accepted per category. */
const noMatchResult = (riesgo: z.ZodTypeAny) => z.union([resultOf('totalResults', riesgo), resultOf('totalResultados', riesgo)]);

export const noMatchEvent = z.object({
	...eventHead,
	resumen: z.object({
		pepChileFamiliares: noMatchResult(risk), pepChile: noMatchResult(risk), funcionariosPublicos: noMatchResult(risk),
		listasInternacionales: noMatchResult(risk), penal: noMatchResult(risk), mallaSocietaria: noMatchResult(z.null()), noticias: noMatchResult(z.null()),
	}).strict(),
	datosMallaSocietaria: empty, totalMallaSocietaria: zero,
	datosPepChile: empty, totalPepChile: zero,
	datosFuncionarioPublico: empty, totalFuncionarioPublico: zero,
	datosFamiliarPep: empty, totalFamiliarPep: zero,
	datosListasInternacionales: empty, totalListasInternacionales: zero,
	datosPenal: empty, totalPenal: zero,
	datosNoticias: empty, totalNoticias: zero,
}).strict();

export const failedEvent = z.object({
	webhookId: z.number().int(), status: z.literal('FAILED'), error: z.string(), details: z.string(), fullName: z.string(),
}).strict();

export const complianceEvent = z.union([successEvent, noMatchEvent, failedEvent]);

// ---------- §7 error bodies ----------

export const v2Error = z.object({ success: z.literal(false), code: z.number().int(), error: z.string(), details: z.string().optional() }).strict();
/** The V1 error shape is not shown in the spec; this is the sandbox's choice. */
export const v1Error = z.object({ success: z.literal(false), message: z.string(), details: z.string().optional() }).strict();
