/** Word lists for seeded names. ASCII only, so the same text reads the same in JSON and in the PDF. */

export const COMPANY_PREFIXES = ['Comercial', 'Inversiones', 'Constructora', 'Transportes', 'Servicios', 'Inmobiliaria', 'Agricola', 'Distribuidora', 'Importadora', 'Consultora'] as const;
export const COMPANY_WORDS = ['Los Andes', 'del Pacifico', 'Santa Rosa', 'Austral', 'Cordillera', 'Valle Central', 'Las Condes', 'Rio Maule', 'Atacama', 'Patagonia', 'Norte Grande', 'Bio Bio'] as const;
export const COMPANY_SUFFIXES = ['SpA', 'Limitada', 'S.A.', 'EIRL'] as const;
export const FIRST_NAMES = ['Juan', 'Maria', 'Pedro', 'Camila', 'Jose', 'Valentina', 'Diego', 'Francisca', 'Matias', 'Catalina', 'Felipe', 'Javiera'] as const;
export const SURNAMES = ['Gonzalez', 'Munoz', 'Rojas', 'Diaz', 'Perez', 'Soto', 'Contreras', 'Silva', 'Martinez', 'Sepulveda', 'Morales', 'Rodriguez', 'Lopez', 'Fuentes'] as const;
/** Each kind of case at its kind of court: civil cases (and bankruptcies) at civil courts, labour cases at labour courts, labour collection at collection courts. */
export const CIVIL_COURTS = ['1 Juzgado Civil de Santiago', '3 Juzgado Civil de Santiago', '2 Juzgado Civil de Valparaiso', '1 Juzgado Civil de Concepcion'] as const;
export const LABOR_COURTS = ['1 Juzgado de Letras del Trabajo de Santiago', '2 Juzgado de Letras del Trabajo de Santiago', 'Juzgado de Letras del Trabajo de Valparaiso', 'Juzgado de Letras del Trabajo de Concepcion'] as const;
export const COLLECTION_COURTS = ['Juzgado de Cobranza Laboral y Previsional de Santiago', 'Juzgado de Cobranza Laboral y Previsional de Valparaiso', 'Juzgado de Cobranza Laboral y Previsional de Concepcion'] as const;
export const CIVIL_MATTERS = ['Cobro de pagare', 'Gestion preparatoria', 'Juicio ejecutivo', 'Indemnizacion de perjuicios', 'Arrendamiento'] as const;
export const LABOR_MATTERS = ['Despido injustificado', 'Cobro de prestaciones', 'Tutela laboral', 'Nulidad del despido'] as const;
export const COLLECTION_MATTERS = ['Cobro de cotizaciones previsionales', 'Cobro de cotizaciones de salud', 'Cobro de cotizaciones de seguro de cesantia'] as const;
/** Workers suing a company in the labour courts (the other side of a labour case's caption). */
export const WORKERS = ['Juan Perez Soto', 'Maria Gonzalez Rojas', 'Pedro Munoz Silva', 'Camila Diaz Fuentes', 'Jose Contreras Lopez', 'Valentina Morales Perez'] as const;
export const BANKS = ['Banco del Estado', 'Banco Austral', 'Banco Cordillera', 'Financiera Pacifico'] as const;
export const PENSION_FUNDS = ['AFP Capital', 'AFP Cuprum', 'AFP Habitat', 'AFP Modelo', 'AFP Provida'] as const;
export const ACTIVITIES = [
	['VENTA AL POR MAYOR NO ESPECIALIZADA', '469000', 'Primera'],
	['CONSTRUCCION DE EDIFICIOS', '410010', 'Primera'],
	['TRANSPORTE DE CARGA POR CARRETERA', '492300', 'Primera'],
	['ACTIVIDADES DE CONSULTORIA DE GESTION', '702000', 'Primera'],
	['ALQUILER DE BIENES INMUEBLES', '681011', 'Primera'],
	['SERVICIOS PROFESIONALES INDEPENDIENTES', '749009', 'Segunda'],
] as const;
export const DOCUMENTS = ['Factura Electronica', 'Nota de Credito Electronica', 'Guia de Despacho Electronica', 'Boleta Electronica'] as const;
export const SIZES = [
	['Micro empresa', 'UF 0,01 a UF 2.400', '1 a 9'],
	['Pequena empresa', 'UF 2.400,01 a UF 25.000', '10 a 49'],
	['Mediana empresa', 'UF 25.000,01 a UF 100.000', '50 a 199'],
	['Gran empresa', 'UF 100.000,01 y mas', '200 o mas'],
] as const;
export const RATING_TAGS = ['Pago puntual', 'Buena comunicacion', 'Cumple plazos', 'Retrasos en pagos', 'Recomendado'] as const;
export const GAZETTE_SECTIONS = ['Constitucion', 'Modificacion', 'Migracion', 'Disolucion'] as const;
export const EUD_ACTS = ['Constitucion', 'Modificacion', 'Disolucion'] as const;
export const TOWNS = ['SANTIAGO', 'VALPARAISO', 'CONCEPCION', 'TEMUCO', 'ANTOFAGASTA', 'RANCAGUA', 'PUERTO MONTT'] as const;
/** Commercial-bulletin debt kinds: debt code, document code, and the market it is reported under. */
export const DICOM_DEBTS = [
	['FA', 'FAC', '01', 'COMERCIO'],
	['LT', 'LET', '01', 'COMERCIO'],
	['PG', 'PAG', '02', 'FINANCIERO'],
	['CH', 'CHQ', '02', 'FINANCIERO'],
] as const;
