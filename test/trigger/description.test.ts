// Issue 5 points 1 and 6: the setup is obvious (the URL to register, with the chosen auth), the
// webhook lifecycle methods exist without calling any API, "None" carries its warning, and the
// credential's test catches unusable secrets. n8n's community-node lint passes on these files.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import type { ICredentialTestFunctions, ICredentialsDecrypted, IHookFunctions, INodeProperties } from 'n8n-workflow';
import { resolveWebhookDescriptionField, Workflow } from 'n8n-workflow';

import { RiskInfoWebhookAuthApi } from '../../credentials/RiskInfoWebhookAuthApi.credentials';
import { DEDUP_WINDOW } from '../../nodes/RiskInfoTrigger/dedup';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { TriggerHarness } from './harness';
import { onlyType } from '../helpers/node-types';

const node = new RiskInfoTrigger();
const props = node.description.properties;
const prop = (name: string) => props.find((p) => p.name === name) as INodeProperties;

describe('webhook', () => {
	it('new nodes answer when the workflow has finished; saved version 1 nodes answer on receipt, with the node\'s own answer', () => {
		expect(node.description.webhooks).toEqual([expect.objectContaining({ name: 'default', httpMethod: 'POST' })]);
		const answered = (typeVersion: number, params: Record<string, unknown>) => {
			const h = new TriggerHarness({ params, typeVersion });
			return [h.webhookDescriptionValue('responseMode', 'onReceived'), h.webhookDescriptionValue('responseData', 'firstEntryJson')];
		};
		// n8n's lastNode mode, answering an empty body: the workflow's data never goes to the service.
		const onReceipt = ['onReceived', ''];
		const whenFinished = ['lastNode', 'noData'];
		expect(answered(1, {})).toEqual(onReceipt);
		expect(answered(1, { respond: 'immediately' })).toEqual(onReceipt);
		expect(answered(1, { respond: 'whenFinished' })).toEqual(whenFinished);
		expect(answered(1.1, {})).toEqual(whenFinished);
		expect(answered(1.1, { respond: 'whenFinished' })).toEqual(whenFinished);
		expect(answered(1.1, { respond: 'immediately' })).toEqual(onReceipt);
		expect(node.description.inputs).toEqual([]);
		expect(node.description.group).toContain('trigger');
	});

	it('n8n can read what it answers without its expression engine, and reads the same as through it', () => {
		const webhook = node.description.webhooks![0];
		const nodeTypes = onlyType(node);
		for (const typeVersion of [1, 1.1]) {
			for (const params of [{}, { respond: 'immediately' }, { respond: 'whenFinished' }]) {
				// What n8n hands the resolver: the workflow's own node, with the defaults of its version applied.
				const workflow = new Workflow({ id: 'w', nodes: [{ id: '1', name: 'T', type: 't', typeVersion, position: [0, 0], parameters: { ...params } }], connections: {}, active: true, nodeTypes });
				const engine = new TriggerHarness({ params, typeVersion });
				for (const [field, fallback] of [['responseMode', 'onReceived'], ['responseData', 'firstEntryJson']] as const) {
					const native = resolveWebhookDescriptionField(workflow.nodes.T, webhook, field);
					expect([field, typeVersion, params, native]).toEqual([field, typeVersion, params, { resolved: true, value: engine.webhookDescriptionValue(field, fallback) }]);
				}
			}
		}
		// A Respond value given as an expression still goes through n8n's engine.
		expect(resolveWebhookDescriptionField({ parameters: { respond: '={{"whenFinished"}}' } }, webhook, 'responseMode')).toEqual({ resolved: false });
	});

	it('new nodes are version 1.1, saved ones stay 1; the versions\' parameters differ only in Respond\'s default', () => {
		expect(node.description.version).toEqual([1, 1.1]);
		expect(node.description.defaultVersion).toBe(1.1);
		const respond = props.filter((p) => p.name === 'respond');
		expect(respond.map((p) => p.default)).toEqual(['immediately', 'whenFinished']);
		// Same label and options whatever the version.
		expect(respond[0]).toEqual({ ...respond[1], default: 'immediately', displayOptions: respond[0].displayOptions });
		const others = props.filter((p) => p.name !== 'respond');
		expect(JSON.stringify(others)).not.toContain('@version');
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
		// What n8n 2.40.7 allows (docs/repeated-deliveries.md), said where the option is set.
		expect(notice.displayName).toMatch(/once its execution has ended/);
		expect(notice.displayName).toMatch(/at the same moment/);
	});

	it('Ignore Repeated Deliveries and the trigger guide give the number of deliveries the trigger keeps', () => {
		const said = `The last ${DEDUP_WINDOW.toLocaleString('en-US')}`;
		expect(prop('repeatsNotice').displayName).toContain(`${said} are remembered`);
		const guide = readFileSync(path.join(__dirname, '../../docs/trigger.md'), 'utf8').replace(/\s+/g, ' ');
		expect(guide).toContain(`The last ${DEDUP_WINDOW.toLocaleString('en-US')} are remembered`);
	});

	it('asks for the credential only when authenticating', () => {
		expect(node.description.credentials).toEqual([
			expect.objectContaining({ name: new RiskInfoWebhookAuthApi().name, required: true, displayOptions: { show: { authentication: ['credential'] } } }),
		]);
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
	])('accepts %j', async (data) => {
		await expect(test(data)).resolves.toMatchObject({ status: 'OK' });
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
	}, 60_000);
});
