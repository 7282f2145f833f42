// Who may deliver: the webhook credential's secret (bearer, basic or a header) checked against a
// delivery's headers in constant time, in time linear in the header whatever it holds.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { PlainObject } from '../shared/objects';

/** What the Risk Info Webhook Auth credential holds, narrowed to the chosen method. */
export type DeliverySecret =
	| { method: 'bearer'; token: string }
	| { method: 'basic'; user: string; password: string }
	| { method: 'header'; headerName: string; headerValue: string };

/** Node's parsed request headers: lower-case names; repeated ones as a list or joined. */
export type DeliveryHeaders = Record<string, string | string[] | undefined>;

export type AuthOutcome = { ok: true } | { ok: false; challenge?: string };

const REALM = 'n8n Risk Info Trigger';
const LABELS: Record<string, string> = {
	token: 'Token',
	user: 'User',
	password: 'Password',
	headerName: 'Header Name',
	headerSecret: 'Header Value',
};

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * Hashing first makes both sides the same length, which timingSafeEqual requires, so the
 * time taken says nothing about how long the secret is or where the first difference is.
 */
function sameSecret(received: string, expected: string): boolean {
	const a = createHash('sha256').update(received, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b);
}

function single(value: string | string[] | undefined): string | undefined {
	// Repeated headers reach Node as a list (or joined); a second copy is never legitimate here.
	return typeof value === 'string' ? value : undefined;
}

/** Returns a plain-English problem with the credential, or undefined when it can be used. */
export function secretProblem(raw: PlainObject): string | undefined {
	const method = raw.method ?? 'bearer';
	const filled = (key: string) => typeof raw[key] === 'string' && (raw[key] as string).length > 0;
	// HTTP trims header values, so a token or header value with outer spaces can never match.
	// Read only once every key is filled, so each is text; a method has at most one such key.
	const padded = (key: string) => (key === 'token' || key === 'headerSecret') && (raw[key] as string).trim() !== raw[key];
	const need = (keys: string[]) => {
		const missing = keys.filter((k) => !filled(k)).map((k) => LABELS[k]);
		if (missing.length) return `The credential has no ${missing.join(' or ')}.`;
		const spaced = keys.find(padded);
		if (spaced !== undefined) {
			return `The ${LABELS[spaced]} in the credential starts or ends with a space; the service would not send it that way.`;
		}
		return undefined;
	};
	switch (method) {
		case 'bearer':
			return need(['token']);
		case 'basic':
			if (typeof raw.user === 'string' && raw.user.includes(':')) return 'The user name cannot contain ":" in Basic Auth.';
			return need(['user', 'password']);
		case 'header':
			if (filled('headerName') && !HEADER_NAME.test(raw.headerName as string)) {
				return 'The header name may contain only letters, digits and - (no spaces or colons).';
			}
			return need(['headerName', 'headerSecret']);
		default:
			return `The credential method "${String(method)}" is not known.`;
	}
}

export function toSecret(raw: PlainObject): DeliverySecret {
	const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
	// secretProblem has refused every other method; no method at all is bearer, the default.
	switch (raw.method) {
		case 'basic':
			return { method: 'basic', user: text('user'), password: text('password') };
		case 'header':
			return { method: 'header', headerName: text('headerName').toLowerCase(), headerValue: text('headerSecret') };
		default:
			return { method: 'bearer', token: text('token') };
	}
}

/** Every form in which a delivery could carry the secret back: Basic Auth also as the header's base64, with or without padding. */
export function secretTexts(secret: DeliverySecret): string[] {
	switch (secret.method) {
		case 'bearer':
			return [secret.token];
		case 'basic': {
			const encoded = Buffer.from(`${secret.user}:${secret.password}`, 'utf8').toString('base64');
			return [secret.password, encoded, encoded.replace(/=+$/, '')];
		}
		case 'header':
			return [secret.headerValue];
	}
}

const SPACE = 0x20;
const TAB = 0x09;
const isBlank = (code: number) => code === SPACE || code === TAB;

/**
 * The credentials of an `Authorization: <scheme> <credentials>` header, without the blanks
 * around them; undefined when the scheme is another one (compared in ASCII, any case) or is not
 * followed by a blank. A scan that reads each character at most twice: a pattern such as
 * /^Bearer[ \t]+(.*?)[ \t]*$/ backtracks quadratically over a long run of blanks, and this runs
 * before authentication, for anyone who can reach the URL.
 * @internal
 */
export function schemeCredentials(header: string | undefined, scheme: string): string | undefined {
	if (header === undefined || header.length <= scheme.length) return undefined;
	for (let i = 0; i < scheme.length; i++) {
		// | 0x20 folds ASCII upper case to lower; the scheme names are letters only.
		if ((header.charCodeAt(i) | 0x20) !== scheme.charCodeAt(i)) return undefined;
	}
	let start = scheme.length;
	if (!isBlank(header.charCodeAt(start))) return undefined;
	while (start < header.length && isBlank(header.charCodeAt(start))) start++;
	let end = header.length;
	while (end > start && isBlank(header.charCodeAt(end - 1))) end--;
	return header.slice(start, end);
}

function isBase64(text: string): boolean {
	let end = text.length;
	// Up to two "=" of padding, at the end only.
	for (let pad = 0; pad < 2 && end > 0 && text.charCodeAt(end - 1) === 0x3d; pad++) end--;
	if (end === 0) return false;
	for (let i = 0; i < end; i++) {
		const c = text.charCodeAt(i);
		const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
		const digit = c >= 0x30 && c <= 0x39;
		if (!letter && !digit && c !== 0x2b && c !== 0x2f) return false;
	}
	return true;
}

export function checkDelivery(headers: DeliveryHeaders, secret: DeliverySecret): AuthOutcome {
	switch (secret.method) {
		case 'bearer': {
			const token = schemeCredentials(single(headers.authorization), 'bearer');
			const ok = sameSecret(token ?? '', secret.token) && token !== undefined;
			const error = token !== undefined ? ', error="invalid_token"' : '';
			return ok ? { ok } : { ok, challenge: `Bearer realm="${REALM}"${error}` };
		}
		case 'basic': {
			const encoded = schemeCredentials(single(headers.authorization), 'basic');
			const decoded = encoded !== undefined && isBase64(encoded) ? Buffer.from(encoded, 'base64').toString('utf8') : '';
			const colon = decoded.indexOf(':');
			const user = colon >= 0 ? decoded.slice(0, colon) : '';
			const password = colon >= 0 ? decoded.slice(colon + 1) : '';
			// Both comparisons always run, so a right user with a wrong password takes as long as a wrong user.
			const userOk = sameSecret(user, secret.user);
			const passwordOk = sameSecret(password, secret.password);
			const ok = userOk && passwordOk && colon >= 0;
			return ok ? { ok } : { ok, challenge: `Basic realm="${REALM}", charset="UTF-8"` };
		}
		case 'header': {
			const received = single(headers[secret.headerName]);
			const ok = sameSecret(received ?? '', secret.headerValue) && received !== undefined;
			return { ok };
		}
	}
}
