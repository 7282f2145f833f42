/** How the Monitor tells and words a failed read: one home for the summary reads and the evidence reads. */
import { ServiceError } from '../shared/errors';

/** The credential or the account's permission, or a redirect to elsewhere: no other read would fare better. */
export function aboutTheAccount(error: unknown): boolean {
	if (!(error instanceof ServiceError)) return false;
	const s = error.failure.status;
	return s === 401 || s === 403 || (typeof s === 'number' && s >= 300 && s < 400);
}

/** e.g. 'the service answered HTTP 500 ("Error interno del servidor"), 4 tries.' */
export function failureText(error: unknown): string {
	if (!(error instanceof ServiceError)) return `${error instanceof Error ? error.message : String(error)}.`;
	const f = error.failure;
	const what = typeof f.status === 'number' ? `the service answered HTTP ${f.status}` : `the service could not be reached (${f.status})`;
	return `${what}${f.serviceText ? ` ("${f.serviceText}")` : ''}, ${f.attempts} ${f.attempts === 1 ? 'try' : 'tries'}.`;
}
