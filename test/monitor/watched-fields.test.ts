// Every field the Monitor watches, read from the key the spec names (§2.2) (issue 71: a table of
// which only one row was checked): the sandbox's V2 summary, fetched over HTTP, given a value of
// its own at each key, read as a poll reads it; each watched field (docs/monitor.md's table, with
// its kind of change) has the value of its key. And one key taken out makes exactly the watched
// field it feeds unreadable, naming that key. Expected names are written from the spec and
// docs/monitor.md, not from the Monitor's table.
import { FIELDS, type ChangeKind } from '../../nodes/RiskInfoMonitor/fields';
import { unreadableOf } from '../../nodes/RiskInfoMonitor/unreadable';
import { readApiV2 } from '../../nodes/shared/service/summaryV2';

import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox();
const RUT = KNOWN_RUTS.indebted;
type Data = Record<string, any>;

function changed(data: Data, path: string, value?: unknown): Data {
	const copy = structuredClone(data);
	const parts = path.split('.');
	const last = parts.pop()!;
	const parent = parts.reduce((at, p) => at[p], copy);
	if (value === undefined) delete parent[last];
	else parent[last] = value;
	return copy;
}

const VALUES: Record<string, unknown> = {
	incluyeBureau: true,
	'compliance.riesgo': 'medium',
	'judicial.casosCivilesActivos': 21, 'judicial.laboralActivos': 23, 'judicial.cobranzaActivos': 22,
	'boletinComercial.casosSourceA': 11, 'boletinComercial.casosSourceB': 12, 'boletinComercial.casosSourceC': 13,
	'boletinComercial.MontoSourceA': 101, 'boletinComercial.MontoSourceB': 102, 'boletinComercial.MontoSourceC': 103,
	'creditScoring.etiquetaClasificacion': 'Riesgo medio', 'creditScoring.porcentajeClasificacion': 55,
	'identificacion.situacionActual': 'En Liquidación',
};

// docs/monitor.md "What counts as a change": [field, kind of change, its value from the keys above].
const WATCHED: Array<[string, ChangeKind, unknown]> = [
	['complianceRisk', 'complianceRisk', 'medium'],
	['activeCivilCases', 'activeCases', 21],
	['activeLaborCases', 'activeCases', 23],
	['activeCollectionCases', 'activeCases', 22],
	['bulletinCases', 'bulletin', 36],
	['bulletinUnpaidAmount', 'bulletin', 306],
	['classificationLabel', 'credit', 'Riesgo medio'],
	['classificationPercentage', 'credit', 55],
	['activityStatus', 'taxStatus', 'En Liquidación'],
];

// Each key, and the one watched field the Monitor cannot read without it.
const FEEDS: Array<[string, string]> = [
	['compliance.riesgo', 'complianceRisk'],
	['judicial.casosCivilesActivos', 'activeCivilCases'],
	['judicial.laboralActivos', 'activeLaborCases'],
	['judicial.cobranzaActivos', 'activeCollectionCases'],
	['boletinComercial.casosSourceA', 'bulletinCases'],
	['boletinComercial.casosSourceB', 'bulletinCases'],
	['boletinComercial.casosSourceC', 'bulletinCases'],
	['boletinComercial.MontoSourceA', 'bulletinUnpaidAmount'],
	['boletinComercial.MontoSourceB', 'bulletinUnpaidAmount'],
	['boletinComercial.MontoSourceC', 'bulletinUnpaidAmount'],
	['creditScoring.etiquetaClasificacion', 'classificationLabel'],
	['creditScoring.porcentajeClasificacion', 'classificationPercentage'],
	['identificacion.situacionActual', 'activityStatus'],
];

const ALL_KINDS = new Set<ChangeKind>(['complianceRisk', 'activeCases', 'bulletin', 'credit', 'taxStatus']);

let data: Data;
beforeAll(async () => {
	const res = await fetch(`${sb.url}/api/clients/v2/helper/resumen?rut=${RUT}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } });
	data = Object.entries(VALUES).reduce((d, [k, v]) => changed(d, k, v), ((await res.json()) as { data: Data }).data);
});

test('each watched field, of its kind, has the value of the key the spec names for it (the bulletin\'s summed over its three sources)', () => {
	const { record } = readApiV2(data, RUT);
	expect(FIELDS.map((f) => [f.name, f.kind, f.read(record)])).toEqual(WATCHED);
});

test('the answer as it is: nothing the Monitor watches is unreadable', () => {
	expect(unreadableOf(readApiV2(data, RUT), ALL_KINDS)).toBeUndefined();
});

test.each(FEEDS)('without %s alone: %s alone cannot be read, and the item names that key', (key, field) => {
	const unreadable = unreadableOf(readApiV2(changed(data, key), RUT), ALL_KINDS);
	expect(unreadable?.fields.map((f) => [f.field, f.lacked.map((l) => l.key), f.why])).toEqual([[field, [key], undefined]]);
});

test('a kind not chosen is not watched: its key missing makes nothing unreadable', () => {
	expect(unreadableOf(readApiV2(changed(data, 'judicial.laboralActivos'), RUT), new Set<ChangeKind>(['complianceRisk', 'credit']))).toBeUndefined();
	expect(unreadableOf(readApiV2(changed(data, 'compliance.riesgo'), RUT), new Set<ChangeKind>(['activeCases']))).toBeUndefined();
});
