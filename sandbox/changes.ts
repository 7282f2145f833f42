/**
 * A loaded RUT's record changing over time, as the service's monitoring would see it: a new active
 * civil or labour case, a compliance screening turning critical, a new commercial-bulletin case, a
 * lower credit score. Records are
 * otherwise pure functions of the RUT, so a change is kept as an entry in the account's log and
 * applied to a copy of the RUT's facts whenever it is read; every read (V1, V2, Dicom) then tells
 * the same changed story.
 */
import { scoreLabel, type CaseFact, type Facts } from './generate';

export const CHANGE_KINDS = ['civilCase', 'laborCase', 'criticalRisk', 'bulletinCase', 'creditDowngrade'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface Change {
	kind: ChangeKind;
	/** When it happened, on the sandbox clock. */
	at: number;
}

export function isChangeKind(value: unknown): value is ChangeKind {
	return typeof value === 'string' && (CHANGE_KINDS as readonly string[]).includes(value);
}

/** What each change does, in the words the control endpoint's answers and the CLI's help use. */
export const CHANGE_TEXT: Record<ChangeKind, string> = {
	civilCase: 'adds an active civil case',
	laborCase: 'adds an active labour case (a worker\'s claim at a labour court)',
	criticalRisk: 'raises the compliance risk to critical (a criminal-record match)',
	bulletinCase: 'adds an unpaid commercial-bulletin case (SourceA, $1,250,000)',
	creditDowngrade: 'lowers the credit score by 30 points (a worse judicial weight) and its label with it',
};

/** The points a credit downgrade takes from the judicial weight, and so from the classification percentage. */
const DOWNGRADE_POINTS = 30;

/** The unpaid amount a new bulletin case adds. */
export const BULLETIN_CASE_AMOUNT = 1_250_000;

/** Applies one change to a copy, replacing (never editing) the parts it touches: they are the base's. */
function apply(f: Facts, change: Change, n: number): void {
	if (change.kind === 'civilCase') {
		const civil: CaseFact = {
			rol: `C-${9000 + n}-${new Date(change.at).getUTCFullYear()}`,
			tribunal: '1º Juzgado Civil de Santiago',
			caratulado: `BANCO DEL SANDBOX / ${f.razonSocial.toUpperCase()}`,
			filed: change.at,
			status: 'Activo',
			materia: 'Cobro de pesos',
			cuantia: 15_000_000,
			posture: 'demandado',
		};
		const j = f.judicial;
		f.judicial = { ...j, civil: [...j.civil, civil], postures: { ...j.postures, demandado: (j.postures.demandado ?? 0) + 1 } };
		f.updated = { ...f.updated, civil: change.at };
	} else if (change.kind === 'laborCase') {
		const year = new Date(change.at).getUTCFullYear();
		const labor: CaseFact = {
			// A labour court numbers its cases with a RIT; "O" is the ordinary procedure.
			rol: `O-${9000 + n}-${year}`,
			tribunal: '2 Juzgado de Letras del Trabajo de Santiago',
			caratulado: `ANA TRABAJADORA DEL SANDBOX / ${f.razonSocial.toUpperCase()}`,
			filed: change.at,
			status: 'Activo',
			materia: 'Despido injustificado',
			cuantia: 8_000_000,
			posture: 'demandado',
		};
		const j = f.judicial;
		f.judicial = { ...j, laboral: [...j.laboral, labor], postures: { ...j.postures, demandado: (j.postures.demandado ?? 0) + 1 } };
		f.updated = { ...f.updated, laboral: change.at };
	} else if (change.kind === 'criticalRisk') {
		f.compliance = { processed: true, risk: 'critical', counts: { ...f.compliance.counts, penal: f.compliance.counts.penal + 1 } };
		f.updated = { ...f.updated, compliance: change.at };
	} else if (change.kind === 'creditDowngrade') {
		const s = f.score;
		const points = Math.min(s.judicial, DOWNGRADE_POINTS);
		const percent = s.percent - points;
		f.score = { ...s, judicial: s.judicial - points, percent, label: scoreLabel(percent) };
	} else {
		const b = f.bulletin;
		f.bulletin = {
			...b,
			cases: [b.cases[0] + 1, b.cases[1], b.cases[2]],
			amounts: [b.amounts[0] + BULLETIN_CASE_AMOUNT, b.amounts[1], b.amounts[2]],
			// The bulletin's case list (dicom.ts) shows each added case on the day it was added.
			added: [...(b.added ?? []), change.at],
		};
		f.updated = { ...f.updated, bulletin: change.at };
	}
}

const cache = new Map<string, Facts>();

/**
 * The facts after `changes`, in order: the base facts themselves when there is none, else a copy
 * (the base, shared by every sandbox of the process, is never touched) whose `revision` names the
 * changes, so the projections' caches tell the versions apart.
 */
export function withChanges(base: Facts, changes: readonly Change[]): Facts {
	if (!changes.length) return base;
	const revision = changes.map((c) => `${c.kind}@${c.at}`).join(',');
	const key = `${base.rut}|${revision}`;
	let facts = cache.get(key);
	if (!facts) {
		facts = { ...base, revision };
		changes.forEach((change, n) => apply(facts!, change, n));
		cache.set(key, facts);
	}
	return facts;
}
