// The trigger's delivery check at its edges, for what mutation testing found unchecked: where the
// scheme ends, blanks around the credentials, what counts as base64 in a Basic header, an empty
// user or password, and which challenge is sent back. Expected values are written from the rules.
import { checkDelivery, schemeCredentials } from '../../nodes/RiskInfoTrigger/auth';

const BEARER_CHALLENGE = 'Bearer realm="n8n Risk Info Trigger"';
const BEARER_INVALID = 'Bearer realm="n8n Risk Info Trigger", error="invalid_token"';
const BASIC_CHALLENGE = 'Basic realm="n8n Risk Info Trigger", charset="UTF-8"';

describe('schemeCredentials', () => {
	test.each<[string | undefined, string, string | undefined]>([
		[undefined, 'bearer', undefined],
		['', 'bearer', undefined],
		['Bea', 'bearer', undefined],
		['Bearer', 'bearer', undefined],
		['bearer', 'bearer', undefined],
		['Basic', 'basic', undefined],
		['Bearer ', 'bearer', ''],
		['Bearer \t  ', 'bearer', ''],
		['Basic ', 'basic', ''],
		['Bearer tok', 'bearer', 'tok'],
		['bearer tok', 'bearer', 'tok'],
		['BEARER tok', 'bearer', 'tok'],
		['bEaReR tok', 'bearer', 'tok'],
		['BASIC dTpw', 'basic', 'dTpw'],
		['Bearer\ttok', 'bearer', 'tok'],
		['Bearer  \t tok', 'bearer', 'tok'],
		['Bearer tok ', 'bearer', 'tok'],
		['Bearer tok\t', 'bearer', 'tok'],
		['Bearer \t tok \t \t', 'bearer', 'tok'],
		['Bearer a b', 'bearer', 'a b'],
		['Bearer  a \t b  ', 'bearer', 'a \t b'],
		['Bearer x', 'bearer', 'x'],
		['Bearer x ', 'bearer', 'x'],
		// no blank after the scheme
		['Bearertok', 'bearer', undefined],
		['Bearer:tok', 'bearer', undefined],
		['Bearer\ntok', 'bearer', undefined],
		['Basicdtpw', 'basic', undefined],
		// a different character at each position of the scheme
		['Xearer tok', 'bearer', undefined],
		['bXarer tok', 'bearer', undefined],
		['beXrer tok', 'bearer', undefined],
		['beaXer tok', 'bearer', undefined],
		['bearXr tok', 'bearer', undefined],
		['beareX tok', 'bearer', undefined],
		['Token1 tok', 'bearer', undefined],
		['Basic dTpw', 'bearer', undefined],
		['Bearer tok', 'basic', undefined],
		['Xasic dTpw', 'basic', undefined],
		['bXsic dTpw', 'basic', undefined],
		['baXic dTpw', 'basic', undefined],
		['basXc dTpw', 'basic', undefined],
		['basiX dTpw', 'basic', undefined],
		// folding is ASCII letters only: a non-letter one bit away from a letter is not the letter
		['\u0002earer tok', 'bearer', undefined],
		[' bearer tok', 'bearer', undefined],
	])('%j with scheme %s gives %j', (header, scheme, expected) => {
		expect(schemeCredentials(header, scheme)).toBe(expected);
	});
});

describe('checkDelivery, bearer', () => {
	const secret = { method: 'bearer' as const, token: 'tok' };

	test.each<[string | string[] | undefined, object]>([
		['Bearer tok', { ok: true }],
		['bearer tok', { ok: true }],
		['BEARER  tok \t', { ok: true }],
		['Bearer\ttok', { ok: true }],
		[undefined, { ok: false, challenge: BEARER_CHALLENGE }],
		[['Bearer tok'], { ok: false, challenge: BEARER_CHALLENGE }],
		[['Bearer tok', 'Bearer tok'], { ok: false, challenge: BEARER_CHALLENGE }],
		['', { ok: false, challenge: BEARER_CHALLENGE }],
		['Bearer', { ok: false, challenge: BEARER_CHALLENGE }],
		['Bearertok', { ok: false, challenge: BEARER_CHALLENGE }],
		['Basic tok', { ok: false, challenge: BEARER_CHALLENGE }],
		['Token1 tok', { ok: false, challenge: BEARER_CHALLENGE }],
		['Bearer ', { ok: false, challenge: BEARER_INVALID }],
		['Bearer wrong', { ok: false, challenge: BEARER_INVALID }],
		['Bearer tokx', { ok: false, challenge: BEARER_INVALID }],
		['Bearer to k', { ok: false, challenge: BEARER_INVALID }],
	])('authorization %j gives %j', (authorization, expected) => {
		expect(checkDelivery({ authorization }, secret)).toEqual(expected);
	});

	test('an empty token is matched only by a header that gives one, never by a missing header', () => {
		const empty = { method: 'bearer' as const, token: '' };
		expect(checkDelivery({}, empty)).toEqual({ ok: false, challenge: BEARER_CHALLENGE });
		expect(checkDelivery({ authorization: 'Bearer' }, empty)).toEqual({ ok: false, challenge: BEARER_CHALLENGE });
		expect(checkDelivery({ authorization: ['Bearer '] }, empty)).toEqual({ ok: false, challenge: BEARER_CHALLENGE });
		expect(checkDelivery({ authorization: 'Bearer  ' }, empty)).toEqual({ ok: true });
	});
});

