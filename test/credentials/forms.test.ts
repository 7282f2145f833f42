// The two credential forms as n8n's own helpers read them (n8n-workflow's NodeHelpers, which the
// editor uses to show fields and flag missing ones), and the headers the API credential adds to a
// request. Expected values are written out here, from the README's Credentials and Trigger
// sections, not read from the credential classes.
import { NodeHelpers, type IHttpRequestOptions, type INode, type INodeProperties } from 'n8n-workflow';

import { RiskInfoApi } from '../../credentials/RiskInfoApi.credentials';
import { RiskInfoWebhookAuthApi } from '../../credentials/RiskInfoWebhookAuthApi.credentials';

const NODE = { id: '1', name: 'Credential', type: 'credential', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

/** The fields n8n shows for these values, with the values it fills in (defaults for unset ones). */
function shown(properties: INodeProperties[], values: Record<string, string>) {
	return NodeHelpers.getNodeParameters(properties, values, true, false, null, null);
}

/** The fields n8n flags as missing when they are left empty. */
function missing(properties: INodeProperties[], values: Record<string, string>): string[] {
	const filled = shown(properties, values) ?? {};
	const issues = NodeHelpers.getNodeParametersIssues(properties, { ...NODE, parameters: filled }, null);
	return Object.keys(issues?.parameters ?? {}).sort();
}

const secretFields = (properties: INodeProperties[]) => properties.filter((p) => p.typeOptions?.password === true).map((p) => p.name).sort();

// Each test builds the class itself: mutation testing counts only what runs inside a test as
// reached by it (test/MUTANTS.md).
describe('Risk Info API credential', () => {
	const properties = () => new RiskInfoApi().properties;

	test('asks for the base URL, the access token and the client identifier, all required and empty at first; Answer Key Names optional and empty', () => {
		expect(shown(properties(), {})).toEqual({ baseUrl: '', accessToken: '', clientIdentifier: '', answerKeyNames: '' });
		expect(missing(properties(), {})).toEqual(['accessToken', 'baseUrl', 'clientIdentifier']);
		// Its hint sends the user to Check Answers, whose first item has the entries to paste.
		expect(properties().find((p) => p.name === 'answerKeyNames')?.hint).toMatch(/Account → Check Answers.*suggestedKeyNames/);
		// Its description says what the mapping is and that it never changes what is sent.
		expect(properties().find((p) => p.name === 'answerKeyNames')?.description).toMatch(/^Optional\..*key path.*JSON.*never to what is sent/);
	});

	// n8n's editor shows a 'json' field in its JsonEditor, whose linter (CodeMirror's jsonParseLinter)
	// runs JSON.parse on the text: an empty one, what a new credential holds, would show a red
	// "Unexpected end of JSON input" under the field. What the editor would lint must parse.
	test('a new credential\'s Answer Key Names shows no error: a field of several lines of text, empty, which the editor does not lint as JSON', () => {
		const field = properties().find((p) => p.name === 'answerKeyNames')!;
		const linted = (text: string) => (field.type === 'json' ? (() => { try { JSON.parse(text); return []; } catch (error) { return [(error as Error).message]; } })() : []);
		expect(linted(String(shown(properties(), {})?.answerKeyNames))).toEqual([]);
		expect([field.type, field.typeOptions?.rows]).toEqual(['string', 4]);
		expect(missing(properties(), {})).not.toContain('answerKeyNames');
	});

	test('masks the access token only', () => {
		expect(secretFields(properties())).toEqual(['accessToken']);
	});

	test('adds the bearer token and the client identifier to every request, keeping its other headers', async () => {
		const options: IHttpRequestOptions = { url: 'http://127.0.0.1/x', headers: { accept: 'application/json' } };
		const authenticate = new RiskInfoApi().authenticate as (c: Record<string, string>, o: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const sent = await authenticate({ baseUrl: 'http://127.0.0.1', accessToken: 'tok-1', clientIdentifier: 'acme' }, options);
		expect(sent.headers).toEqual({ accept: 'application/json', Authorization: 'Bearer tok-1', 'x-client-identifier': 'acme' });
	});

	test('an unset token or client identifier is sent empty, never as "undefined"', async () => {
		const authenticate = new RiskInfoApi().authenticate as (c: Record<string, unknown>, o: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const sent = await authenticate({ baseUrl: 'http://127.0.0.1' }, { url: 'http://127.0.0.1/x' });
		expect(sent.headers).toEqual({ Authorization: 'Bearer ', 'x-client-identifier': '' });
	});
});

describe('Risk Info Webhook Auth credential', () => {
	const properties = () => new RiskInfoWebhookAuthApi().properties;

	test.each([
		['bearer', { token: '' }, ['token']],
		['basic', { user: '', password: '' }, ['password', 'user']],
		['header', { headerName: '', headerSecret: '' }, ['headerName', 'headerSecret']],
	])('method %s shows only its own fields, each required and empty at first', (method, fields, required) => {
		// The notice that the Test only checks the secret is usable shows for every method.
		expect(shown(properties(), { method })).toEqual({ testNotice: '', method, ...fields });
		expect(missing(properties(), { method })).toEqual(required);
	});

	test('a new credential starts on Bearer Token', () => {
		expect(shown(properties(), {})).toEqual({ testNotice: '', method: 'bearer', token: '' });
	});

	test('masks the token, the password and the header value, not the user or the header name', () => {
		expect(secretFields(properties())).toEqual(['headerSecret', 'password', 'token']);
	});
});
