// What n8n shows and reads of the Risk Info Trigger: its name and place in the node list, the
// subtitle, one version, what its webhook answers (read the same through n8n's expression engine
// and without it), the setup notices, the options, the credential and its test, the webhook
// lifecycle methods that call no API, and n8n's community-node lint on its files.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import type { ICredentialTestFunctions, ICredentialsDecrypted, IHookFunctions, INode, INodeProperties } from 'n8n-workflow';
import { resolveWebhookDescriptionField, Workflow } from 'n8n-workflow';

import { RiskInfoWebhookAuthApi } from '../../credentials/RiskInfoWebhookAuthApi.credentials';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { onlyType } from '../helpers/node-types';

const node = new RiskInfoTrigger();
const props = node.description.properties;
const prop = (name: string) => props.find((p) => p.name === name) as INodeProperties;

/** `template` evaluated by n8n's expression engine for the trigger with these parameters. */
function evaluated(parameters: Record<string, string>, template: string, mode: 'manual' | 'webhook'): unknown {
	const subject: INode = { id: '1', name: 'Risk Info Trigger', type: 't', typeVersion: 1.1, position: [0, 0], parameters };
	const workflow = new Workflow({ id: 'w', nodes: [subject], connections: {}, active: mode === 'webhook', nodeTypes: onlyType(node) });
	return workflow.expression.getSimpleParameterValue(subject, template, mode, {});
}

