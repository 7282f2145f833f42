/**
 * The sandbox's own HTTP endpoints, below /_sandbox/ beside the service's version roots, for
 * whoever drives a running sandbox from outside its process (a shell, `npm start`'s banner, the
 * e2e): change a loaded RUT's record, and list the changes made to it. Not part of the service,
 * so no token is asked for and nothing is recorded in the request log; the sandbox listens on
 * 127.0.0.1 only.
 *
 *   POST /_sandbox/ruts/{rut}/changes  {"change": "civilCase" | "criticalRisk" | "bulletinCase"}
 *   GET  /_sandbox/ruts/{rut}/changes
 */
import { CHANGE_KINDS, CHANGE_TEXT, isChangeKind, type Change } from './changes';
import { iso } from './dates';
import type { Reply } from './routes';
import { parseRut } from './rut';
import type { Account } from './state';

export const CONTROL_PREFIX = '/_sandbox/';

const CHANGES = /^\/_sandbox\/ruts\/([^/]+)\/changes$/;

const answer = (status: number, json: unknown): Reply => ({ status, json });
const listed = (changes: readonly Change[]) => changes.map((c) => ({ change: c.kind, what: CHANGE_TEXT[c.kind], at: iso(c.at) }));

export function controlReply(account: Account, inc: { method: string; path: string; body: unknown; invalidJson: boolean }): Reply {
	const m = CHANGES.exec(inc.path);
	if (!m) return answer(404, { error: `No such sandbox endpoint. Change a loaded RUT with POST ${CONTROL_PREFIX}ruts/<rut>/changes {"change": "${CHANGE_KINDS.join('" | "')}"}.` });
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
