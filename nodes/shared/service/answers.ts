/**
 * Check Answers: a free answer set against what the package expects of it, so a difference
 * between the spec and the real service shows on the first day instead of reading as empty
 * fields. The summaries are read by their own readers (their Reading says what was looked for
 * and lacked); the evidence reads are set against the keys their readers use (cases.ts,
 * screening.ts), on their first record.
 */
import { isPlainObject, type PlainObject } from '../objects';
import { SUMMARY_KEYS, LISTS } from './screening';
import type { SummaryRead } from './summaryV2';
import { FLAG_KEYS, RUT_KEYS } from './profiles';
import { listsIn, obj } from './values';

export interface AnswerCheck {
	expectedFound: string[];
	expectedMissing: string[];
	unknownFields: string[];
	verdict: string;
}

const words = (text: string): string[] => text.split(' ');

/** The spec's keys of each summary, at the top ('') and in the sections the package reads (spec §2.2, §2.3). */
const SPEC_KEYS: Record<'v2' | 'v1', Record<string, string[]>> = {
	v2: {
		'': words('rut esPersonaJuridica fechaCarga identificacion boletinComercial judicial cobranzaLaboral legal deudaBancaria bienes creditScoring ratings compliance incluyeBureau ayudantesFallidos'),
		identificacion: words(
			'razonSocial presentaActividades inicioActividades autorizadoMonedaExtranjera empresaMenor observaciones notas situacionActual actividadEconomicaVigente documentosTimbrados cantidadActividades cantidadDocumentos ultimaActualizacion tamanoEmpresaSii',
		),
		boletinComercial: words('casosSourceA casosSourceB casosSourceC MontoSourceA MontoSourceB MontoSourceC variacion ultimaActualizacion'),
		judicial: words(
			'casosCivilesActivos casosCivilesPresentados casosCivilesConcluidos cobranzaActivos cobranzaPresentados cobranzaConcluidos laboralActivos laboralPresentados laboralConcluidos casosActuales casosArchivados casosConcluidos todosLosCasos casosQuiebra casosQuiebraResumen posturasActivasPresentadas posturasActivasPresentadasResumen ultimaActualizacionCiviles ultimaActualizacionCobranza ultimaActualizacionLaboral boletinConcursal',
		),
		deudaBancaria: words(
			'periodo deudaDirectaComercial deudaDirectaCastigada deudaDirectaHipotecaria deudaDirectaMorosa deudaDirectaVencida deudaDirectaVigente deudaIndirectaCastigada deudaIndirectaVencida deudaIndirectaVigente leasingMoroso leasingVigente lineaCredito variacion',
		),
		creditScoring: words(
			'ponderacionFinanciero maxPonderacionFinanciero ponderacionJudicial maxPonderacionJudicial judicialBankruptcy ponderacionCobranzaLaboral maxPonderacionCobranzaLaboral ponderacionBoletin maxPonderacionBoletin cantidadAyudantes nombresAyudantes porcentajeClasificacion etiquetaClasificacion',
		),
		compliance: words('estado nombre segundoNombre apellido segundoApellido tipoPersona riesgo resumen'),
	},
	v1: {
		'': words(
			'rut fechaCarga sii siiBusinessSize deudaBancariaSummary boletinComercialSummary judicialSummary boletinConcursalSummary moraPrevisionalSummary multaLaboralSummary boletinLaboralSummary boletinLaboralLastUpdate creditScoring vehiclesSummary propertiesSummary cobranzaLaboralLastUpdate timestampsSubHelpers compliance',
		),
		sii: words(
			'razonSocial presentaActividades inicioActividades autorizadoMonedaExtranjera empresaMenor observaciones notas situacionActual actividadEconomicaVigente documentosTimbrados activityCount documentCount',
		),
		boletinComercialSummary: words('casesSourceA casesSourceB casesSourceC amountSourceA amountSourceB amountSourceC variation lastUpdate'),
		judicialSummary: words(
			'civilActiveCases civilFiledCases civilConcludedCases cobranzaActiveCases cobranzaFiledCases cobranzaConcludedCases laboralActiveCases laboralFiledCases laboralConcludedCases currentCases archivedCases concludedCases allCases bankruptcyCases bankruptcyCasesResume activeFiledPosturesResume',
		),
		deudaBancariaSummary: words(
			'date deudaDirectaComercial deudaDirectaCastigada deudaDirectaHipotecaria deudaDirectaMorosa deudaDirectaVencida deudaDirectaVigente deudaIndirectaCastigada deudaIndirectaVencida deudaIndirectaVigente leasingMoroso leasingVigente lineaCredito variation',
		),
		creditScoring: words(
			'financesWeight maxFinancesWeight judicialWeight maxJudicialWeight judicialBankruptcy laborCollectionWeight maxLaborCollectionWeight bulletinWeight maxBulletinWeight numberOfHelpers nameOfHelpers classificationPercentage classificationLabel financesWeighting judicialWeighting laborCollectionWeighting commertialBulletinWeighting maxJudicialWeighting maxCommertialBulletinWeighting maxFinancesWeighting maxLaborCollectionWeighting',
		),
		compliance: words(
			'id scrappedRutId userId corporationId name secondName surname secondSurname personType risk summary selectedRowsSocietaryMesh selectedRowsPepChile selectedRowsPublicOfficial selectedRowsPepChileFamily selectedRowsBlacklist selectedRowsPenal selectedRowsNews lastDataUpdate createdAt updatedAt',
		),
	},
};

