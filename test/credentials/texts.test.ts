// What the two credential forms show people: every field, option and credential has a name to
// show, every hint and placeholder present says something and what to enter shows under the field
// (a hint; n8n shows a field's description only on hovering its label), the Docs links point at a
// README section that exists, and the placeholders are examples of what the field accepts. The
// wording itself is not behaviour a test can judge; an empty label or a dead link is. The
// classes are built inside each test, so that mutation testing counts each test as reaching them
// (test/MUTANTS.md).
import type { ICredentialType } from 'n8n-workflow';

import { RiskInfoApi } from '../../credentials/RiskInfoApi.credentials';
import { RiskInfoWebhookAuthApi } from '../../credentials/RiskInfoWebhookAuthApi.credentials';
import { REPOSITORY, landsOnHeading } from '../helpers/docs';

const CREDENTIALS: Array<[string, () => ICredentialType]> = [
	['Risk Info API', () => new RiskInfoApi()],
	['Risk Info Webhook Auth API', () => new RiskInfoWebhookAuthApi()],
];

describe.each(CREDENTIALS)('%s credential', (title, make) => {
	test('shows under its own name, which says it is Risk Info', () => {
		expect(make().displayName).toBe(title);
	});

	test('its Docs link is the package README, at a section that exists', () => {
		const url = new URL(make().documentationUrl ?? '');
		expect(`${url.origin}${url.pathname}`).toBe(REPOSITORY);
		expect(landsOnHeading(url.href)).toBe(true);
	});

	test('every field has a label, and every hint, option and placeholder present says something', () => {
		const fields = make().properties;
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) {
			expect({ field: field.name, displayName: field.displayName.trim().length > 0 }).toEqual({ field: field.name, displayName: true });
			if ('hint' in field) expect({ field: field.name, hint: String(field.hint).trim().length > 0 }).toEqual({ field: field.name, hint: true });
			if ('placeholder' in field) expect({ field: field.name, placeholder: String(field.placeholder).trim().length > 0 }).toEqual({ field: field.name, placeholder: true });
			for (const option of (field.options ?? []) as Array<{ name: string; description?: string }>) {
				expect({ field: field.name, option: option.name.trim().length > 0, description: (option.description ?? '').trim().length > 0 }).toEqual({
					field: field.name,
					option: true,
					description: true,
				});
			}
		}
	});

	test('what to enter shows under the field (a hint), never only on hovering its label (a description)', () => {
		const fields = make().properties.filter((f) => f.type !== 'notice');
		expect(fields.filter((f) => f.description !== undefined && f.hint === undefined).map((f) => f.name)).toEqual([]);
		expect(fields.filter((f) => f.hint !== undefined).length).toBeGreaterThanOrEqual(3);
	});

	test('field names are distinct', () => {
		const names = make().properties.map((f) => f.name);
		expect(new Set(names).size).toBe(names.length);
		expect(names.every((n) => n.length > 0)).toBe(true);
	});
});

test('the Base URL placeholder is the start of an https:// address, as the hint asks', () => {
	const baseUrl = new RiskInfoApi().properties.find((p) => p.name === 'baseUrl');
	expect(baseUrl?.placeholder).toMatch(/^https:\/\//);
});

test('the Header Name placeholder is a header name the hint allows (letters, digits and -)', () => {
	const headerName = new RiskInfoWebhookAuthApi().properties.find((p) => p.name === 'headerName');
	expect(headerName?.hint).toMatch(/^Letters, digits and - only/);
	expect(headerName?.placeholder).toMatch(/^[A-Za-z0-9-]+$/);
});

test('the webhook method options are the three the trigger knows, each named', () => {
	const method = new RiskInfoWebhookAuthApi().properties.find((p) => p.name === 'method');
	expect((method?.options ?? []).map((o) => [(o as { name: string }).name, (o as { value: string }).value])).toEqual([
		['Bearer Token', 'bearer'],
		['Basic Auth', 'basic'],
		['Custom Header', 'header'],
	]);
});