describe('checkDelivery, basic', () => {
	const FAIL = { ok: false, challenge: BASIC_CHALLENGE };
	const up = { user: 'u', password: 'p' };

	test.each<[string, string | string[] | undefined, { user: string; password: string }, object]>([
		['u:p', 'Basic dTpw', up, { ok: true }],
		['lower-case scheme', 'basic dTpw', up, { ok: true }],
		['upper-case scheme', 'BASIC dTpw', up, { ok: true }],
		['tab and blanks around', 'Basic\t dTpw \t', up, { ok: true }],
		['one "=" of padding', 'Basic dTpw=', up, { ok: true }],
		['two "=" of padding', 'Basic dTpw==', up, { ok: true }],
		['three "=" of padding', 'Basic dTpw===', up, FAIL],
		['u:pw padded', 'Basic dTpwdw==', { user: 'u', password: 'pw' }, { ok: true }],
		['u:pw one "=" short', 'Basic dTpwdw=', { user: 'u', password: 'pw' }, { ok: true }],
		['u:pw unpadded', 'Basic dTpwdw', { user: 'u', password: 'pw' }, { ok: true }],
		['"=" in the middle', 'Basic dT=pw', up, FAIL],
		['"=" first', 'Basic =dTpw', up, FAIL],
		['"+" in the encoding', 'Basic dTo+P34=', { user: 'u', password: '>?~' }, { ok: true }],
		['"/" in the encoding', 'Basic dTo/Pj4=', { user: 'u', password: '?>>' }, { ok: true }],
		['"+" and "/" unpadded', 'Basic dTpwPz5+', { user: 'u', password: 'p?>~' }, { ok: true }],
		['non-ASCII user and password', 'Basic w7w6w58=', { user: '\u00fc', password: '\u00df' }, { ok: true }],
		['"." inside', 'Basic dT.pw', up, FAIL],
		['"!" at the end', 'Basic dTpw!', up, FAIL],
		['"*" inside', 'Basic dT*pw', up, FAIL],
		['"-" inside', 'Basic dT-pw', up, FAIL],
		['"_" inside', 'Basic dT_pw', up, FAIL],
		['"@" inside', 'Basic dT@pw', up, FAIL],
		['"[" inside', 'Basic dT[pw', up, FAIL],
		['"`" inside', 'Basic dT`pw', up, FAIL],
		['"{" inside', 'Basic dT{pw', up, FAIL],
		['":" inside', 'Basic dT:pw', up, FAIL],
		['a blank inside', 'Basic dT pw', up, FAIL],
		['a tab inside', 'Basic dT\tpw', up, FAIL],
		['non-ASCII inside', 'Basic dT\u00e9pw', up, FAIL],
		['two invalid characters at the end', 'Basic dTpw..', up, FAIL],
		['wrong password', 'Basic dTpx', up, FAIL],
		['empty user', 'Basic OnB3', { user: '', password: 'pw' }, { ok: true }],
		['empty user, another expected', 'Basic OnB3', { user: 'x', password: 'pw' }, FAIL],
		['empty password', 'Basic dXM6', { user: 'us', password: '' }, { ok: true }],
		['empty password, another expected', 'Basic dXM6', { user: 'us', password: 'x' }, FAIL],
		['no ":" though user and password are empty', 'Basic YQ==', { user: '', password: '' }, FAIL],
		['no ":", decoded is the user', 'Basic YQ==', { user: 'a', password: '' }, FAIL],
		['no ":", decoded less its last is the user', 'Basic YWI=', { user: 'a', password: '' }, FAIL],
		['no ":", decoded is the password', 'Basic YQ==', { user: '', password: 'a' }, FAIL],
		['empty credentials', 'Basic ', { user: '', password: '' }, FAIL],
		['padding only', 'Basic ==', { user: '', password: '' }, FAIL],
		['scheme only', 'Basic', { user: '', password: '' }, FAIL],
		['no blank after the scheme', 'BasicdTpw', up, FAIL],
		['another scheme', 'Bearer dTpw', up, FAIL],
		['missing', undefined, up, FAIL],
		['repeated', ['Basic dTpw', 'Basic dTpw'], up, FAIL],
		['one-element list', ['Basic dTpw'], up, FAIL],
	])('%s: %j', (_what, authorization, credentials, expected) => {
		expect(checkDelivery({ authorization }, { method: 'basic', ...credentials })).toEqual(expected);
	});
});

describe('checkDelivery, header', () => {
	test.each<[string | string[] | undefined, string, object]>([
		['v', 'v', { ok: true }],
		['', '', { ok: true }],
		[undefined, '', { ok: false }],
		[undefined, 'v', { ok: false }],
		[[], '', { ok: false }],
		[['v'], 'v', { ok: false }],
		[['v', 'v'], 'v', { ok: false }],
		['', 'v', { ok: false }],
		['v ', 'v', { ok: false }],
		['V', 'v', { ok: false }],
	])('received %j, expected %j gives %j', (received, headerValue, expected) => {
		const outcome = checkDelivery({ 'x-hook-key': received }, { method: 'header', headerName: 'x-hook-key', headerValue });
		expect(outcome).toEqual(expected);
	});

	test('the header is looked up by the configured name only', () => {
		const secret = { method: 'header' as const, headerName: 'x-hook-key', headerValue: 'v' };
		expect(checkDelivery({ 'x-other': 'v', authorization: 'v' }, secret)).toEqual({ ok: false });
	});
});
