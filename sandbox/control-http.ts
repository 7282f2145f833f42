/**
 * The sandbox's own HTTP endpoints, below /_sandbox/ beside the service's version roots, for
 * whoever drives a running sandbox from outside its process (a shell, `npm start`'s banner, the
 * e2e): change a loaded RUT's record, list the changes made to it, and make the summaries' answers
 * drift from the spec (drift.ts). Not part of the service,
 * so no token is asked for and nothing is recorded in the request log; the sandbox listens on
 * 127.0.0.1 only.
 *
 *   POST /_sandbox/ruts/{rut}/changes  {"change": one of CHANGE_KINDS (changes.ts)}
 *   GET  /_sandbox/ruts/{rut}/changes
 *   POST /_sandbox/drift  {"drift": "renamed" | "missing" | "wrongType" | "bulletinRenamed" | "providerNames" | null, "ruts"?: ["76111111-6"]}
 *   GET  /_sandbox/drift
 */
import { CHANGE_KINDS, CHANGE_TEXT, isChangeKind, type Change } from './changes';
import { iso } from './dates';
import { ANSWER_DRIFTS, checkDrift } from './drift';
import type { Reply } from './routes';
import { parseRut } from './rut';
import type { Account } from './state';
import type { SandboxOptions } from './types';

export const CONTROL_PREFIX = '/_sandbox/';

const CHANGES = /^\/_sandbox\/ruts\/([^/]+)\/changes$/;
const DRIFT = `${CONTROL_PREFIX}drift`;

const answer = (status: number, json: unknown): Reply => ({ status, json });
const listed = (changes: readonly Change[]) => changes.map((c) => ({ change: c.kind, what: CHANGE_TEXT[c.kind], at: iso(c.at) }));

type ControlRequest = { method: string; path: string; body: unknown; invalidJson: boolean };

const driftState = (options: SandboxOptions) => ({ drift: options.answerDrift ?? null, ruts: options.answerDrift ? (options.answerDriftRuts ?? null) : null });

/** The summaries' answers drifting from the spec, or back to normal with {"drift": null}. */
function driftReply(options: SandboxOptions, inc: ControlRequest): Reply {
	if (inc.method === 'GET') return answer(200, driftState(options));
	if (inc.method !== 'POST') return answer(405, { error: 'Use GET or POST.' });
	const body = !inc.invalidJson && inc.body !== null && typeof inc.body === 'object' && !Array.isArray(inc.body) ? (inc.body as Record<string, unknown>) : undefined;
	try {
		if (!body || !('drift' in body)) throw new Error(`The body must be {"drift": "${ANSWER_DRIFTS.join('" | "')}" | null, "ruts"?: ["12345678-5"]}.`);
		Object.assign(options, checkDrift(body.drift, body.ruts));
	} catch (error) {
		return answer(400, { error: (error as Error).message });
	}
	return answer(200, driftState(options));
}

export function controlReply(account: Account, options: SandboxOptions, inc: ControlRequest): Reply {
	if (inc.path === DRIFT) return driftReply(options, inc);
	const m = CHANGES.exec(inc.path);
	if (!m) return answer(404, { error: `No such sandbox endpoint. Change a loaded RUT with POST ${CONTROL_PREFIX}ruts/<rut>/changes {"change": "${CHANGE_KINDS.join('" | "')}"}; make the summaries drift with POST ${DRIFT} {"drift": "${ANSWER_DRIFTS.join('" | "')}" | null}.` });
	let raw = m[1];
	try {
		raw = decodeURIComponent(raw);
	} catch {
		// shown as sent
	}
	const rut = parseRut(raw);
	if (!rut) return answer(400, { error: `"${raw}" is not a RUT in the form 12345678-5.` });
	if (inc.method === 'GET') return answer(200, { rut, changes: listed(account.changesOf(rut)) });
	if (inc.method !== 'POST') return answer(405, { error: 'Use GET or POST.' });
	const kind = !inc.invalidJson && inc.body !== null && typeof inc.body === 'object' ? (inc.body as Record<string, unknown>).change : undefined;
	if (!isChangeKind(kind)) return answer(400, { error: `The body must be {"change": "${CHANGE_KINDS.join('" | "')}"}.` });
	const changes = account.change(rut, kind);
	if (!changes) return answer(404, { error: `RUT ${rut} is not loaded in the sandbox's account; only a loaded RUT's record changes.` });
	return answer(200, { rut, change: kind, what: CHANGE_TEXT[kind], changes: listed(changes) });
}
