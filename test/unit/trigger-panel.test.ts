// The Risk Info Trigger as n8n lists and shows it: its name, group and canvas name, its subtitle
// for each Events choice, the credential and the test that checks it, the webhook's method and
// path, and the three lifecycle methods. The node is made inside each test, so mutation testing
// counts its description as reached (test/MUTANTS.md).
import { Workflow, type ICredentialsDecrypted, type ICredentialTestFunctions, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { isolated } from '../helpers/isolated';
import { onlyType } from '../helpers/node-types';

const description = (): INodeTypeDescription => new RiskInfoTrigger().description;

/** `template` evaluated by n8n's expression engine for a trigger (version 1.1) with these parameters. */
function evaluated(node: RiskInfoTrigger, parameters: Record<string, string>, template: string, mode: 'manual' | 'webhook'): unknown {
	const subject: INode = { id: '1', name: 'Risk Info Trigger', type: 't', typeVersion: 1.1, position: [0, 0], parameters };
	const workflow = new Workflow({ id: 'w', nodes: [subject], connections: {}, active: mode === 'webhook', nodeTypes: onlyType(node) });
	return workflow.expression.getSimpleParameterValue(subject, template, mode, {});
}

/** The subtitle n8n shows under the node on the canvas for these parameters. */
function subtitle(parameters: Record<string, string>): unknown {
	const node = new RiskInfoTrigger();
	return evaluated(node, parameters, node.description.subtitle!, 'manual');
}

test('it shows as Risk Info Trigger in the Trigger group, named so on the canvas, with no input and one output', () => {
	const d = description();
	expect(d.displayName).toBe('Risk Info Trigger');
	expect(d.name).toBe('riskInfoTrigger');
	expect(d.group).toEqual(['trigger']);
	expect(d.defaults).toEqual({ name: 'Risk Info Trigger' });
	expect(d.inputs).toEqual([]);
	expect(d.outputs).toEqual(['main']);
	// Versions 1 and 1.1, a new node getting 1.1 (RiskInfoTrigger.node.ts says what differs).
	expect([d.version, d.defaultVersion]).toEqual([[1, 1.1], 1.1]);
	expect(d.icon).toEqual({ light: 'file:../../icons/riskinfo.svg', dark: 'file:../../icons/riskinfo.dark.svg' });
	expect(d.documentationUrl).toMatch(/^https:\/\//);
});

test.each([
	[{}, /^All screening results$/],
	[{ events: 'all' }, /^All screening results$/],
	[{ events: 'success' }, /^Completed screenings$/],
	[{ events: 'failed' }, /^Failed screenings$/],
	[{ events: 'all', minimumRisk: 'critical' }, /^All screening results · Critical only$/],
	[{ events: 'success', minimumRisk: 'medium' }, /^Completed screenings · Medium or critical$/],
	[{ events: 'all', minimumRisk: 'any' }, /^All screening results$/],
])('the subtitle for %j says which results it starts on', (parameters, expected) => {
	expect(subtitle(parameters)).toMatch(expected);
});

test('it asks for the webhook auth credential only when authenticating, checked by its own test', () => {
	const node = new RiskInfoTrigger();
	expect(node.description.credentials).toEqual([
		{ name: 'riskInfoWebhookAuthApi', required: true, testedBy: 'riskInfoWebhookAuthTest', displayOptions: { show: { authentication: ['credential'] } } },
	]);
	expect(Object.keys(node.methods.credentialTest)).toEqual(['riskInfoWebhookAuthTest']);
});

test('the credential test says a usable secret cannot be tested against the service, and what to do instead', async () => {
	const node = new RiskInfoTrigger();
	const check = (data: unknown) =>
		node.methods.credentialTest.riskInfoWebhookAuthTest.call({} as ICredentialTestFunctions, { data } as unknown as ICredentialsDecrypted);
	const ok = await check({ method: 'bearer', token: 'a-long-random-token' });
	expect(ok).toEqual({ status: 'OK', message: expect.stringMatching(/usable.*no way to test it.*send the trigger a sample delivery/) });
	// A credential without data is checked as an empty one, not thrown on.
	expect(await check(undefined)).toEqual({ status: 'Error', message: expect.stringMatching(/Token/) });
});

test('the webhook is a POST to .../riskinfo-compliance; what it answers is read the same through the expression engine and without it', () => {
	// Loaded inside the test: the answer settings are module-level values (test/helpers/isolated.ts).
	const { RiskInfoTrigger: Trigger } = isolated(() => require('../../nodes/RiskInfoTrigger/RiskInfoTrigger.node') as typeof import('../../nodes/RiskInfoTrigger/RiskInfoTrigger.node'));
	const node = new Trigger();
	const [webhook] = node.description.webhooks!;
	expect(webhook).toMatchObject({ name: 'default', httpMethod: 'POST', path: 'riskinfo-compliance' });
	const resolvers = (webhook as unknown as Record<symbol, Record<string, { resolve: (p: Record<string, unknown>) => string }>>)[Symbol.for('n8n.webhookDescriptionResolvers')];
	expect(Object.keys(resolvers).sort()).toEqual(['responseData', 'responseMode']);
	const expected = { whenFinished: { responseMode: 'lastNode', responseData: 'noData' }, immediately: { responseMode: 'onReceived', responseData: '' } };
	for (const [respond, answers] of Object.entries(expected)) {
		for (const [field, value] of Object.entries(answers) as Array<['responseMode' | 'responseData', string]>) {
			expect([respond, field, resolvers[field].resolve({ respond })]).toEqual([respond, field, value]);
			expect([respond, field, evaluated(node, { respond }, webhook[field] as string, 'webhook')]).toEqual([respond, field, value]);
		}
	}
});

test('checkExists, create and delete each answer true', async () => {
	const methods = new RiskInfoTrigger().webhookMethods.default;
	// A workflow on n8n's default engine: checkExists has nothing to refuse.
	const context = { getWorkflowSettings: () => ({}) };
	const results = await Promise.all([methods.checkExists, methods.create, methods.delete].map((method) => method.call(context as never)));
	expect(results).toEqual([true, true, true]);
});
