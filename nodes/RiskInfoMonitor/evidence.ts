/**
 * The evidence behind a reported change, read only for the RUTs being reported: the active cases
 * of each kind whose count went up, the commercial bulletin's cases, the screening's findings by
 * list, the credit score's parts. Each is a named read of the service's V2 paths (free for a
 * loaded RUT) through the Monitor's transport, which refuses any paid call. The spec does not show
 * these answers (the bulletin's is the addendum's A1), so each is read defensively: the V2 names,
 * the V1 names of the same records, a list or an object holding one.
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../shared/objects';
import type { ApiRequest, Transport } from '../shared/transport';
import type { Change } from './fields';

export type EvidenceKind = 'civilCases' | 'laborCases' | 'collectionCases' | 'bulletin' | 'compliance' | 'creditScore';

const get = (path: string) => (rut: string): ApiRequest => ({ method: 'GET', root: 'v2', path: path.replace('{rut}', encodeURIComponent(rut)), rut });

/** The named reads, by the evidence they give. */
const READS: Record<EvidenceKind, (rut: string) => ApiRequest> = {
	civilCases: get('/helper/judicial/{rut}/civil'),
	laborCases: get('/helper/judicial/{rut}/laboral'),
	collectionCases: get('/helper/judicial/{rut}/cobranza'),
	bulletin: get('/helper/boletin/{rut}/boletinDicom'),
	compliance: get('/helper/compliance/{rut}'),
	creditScore: get('/creditScore/{rut}'),
};

/** Which evidence each reported field calls for; tax status and the rest of the record have none beyond the record. */
const FOR_FIELD: Record<string, EvidenceKind> = {
	activeCivilCases: 'civilCases',
	activeLaborCases: 'laborCases',
	activeCollectionCases: 'collectionCases',
	bulletinCases: 'bulletin',
	bulletinUnpaidAmount: 'bulletin',
	complianceRisk: 'compliance',
	classificationLabel: 'creditScore',
	classificationPercentage: 'creditScore',
};

/** Cases and findings listed per kind (and per list); the count of the rest is given. */
const MAX_LISTED = 10;
const MAX_TEXT = 160;

export function evidenceKinds(changes: Change[]): EvidenceKind[] {
	return [...new Set(changes.map((c) => FOR_FIELD[c.field]).filter((k): k is EvidenceKind => k !== undefined))];
}

/** One piece of evidence, read now; throws what the read failed with. */
export async function readEvidence(api: Transport, rut: string, kind: EvidenceKind, changes: Change[]): Promise<IDataObject> {
	const { data } = await api.request(READS[kind](rut));
	if (kind === 'compliance') return complianceFindings(data);
	if (kind === 'creditScore') return creditScore(data);
	const fields = kind === 'bulletin' ? ['bulletinCases'] : Object.keys(FOR_FIELD).filter((f) => FOR_FIELD[f] === kind);
	return kind === 'bulletin' ? bulletinCases(data, newCount(changes, fields)) : activeCases(data, newCount(changes, fields));
}

/**
 * How many of the listed cases are new: how much the count went up since the Monitor last read
 * the RUT. The Monitor keeps no case lists (its memory is counts), so it marks the newest that
 * many; docs/monitor.md says what this cannot tell.
 */
function newCount(changes: Change[], fields: string[]): number {
	const change = changes.find((c) => fields.includes(c.field));
	const up = change ? Number(change.after) - Number(change.before) : 0;
	return Number.isFinite(up) && up > 0 ? up : 0;
}

/** A value of the service's as a short one-line text, or null. */
function text(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string') return null;
	const line = value.replace(/\s+/g, ' ').trim();
	return line === '' ? null : line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null);
const first = (o: PlainObject, keys: string[]) => keys.map((k) => o[k]).find((v) => v !== undefined && v !== null);

/** The list in an answer: the answer itself, or the first of these keys holding one. */
function listIn(data: unknown, keys: string[]): PlainObject[] {
	const list = Array.isArray(data) ? data : isPlainObject(data) ? keys.map((k) => data[k]).find(Array.isArray) : undefined;
	return (list ?? []).filter(isPlainObject);
}

/** Milliseconds of a date written DD-MM-YYYY, DD/MM/YYYY (either with a time) or ISO 8601; 0 when unreadable (listed last). */
function dateValue(value: unknown): number {
	if (typeof value !== 'string') return 0;
	const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})/.exec(value.trim());
	const ms = dmy ? Date.UTC(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1])) : Date.parse(value);
	return Number.isFinite(ms) ? ms : 0;
}

/** Newest first, at most MAX_LISTED, the first `fresh` marked new. */
function listed<T extends IDataObject>(entries: Array<{ at: number; entry: T }>, fresh: number): { new: number; cases: T[]; more: number } {
	const sorted = [...entries].sort((a, b) => b.at - a.at).map((e, i) => ({ ...e.entry, new: i < fresh }));
	return { new: Math.min(fresh, sorted.length), cases: sorted.slice(0, MAX_LISTED), more: Math.max(0, sorted.length - MAX_LISTED) };
}

const CLOSED = /conclu|archiv|termin|fallad|cerrad/i;

