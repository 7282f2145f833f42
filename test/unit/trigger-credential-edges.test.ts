// The Risk Info Trigger's credential rules at their edges (nodes/RiskInfoTrigger/auth.ts), and the
// Minimum Risk filter and findings of select.ts: exact words a user reads, which header names and
// padded secrets are refused, the forms of a Basic secret redaction looks for. Modules are loaded
// inside each test so mutation testing counts their module-level tables as reached (test/MUTANTS.md).
import type { IDataObject } from 'n8n-workflow';

import { isolated } from '../helpers/isolated';

type Auth = typeof import('../../nodes/RiskInfoTrigger/auth');
type Select = typeof import('../../nodes/RiskInfoTrigger/select');
type NormalisedEvent = import('../../nodes/RiskInfoTrigger/normalise').NormalisedEvent;

const auth = () => isolated(() => require('../../nodes/RiskInfoTrigger/auth') as Auth);
const select = () => isolated(() => require('../../nodes/RiskInfoTrigger/select') as Select);

const SPACED = 'in the credential starts or ends with a space; the service would not send it that way.';

describe('what the trigger says about its credential', () => {
	test.each<[string, Record<string, unknown>, string | undefined]>([
		['no method is bearer', { token: 'abc' }, undefined],
		['bearer without a token', { method: 'bearer' }, 'The credential has no Token.'],
		['bearer with an empty token', { method: 'bearer', token: '' }, 'The credential has no Token.'],
		['a token that is not text', { method: 'bearer', token: 12345 }, 'The credential has no Token.'],
		['a token with a space before it', { method: 'bearer', token: ' abc' }, `The Token ${SPACED}`],
		['a token with a tab after it', { method: 'bearer', token: 'abc\t' }, `The Token ${SPACED}`],
		['a token with a space inside', { method: 'bearer', token: 'a bc' }, undefined],
		['basic without user or password', { method: 'basic' }, 'The credential has no User or Password.'],
		['basic without a password', { method: 'basic', user: 'u' }, 'The credential has no Password.'],
		['basic without a user', { method: 'basic', password: 'p' }, 'The credential has no User.'],
		['a password with spaces around it (sent inside base64, so it can)', { method: 'basic', user: 'u', password: ' p ' }, undefined],
		['a user with a colon', { method: 'basic', user: 'a:b', password: 'p' }, 'The user name cannot contain ":" in Basic Auth.'],
		['header without name or value', { method: 'header' }, 'The credential has no Header Name or Header Value.'],
		['header without a value', { method: 'header', headerName: 'X-Risk-Token' }, 'The credential has no Header Value.'],
		['a header value with a space after it', { method: 'header', headerName: 'X-Risk-Token', headerSecret: 's3cret ' }, `The Header Value ${SPACED}`],
		['an unknown method', { method: 'oauth', token: 'abc' }, 'The credential method "oauth" is not known.'],
		['an empty method', { method: '', token: 'abc' }, 'The credential method "" is not known.'],
	])('%s', (_case, raw, problem) => {
		expect(auth().secretProblem(raw)).toBe(problem);
	});

	const BAD_NAME = 'The header name may contain only letters, digits and - (no spaces or colons).';
	test.each<[string, string | undefined]>([
		['X-Risk-Token', undefined],
		['x', undefined],
		["A1!#$%&'*+.^_`|~-", undefined],
		[' X-Risk-Token', BAD_NAME],
		['X-Risk-Token ', BAD_NAME],
		['X Risk', BAD_NAME],
		['X-Risk:Token', BAD_NAME],
		['X-Ríesgo', BAD_NAME],
	])('header name %j', (headerName, problem) => {
		expect(auth().secretProblem({ method: 'header', headerName, headerSecret: 's3cret' })).toBe(problem);
	});
});

describe('the secret as the trigger checks it', () => {
	test.each<[Record<string, unknown>, unknown]>([
		[{ token: 'abc' }, { method: 'bearer', token: 'abc' }],
		[{ method: 'bearer', token: 7 }, { method: 'bearer', token: '' }],
		[{ method: 'basic', user: 'u', password: 5 }, { method: 'basic', user: 'u', password: '' }],
		[{ method: 'header', headerName: 'X-Risk-Token', headerSecret: 's' }, { method: 'header', headerName: 'x-risk-token', headerValue: 's' }],
	])('%j → %j', (raw, secret) => {
		expect(auth().toSecret(raw)).toEqual(secret);
	});

	test('a Basic secret may come back as the password, its base64 or that base64 without padding', () => {
		// "u:pw" is dTpwdw== in base64 (RFC 4648); "u:pwd" is dTpwd2Q= (one "=").
		expect(auth().secretTexts({ method: 'basic', user: 'u', password: 'pw' })).toEqual(['pw', 'dTpwdw==', 'dTpwdw']);
		expect(auth().secretTexts({ method: 'basic', user: 'u', password: 'pwd' })).toEqual(['pwd', 'dTpwd2Q=', 'dTpwd2Q']);
	});
});

describe('Minimum Risk and findings', () => {
	const event = (status: string, risk: string | null): NormalisedEvent => ({ event: {}, webhookId: '1', status, risk, ordered: true });

	test.each<[string | null, string, boolean]>([
		['free', 'medium', false],
		['medium', 'medium', true],
		['critical', 'medium', true],
		['medium', 'critical', false],
		['critical', 'critical', true],
		['unknown', 'medium', false],
		[null, 'medium', false],
		['critical', 'high', false],
	])('a SUCCESS event at risk %j against a minimum of %j passes: %j', (risk, minimum, passes) => {
		expect(select().passes(event('SUCCESS', risk), 'all', minimum as 'medium')).toBe(passes);
	});

	test('a list without its items gives no findings; a list with them gives one row each', () => {
		const rows = select().findings({
			webhookId: 5,
			status: 'SUCCESS',
			fullName: 'Ana',
			risk: 'medium',
			lists: { pepChile: { total: 2 }, news: { items: [{ title: 'x' }] } },
			summary: {},
		} as IDataObject);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ category: 'news', finding: { title: 'x' }, categoryRisk: null });
	});
});

test('a refused delivery is told the realm, and for a wrong bearer token that it is invalid', () => {
	const { checkDelivery } = auth();
	expect(checkDelivery({}, { method: 'bearer', token: 'abc' })).toEqual({ ok: false, challenge: 'Bearer realm="n8n Risk Info Trigger"' });
	expect(checkDelivery({ authorization: 'Bearer abd' }, { method: 'bearer', token: 'abc' })).toEqual({
		ok: false,
		challenge: 'Bearer realm="n8n Risk Info Trigger", error="invalid_token"',
	});
	expect(checkDelivery({}, { method: 'basic', user: 'u', password: 'p' })).toEqual({ ok: false, challenge: 'Basic realm="n8n Risk Info Trigger", charset="UTF-8"' });
});