describe('in the node list and on the canvas', () => {
	it('Risk Info Trigger, in the Trigger group, named so on the canvas, with no input and one output', () => {
		const d = node.description;
		expect([d.displayName, d.name, d.group, d.defaults, d.inputs, d.outputs]).toEqual(['Risk Info Trigger', 'riskInfoTrigger', ['trigger'], { name: 'Risk Info Trigger' }, [], ['main']]);
		expect(d.icon).toEqual({ light: 'file:../../icons/riskinfo.svg', dark: 'file:../../icons/riskinfo.dark.svg' });
		expect(d.documentationUrl).toMatch(/^https:\/\//);
	});

	it('one version, 1.1: not 1, which n8n treats as its old Webhook node', () => {
		expect(node.description.version).toBe(1.1);
		expect(node.description.defaultVersion).toBeUndefined();
		expect(JSON.stringify(props)).not.toContain('@version');
	});

	it.each([
		[{}, 'All screening results'],
		[{ events: 'all' }, 'All screening results'],
		[{ events: 'success' }, 'Completed screenings'],
		[{ events: 'failed' }, 'Failed screenings'],
		[{ events: 'all', minimumRisk: 'critical' }, 'All screening results · Critical only'],
		[{ events: 'success', minimumRisk: 'medium' }, 'Completed screenings · Medium or critical'],
		[{ events: 'all', minimumRisk: 'any' }, 'All screening results'],
	])('the subtitle for %j says which results it starts on', (parameters, expected) => {
		expect(evaluated(parameters, node.description.subtitle!, 'manual')).toBe(expected);
	});
});

describe('webhook', () => {
	const [webhook] = node.description.webhooks!;
	const resolvers = (webhook as unknown as Record<symbol, Record<string, { resolve: (p: Record<string, unknown>) => string }>>)[Symbol.for('n8n.webhookDescriptionResolvers')];
	// n8n's lastNode mode, answering an empty body: the workflow's data never goes to the service.
	const answers = { whenFinished: ['lastNode', 'noData'], immediately: ['onReceived', ''] };

	it('a POST to .../riskinfo-compliance, answered when the workflow has finished unless Respond says Immediately', () => {
		expect(node.description.webhooks).toEqual([expect.objectContaining({ name: 'default', httpMethod: 'POST', path: 'riskinfo-compliance' })]);
		const answered = (params: Record<string, string>) => [evaluated(params, webhook.responseMode as string, 'webhook'), evaluated(params, webhook.responseData as string, 'webhook')];
		expect(answered({})).toEqual(answers.whenFinished);
		expect(answered({ respond: 'whenFinished' })).toEqual(answers.whenFinished);
		expect(answered({ respond: 'immediately' })).toEqual(answers.immediately);
	});

	it('n8n can read what it answers without its expression engine, and reads the same as through it', () => {
		expect(Object.keys(resolvers).sort()).toEqual(['responseData', 'responseMode']);
		for (const params of [{}, { respond: 'immediately' }, { respond: 'whenFinished' }] as Array<Record<string, string>>) {
			// What n8n hands the resolver: the workflow's own node, with the defaults applied.
			const workflow = new Workflow({ id: 'w', nodes: [{ id: '1', name: 'T', type: 't', typeVersion: 1.1, position: [0, 0], parameters: { ...params } }], connections: {}, active: true, nodeTypes: onlyType(node) });
			for (const field of ['responseMode', 'responseData'] as const) {
				const native = resolveWebhookDescriptionField(workflow.nodes.T, webhook, field);
				expect([field, params, native]).toEqual([field, params, { resolved: true, value: evaluated(params, webhook[field] as string, 'webhook') }]);
			}
		}
		for (const [respond, [responseMode, responseData]] of Object.entries(answers)) {
			expect([respond, resolvers.responseMode.resolve({ respond }), resolvers.responseData.resolve({ respond })]).toEqual([respond, responseMode, responseData]);
		}
		// A Respond value given as an expression still goes through n8n's engine.
		expect(resolveWebhookDescriptionField({ parameters: { respond: '={{"whenFinished"}}' } }, webhook, 'responseMode')).toEqual({ resolved: false });
	});

	it('has checkExists, create and delete, which succeed without any HTTP call', async () => {
		const calls: string[] = [];
		const refuse = (name: string) => () => {
			calls.push(name);
			throw new Error(`${name} must not be called`);
		};
		const context = {
			helpers: { httpRequest: refuse('httpRequest'), httpRequestWithAuthentication: refuse('httpRequestWithAuthentication'), request: refuse('request') },
			getNodeWebhookUrl: () => 'https://n8n.example/webhook/x/riskinfo-compliance',
			getWorkflowStaticData: () => ({}),
			getWorkflowSettings: () => ({ executionOrder: 'v1' }),
			getCredentials: refuse('getCredentials'),
		} as unknown as IHookFunctions;
		const methods = node.webhookMethods.default;
		for (const name of ['checkExists', 'create', 'delete'] as const) {
			await expect(methods[name].call(context)).resolves.toBe(true);
		}
		expect(calls).toEqual([]);
	});
});

describe('setup and authentication choices', () => {
	it('defaults to credential authentication; "None" is an explicit choice with a warning', () => {
		const auth = prop('authentication');
		expect(auth.default).toBe('credential');
		const none = auth.options?.find((o) => 'value' in o && o.value === 'none') as { name: string; description: string };
		expect(none.description).toMatch(/anyone/i);
		expect(none.description).toMatch(/URL/);
		const warning = props.find((p) => p.type === 'notice' && p.displayOptions?.show?.authentication?.includes('none'));
		expect(warning?.displayName).toMatch(/anyone/i);
	});

	it('shows a notice to register the production URL together with the credential\'s method and secret', () => {
		const notice = props.find((p) => p.type === 'notice' && p.displayOptions?.show?.authentication?.includes('credential'));
		expect(notice?.displayName).toMatch(/Production URL/);
		expect(notice?.displayName).toMatch(/register/i);
		expect(notice?.displayName).toMatch(/the credential's method and secret/i);
	});

	it('the notice uses n8n 2.x wording: publish (not activate), and publish again after changing options', () => {
		const notice = props.find((p) => p.type === 'notice' && p.displayOptions?.show?.authentication?.includes('credential'));
		expect(notice?.displayName).toMatch(/publish/i);
		expect(notice?.displayName).toMatch(/publish<\/b> the workflow \(and again after changing an option\)/i);
		expect(notice?.displayName).not.toMatch(/activat/i);
		expect(notice?.displayName).toMatch(/Test URL/);
	});

	it('Ignore Repeated Deliveries says a repeat is the same webhook ID, status and content; its notice, shown while it is on, says the rest', () => {
		const option = prop('ignoreRepeatedDeliveries');
		expect(option.default).toBe(true);
		expect(option.description).toMatch(/webhook ID, status and content/);
		const notice = prop('repeatsNotice');
		expect(notice.displayOptions?.show).toEqual({ ignoreRepeatedDeliveries: [true] });
		expect(notice.displayName).toMatch(/changed findings/);
		expect(notice.displayName).toMatch(/still starts an execution, in which this trigger emits nothing/);
		expect(notice.displayName).toMatch(/at the same moment/);
	});

	it('Ignore Repeated Deliveries, the README and the trigger guide give the number of deliveries the trigger keeps', () => {
		expect(prop('repeatsNotice').displayName).toContain('The last 1,000 are remembered');
		const read = (file: string) => readFileSync(path.join(__dirname, '../..', file), 'utf8').replace(/\s+/g, ' ');
		expect(read('README.md')).toContain('The last 1,000 are remembered');
		expect(read('docs/trigger.md')).toContain('The last 1,000 deliveries are remembered');
	});

	it('Respond answers when the workflow has finished by default, and Immediately on request', () => {
		const respond = prop('respond');
		expect(respond.default).toBe('whenFinished');
		expect(respond.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual(['immediately', 'whenFinished']);
	});

	it('asks for the webhook auth credential only when authenticating, checked by its own test', () => {
		expect(node.description.credentials).toEqual([
			{ name: new RiskInfoWebhookAuthApi().name, required: true, testedBy: 'riskInfoWebhookAuthTest', displayOptions: { show: { authentication: ['credential'] } } },
		]);
		expect(Object.keys(node.methods.credentialTest)).toEqual(['riskInfoWebhookAuthTest']);
	});

	it('the credential offers bearer (default), basic and a custom header', () => {
		const method = new RiskInfoWebhookAuthApi().properties.find((p) => p.name === 'method')!;
		expect(method.default).toBe('bearer');
		expect(method.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual(['bearer', 'basic', 'header']);
		for (const p of new RiskInfoWebhookAuthApi().properties) {
			if (['token', 'password', 'headerSecret'].includes(p.name)) expect(p.typeOptions?.password).toBe(true);
		}
	});
});

describe('credential test', () => {
	const test = (data: Record<string, unknown>) =>
		node.methods.credentialTest.riskInfoWebhookAuthTest.call({} as ICredentialTestFunctions, { data } as unknown as ICredentialsDecrypted);

	it.each([
		[{ method: 'bearer', token: 'a-long-random-token' }],
		[{ method: 'basic', user: 'sender', password: ' spaces are fine in a password ' }],
		[{ method: 'header', headerName: 'X-Webhook-Secret', headerSecret: 's3cret' }],
	])('accepts %j, saying the service offers no way to test it and what to do instead', async (data) => {
		await expect(test(data)).resolves.toEqual({ status: 'OK', message: expect.stringMatching(/usable.*no way to test it.*send the trigger a sample delivery/) });
	});

	it('checks a credential without data as an empty one, rather than failing', async () => {
		await expect(test(undefined as unknown as Record<string, unknown>)).resolves.toEqual({ status: 'Error', message: expect.stringMatching(/Token/) });
	});

	it.each([
		[{ method: 'bearer', token: '' }, /Token/],
		[{ method: 'bearer', token: ' padded ' }, /space/],
		[{ method: 'basic', user: 'a:b', password: 'x' }, /":"/],
		[{ method: 'basic', user: 'a', password: '' }, /Password/],
		[{ method: 'header', headerName: 'X Secret', headerSecret: 'x' }, /header name/i],
		[{ method: 'header', headerName: 'X-Secret', headerSecret: '' }, /Header Value/],
	])('rejects %j', async (data, why) => {
		const result = await test(data);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(why);
	});
});

describe("n8n's community-node lint", () => {
	it('reports no errors for the trigger and its credential', async () => {
		const root = path.resolve(__dirname, '../..');
		// ESLint 9 loads its config as ESM, which jest's CommonJS sandbox cannot, so it runs as its own process.
		const files = ['nodes/RiskInfoTrigger', 'credentials/RiskInfoWebhookAuthApi.credentials.ts'];
		// jest sets NODE_ENV=test, under which eslint-plugin-n8n-nodes-base takes every file for its
		// own fixture "Test.node.ts" and reports the real file names as wrong.
		const env = { ...process.env };
		delete env.NODE_ENV;
		const run = await promisify(execFile)(process.execPath, ['node_modules/eslint/bin/eslint.js', '--format', 'json', ...files], { cwd: root, env }).catch(
			(error: { stdout: string }) => ({ stdout: error.stdout }),
		);
		const results = JSON.parse(run.stdout) as Array<{ filePath: string; messages: Array<{ severity: number; line: number; ruleId: string; message: string }> }>;
		const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId} ${m.message}`));
		expect(results.length).toBeGreaterThan(5);
		expect(errors).toEqual([]);
	}, 120_000);
});