function activeCases(data: unknown, fresh: number): IDataObject {
	const cases = listIn(data, ['casos', 'causas', 'data']).map((c) => {
		const parties = text(c.caratulado) ?? text(listIn(c.litigantes, []).map((l) => text(l.nombre)).filter(Boolean).join(', '));
		const entry = {
			court: text(first(c, ['tribunal', 'corte'])),
			caseNumber: text(first(c, ['rol', 'rit', 'ruc'])),
			parties,
			filedOn: text(first(c, ['fechaIngreso', 'fecha'])),
			state: text(first(c, ['estado', 'estadoCausa'])),
		};
		return { at: dateValue(entry.filedOn), entry };
	});
	const active = cases.filter((c) => !CLOSED.test(c.entry.state ?? ''));
	return { active: active.length, ...listed(active, fresh) };
}

function bulletinCases(data: unknown, fresh: number): IDataObject {
	const cases = listIn(data, ['casos']).filter((c) => c.deudaActiva !== false).map((c) => {
		const entry = {
			amount: num(c.montoImpago),
			creditor: text(c.nombreLibrador),
			documentKind: text(first(c, ['tipoDocumento', 'tipoDeuda'])),
			date: text(first(c, ['fechaEquifax', 'fechaVisibilidad'])),
		};
		return { at: dateValue(entry.date), entry };
	});
	return { unpaid: cases.length, ...listed(cases, fresh) };
}

/** The screening's lists, worst first: the key of its findings (both spellings), its key in `resumen`, its name, what tells one finding. */
const LISTS: Array<{ keys: string[]; summaryKey: string; list: string; detail: string[] }> = [
	{ keys: ['dataPenal', 'datosPenal'], summaryKey: 'penal', list: 'Criminal', detail: ['infraction', 'infraccion', 'tribunal', 'role', 'rol', 'status', 'estado', 'date', 'fecha'] },
	{ keys: ['datosListasInternacionales'], summaryKey: 'listasInternacionales', list: 'International lists', detail: ['list', 'lista'] },
	{ keys: ['datosPepChile'], summaryKey: 'pepChile', list: 'PEP', detail: ['position', 'cargo', 'institution', 'institucion', 'period', 'periodo'] },
	{ keys: ['datosFamiliarPep'], summaryKey: 'pepChileFamiliares', list: 'PEP relatives', detail: ['position', 'cargo', 'institution', 'institucion'] },
	{ keys: ['datosFuncionarioPublico'], summaryKey: 'funcionariosPublicos', list: 'Public officials', detail: ['position', 'cargo', 'institution', 'institucion'] },
	{ keys: ['datosNoticias'], summaryKey: 'noticias', list: 'News', detail: ['title', 'titulo', 'source', 'fuente', 'period', 'periodo'] },
	{ keys: ['datosMallaSocietaria'], summaryKey: 'mallaSocietaria', list: 'Corporate mesh', detail: ['rutSociedad', 'source'] },
];

function complianceFindings(data: unknown): IDataObject {
	const record = isPlainObject(data) ? data : {};
	const summary = isPlainObject(record.resumen) ? record.resumen : {};
	const lists = LISTS.map(({ keys, summaryKey, list, detail }) => {
		const found = listIn(record, keys).map((f) => ({
			name: text(first(f, ['name', 'nombre', 'nombreSociedad'])),
			detail: detail.map((k) => text(f[k])).filter((v, i, all): v is string => v !== null && all.indexOf(v) === i).join(', ') || null,
		}));
		const counted = isPlainObject(summary[summaryKey]) ? num(first(summary[summaryKey] as PlainObject, ['totalResultados', 'totalResults'])) : null;
		return { list, results: counted ?? found.length, findings: found.slice(0, MAX_LISTED), more: Math.max(0, found.length - MAX_LISTED) };
	}).filter((l) => l.results > 0 || l.findings.length > 0);
	return { risk: text(first(record, ['riesgo', 'risk'])), lists };
}

const WEIGHTS: Array<{ source: string; weight: string[]; max: string[] }> = [
	{ source: 'financial', weight: ['ponderacionFinanciero', 'ponderacionFinanzas'], max: ['maxPonderacionFinanciero', 'maxPonderacionFinanzas'] },
	{ source: 'judicial', weight: ['ponderacionJudicial'], max: ['maxPonderacionJudicial'] },
	{ source: 'labor collection', weight: ['ponderacionCobranzaLaboral'], max: ['maxPonderacionCobranzaLaboral'] },
	{ source: 'commercial bulletin', weight: ['ponderacionBoletin', 'ponderacionBoletinComercial'], max: ['maxPonderacionBoletin', 'maxPonderacionBoletinComercial'] },
];

function creditScore(data: unknown): IDataObject {
	const record = isPlainObject(data) ? data : {};
	return {
		label: text(record.etiquetaClasificacion),
		percentage: num(record.porcentajeClasificacion),
		period: text(record.periodo),
		weights: WEIGHTS.map((w) => ({ source: w.source, weight: num(first(record, w.weight)), max: num(first(record, w.max)) })).filter((w) => w.weight !== null),
	};
}
