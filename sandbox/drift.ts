/**
 * Answers that drift from the spec, on demand, with no data source marked failed: the summaries'
 * judicial section under other names, absent, or of another type; the commercial bulletin section
 * under another name with no Bureau flag (`bulletinRenamed`); or the bulletin's sources and the
 * Bureau flag under a data provider's names (`providerNames`), as the spec's first lines warn the
 * real service writes them. It exists to see what a client does with an answer the spec does not
 * describe, so it changes only what the two summaries answer, never the account's state or what
 * anything costs.
 */
import { parseRut } from './rut';
import type { SandboxOptions } from './types';

export const ANSWER_DRIFTS = ['renamed', 'missing', 'wrongType', 'bulletinRenamed', 'providerNames'] as const;
export type AnswerDrift = (typeof ANSWER_DRIFTS)[number];

function isAnswerDrift(value: unknown): value is AnswerDrift {
	return typeof value === 'string' && (ANSWER_DRIFTS as readonly string[]).includes(value);
}

/** The judicial counts under the names a drifted service gives them (spec name → drifted name). */
const RENAMED_V2: Record<string, string> = {
	casosCivilesActivos: 'civilesActivos',
	casosCivilesPresentados: 'civilesPresentados',
	casosCivilesConcluidos: 'civilesConcluidos',
	cobranzaActivos: 'causasCobranzaActivas',
	cobranzaPresentados: 'causasCobranzaPresentadas',
	cobranzaConcluidos: 'causasCobranzaConcluidas',
	laboralActivos: 'causasLaboralesActivas',
	laboralPresentados: 'causasLaboralesPresentadas',
	laboralConcluidos: 'causasLaboralesConcluidas',
};
const RENAMED_V1: Record<string, string> = {
	civilActiveCases: 'activeCivil',
	civilFiledCases: 'filedCivil',
	civilConcludedCases: 'concludedCivil',
	cobranzaActiveCases: 'activeCollection',
	cobranzaFiledCases: 'filedCollection',
	cobranzaConcludedCases: 'concludedCollection',
	laboralActiveCases: 'activeLabor',
	laboralFiledCases: 'filedLabor',
	laboralConcludedCases: 'concludedLabor',
};

/** The drift that applies to this RUT's answers now, if any: all RUTs unless answerDriftRuts names some. */
export function driftFor(options: SandboxOptions, rut: string): AnswerDrift | undefined {
	const drift = options.answerDrift;
	if (!drift) return undefined;
	const only = options.answerDriftRuts;
	return !only || only.some((r) => parseRut(r) === rut) ? drift : undefined;
}

/** The bulletin section's name in a `bulletinRenamed` answer (V2, V1). */
const RENAMED_BULLETIN = { v2: 'boletinComercialConsolidado', v1: 'commercialBulletinSummary' } as const;

/** The neutral words of the spec as a data provider's names, in `providerNames` answers. */
const PROVIDER_WORDS: Record<string, string> = { SourceA: 'Alfa', SourceB: 'Beta', SourceC: 'Gamma' };
/** The Bureau flag under the provider's name (V2; V1 has none). */
const PROVIDER_BUREAU_FLAG = 'incluyeBuroExterno';

const providerName = (key: string) => key.replace(/Source[ABC]$/, (word) => PROVIDER_WORDS[word]);
const withProviderNames = (section: unknown): unknown =>
	section && typeof section === 'object' && !Array.isArray(section)
		? Object.fromEntries(Object.entries(section).map(([key, value]) => [providerName(key), key === 'variation' ? withProviderNames(value) : value]))
		: section;

/**
 * The bulletin drifts of one summary: `bulletinRenamed` moves the section (`key`) to another name
 * and drops the Bureau flag, so nothing in the answer says whether Bureau data is there;
 * `providerNames` gives its sources (and V1's variation's) and the Bureau flag the provider's names.
 */
function bulletinDrifted<T extends Record<string, unknown>>(summary: T, key: string, renamedTo: string, drift: 'bulletinRenamed' | 'providerNames'): T {
	const { [key]: bulletin, incluyeBureau, ...rest } = summary;
	if (drift === 'bulletinRenamed') return { ...rest, [renamedTo]: bulletin } as unknown as T;
	const flag = incluyeBureau === undefined ? {} : { [PROVIDER_BUREAU_FLAG]: incluyeBureau };
	return { ...rest, [key]: withProviderNames(bulletin), ...flag } as unknown as T;
}

const rename = (section: Record<string, unknown>, names: Record<string, string>) =>
	Object.fromEntries(Object.entries(section).map(([key, value]) => [names[key] ?? key, value]));

/**
 * The summary with its judicial section (`key`) drifted, as a new object (the projection is cached
 * and shared). 'wrongType' gives V2 a list of per-kind counts and V1 one line of text, so both
 * kinds of wrong type are there to be met.
 */
function drifted<T extends Record<string, unknown>>(summary: T, key: string, drift: AnswerDrift | undefined, names: Record<string, string>, other: (j: Record<string, number>) => unknown): T {
	if (!drift) return summary;
	const { [key]: section, ...rest } = summary;
	const judicial = section as Record<string, number>;
	if (drift === 'missing') return rest as T;
	return { ...rest, [key]: drift === 'renamed' ? rename(judicial, names) : other(judicial) } as T;
}

const ofBulletin = (drift: AnswerDrift | undefined): drift is 'bulletinRenamed' | 'providerNames' => drift === 'bulletinRenamed' || drift === 'providerNames';

export const driftV2Summary = <T extends Record<string, unknown>>(summary: T, drift: AnswerDrift | undefined) =>
	ofBulletin(drift) ? bulletinDrifted(summary, 'boletinComercial', RENAMED_BULLETIN.v2, drift) : drifted(summary, 'judicial', drift, RENAMED_V2, (j) => [
		{ tipo: 'civil', activos: j.casosCivilesActivos, presentados: j.casosCivilesPresentados, concluidos: j.casosCivilesConcluidos },
		{ tipo: 'cobranza', activos: j.cobranzaActivos, presentados: j.cobranzaPresentados, concluidos: j.cobranzaConcluidos },
		{ tipo: 'laboral', activos: j.laboralActivos, presentados: j.laboralPresentados, concluidos: j.laboralConcluidos },
	]);

export const driftV1Summary = <T extends Record<string, unknown>>(summary: T, drift: AnswerDrift | undefined) =>
	ofBulletin(drift) ? bulletinDrifted(summary, 'boletinComercialSummary', RENAMED_BULLETIN.v1, drift) : drifted(summary, 'judicialSummary', drift, RENAMED_V1, (j) =>
		`civil ${j.civilActiveCases} active, collection ${j.cobranzaActiveCases} active, labor ${j.laboralActiveCases} active`);

/** Checks a drift setting from outside (control API, HTTP, CLI); throws with what is accepted. */
export function checkDrift(drift: unknown, ruts: unknown): { answerDrift: AnswerDrift | undefined; answerDriftRuts: string[] | undefined } {
	if (drift !== undefined && drift !== null && !isAnswerDrift(drift)) throw new Error(`The answer drift must be ${ANSWER_DRIFTS.join(', ')} or null, got ${JSON.stringify(drift)}`);
	if (ruts !== undefined && ruts !== null && (!Array.isArray(ruts) || ruts.some((r) => typeof r !== 'string' || !parseRut(r)))) {
		throw new Error('The drift\'s RUTs must be a list of RUTs in the form 12345678-5');
	}
	return { answerDrift: drift ?? undefined, answerDriftRuts: (ruts as string[] | null | undefined) ?? undefined };
}