/** Keys named in an item or a verdict: enough to see a rename, never a whole hostile answer. */
const MAX_KEYS = 20;
const MAX_KEY_LENGTH = 60;
const cut = (key: string) => (key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH - 1)}…` : key);
const few = (keys: string[]) => keys.slice(0, MAX_KEYS).map(cut);
const listed = (keys: string[]) => (keys.length > 8 ? `${keys.slice(0, 8).join(', ')}, …` : keys.join(', '));

/** The keys an answer holds, at the top and in the sections the package reads, that neither the package nor the spec knows. */
function unknownIn(data: unknown, spec: Record<string, string[]>, known: Set<string>): string[] {
	const unknown: string[] = [];
	for (const [section, keys] of Object.entries(spec)) {
		const here = section ? obj(data)[section] : data;
		if (!isPlainObject(here)) continue;
		for (const key of Object.keys(here)) {
			const path = section ? `${section}.${key}` : key;
			if (!keys.includes(key) && !known.has(path)) unknown.push(path);
		}
	}
	return unknown;
}

const ADVICE = "Tell the package's maintainers.";

/** A summary's check, from its reader's Reading: what it found, what it lacked and what it could not place. */
export function checkSummary(version: 'v2' | 'v1', data: unknown, read: SummaryRead): AnswerCheck {
	const missing = [...new Set(read.lacks.map((l) => l.key))];
	const unknownFields = few(unknownIn(data, SPEC_KEYS[version], new Set([...read.found, ...missing])));
	const expectedMissing = few(missing);
	const expectedFound = few(read.found);
	if (!missing.length) return { expectedFound, expectedMissing, unknownFields, verdict: `OK: the answer has the ${read.found.length} fields the package reads.` };
	const fields = [...new Set(read.lacks.map((l) => l.field))];
	const instead = unknownFields.length ? `; it holds ${listed(unknownFields)} instead` : ` (${[...new Set(read.lacks.map((l) => l.found))].slice(0, 3).join('; ')})`;
	const verdict = `The answer lacks ${listed(expectedMissing)}${instead}: the package would read these fields as empty (${listed(fields)}). ${ADVICE}`;
	return { expectedFound, expectedMissing, unknownFields, verdict };
}

/** What an evidence read's reader uses: the lists its records arrive under (none: the answer is one record), and its keys (each with the spellings it accepts). */
interface EvidenceKeys {
	lists?: string[];
	keys: string[][];
	/** Keys it reads when they are there (a screening's findings, list by list). */
	optional?: string[];
}

const has = (record: PlainObject, key: string) => Object.prototype.hasOwnProperty.call(record, key);

const CASE_KEYS: EvidenceKeys = {
	lists: ['casos', 'causas', 'data'],
	keys: [['tribunal', 'corte'], ['rol', 'rit', 'ruc'], ['caratulado', 'litigantes'], ['fechaIngreso', 'fecha'], ['estado', 'estadoCausa']],
};

/** Each read Check Answers sets against its reader's keys, by its endpoint's name in V2. */
export const READER_KEYS = {
	usage: {
		keys: [['consultasContratadas', 'limites'], ['consultasRealizadas'], ['monitoreosContratados', 'monitoreos', 'limites'], ['monitoreosUsados', 'monitoreos']],
		optional: ['informacionPlan', 'prediccionMensual'],
	},
	profiles: { lists: [], keys: [RUT_KEYS, FLAG_KEYS] },
	civilCases: CASE_KEYS,
	laborCases: CASE_KEYS,
	collectionCases: CASE_KEYS,
	dicomCases: { lists: ['casos'], keys: [['montoImpago'], ['nombreLibrador'], ['tipoDocumento', 'tipoDeuda'], ['fechaEquifax', 'fechaVisibilidad']] },
	creditScore: { keys: [['etiquetaClasificacion'], ['porcentajeClasificacion'], ['periodo']] },
	compliance: { keys: [['riesgo', 'risk'], SUMMARY_KEYS], optional: LISTS.flatMap((l) => [...l.items, ...l.total]) },
} satisfies Record<string, EvidenceKeys>;

/** An evidence read's check: its first record (or the answer, one record) against the keys its reader uses. */
export function checkEvidence(data: unknown, expected: EvidenceKeys): AnswerCheck {
	const { lists, keys, optional = [] } = expected;
	// No names: any list the answer holds (List Profiles).
	const found = lists && listsIn(data, lists.length ? lists : undefined);
	if (found?.length === 0) {
		const verdict = `The answer holds no list${lists?.length ? ` under ${lists.join(' or ')}` : ''}: the package would read it as no records. ${ADVICE}`;
		return { expectedFound: [], expectedMissing: few(lists ?? []), unknownFields: few(isPlainObject(data) ? Object.keys(data) : []), verdict };
	}
	const record: PlainObject | undefined = found ? found[0].filter(isPlainObject)[0] : obj(data);
	if (!record) return { expectedFound: [], expectedMissing: [], unknownFields: [], verdict: `OK: the list is empty, so it has no record whose fields could be checked.` };
	const expectedFound = keys.map((spellings) => spellings.find((k) => has(record, k))).filter((k): k is string => k !== undefined);
	const expectedMissing = keys.filter((spellings) => !spellings.some((k) => has(record, k))).map((spellings) => spellings[0]);
	const unknownFields = few(Object.keys(record).filter((k) => !optional.includes(k) && !keys.some((spellings) => spellings.includes(k))));
	const verdict = expectedMissing.length
		? `The answer lacks ${listed(expectedMissing)}: the package would read ${expectedMissing.length === 1 ? 'it' : 'them'} as empty. ${ADVICE}`
		: `OK: the answer has the ${expectedFound.length} fields the package reads${lists ? ' (in its first record)' : ''}.`;
	return { expectedFound: few(expectedFound), expectedMissing: few(expectedMissing), unknownFields, verdict };
}
