// What Check Answers tells a person to do, by case (issue 71: texts people act on, verdicts only
// some cases reach): one key renamed to a key that alone fits (copy suggestedKeyNames), renamed
// where two keys fit as well (choose from keysToChoose), gone with nothing in its place (tell the
// maintainers), both at once (the rest on the next check); and keys beside those the package
// reads, harmless on a list read, worth a word on a summary. On the sandbox's V2 summary, fetched
// over HTTP, one key changed; the texts are written in full.
import { checkEvidence, checkSummary } from '../../nodes/shared/service/answers';
import { USAGE_KEYS } from '../../nodes/shared/service/usage';
import { SUMMARY_V2_KEYS, readApiV2 } from '../../nodes/shared/service/summaryV2';

import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
const RUT = KNOWN_RUTS.indebted;
type Data = Record<string, any>;

const ADVICE = "Copy the first item's suggestedKeyNames (every read's part together) into the Risk Info API credential's Answer Key Names, save, then run Check answers again.";
const MAINTAINERS = "no key of the answer fits: tell the package's maintainers (https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo/issues).";

let data: Data;
beforeAll(async () => {
	const res = await fetch(`${sb.url}/api/clients/v2/helper/resumen?rut=${RUT}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } });
	data = ((await res.json()) as { data: Data }).data;
});

/** The answer with keys of one section taken out and others put in. */
function edited(section: string, remove: string[], add: Record<string, unknown> = {}): Data {
	const copy = structuredClone(data);
	for (const k of remove) delete copy[section][k];
	Object.assign(copy[section], add);
	return copy;
}
const check = (answer: Data) => checkSummary(answer, readApiV2(answer, RUT), SUMMARY_V2_KEYS);

test('one key renamed to the one key that fits: that mapping suggested, and the advice to copy it', () => {
	const answer = edited('judicial', ['laboralActivos'], { laboralVigentes: 4 });
	const c = check(answer);
	expect([c.status, c.suggestedKeyNames, c.candidates]).toEqual(['differs', { 'judicial.laboralActivos': 'judicial.laboralVigentes' }, { 'judicial.laboralActivos': ['judicial.laboralVigentes'] }]);
	expect(c.verdict).toBe(
		`Differs: the answer lacks judicial.laboralActivos; it holds judicial.laboralVigentes instead. Do not base decisions on activeLaborCases, activeJudicialCases: they read as null. ${ADVICE}`,
	);
});

test('one key renamed where two keys fit as well: no mapping guessed, the person picks from keysToChoose', () => {
	const answer = edited('identificacion', ['situacionActual'], { situacionTributaria: 'Activo', situacionComercial: 'Activo' });
	const c = check(answer);
	expect([c.status, c.suggestedKeyNames]).toEqual(['differs', {}]);
	expect(c.candidates['identificacion.situacionActual']).toEqual(expect.arrayContaining(['identificacion.situacionTributaria', 'identificacion.situacionComercial']));
	expect(c.verdict).toMatch(
		/^Differs: the answer lacks identificacion\.situacionActual; it holds identificacion\.situacion\w+, identificacion\.situacion\w+ instead\. Do not base decisions on activityStatus: it reads as null\. For identificacion\.situacionActual, more than one key might be it: the first item lists it in keysToChoose; pick from candidates and add it to Answer Key Names yourself\.$/,
	);
});

test('one key gone with nothing in its place: tell the maintainers', () => {
	const c = check(edited('identificacion', ['situacionActual']));
	expect([c.status, c.suggestedKeyNames, c.candidates]).toEqual(['differs', {}, { 'identificacion.situacionActual': [] }]);
	expect(c.verdict).toBe(`Differs: the answer lacks identificacion.situacionActual. Do not base decisions on activityStatus: it reads as null. For identificacion.situacionActual, ${MAINTAINERS}`);
});

test('one key that fits and one gone: the advice, then that the rest shows on the next check (no maintainers yet)', () => {
	const answer = edited('judicial', ['laboralActivos'], { laboralVigentes: 4 });
	delete answer.identificacion.situacionActual;
	const c = check(answer);
	expect(c.verdict).toBe(
		// In the order the reader reads them.
		'Differs: the answer lacks judicial.laboralActivos, identificacion.situacionActual; it holds judicial.laboralVigentes instead. ' +
			`Do not base decisions on activeLaborCases, activeJudicialCases, activityStatus: they read as null. ${ADVICE} What is left after that shows on the next check.`,
	);
});

test('one key to choose and one gone: the choice, then that the rest shows on the next check (no maintainers yet)', () => {
	const answer = edited('identificacion', ['situacionActual'], { situacionTributaria: 'Activo', situacionComercial: 'Activo' });
	delete answer.creditScoring.etiquetaClasificacion;
	const c = check(answer);
	expect(c.verdict).toMatch(/add it to Answer Key Names yourself\. What is left after that shows on the next check\.$/);
	expect(c.verdict).not.toContain('maintainers');
});

test('seven keys gone: the verdict names six and says how many more; six: all six', () => {
	const six = edited('judicial', ['casosCivilesActivos', 'cobranzaActivos', 'laboralActivos', 'casosQuiebra', 'boletinConcursal']);
	delete six.deudaBancaria.deudaDirectaVencida;
	expect(check(six).verdict).toMatch(/^Differs: the answer lacks ([\w.]+, ){5}[\w.]+\. /);
	delete six.deudaBancaria.deudaDirectaMorosa;
	const seven = check(six);
	expect(seven.expectedMissing).toHaveLength(7);
	expect(seven.verdict).toMatch(/^Differs: the answer lacks ([\w.]+, ){5}[\w.]+ and 1 more\. /);
});

test('a key beside those the package reads: a word for the maintainers on a summary, harmless on another read', () => {
	const c = check(edited('judicial', [], { casosNuevos: 1 }));
	expect([c.status, c.expectedMissing, c.unknownFields]).toEqual(['differs', [], ['judicial.casosNuevos']]);
	expect(c.verdict).toBe(
		"Differs: the answer has every field the package reads, and also judicial.casosNuevos, which the spec does not show: if the service renamed nothing the package reads, they are new and harmless; tell the package's maintainers.",
	);
	const usage = { consultasContratadas: 5, consultasRealizadas: 1, monitoreosContratados: 2, monitoreosUsados: 1, bonos: 3 };
	const u = checkEvidence(usage, USAGE_KEYS);
	expect([u.status, u.verdict]).toEqual(['ok', 'OK: the answer has the 4 fields the package reads. It also has bonos, which the package does not read: harmless.']);
});
