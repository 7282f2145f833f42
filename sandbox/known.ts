/**
 * Fixed facts of the sandbox that tests, docs and examples may rely on.
 * Every other RUT gets a seeded record; these few are forced to show one trait each.
 */

export const DEMO_TOKEN = 'sandbox-demo-token';
export const DEMO_CLIENT_ID = 'sandbox-demo-client';

export const KNOWN_RUTS = {
	/** Legal entity with no cases, no debt and free compliance risk. */
	clean: '76111111-6',
	/** Legal entity with active civil cases and commercial-bulletin debt (SourceA and SourceB). */
	indebted: '76222222-1',
	/** Legal entity in bankruptcy: bankruptcy cases, boletinConcursal true, judicialBankruptcy true. */
	bankrupt: '76333333-7',
	/** Natural person (esPersonaJuridica false). */
	naturalPerson: '12345678-5',
	/** Legal entity whose compliance screening riesgo is critical. */
	critical: '76444444-2',
	/** Legal entity whose labour-collection and assets helpers failed (listed in ayudantesFallidos). */
	failingHelpers: '76555555-8',
} as const;

export type KnownRutKind = keyof typeof KNOWN_RUTS;

/**
 * Names for the asynchronous compliance load. Each is valid for both person types
 * (two or more words, one of them at least 3 characters long). Matching ignores case
 * and surrounding spaces; any other name gets a seeded outcome (matches or no match).
 */
export const KNOWN_NAMES = {
	/** SUCCESS with matches, riesgo critical (a criminal-record match). */
	critical: 'Inversiones Penumbra SpA',
	/** SUCCESS in the no-match form (totalResults, datosPenal, all totals 0). */
	noMatch: 'Comercial Transparente Limitada',
	/** FAILED event. */
	failed: 'Servicios Fallidos SpA',
} as const;
