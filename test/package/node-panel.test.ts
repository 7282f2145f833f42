// What n8n's editor shows about the package outside the node's parameters: the node panel's merged
// "Risk Info" entry, the Docs links, and the trigger's input panel.
//
// n8n source, the same code as in the n8n-editor-ui 2.40.7 bundle (workflows.store chunk):
// - generateMergedNodesAndActions(): a trigger whose type name, with "Trigger" removed, is the
//   name of an action node that has actions is merged into that node's entry, and the entry's
//   description is set to the TRIGGER's description.
// - NodeSettings' docsUrl: a node description's documentationUrl starting with "http" is the Docs
//   link as it is; otherwise the codex URL gets "?utm_source=…" appended, after any "#anchor".
// - the trigger panel: triggerPanel.header, .executionsHelp and .activationHint replace n8n's
//   generic texts; while listening it always says "Go to <service> and create an event".
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeTypeDescription, TriggerPanelDefinition } from 'n8n-workflow';

import { RiskInfoWebhookAuthApi } from '../../credentials/RiskInfoWebhookAuthApi.credentials';
import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { anchors, landsOnHeading } from '../helpers/docs';

const PACKAGE = 'n8n-nodes-riskinfo';
const action = new RiskInfo().description;
const trigger = new RiskInfoTrigger().description;

/** The description n8n's node panel shows for the entry an action node ends up in. */
function panelEntryDescription(nodes: INodeTypeDescription[], actionName: string): string {
	const entry = { ...nodes.find((n) => n.name === actionName)! };
	for (const t of nodes.filter((n) => n.group.includes('trigger'))) {
		if (`${PACKAGE}.${t.name}`.replace('Trigger', '') === `${PACKAGE}.${actionName}`) entry.description = t.description;
	}
	return entry.description;
}

test('the node panel\'s merged "Risk Info" entry shows the action node\'s own description', () => {
	expect(`${PACKAGE}.${trigger.name}`.replace('Trigger', '')).toBe(`${PACKAGE}.${action.name}`);
	expect(panelEntryDescription([action, trigger], action.name)).toBe(action.description);
	expect(action.description).toMatch(/RUT/);
	expect(action.description).not.toMatch(/^Starts the workflow/);
});

describe('the compliance trigger, found by name in the node panel', () => {
	// n8n's node creator searches an entry's displayName and codex alias; the merged entry is the
	// action node's, with its codex. A trigger's entries are its Events options, each shown as its
	// `action` (else "On " and the option's name), as Stripe Trigger's and Typeform Trigger's are.
	const codex = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'nodes', file), 'utf8')) as { alias: string[] };

	// An alias that starts with the term matches it; "compliance screening" rather than
	// "compliance" alone lets n8n's builder search rank the trigger above it for compliance webhooks.
	test.each(['compliance', 'webhook', 'screening result'])('searching "%s" finds the merged "Risk Info" entry', (term) => {
		expect(codex('RiskInfo/RiskInfo.node.json').alias.map((a) => a.toLowerCase()).filter((a) => a.startsWith(term))).not.toEqual([]);
	});

	test('its trigger entries say what they are', () => {
		const events = trigger.properties.find((p) => p.displayName === 'Events')!;
		const shown = (events.options as Array<{ name: string; action?: string }>).map((o) => o.action ?? `On ${o.name}`);
		expect(shown).toEqual(['On Compliance Result', 'On Completed Compliance Screening', 'On Failed Compliance Screening']);
	});
});

test.each([
	['Risk Info', action, 'operations'],
	['Risk Info Trigger', trigger, 'trigger'],
])('%s: its Docs link is used as written, so its README anchor survives', (_name, description, anchor) => {
	expect(description.documentationUrl).toMatch(/^https:\/\//);
	expect(description.documentationUrl).toMatch(new RegExp(`#${anchor}$`));
	expect(anchors('README.md').has(anchor)).toBe(true);
});

describe('trigger panel', () => {
	const panel = trigger.triggerPanel as TriggerPanelDefinition;
	const notice = trigger.properties.find((p) => p.name === 'setupNotice')!.displayName;
	const help = panel.executionsHelp as { active: string; inactive: string };
	const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

	it('replaces n8n\'s generic header and help with what this trigger needs', () => {
		expect(panel.header).toMatch(/compliance screening results/i);
		for (const text of [help.active, help.inactive]) {
			expect(text).toMatch(/Execute step/);
			// n8n's own words for every service trigger, explained where they show: the service never calls the Test URL.
			expect(text).toMatch(/says "Go to Risk Info and create an event", but the service only ever calls the Production URL, never the Test URL/);
			expect(text).not.toMatch(/npm/);
			expect(text).toMatch(/data-key="executions"/);
		}
		expect(help.inactive).toMatch(/publish/);
		expect(help.active).toMatch(/published/);
	});

	it('the notice says where the Production URL is and links to how to test', () => {
		expect(notice).toMatch(/<b>Production URL<\/b> \(Webhook URLs, above\)/);
		expect(notice).toMatch(/To test, send the <b>Test URL<\/b> a sample: <a href="[^"]+#try-it-without-the-service"/);
		expect(notice).not.toMatch(/Listen for test event/);
	});

	it('every reference to the documentation is a link to a heading it has', () => {
		const all = [...links(notice), ...links(help.active), ...links(help.inactive)];
		expect(all.length).toBeGreaterThanOrEqual(3);
		for (const href of all) {
			expect(href).toMatch(/^https:\/\/github\.com\/.+#(.+)$/);
			expect([href, landsOnHeading(href)]).toEqual([href, true]);
		}
		expect(notice).not.toMatch(/\(see the README\)/);
	});
});

test('the webhook credential says what its test does and does not check', async () => {
	const notice = new RiskInfoWebhookAuthApi().properties.find((p) => p.type === 'notice');
	expect(notice?.displayName).toMatch(/"Connection tested successfully" here only means the secret is usable/);
	expect(notice?.displayName).toMatch(/sample delivery/);
	const ok = await new RiskInfoTrigger().methods.credentialTest.riskInfoWebhookAuthTest.call(
		{} as never,
		{ data: { method: 'bearer', token: 'a-long-random-token' } } as never,
	);
	expect(ok).toEqual({ status: 'OK', message: expect.stringMatching(/no way to test it from n8n/) });
});
